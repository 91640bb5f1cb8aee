#ifndef C_MAIN_QUEUE_H
#define C_MAIN_QUEUE_H

/// The descriptor that becomes readable when the main dispatch queue has work (an eventfd;
/// read it before draining). Linux only; -1 elsewhere.
int c_main_queue_descriptor(void);

/// Waits until `descriptor` is readable, with every signal unblocked while it waits (`ppoll`
/// with an empty mask): the signals the thread blocks otherwise are taken here. Returns 0, or
/// -1 with `errno` set.
int c_main_queue_wait(int descriptor);

/// Runs the work waiting on the main dispatch queue. Call it on the main thread only, and
/// only in a program that never calls `dispatch_main()`.
void c_main_queue_drain(void);

#endif
