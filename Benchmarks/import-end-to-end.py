#!/usr/bin/env python3
"""Import as a user waits for it, then the first page of searches on the store it made.

Usage:
  Benchmarks/import-end-to-end.py HIERARCHY STORE NODES [RUNS]

HIERARCHY is the program (a release build: .build-release/release/hierarchy), STORE the
SQLite file to (re)create, NODES the number of items. The script runs
`HIERARCHY generate --nodes NODES --depth 4 --into STORE --replace` under a pseudo-terminal,
so that the program draws its progress line, and timestamps each phase the line names
(reading, indexing, checking, full-text indexing, finishing) from the command's start to
its exit: the store is then complete, searchable and in place.

Then, on the finished store:
- its size per item, and per table and index (SQLite's dbstat);
- the first page of `SQLiteSource.search(q, in: 0..<20)` for 1-, 2- and 3-letter prefixes and
  whole words, as the library runs it (the exact tier, then the prefix tier, windows of 256
  with highlight, then the 20 items), on one read-only connection, RUNS runs each (default
  50): p50, p95 and max;
- the whole process `HIERARCHY search STORE a` (start, open, first 20 results with their
  paths, print), RUNS runs: p50, p95 and max.

With a PostgreSQL address for STORE (`postgres://USER@/DB?host=SOCKETDIR&port=PORT`), the
script runs the same `generate` into that database and times each statement of the load as
the server runs it (`pg_stat_activity`, sampled every 0.1 s by `psql`: the COPY, the primary
key, the check of the parents, each index, the triggers, the commit, ANALYZE); then the size
of the table and of each index per item, and the whole process `HIERARCHY search STORE Q` for
a few prefixes and words, RUNS runs each.

The machine's load average is printed before and after: on a shared machine, say it with the
figures.
"""
import os
import pty
import re
import select
import sqlite3
import statistics
import subprocess
import sys
import threading
import time

PHASES = ["reading", "indexing", "checking", "full-text indexing", "finishing", "searchable now",
          "indexing short prefixes", "short prefixes indexed"]
QUERIES = ["a", "p", "v", "pu", "ar", "va", "pum", "are", "val", "pump", "valve ", "kalomi ", "pump 0k"]


def load():
    return open("/proc/loadavg").read().split()[:3]


def run_with_phases(argv, on_ready=None):
    """Runs argv on a pseudo-terminal; returns (seconds, [(phase, start)], last output line).

    on_ready, if given, is started on a thread when the program says the store is searchable
    (before its short prefixes are indexed), and joined before returning."""
    start = time.perf_counter()
    ready_thread = None
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(argv[0], argv)
    phases, text, pending = [], "", b""
    while True:
        ready, _, _ = select.select([fd], [], [], 1.0)
        if not ready:
            continue
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        now = time.perf_counter() - start
        pending += data
        chunk = pending.decode("utf-8", "replace")
        pending = b""
        text += chunk
        for line in re.split(r"[\r\n]", re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", chunk)):
            for phase in sorted(PHASES, key=len, reverse=True):
                if line.strip().startswith(phase):
                    if not phases or phases[-1][0] != phase:
                        phases.append((phase, now))
                        if phase == "searchable now" and on_ready and not ready_thread:
                            ready_thread = threading.Thread(target=on_ready)
                            ready_thread.start()
                    break
    _, status = os.waitpid(pid, 0)
    if ready_thread:
        ready_thread.join()
    seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(argv)} failed:\n{text[-2000:]}")
    last = [l for l in re.split(r"[\r\n]", re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)) if l.strip()][-1]
    return seconds, phases, last


def quoted(word):
    return '"' + word.replace('"', '""') + '"'


def words(text):
    return [w for w in re.split(r"[^\w]|_", text) if w]


def tiers(text):
    terms = words(text)
    prefix = bool(terms) and not text[-1].isspace()
    exact = " ".join(quoted(w) for w in terms)
    if not prefix:
        return [exact]
    pre = " ".join(quoted(w) + ("*" if i == len(terms) - 1 else "") for i, w in enumerate(terms))
    return [exact, f"({pre}) NOT {quoted(terms[-1])}"]


