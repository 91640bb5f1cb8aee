"""A FUSE file system for the end-to-end tests: /fine lists at once, opening /hung never returns.

Usage: python3 hangfs.py MOUNTPOINT (needs python3-fusepy and /dev/fuse). Prints "mounted" on
standard output once the kernel has started the file system.
"""
import errno, stat, sys, threading, time
from fusepy import FUSE, Operations, FuseOSError

class HangFS(Operations):
    def init(self, path):
        print('mounted', flush=True)
    def getattr(self, path, fh=None):
        now = time.time()
        if path in ('/', '/hung', '/fine'):
            return dict(st_mode=stat.S_IFDIR | 0o755, st_nlink=2, st_ctime=now, st_mtime=now, st_atime=now)
        if path == '/fine/a.txt':
            return dict(st_mode=stat.S_IFREG | 0o644, st_nlink=1, st_size=3, st_ctime=now, st_mtime=now, st_atime=now)
        raise FuseOSError(errno.ENOENT)
    def opendir(self, path):
        if path == '/hung':
            threading.Event().wait()
        return 0
    def readdir(self, path, fh):
        if path == '/':
            return ['.', '..', 'fine', 'hung']
        if path == '/fine':
            return ['.', '..', 'a.txt']
        return ['.', '..']

if __name__ == '__main__':
    FUSE(HangFS(), sys.argv[1], foreground=True, nothreads=False, allow_other=False)
