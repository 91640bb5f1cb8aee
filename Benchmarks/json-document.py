#!/usr/bin/env python3
"""A 1 GB JSON document of 8 million items on 3 levels, opened where it lies, beside jq, gron
and VisiData on the same file.

Usage:
  Benchmarks/json-document.py [DIRECTORY] [--keep] [--flat] [--10gb]

Makes DIRECTORY/document-1gb.json (200 groups of 200 sets of 200 items; removed at the end
unless --keep), then:
- Benchmarks/json-document/run.sh on it: the byte index, the strict validator and the byte
  search, optimised (swiftc -O), in one process: the first screen (the top array's first 60
  members and the member count of each), anonymous memory from /proc/self/smaps_rollup after
  the first screen and after the validation pass, the validation pass in MB/s, the count of the
  top array's 200 members and the last member reached from its checkpoint (End in that column),
  the first match of a search that lies in the first 10% of the file and a search that scans
  the whole file;
- Benchmarks/json-document/first-screen.sh on it: what the browser asks for its first screen
  (three columns), answered by the indexed source as the commands open it, optimised; the
  root's count told, End in that column, the background pass, and memory (anonymous, peak);
- with --flat, the same 8 million items in one array (DIRECTORY/document-flat-1gb.json, made
  and removed): the first screen, the count of its 8 million children told, End in that column
  after it, and the background pass;
- with --10gb, when the file system has room for it (checked with statvfs, with 10% to spare),
  the same first screen on DIRECTORY/document-10gb.json (2,200 groups, 88 million items, made
  and removed);
- jq (`jq length`), gron (to its first line, and whole to /dev/null) and VisiData (batch mode,
  loading the file and saving it as TSV) on the same file: wall time and maximum resident set
  (GNU time), each stopped after TIMEOUT seconds (default 300) and limited to LIMIT_GB of
  address space (default 8).

The machine's load average is printed before and after: on a shared machine, say it with the
figures.
"""
import os
import resource
import signal
import subprocess
import sys
import time

GROUPS, SETS, ITEMS = 200, 200, 200
TIMEOUT = int(os.environ.get("TIMEOUT", "300"))
# The other programs hold the document in memory: each is limited to this much address space
# (default 8 GiB), so that they fail rather than push the machine into swapping.
LIMIT = int(os.environ.get("LIMIT_GB", "8")) << 30
HERE = os.path.dirname(os.path.abspath(__file__))


def load():
    return open("/proc/loadavg").read().split()[:3]


def make(path, groups=GROUPS):
    number = 0
    with open(path, "w") as out:
        out.write("[")
        for group in range(groups):
            out.write(",\n" if group else "\n")
            out.write('{"id": "g%d", "name": "group %d", "children": [' % (group, group))
            for set_ in range(SETS):
                out.write(", " if set_ else "")
                out.write('{"id": "s%d.%d", "name": "set %d", "children": [' % (group, set_, set_))
                rows = []
                for _ in range(ITEMS):
                    rows.append(
                        '{"id": "i%d", "name": "item %07d", "kind": "sensor", "value": %d.%03d, "ok": true, '
                        '"note": "reading %d"}' % (number, number, number % 1000, number % 997, number % 89))
                    number += 1
                out.write(", ".join(rows))
                out.write("]}")
            out.write("]}")
        out.write("\n]\n")
    return number


def make_flat(path, items=GROUPS * SETS * ITEMS):
    """The same 8 million items in one array: a column of 8 million children."""
    with open(path, "w") as out:
        out.write("[\n")
        for start in range(0, items, ITEMS):
            rows = []
            for number in range(start, min(start + ITEMS, items)):
                rows.append(
                    '{"id": "i%d", "name": "item %07d", "kind": "sensor", "value": %d.%03d, "ok": true, '
                    '"note": "reading %d"}' % (number, number, number % 1000, number % 997, number % 89))
            out.write((",\n" if start else "") + ", ".join(rows))
        out.write("\n]\n")
    return items


def flat(directory):
    """End in a column of 8 million children: the first screen of the flat document, the root's
    count told, the last row read after it, and the background pass (made and removed here)."""
    path = os.path.join(directory, "document-flat-1gb.json")
    try:
        start = time.perf_counter()
        count = make_flat(path)
        print("\nmade %s: %d items in one array, %.1f MB in %.0f s" % (
            path, count, os.path.getsize(path) / 1e6, time.perf_counter() - start))
        print("# indexed, a column of 8 million children (End in it: end-ms after count-ms)")
        subprocess.run([os.path.join(HERE, "json-document", "first-screen.sh"), path], check=True)
    finally:
        if os.path.exists(path):
            os.remove(path)