def first_page(db, text, n=20, window=256):
    keys = []
    for tier in tiers(text):
        rows = db.execute(
            "SELECT rowid, highlight(item_fts, 0, char(1), char(2)) FROM item_fts "
            "WHERE item_fts MATCH ? ORDER BY rowid LIMIT ? OFFSET 0", (tier, window)).fetchall()
        keys += [r[0] for r in rows][: n - len(keys)]
        if len(keys) >= n:
            break
    if keys:
        db.execute("SELECT * FROM item WHERE key IN (%s)" % ",".join("?" * len(keys)), keys).fetchall()
    return keys


def summary(times):
    times = sorted(times)
    return (f"p50 {statistics.median(times):7.2f} ms  p95 {times[min(len(times) - 1, int(0.95 * len(times)))]:7.2f} ms"
            f"  max {times[-1]:7.2f} ms")


POSTGRES_PHASES = [
    ("COPY", "COPY"), ("ALTER TABLE", "primary key"), ("SELECT c.id", "parents check"),
    ("CREATE UNIQUE INDEX", "id index"), ("CREATE INDEX hierarchy_item_children", "children index"),
    ("CREATE INDEX hierarchy_item_search", "search index"), ("CREATE", "triggers"),
    ("INSERT INTO hierarchy_meta", "triggers"), ("COMMIT", "commit"), ("ANALYZE", "analyze"),
]


def psql(url, sql):
    return subprocess.run(["psql", "-X", "-At", "-F", "\t", url, "-c", sql], check=True,
                          capture_output=True, text=True).stdout


