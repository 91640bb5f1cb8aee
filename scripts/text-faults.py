#!/usr/bin/env python3
"""Which code a program faults in: its page faults in the executable's `.text`, by module.

    perf record -e exceptions:page_fault_user -o faults.data -- BINARY ARGS...
    python3 scripts/text-faults.py faults.data BINARY [--pid=PID]

Each fault in `.text` is the first touch of a page that was not yet mapped; the kernel's
fault-around then maps the pages around it that are in the page cache (64 kB, aligned, by
default), so the faults x 64 kB is close to the resident `.text`. A fault is charged to the
function at its address (`nm`), and the function to its module: a Swift symbol's module from its
mangling (`$s<length><Module>`), C symbols by prefix. Prints faults per module and the distinct
64 kB windows they fall in, largest first.
"""
import bisect, collections, re, subprocess, sys

def text_range(binary):
    out = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True).stdout
    for line in out.splitlines():
        found = re.match(r"\s*\[\s*\d+\]\s+\.text\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
        if found:
            return int(found.group(1), 16), int(found.group(2), 16)
    sys.exit("no .text in " + binary)

def symbols(binary):
    out = subprocess.run(["nm", "-n", "--defined-only", binary], capture_output=True, text=True).stdout
    rows = []
    for line in out.splitlines():
        parts = line.split(maxsplit=2)
        if len(parts) == 3 and parts[1] in "tTwW":
            rows.append((int(parts[0], 16), parts[2]))
    return rows

C_PREFIXES = [("sqlite3", "SQLite"), ("_dispatch", "libdispatch"), ("dispatch_", "libdispatch"),
              ("__CF", "CoreFoundation"), ("CF", "CoreFoundation"), ("_CF", "CoreFoundation"),
              ("swift_", "Swift runtime"), ("_swift", "Swift runtime"), ("_ZN5swift", "Swift runtime"),
              ("u_", "ICU"), ("ucol", "ICU"), ("uloc", "ICU"), ("ures", "ICU"), ("_ZN6icu_", "ICU"),
              ("_ZN", "C++ (other)")]

def module(name):
    found = re.match(r"\$s(s|So|SC|S[a-zA-Z]|\d+)", name)
    if found:
        token = found.group(1)
        if token == "s":
            return "Swift (stdlib)"
        if token.startswith("S") and token not in ("So", "SC"):
            # A standard type (Sa Array, SS String, SD Dictionary...): the stdlib's own code or a
            # specialisation emitted into any module.
            return "Swift (stdlib types, specialised anywhere)"
        if token in ("So", "SC"):
            return "C import"
        length = int(token)
        start = found.end()
        return name[start:start + length]
    for prefix, label in C_PREFIXES:
        if name.startswith(prefix):
            return label
    return "C (other)"

def main():
    data, binary = sys.argv[1], sys.argv[2]
    only_pid = next((int(a.split("=")[1]) for a in sys.argv[3:] if a.startswith("--pid=")), None)
    start, size = text_range(binary)
    table = symbols(binary)
    addresses = [a for a, _ in table]
    fields = "pid,trace" if only_pid else "trace"
    out = subprocess.run(["perf", "script", "-i", data, "-F", fields], capture_output=True, text=True).stdout
    faults = collections.Counter()
    windows = collections.defaultdict(set)
    pages = set()
    for line in out.splitlines():
        if only_pid and not line.strip().startswith(str(only_pid)):
            continue
        found = re.search(r"address=0x([0-9a-f]+)", line)
        if not found:
            continue
        address = int(found.group(1), 16)
        if not start <= address < start + size or address // 4096 in pages:
            continue
        pages.add(address // 4096)
        index = bisect.bisect_right(addresses, address) - 1
        name = module(table[index][1]) if index >= 0 else "?"
        faults[name] += 1
        windows[name].add(address // 65536)
    total_windows = len({p // 16 for p in pages})
    print(f".text {size // 1024} kB; {len(pages)} pages faulted in {total_windows} distinct 64 kB windows "
          f"({total_windows * 64} kB)")
    for name, count in faults.most_common(40):
        print(f"  {name:36s} {count:5d} faults  {len(windows[name]):5d} windows")

main()
