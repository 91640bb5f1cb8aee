#!/usr/bin/env python3
# Usage: scripts/search-first-page.py STORE RUNS QUERY...
# The SQL of SQLiteSource.search(q, in: 0..<20) (tiers, windows of 256, node fetch), timed.
import sqlite3, sys, time, statistics
def quoted(w): return '"' + w.replace('"', '""') + '"'
def tiers(text):
    words = [w for w in text.split() if any(c.isalnum() for c in w)]
    prefix = bool(words) and not text[-1].isspace()
    exact = " ".join(quoted(w) for w in words)
    if not prefix: return [exact]
    pre = " ".join(quoted(w) + ("*" if i == len(words) - 1 else "") for i, w in enumerate(words))
    return [exact, f"({pre}) NOT {quoted(words[-1])}"]
def search(db, text, n=20, window=256):
    keys = []
    for tier in tiers(text):
        rows = db.execute("SELECT rowid, highlight(item_fts, 0, char(1), char(2)) FROM item_fts "
                          "WHERE item_fts MATCH ? ORDER BY rowid LIMIT ? OFFSET 0", (tier, window)).fetchall()
        keys += [r[0] for r in rows][: n - len(keys)]
        if len(keys) >= n: break
    if keys:
        db.execute("SELECT * FROM item WHERE key IN (%s)" % ",".join("?" * len(keys)), keys).fetchall()
    return keys
path, runs = sys.argv[1], int(sys.argv[2])
db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
print(path, "user_version", db.execute("PRAGMA user_version").fetchone()[0], "sqlite", sqlite3.sqlite_version)
for q in sys.argv[3:]:
    # each run in a fresh connection would add open cost; the app keeps one open connection.
    times = []
    for _ in range(runs):
        t = time.perf_counter(); k = search(db, q); times.append((time.perf_counter() - t) * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"{q!r:>10} first page {len(k):3} results  p50 {statistics.median(times):8.2f} ms  p95 {p95:8.2f} ms  max {times[-1]:8.2f} ms")
