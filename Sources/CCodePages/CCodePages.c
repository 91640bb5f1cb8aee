#include "CCodePages.h"

#if defined(__linux__)
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
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

/// A mapping of the process, as /proc/self/smaps lists it.
struct mapping {
    unsigned long start, end;
    char permissions[5];
    int file;       // backed by a file
    int written;    // holds pages of its own (Anonymous > 0): written once, or a breakpoint's
};

enum { mapping_limit = 1024 };
static struct mapping mappings[mapping_limit];

/// Reads the process's mappings; returns how many (at most `mapping_limit`), or -1.
static int read_mappings(void) {
    FILE *smaps = fopen("/proc/self/smaps", "re");
    if (smaps == NULL) return -1;
    int count = 0;
    char line[4096];
    while (fgets(line, sizeof line, smaps) != NULL) {
        unsigned long start, end, offset, inode, kilobytes;
        char permissions[5], device[32];
        if (sscanf(line, "%lx-%lx %4s %lx %31s %lu", &start, &end, permissions, &offset, device, &inode) == 6) {
            if (count == mapping_limit) break;
            struct mapping *mapping = &mappings[count++];
            mapping->start = start;
            mapping->end = end;
            memcpy(mapping->permissions, permissions, sizeof mapping->permissions);
            mapping->file = inode != 0;
            mapping->written = 0;
        } else if (count > 0 && sscanf(line, "Anonymous: %lu kB", &kilobytes) == 1 && kilobytes > 0) {
            mappings[count - 1].written = 1;
        }
    }
    fclose(smaps);
    return count;
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
    int count = read_mappings();
    if (count < 0) {
        int saved = errno;
        close(descriptor);
        errno = saved;
        return -1;
    }
    int registered = 0;
    for (int index = 0; index < count; index++) {
        const struct mapping *mapping = &mappings[index];
        const char *permissions = mapping->permissions;
        // File pages only, never writable: code and constants. A mapping that can be written,
        // or is not backed by a file (heap, stacks, the vDSO), is left alone.
        if (!mapping->file || permissions[0] != 'r' || permissions[1] != '-' || permissions[3] != 'p') continue;
        struct uffdio_register range;
        memset(&range, 0, sizeof range);
        range.range.start = mapping->start;
        range.range.len = mapping->end - mapping->start;
        range.mode = UFFDIO_REGISTER_MODE_WP;
        if (ioctl(descriptor, UFFDIO_REGISTER, &range) != 0) continue;
        registered += 1;
        // Code that holds no page of its own (none written: no breakpoint of a debugger or a
        // uprobe) is the file's, so it can be unmapped: the pages still used are mapped
        // again, one by one, from the page cache. Read-only data stays mapped: its RELRO part
        // holds pointers written before it was made read-only.
        if (permissions[2] == 'x' && !mapping->written) madvise((void *)mapping->start, mapping->end - mapping->start, MADV_DONTNEED);
    }
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
