#!/usr/bin/env python3
"""Server and client CPU per page of children, as PostgresSource reads it.

Runs the page statement with pgbench (one client, so no queueing) and counts the CPU the
server's processes used (the postmaster's own and reaped children's time, plus live children's)
and pgbench's own, per page. CPU per page, unlike latency, hardly depends on what else the
machine runs, so it compares statement shapes on a busy machine.

    Benchmarks/pg_page_cpu.py DATADIR URL PARENT_ID SECONDS [VARIANT...]

VARIANT is one of: before (9 columns, unnamed statements: Parse/Bind/Execute every time, as
`PostgresClient.query` sends them), columns (7 columns, unnamed), prepared (7 columns, a named
statement prepared once per connection), arrays (the page as one row: one array per column,
aggregated from the ordered page, prepared; what `PostgresSource` sends now), arrays-sorted (the
same with `ORDER BY position` inside each aggregate), records (one array of row values, prepared).
Default: all of them. A variant followed by `:binary` runs through psycopg 3 instead of pgbench
(`pip install psycopg psycopg-binary`), prepared, with results in binary format as postgres-nio
asks for them (pgbench gets text, which costs the server more for arrays); the client's CPU is
then Python's and not reported.
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
PAGE = ("SELECT {columns} FROM hierarchy_item i WHERE parent = "
        "(SELECT key FROM hierarchy_item WHERE id = '{parent}') AND position >= 0 "
        "ORDER BY position LIMIT 100")
ARRAYS = ("array_agg(i.id), array_agg(i.title), array_agg(i.subtitle), array_agg(i.footnote), "
          "array_agg(i.status), array_agg(i.child_count), array_agg(i.attributes::text)")
SORTED = ", ".join(f"array_agg({c} ORDER BY i.position)" for c in
                   ["i.id", "i.title", "i.subtitle", "i.footnote", "i.status", "i.child_count", "i.attributes::text"])
RECORDS = "array_agg(ROW(i.id, i.title, i.subtitle, i.footnote, i.status, i.child_count, i.attributes::text))"
MATRIX = ("array_agg(ARRAY[i.id, i.title, i.subtitle, i.footnote, i.status, i.child_count::text, "
          "i.attributes::text])")
VARIANTS = {
    "before": (PAGE.replace("{columns}", COLUMNS["before"]), "extended"),
    "columns": (PAGE.replace("{columns}", COLUMNS["after"]), "extended"),
    "prepared": (PAGE.replace("{columns}", COLUMNS["after"]), "prepared"),
    "arrays": (f"SELECT {ARRAYS} FROM ({PAGE.replace('{columns}', 'i.*')}) i", "prepared"),
    "arrays-sorted": (f"SELECT {SORTED} FROM ({PAGE.replace('{columns}', 'i.*')}) i", "prepared"),
    "matrix": (f"SELECT {MATRIX} FROM ({PAGE.replace('{columns}', 'i.*')}) i", "prepared"),
    "records": (f"SELECT {RECORDS} FROM ({PAGE.replace('{columns}', 'i.*')}) i", "prepared"),
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
        if name.endswith(":binary"):
            binary(postmaster, url, parent, seconds, name)
            continue
        sql, mode = VARIANTS[name]
        with tempfile.NamedTemporaryFile("w", suffix=".sql", delete=False) as script:
            script.write(sql.replace("{parent}", parent) + ";\n")
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
        print(f"{name:20} {pages:7d} pages in {wall:5.1f} s: server {1000 * server / pages:.3f} ms CPU/page, "
              f"pgbench {1000 * client / pages:.3f} ms CPU/page, {pages / wall:.0f} pages/s")


def binary(postmaster, url, parent, seconds, name):
    import psycopg

    sql = VARIANTS[name.removesuffix(":binary")][0].replace("'{parent}'", "%s")
    with psycopg.connect(url) as connection:
        cursor = connection.cursor(binary=True)
        for _ in range(10):  # prepared after the fifth execution by default; warm the caches
            cursor.execute(sql, (parent,), prepare=True)
            cursor.fetchall()
        before_server = server_ticks(postmaster)
        started = time.monotonic()
        pages = 0
        while time.monotonic() - started < seconds:
            cursor.execute(sql, (parent,), prepare=True)
            cursor.fetchall()
            pages += 1
        wall = time.monotonic() - started
        server = (server_ticks(postmaster) - before_server) / TICKS
    print(f"{name:20} {pages:7d} pages in {wall:5.1f} s: server {1000 * server / pages:.3f} ms CPU/page, "
          f"{pages / wall:.0f} pages/s")


if __name__ == "__main__":
    main()