def limit():
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


def timed(argv, stdout=subprocess.DEVNULL):
    """Runs argv under GNU time; returns (seconds, max RSS in MB, exit code or 'timeout')."""
    start = time.perf_counter()
    # A session of its own, so that a timeout stops the program too, not only GNU time.
    process = subprocess.Popen(["/usr/bin/time", "-f", "%M"] + argv, stdout=stdout, stderr=subprocess.PIPE,
                               preexec_fn=limit, start_new_session=True)
    try:
        _, stderr = process.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        return TIMEOUT, None, "timeout"
    seconds = time.perf_counter() - start
    lines = stderr.decode(errors="replace").strip().splitlines()
    rss = int(lines[-1]) // 1024 if lines and lines[-1].isdigit() else None
    return seconds, rss, process.returncode


def first_line(argv):
    """Seconds until argv prints its first line (then it is stopped)."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, preexec_fn=limit)
    process.stdout.readline()
    seconds = time.perf_counter() - start
    process.kill()
    process.wait()
    return seconds


def ten_gb(directory):
    """The first screen of a 10 GB document, made and removed here when there is room."""
    path = os.path.join(directory, "document-10gb.json")
    stat = os.statvfs(directory)
    free = stat.f_bavail * stat.f_frsize
    groups = GROUPS * 11
    needed = int(os.path.getsize(os.path.join(directory, "document-1gb.json")) * 11 * 1.1)
    if free < needed:
        print("\n# 10 GB: not made: %.1f GB free in %s, %.1f GB needed" % (free / 1e9, directory, needed / 1e9))
        return
    try:
        start = time.perf_counter()
        count = make(path, groups)
        print("\nmade %s: %d items, %.1f GB in %.0f s" % (path, count, os.path.getsize(path) / 1e9,
                                                       time.perf_counter() - start))
        print("# indexed, the first screen of 10 GB as the browser asks for it")
        subprocess.run([os.path.join(HERE, "json-document", "first-screen.sh"), path], check=True)
    finally:
        if os.path.exists(path):
            os.remove(path)


def main():
    directory = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("--") else "/tmp"
    keep = "--keep" in sys.argv
    path = os.path.join(directory, "document-1gb.json")
    print("load before:", " ".join(load()))
    if not os.path.exists(path):
        start = time.perf_counter()
        count = make(path)
        print("made %s: %d items, %.1f MB in %.0f s" % (path, count, os.path.getsize(path) / 1e6,
                                                      time.perf_counter() - start))
    try:
        size = os.path.getsize(path)
        print("\n# indexed (Benchmarks/json-document/run.sh, needle in the first 10%)")
        needle = "item %07d" % (GROUPS * SETS * ITEMS // 20)
        subprocess.run([os.path.join(HERE, "json-document", "run.sh"), path, needle], check=True)
        print("\n# indexed, a needle that is nowhere (the whole file)")
        subprocess.run([os.path.join(HERE, "json-document", "run.sh"), path, "no such text"], check=True)
        print("\n# indexed, the first screen as the browser asks for it")
        subprocess.run([os.path.join(HERE, "json-document", "first-screen.sh"), path], check=True)
        if "--flat" in sys.argv:
            flat(directory)
        if "--10gb" in sys.argv:
            ten_gb(directory)
        print("\n# others (wall s, max RSS MB, exit)")
        seconds, rss, code = timed(["jq", "length", path])
        print("jq length: %.1f s, %s MB, %s" % (seconds, rss, code))
        print("gron, first line: %.1f s" % first_line(["gron", path]))
        seconds, rss, code = timed(["gron", path])
        print("gron whole: %.1f s, %s MB, %s (%.0f MB/s)" % (seconds, rss, code, size / 1e6 / seconds))
        saved = os.path.join(directory, "document-1gb.tsv")
        seconds, rss, code = timed(["vd", "--batch", "-f", "json", path, "-o", saved])
        print("VisiData load and save: %.1f s, %s MB, %s" % (seconds, rss, code))
        if os.path.exists(saved):
            os.remove(saved)
    finally:
        if not keep:
            os.remove(path)
    print("load after:", " ".join(load()))


main()
