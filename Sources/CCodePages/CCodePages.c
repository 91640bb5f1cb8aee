#include "CCodePages.h"

#if defined(__linux__)
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/userfaultfd.h>

#ifndef UFFD_USER_MODE_ONLY
#define UFFD_USER_MODE_ONLY 1
#endif
#ifndef UFFD_FEATURE_WP_ASYNC
#define UFFD_FEATURE_WP_ASYNC (1 << 15)
#endif

/// Whether a debugger traces the process: its breakpoints are written into code pages, which
/// must then not be unmapped.
static int is_traced(void) {
    FILE *status = fopen("/proc/self/status", "re");
    if (status == NULL) return 1;
    char line[256];
    int traced = 0;
    while (fgets(line, sizeof line, status) != NULL) {
        if (strncmp(line, "TracerPid:", 10) == 0) {
            traced = strtol(line + 10, NULL, 10) != 0;
            break;
        }
    }
    fclose(status);
    return traced;
}

int c_code_pages_on_demand(void) {
#ifndef SYS_userfaultfd
    errno = ENOSYS;
    return -1;
#else
    // User-mode faults only: allowed without privileges (vm.unprivileged_userfaultfd = 0).
    int descriptor = (int)syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK | UFFD_USER_MODE_ONLY);
    if (descriptor < 0) return -1;
    struct uffdio_api api;
    memset(&api, 0, sizeof api);
    api.api = UFFD_API;
    api.features = UFFD_FEATURE_WP_ASYNC;
    if (ioctl(descriptor, UFFDIO_API, &api) != 0) {
        int saved = errno;
        close(descriptor);
        errno = saved;
        return -1;
    }
    FILE *maps = fopen("/proc/self/maps", "re");
    if (maps == NULL) {
        int saved = errno;
        close(descriptor);
        errno = saved;
        return -1;
    }
    int registered = 0;
    int unmapsCode = !is_traced();
    char line[4096];
    while (fgets(line, sizeof line, maps) != NULL) {
        unsigned long start, end, offset, inode;
        char permissions[5], device[32];
        if (sscanf(line, "%lx-%lx %4s %lx %31s %lu", &start, &end, permissions, &offset, device, &inode) != 6) continue;
        // File pages only, never written: code and constants. A mapping that can be written, or
        // is not backed by a file (heap, stacks, the vDSO), is left alone.
        if (inode == 0 || permissions[0] != 'r' || permissions[1] != '-' || permissions[3] != 'p') continue;
        struct uffdio_register range;
        memset(&range, 0, sizeof range);
        range.range.start = start;
        range.range.len = end - start;
        range.mode = UFFDIO_REGISTER_MODE_WP;
        if (ioctl(descriptor, UFFDIO_REGISTER, &range) != 0) continue;
        registered += 1;
        // Code is never written, so its pages can be unmapped: the ones still used are mapped
        // again, one by one, from the page cache. (Read-only data can hold pages written before
        // they were made read-only, the relocated pointers of RELRO; those stay.)
        if (unmapsCode && permissions[2] == 'x') madvise((void *)start, end - start, MADV_DONTNEED);
    }
    fclose(maps);
    if (registered == 0) {
        close(descriptor);
        errno = ENOTSUP;
        return -1;
    }
    // The descriptor stays open: closing it would end the registrations.
    return registered;
#endif
}

#else
#include <errno.h>
int c_code_pages_on_demand(void) {
    errno = ENOSYS;
    return -1;
}
#endif
