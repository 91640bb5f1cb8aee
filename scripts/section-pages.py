#!/usr/bin/env python3
"""Resident pages of each section of a running program's executable (needs root for pagemap).

    python3 scripts/section-pages.py PID [--windows=KB]

For every allocated section of /proc/PID/exe (from `readelf -SW`), the pages of its address
range that are present in the process's page tables (/proc/PID/pagemap, bit 63), in kB. A page
shared by two sections is counted in both. --windows=KB also counts, for `.text`, how many
KB-sized aligned windows hold at least one present page: with the kernel's fault-around
(64 kB by default), one touched page maps its whole window when the window's pages are in the
page cache, so the number of windows touched x the window bounds what a fault maps.
"""
import os, re, struct, subprocess, sys

PAGE = os.sysconf("SC_PAGE_SIZE")

def sections(exe):
    out = subprocess.run(["readelf", "-SW", exe], capture_output=True, text=True).stdout
    rows = []
    for line in out.splitlines():
        found = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\S+\s+(\S*)", line)
        if not found:
            continue
        name, address, size, flags = found.group(1), int(found.group(2), 16), int(found.group(3), 16), found.group(4)
        if "A" in flags and size > 0 and address > 0:
            rows.append((name, address, size))
    return rows

def base(pid, exe):
    """The load bias: 0 for a position-dependent executable."""
    out = subprocess.run(["readelf", "-hW", exe], capture_output=True, text=True).stdout
    if "EXEC" in out:
        return 0
    for line in open(f"/proc/{pid}/maps"):
        parts = line.split()
        if len(parts) > 5 and parts[5] == exe and int(parts[2], 16) == 0:
            return int(parts[0].split("-")[0], 16)
    return 0

def present_pages(pid, first, last):
    with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        pagemap.seek(first * 8)
        data = pagemap.read((last - first + 1) * 8)
    return [entry >> 63 for (entry,) in struct.iter_unpack("<Q", data)]

def main():
    pid = int(sys.argv[1])
    window = next((int(a.split("=")[1]) for a in sys.argv[2:] if a.startswith("--windows=")), 0)
    exe = os.readlink(f"/proc/{pid}/exe")
    bias = base(pid, exe)
    total = 0
    for name, address, size in sections(exe):
        first, last = (bias + address) // PAGE, (bias + address + size - 1) // PAGE
        present = present_pages(pid, first, last)
        kb = sum(present) * PAGE // 1024
        total += kb
        if kb >= 16 or size >= 1 << 20:
            print(f"{name:32s} size {size // 1024:8d} kB  resident {kb:8d} kB")
        if window and name == ".text":
            per = window * 1024 // PAGE
            windows = [present[i:i + per] for i in range(0, len(present), per)]
            touched = sum(1 for w in windows if any(w))
            print(f"  .text: {touched} of {len(windows)} {window} kB windows hold a present page")
    print(f"all sections: {total} kB resident")

main()
