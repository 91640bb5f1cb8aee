#!/usr/bin/env python3
"""Jumps in a huge column of `hierarchy serve`, timed in headless Chromium.

For End, Home, PageDown and a scrollbar drag to the bottom in a column of about 10,000,000
rows, measures inside the page (`performance.now()`) the time from the key (or the scroll)
to the first frame produced after the target row is in view, and where it went:
  * requests: the POSTs the page made meanwhile (Resource Timing), their total round trip
    and the server's own time (`Server-Timing: app;dur=MS`);
  * pushes: the snapshots that came over the event stream meanwhile;
  * answer: the time until the last snapshot that changed the column arrived.

Usage: python3 Benchmarks/web_jumps.py [--hierarchy BIN] [--store DB] [--rounds N]
  --store  a store whose root has the huge column (default /tmp/hierarchy-web-flat.db, made
           with `hierarchy generate --nodes 10000000 --depth 2 --no-search-index` if missing)
Prints one line per figure (p50, p95, max in ms, mean requests and pushes) and exits non-zero
when a step fails. Every wait is bounded.
"""
import argparse
import os
import statistics
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(ROOT, "Tests", "BrowserTests"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_support import Server, make_driver  # noqa: E402
from web_paint import SETTLED, default_binary, generate, open_big_column, wait_for  # noqa: E402

# Counts the snapshots the page applies (actions' answers and pushes alike) with the time
# each arrived, by watching the version the page keeps.
INSTRUMENT = """
if (!window.__jumps) {
  window.__jumps = { versions: [] };
  const state = window.hierarchy;
  let version = state.version;
  (function watch() {
    if (state.version !== version) { version = state.version; window.__jumps.versions.push([performance.now(), version]); }
    setTimeout(watch, 0);
  })();
}
"""

# Runs arguments[0] (JavaScript: a key sent to the stage, or a scroll), then resolves after
# a frame has been produced once arguments[1] holds, with the timings; or -1 after
# arguments[2] ms.
TIMED = """
const [action, condition, limit] = arguments, callback = arguments[arguments.length - 1];
const done = new Function('return (' + condition + ');');
performance.clearResourceTimings();
const t0 = performance.now();
new Function(action)();
(function check() {
  requestAnimationFrame(() => setTimeout(() => {
    const now = performance.now();
    if (done()) {
      const posts = performance.getEntriesByType('resource').filter(e => e.startTime >= t0 && e.initiatorType === 'fetch');
      const server = posts.map(e => (e.serverTiming || []).filter(s => s.name === 'app').reduce((a, s) => a + s.duration, 0));
      const versions = window.__jumps.versions.filter(([t]) => t >= t0);
      callback({ ms: now - t0, requests: posts.length, roundTrips: posts.reduce((a, e) => a + e.duration, 0),
                 server: server.reduce((a, b) => a + b, 0), snapshots: versions.length,
                 lastSnapshot: versions.length ? versions[versions.length - 1][0] - t0 : 0 });
    } else if (now - t0 > limit) callback(-1);
    else check();
  }, 0));
})();
"""

KEY = "document.getElementById('stage').dispatchEvent(new KeyboardEvent('keydown', { key: %r, bubbles: true, cancelable: true }))"


def summary(name, results):
    times = sorted(r["ms"] for r in results)
    p95 = times[min(len(times) - 1, int(round(0.95 * (len(times) - 1))))]
    mean = lambda key: statistics.mean(r[key] for r in results)
    print(f"{name}: n={len(times)} p50 {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, max {times[-1]:.1f} ms; "
          f"per jump {mean('requests'):.1f} requests ({mean('roundTrips'):.1f} ms round trip, server {mean('server'):.1f} ms), "
          f"{mean('snapshots'):.1f} snapshots, last at {mean('lastSnapshot'):.1f} ms", flush=True)


def open_column(driver, url):
    """The page with the root's huge column open and focused; returns (column JS, row count)."""
    driver.get(url)
    driver.execute_script("try { sessionStorage.clear(); } catch (e) {}")
    count = open_big_column(driver, url)
    wait_for(driver, SETTLED, "loads to finish")
    driver.execute_script(INSTRUMENT)
    return f"[...document.querySelectorAll('.column')].find(c => c.dataset.count == '{count}')", count


def in_view(column, position):
    return (f"(() => {{ const c = {column}; const b = c.getBoundingClientRect(); return [...c.querySelectorAll('.card:not(.placeholder)')]"
            f".some(k => k.getAttribute('aria-posinset') == '{position}' && k.getBoundingClientRect().top >= b.top - 1 && k.getBoundingClientRect().bottom <= b.bottom + 1); }})()")


def timed(driver, action, condition, what):
    result = driver.execute_async_script(TIMED, action, condition, 30_000)
    if result == -1:
        raise SystemExit(what + " did not show its row within 30 s")
    wait_for(driver, SETTLED, "loads to finish")
    return result


def measure(driver, url, rounds):
    column, count = open_column(driver, url)
    figures = {"End": [], "Home": [], "PageDown": [], "scrollbar drag to the bottom": []}
    for _ in range(rounds):
        figures["End"].append(timed(driver, KEY % "End", in_view(column, count), "End"))
        figures["Home"].append(timed(driver, KEY % "Home", in_view(column, 1), "Home"))
        focused = driver.execute_script("return window.hierarchy.snapshot.columns.flatMap(c => c.items).find(i => i.focused).row")
        moved = f"window.hierarchy.snapshot.columns.some(c => c.items.some(i => i.focused && i.row > {focused}))"
        figures["PageDown"].append(timed(driver, KEY % "PageDown", moved + " && " + SETTLED, "PageDown"))
        timed(driver, KEY % "Home", in_view(column, 1), "Home")
        # The thumb dragged to the bottom: the scroll offset the browser sets for it.
        drag = f"const c = {column}; c.scrollTop = c.scrollHeight;"
        figures["scrollbar drag to the bottom"].append(timed(driver, drag, in_view(column, count) + " && " + SETTLED, "the drag"))
        timed(driver, KEY % "Home", in_view(column, 1), "Home")
    return count, figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hierarchy", default=default_binary())
    parser.add_argument("--store", default="/tmp/hierarchy-web-flat.db")
    parser.add_argument("--nodes", type=int, default=10_000_000)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    print(f"binary {args.hierarchy}", flush=True)
    generate(args.hierarchy, args.store, args.nodes, 2)
    driver = make_driver(timeout=60)
    try:
        server = Server(args.hierarchy, args.store)
        try:
            count, figures = measure(driver, server.url, args.rounds)
        finally:
            server.stop()
    finally:
        driver.quit()
    for name, results in figures.items():
        summary(f"{name} in a column of {count:,} rows", results)


if __name__ == "__main__":
    sys.exit(main())
