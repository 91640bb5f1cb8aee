#ifdef __linux__
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#endif
#include "CMainQueue.h"

#ifdef __linux__
// libdispatch's hooks for a run loop that serves the main queue on the main thread, the ones
// CoreFoundation's run loop calls on Linux; libdispatch exports them but keeps them out of its
// public headers.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

int c_main_queue_descriptor(void) { return _dispatch_get_main_queue_handle_4CF(); }

int c_main_queue_wait(int descriptor) {
    struct pollfd poller = { .fd = descriptor, .events = POLLIN, .revents = 0 };
    sigset_t none;
    sigemptyset(&none);
    int result;
    do {
        result = ppoll(&poller, 1, NULL, &none);
    } while (result < 0 && errno == EINTR);
    return result < 0 ? -1 : 0;
}

void c_main_queue_drain(void) { _dispatch_main_queue_callback_4CF(NULL); }
#else
int c_main_queue_descriptor(void) { return -1; }
int c_main_queue_wait(int descriptor) { (void)descriptor; return -1; }
void c_main_queue_drain(void) {}
#endif