def postgres(program, url, nodes, runs):
    """The PostgreSQL run: phases from the server's own view of the load, sizes, searches."""
    database = url.split("?")[0].rsplit("/", 1)[1]
    watch = subprocess.Popen(
        ["psql", "-X", "-At", "-F", "\t", url], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    watch.stdin.write("SELECT extract(epoch FROM clock_timestamp()), left(query, 60) FROM pg_stat_activity "
                      f"WHERE datname = '{database}' AND state = 'active' AND pid <> pg_backend_pid() "
                      "\\watch 0.1\n")
    watch.stdin.flush()
    lines = []
    reader = threading.Thread(target=lambda: lines.extend(watch.stdout))
    reader.start()
    argv = [program, "generate", "--nodes", str(nodes), "--depth", "4", "--into", url, "--replace"]
    start = time.time()
    result = subprocess.run(argv, capture_output=True, text=True)
    seconds = time.time() - start
    time.sleep(0.3)
    watch.terminate()
    reader.join()
    samples = "".join(lines)
    if result.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed:\n{result.stderr[-2000:]}")
    print(f"$ {' '.join(argv[1:])}")
    print(f"  {(result.stdout + result.stderr).strip().splitlines()[-1]}")
    print(f"  end to end {seconds:.2f} s ({nodes / seconds:,.0f} items/s)")
    phases = []
    for line in samples.splitlines():
        parts = line.split("\t")
        if len(parts) != 2:
            continue
        moment, query = float(parts[0]) - start, parts[1].strip()
        name = next((phase for prefix, phase in POSTGRES_PHASES if query.startswith(prefix)), None)
        if name and (not phases or phases[-1][0] != name):
            phases.append((name, moment))
    marks = [("connect, create", 0.0)] + phases + [("(exit)", seconds)]
    for (phase, begin), (_, end) in zip(marks, marks[1:]):
        print(f"  {phase:20} {end - begin:8.2f} s")
    print(f"load average after import: {' '.join(load())}")

    count = int(psql(url, "SELECT count(*) FROM hierarchy_item").strip())
    sizes = psql(url, "SELECT c.relname, pg_total_relation_size(c.oid), pg_relation_size(c.oid) FROM pg_class c "
                      "WHERE c.relname LIKE 'hierarchy_item%' AND c.relkind IN ('r', 'i') ORDER BY 2 DESC")
    for line in sizes.splitlines():
        name, total, own = line.split("\t")
        print(f"  {name:28} {int(own) / count:7.1f} bytes/item" +
              (f" ({int(total) / count:.1f} with its indexes and TOAST)" if int(total) != int(own) else ""))
    print(f"whole process `hierarchy search STORE Q`, {runs} runs each:")
    for query in ["a", "pu", "pum", "pump", "valve ", "kalomi "]:
        times = []
        for _ in range(runs):
            begin = time.perf_counter()
            subprocess.run([program, "search", url, query], stdout=subprocess.DEVNULL, check=True)
            times.append((time.perf_counter() - begin) * 1000)
        print(f"  {query!r:11} {summary(times)}")
    print(f"load average after: {' '.join(load())}")


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    program, store, nodes = os.path.abspath(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 50
    if store.startswith(("postgres://", "postgresql://")):
        print(f"load average before: {' '.join(load())}")
        return postgres(program, store, nodes, runs)
    print(f"load average before: {' '.join(load())}")
    argv = [program, "generate", "--nodes", str(nodes), "--depth", "4", "--into", store, "--replace"]
    during = []

    def while_building():
        """First pages and whole-process searches while the short prefixes are indexed."""
        db = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
        for query in QUERIES:
            times = []
            for _ in range(max(3, runs // 10)):
                begin = time.perf_counter()
                keys = first_page(db, query)
                times.append((time.perf_counter() - begin) * 1000)
            during.append(f"  {query!r:11} {len(keys):3} results  {summary(times)}")
        db.close()
        times = []
        for _ in range(max(3, runs // 10)):
            begin = time.perf_counter()
            subprocess.run([program, "search", store, "a"], stdout=subprocess.DEVNULL, check=True)
            times.append((time.perf_counter() - begin) * 1000)
        during.append(f"  whole process `hierarchy search STORE a`: {summary(times)}")

    seconds, phases, last = run_with_phases(argv, on_ready=while_building)
    print(f"$ {' '.join(argv[1:])}")
    print(f"  {last.strip()}")
    ready = next((moment for phase, moment in phases if phase == "searchable now"), None)
    if ready is not None:
        print(f"  ready (in place, searchable) {ready:.2f} s ({nodes / ready:,.0f} items/s)")
    print(f"  end to end {seconds:.2f} s ({nodes / seconds:,.0f} items/s)")
    marks = phases + [("(exit)", seconds)]
    for (phase, begin), (_, end) in zip(marks, marks[1:]):
        print(f"  {phase:20} {end - begin:8.2f} s")
    print(f"load average after import: {' '.join(load())}")
    if during:
        print("while the short prefixes were indexed (library first page, one connection):")
        print("\n".join(during))

    db = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    count = db.execute("SELECT count(*) FROM item").fetchone()[0]
    size = os.path.getsize(store)
    print(f"store: {size:,} bytes, {size / count:.1f} bytes/item, schema version "
          f"{db.execute('PRAGMA user_version').fetchone()[0]}")
    try:
        parts = db.execute(
            "SELECT CASE WHEN name LIKE 'item_fts%' THEN 'item_fts (all)' ELSE name END AS part, sum(pgsize) "
            "FROM dbstat GROUP BY part ORDER BY 2 DESC").fetchall()
        for name, bytes_ in parts:
            print(f"  {name:20} {bytes_ / count:7.1f} bytes/item")
    except sqlite3.OperationalError as error:
        print(f"  (no per-index sizes: {error})")

    print(f"library first page (0..<20), {runs} runs each, one connection:")
    first_page(db, "a")
    for query in QUERIES:
        times = []
        for _ in range(runs):
            begin = time.perf_counter()
            keys = first_page(db, query)
            times.append((time.perf_counter() - begin) * 1000)
        print(f"  {query!r:11} {len(keys):3} results  {summary(times)}")
    db.close()

    times = []
    for _ in range(runs):
        begin = time.perf_counter()
        subprocess.run([program, "search", store, "a"], stdout=subprocess.DEVNULL, check=True)
        times.append((time.perf_counter() - begin) * 1000)
    print(f"whole process `hierarchy search STORE a`, {runs} runs: {summary(times)}")
    print(f"load average after: {' '.join(load())}")


if __name__ == "__main__":
    main()
