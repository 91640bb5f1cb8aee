#!/usr/bin/env python3
"""Server and client CPU per page of children, as PostgresSource reads it.

Runs the page statement with pgbench (one client, so no queueing) and counts the CPU the
server's processes used (the postmaster's own and reaped children's time, plus live children's)
and pgbench's own, per page. CPU per page, unlike latency, hardly depends on what else the
machine runs, so it compares statement shapes on a busy machine.

    Benchmarks/pg_page_cpu.py DATADIR URL PARENT_ID SECONDS [VARIANT...]

VARIANT is one of: before (9 columns, unnamed statements: Parse/Bind/Execute every time, as
`PostgresClient.query` sends them), columns (7 columns, unnamed), prepared (7 columns, a named
statement prepared once per connection). Default: all three.
"""
import os
import resource
import subprocess
import sys
import tempfile
import time

COLUMNS = {
    "before": "i.key, i.id, i.title, i.subtitle, i.footnote, i.status, i.child_count, i.attributes::text, i.position",
    "after": "i.id, i.title, i.subtitle, i.footnote, i.status, i.child_count, i.attributes::text",
}
VARIANTS = {
    "before": (COLUMNS["before"], "extended"),
    "columns": (COLUMNS["after"], "extended"),
    "prepared": (COLUMNS["after"], "prepared"),
}
TICKS = os.sysconf("SC_CLK_TCK")


def ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # utime, stime, cutime, cstime (fields 14-17; the split starts at field 3)
    return sum(int(x) for x in fields[11:15])


def server_ticks(postmaster):
    total = ticks(postmaster)
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            if int(fields[1]) == postmaster:
                total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError, ValueError):
            continue
    return total


def main():
    datadir, url, parent, seconds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    variants = sys.argv[5:] or list(VARIANTS)
    with open(os.path.join(datadir, "postmaster.pid")) as f:
        postmaster = int(f.readline())
    for name in variants:
        columns, mode = VARIANTS[name]
        with tempfile.NamedTemporaryFile("w", suffix=".sql", delete=False) as script:
            script.write(
                f"SELECT {columns} FROM hierarchy_item i WHERE parent = "
                f"(SELECT key FROM hierarchy_item WHERE id = '{parent}') AND position >= 0 "
                "ORDER BY position LIMIT 100;\n"
            )
        before_server = server_ticks(postmaster)
        before_client = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.monotonic()
        out = subprocess.run(
            ["pgbench", "-n", "-c", "1", "-T", str(seconds), "-M", mode, "-f", script.name, url],
            capture_output=True, text=True, check=True,
        ).stdout
        wall = time.monotonic() - started
        time.sleep(0.5)  # let the backend exit and be reaped
        after_client = resource.getrusage(resource.RUSAGE_CHILDREN)
        server = (server_ticks(postmaster) - before_server) / TICKS
        client = (after_client.ru_utime - before_client.ru_utime) + (after_client.ru_stime - before_client.ru_stime)
        os.unlink(script.name)
        pages = next(int(line.split(":")[1].split("/")[0]) for line in out.splitlines()
                     if line.startswith("number of transactions actually processed"))
        print(f"{name:9} {pages:7d} pages in {wall:5.1f} s: server {1000 * server / pages:.3f} ms CPU/page, "
              f"pgbench {1000 * client / pages:.3f} ms CPU/page, {pages / wall:.0f} pages/s")


if __name__ == "__main__":
    main()
