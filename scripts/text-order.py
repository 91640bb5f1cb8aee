#!/usr/bin/env python3
"""A section ordering for gold from the code a run faulted in (an experiment; see
docs/performance.md, "Memory: a run loop on the main thread").

    perf record -e exceptions:page_fault_user -o faults.data -- BINARY ARGS...
    python3 scripts/text-order.py faults.data BINARY ORDER-FILE

Appends to ORDER-FILE (one input section name a line, gold's `--section-ordering-file`) the
section `.text.<symbol>` of each function the run faulted on in `.text`, in the order of the
faults, skipping names already listed. Only code compiled into a section per function (Swift's
static runtime, stdlib and Foundation are) can be moved; other names match nothing. Relinking
with the file and running again shows the faults the moved functions hid, for another round.
"""
import bisect, os, re, subprocess, sys

def main():
    data, binary, order = sys.argv[1], sys.argv[2], sys.argv[3]
    sections = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True).stdout
    found = re.search(r"\]\s+\.text\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", sections)
    start, size = int(found.group(1), 16), int(found.group(2), 16)
    table = []
    for line in subprocess.run(["nm", "-n", "--defined-only", binary], capture_output=True, text=True).stdout.splitlines():
        parts = line.split(maxsplit=2)
        if len(parts) == 3 and parts[1] in "tTwW":
            table.append((int(parts[0], 16), parts[2]))
    addresses = [a for a, _ in table]
    listed = set(open(order).read().split()) if os.path.exists(order) else set()
    trace = subprocess.run(["perf", "script", "-i", data, "-F", "trace"], capture_output=True, text=True).stdout
    added = []
    for match in re.finditer(r"address=0x([0-9a-f]+)", trace):
        address = int(match.group(1), 16)
        if not start <= address < start + size:
            continue
        index = bisect.bisect_right(addresses, address) - 1
        if index < 0:
            continue
        name = ".text." + table[index][1]
        if name not in listed:
            listed.add(name)
            added.append(name)
    with open(order, "a") as out:
        for name in added:
            out.write(name + "\n")
    print(f"{len(added)} sections added, {len(listed)} listed")

main()
