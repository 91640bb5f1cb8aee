#!/usr/bin/env python3
"""Resident memory of terminal file browsers on one directory, side by side.

Each program runs in a 120x40 tmux pane; 4 s after start its process tree is read from /proc
(VmRSS, VmHWM, and Pss from smaps_rollup, which splits shared library pages between the
processes mapping them), then 20 PageDown and 20 PageUp are sent and it is read again.
`hierarchy` browses a directory in a supervised child process: both are listed.

    python3 scripts/rss-compare.py DIR [hierarchy-binary] [--smaps] [--only-hierarchy] [--env=NAME=VALUE]

--smaps prints, for hierarchy's browsing process, the resident kilobytes per mapped file
(the largest first), so the bytes can be placed: program code, each shared library, heap.
"""
import os, subprocess, sys, time

def tree(pid):
    """The pid and all its descendants."""
    out = [pid]
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for task in tasks:
        try:
            for child in open(f"/proc/{pid}/task/{task}/children").read().split():
                out += tree(int(child))
        except OSError:
            pass
    return out

def field(pid, name, path="status"):
    try:
        for line in open(f"/proc/{pid}/{path}"):
            if line.startswith(name + ":"):
                return int(line.split()[1])
    except OSError:
        return None
    return None

def smaps(pid):
    sizes = {}
    current = None
    for line in open(f"/proc/{pid}/smaps"):
        parts = line.split()
        if "-" in parts[0] and len(parts) >= 5 and not parts[0].endswith(":"):
            current = parts[5] if len(parts) > 5 else "[anon]"
        elif parts[0] == "Rss:":
            sizes[current] = sizes.get(current, 0) + int(parts[1])
    for name, kb in sorted(sizes.items(), key=lambda item: -item[1])[:25]:
        print(f"      {kb:8d} kB  {name}")

def describe(pid):
    rows = []
    for p in tree(pid):
        comm = open(f"/proc/{p}/comm").read().strip()
        rows.append((p, comm, field(p, "VmRSS"), field(p, "VmHWM"), field(p, "Pss", "smaps_rollup")))
    return rows

def run(name, command, directory, show_smaps):
    session = "rss-" + name
    subprocess.run(["tmux", "kill-session", "-t", session], stderr=subprocess.DEVNULL)
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "40",
                    "-c", directory, command], check=True)
    pane = subprocess.run(["tmux", "display", "-p", "-t", session, "#{pane_pid}"],
                          capture_output=True, text=True).stdout.strip()
    time.sleep(4)
    print(f"{name}: {command}")
    start = describe(int(pane))
    for row in start:
        print("  after start  pid %d %-12s VmRSS %7s kB  VmHWM %7s kB  Pss %7s kB" % row)
    for key in ["PageDown"] * 20 + ["PageUp"] * 20:
        subprocess.run(["tmux", "send-keys", "-t", session, key])
        time.sleep(0.05)
    time.sleep(1)
    after = describe(int(pane))
    for row in after:
        print("  after scroll pid %d %-12s VmRSS %7s kB  VmHWM %7s kB  Pss %7s kB" % row)
    # What the program costs the machine: its processes' Pss together (shared pages split).
    print("  after scroll all processes: Pss %d kB" % sum(row[4] or 0 for row in after))
    if show_smaps and name.startswith("hierarchy"):
        print("  resident kB per mapping of the browsing process:")
        smaps(tree(int(pane))[-1])
    subprocess.run(["tmux", "kill-session", "-t", session], stderr=subprocess.DEVNULL)

def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    show_smaps = "--smaps" in sys.argv
    env = " ".join("env " + a[len("--env="):] for a in sys.argv[1:] if a.startswith("--env="))
    directory = os.path.abspath(args[0])
    binary = os.path.abspath(args[1] if len(args) > 1 else ".build/release/hierarchy")
    empty = os.path.join(os.environ.get("TMPDIR", "/tmp"), "rss-compare-empty")
    os.makedirs(empty, exist_ok=True)
    run("hierarchy-empty", f"{env} {binary} browse {empty}", empty, show_smaps)
    run("hierarchy", f"{env} {binary} browse {directory}", directory, show_smaps)
    if "--only-hierarchy" in sys.argv:
        return
    for name, command in [("nnn", "nnn"), ("vifm", "vifm ."), ("ranger", "ranger")]:
        if subprocess.run(["which", name], capture_output=True).returncode == 0:
            run(name, command, directory, False)

main()
