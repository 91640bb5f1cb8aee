#ifndef C_CODE_PAGES_H
#define C_CODE_PAGES_H

/// Asks the kernel to map the process's read-only file pages (its code and constants, and the
/// shared libraries') one page at a time when they are first touched, instead of the 64 kB
/// "fault-around" it maps by default, and unmaps the code pages mapped so far so that only the
/// ones used from here on come back.
///
/// It registers every read-only file mapping with a userfaultfd in asynchronous write-protect
/// mode (Linux 6.7 or later), which turns fault-around off for the mapping and changes nothing
/// else: the pages are never written, and a write would be resolved by the kernel itself. The
/// userfaultfd stays open (close-on-exec) for the life of the process.
///
/// Returns the number of mappings registered, or -1 with `errno` set when the kernel does not
/// offer it (an older kernel, a sandbox that forbids `userfaultfd`); nothing is changed then.
/// Call it once, at the start of `main`, before other threads start.
int c_code_pages_on_demand(void);

#endif
