#!/usr/bin/env python3
"""Type-select in a huge column of `hierarchy serve`: the time from the first typed letter
to the snapshot whose focus is the row found.

Opens a session over a store whose root has the huge column (the flat synthetic store:
`hierarchy generate --nodes 10000000 --depth 2`, with or without `--no-search-index`),
moves the focus into that column, then for each target: goes to a start row (Home or End),
types a prefix of the target's title letter by letter (one action each, as a page sends
them) and waits (bounded: `GET /api/sessions/ID?after=VERSION`) until the focused item is
the target. The targets are read from the store itself (Python's sqlite3, read-only).

Usage: python3 Benchmarks/web_type_select.py [--hierarchy BIN] [--store DB] [--repeat N]
Prints one line per target: the prefix, the start, the row found and the times (median and
max of --repeat runs). Only Python's standard library; every wait is bounded.
"""
import argparse
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from web_paint import default_binary  # noqa: E402

LIMIT = 120.0


class Session:
    def __init__(self, base):
        self.base = base
        snapshot = self.call("POST", "/api/sessions", {"width": 1280, "height": 760})
        self.id = snapshot["session"]
        self.snapshot = snapshot

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=LIMIT) as answer:
            return json.loads(answer.read())

    def act(self, action):
        self.snapshot = self.call("POST", f"/api/sessions/{self.id}/actions", action)
        return self.snapshot

    def key(self, key):
        return self.act({"type": "key", "key": key, "shift": False})

    def wait(self, predicate, what):
        deadline = time.monotonic() + LIMIT
        while not predicate(self.snapshot):
            if time.monotonic() > deadline:
                raise SystemExit(f"timed out waiting for {what}")
            self.snapshot = self.call("GET", f"/api/sessions/{self.id}?after={self.snapshot['version']}")
        return self.snapshot


def settled(snapshot):
    return not snapshot.get("loading") and not any(i.get("placeholder") for c in snapshot["columns"] for i in c["items"])


def targets(store):
    """(title, row, id) of some children of the root, far apart, and the child count."""
    db = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    root, count = db.execute("SELECT key, child_count FROM item WHERE parent IS NULL ORDER BY sort_key LIMIT 1").fetchone()
    rows = [count - 999, count // 2 + 1, count - 2]
    found = []
    for row in rows:
        title, item_id = db.execute("SELECT title, id FROM item WHERE parent = ? ORDER BY sort_key LIMIT 1 OFFSET ?", (root, row)).fetchone()
        found.append((title, row, item_id))
    db.close()
    return found, count


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hierarchy", default=default_binary())
    parser.add_argument("--store", default="/tmp/hierarchy-web-flat.db")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    found, count = targets(args.store)
    print(f"binary {args.hierarchy}; store {args.store} ({count:,} children of the root)", flush=True)
    server = subprocess.Popen([args.hierarchy, "serve", args.store, "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    try:
        line = server.stdout.readline()
        base = line[line.index("http://"):].strip().split("?")[0].rstrip("/")
        session = Session(base)
        session.wait(settled, "the first columns")
        session.key("ArrowRight")
        session.wait(lambda s: settled(s) and any(i.get("focused") for c in s["columns"] if c["index"] == 1 for i in c["items"]),
                     "the focus in the big column")
        for title, row, item_id in found:
            for start in ("Home", "End"):
                times = []
                for _ in range(args.repeat):
                    session.key(start)
                    session.wait(settled, "the start row")
                    prefix = title  # the whole title: a prefix only this row (and few others) has
                    started = time.monotonic()
                    for letter in prefix:
                        session.key(letter)
                    session.wait(lambda s: s.get("focused") == item_id, f"type-select to reach {title!r}")
                    times.append((time.monotonic() - started) * 1000)
                    # Let the type-select run out, so the next letters start a new search.
                    time.sleep(1.1)
                print(f"{title!r} from {start} → row {row:,}: median {statistics.median(times):.0f} ms, "
                      f"max {max(times):.0f} ms ({len(prefix)} letters, {args.repeat} runs)", flush=True)
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


if __name__ == "__main__":
    sys.exit(main())
