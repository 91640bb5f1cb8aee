#!/usr/bin/env python3
"""Resident pages of ICU's data in a running process (needs root for /proc/PID/pagemap).

    python3 scripts/icu-pages.py PID

A dynamically linked program maps ICU's data from lib_FoundationICU.so: its resident kB is
read from /proc/PID/smaps. A statically linked one (`--static-swift-stdlib`) carries the data
as the symbol `icudt*_dat` in its executable: the symbol's address range is found with `nm`
and each of its pages looked up in /proc/PID/pagemap (bit 63: present in memory).
"""
import os, re, struct, subprocess, sys

PAGE = os.sysconf("SC_PAGE_SIZE")

def mappings(pid):
    for line in open(f"/proc/{pid}/maps"):
        parts = line.split()
        start, end = (int(x, 16) for x in parts[0].split("-"))
        offset = int(parts[2], 16)
        path = parts[5] if len(parts) > 5 else ""
        yield start, end, offset, path

def smaps_rss(pid, needle):
    total, current = 0, False
    for line in open(f"/proc/{pid}/smaps"):
        parts = line.split()
        if "-" in parts[0] and not parts[0].endswith(":"):
            current = len(parts) > 5 and needle in parts[5]
        elif current and parts[0] == "Rss:":
            total += int(parts[1])
    return total

def main():
    pid = int(sys.argv[1])
    maps = list(mappings(pid))
    if any("lib_FoundationICU" in m[3] for m in maps):
        print(f"lib_FoundationICU.so resident: {smaps_rss(pid, 'lib_FoundationICU')} kB")
        return
    exe = os.readlink(f"/proc/{pid}/exe")
    symbols = subprocess.run(["nm", "-S", exe], capture_output=True, text=True).stdout
    found = re.search(r"^([0-9a-f]+) ([0-9a-f]+) \w icudt\w*_dat$", symbols, re.M)
    if not found:
        print("no ICU data in the executable and no lib_FoundationICU mapped: 0 kB")
        return
    address, size = int(found.group(1), 16), int(found.group(2), 16)
    # The executable's load bias: its first mapping at file offset 0 (PIE).
    base = min(start - offset for start, end, offset, path in maps if path == exe)
    first, last = (base + address) // PAGE, (base + address + size - 1) // PAGE
    present = 0
    with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        pagemap.seek(first * 8)
        data = pagemap.read((last - first + 1) * 8)
    for (entry,) in struct.iter_unpack("<Q", data):
        present += entry >> 63
    print(f"ICU data in the executable: {size // 1024} kB, resident {present * PAGE // 1024} kB")

main()
