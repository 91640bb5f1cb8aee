#!/usr/bin/env python3
"""Paint latency of `hierarchy serve` in headless Chromium (Selenium + Performance API).

Measures, inside the page with `performance.now()`:
  * click to next column painted: a click on a random item's indicator until its children's
    column shows a loaded row, after the next animation frame (requestAnimationFrame, then a
    task, so the frame with the rows has been produced);
  * End in a column of about 10,000,000 rows until the last row is in view, painted.

Stores (created with `hierarchy generate --no-search-index` when missing):
  --deep  10,000,000 items on 6 levels (random navigation for the clicks)
  --flat  10,000,000 items on 2 levels (the root's 9,999,999 children: End)

Usage: python3 Benchmarks/web_paint.py [--hierarchy BIN] [--deep DB] [--flat DB]
                                      [--nodes N] [--clicks N] [--ends N]
Prints one line per figure (p50, p95, max in ms) and exits non-zero when a step fails.
Every wait in the page is bounded.
"""
import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(ROOT, "Tests", "BrowserTests"))
from browser_support import TIMED_KEY, Server, make_driver  # noqa: E402
from browser_support import wait_for as wait_briefly  # noqa: E402


def default_binary():
    for config in ("release", "debug"):
        path = os.path.join(ROOT, ".build", config, "hierarchy")
        if os.path.exists(path):
            return path
    return shutil.which("hierarchy") or "hierarchy"


def generate(binary, path, nodes, depth):
    if os.path.exists(path):
        return
    started = time.time()
    subprocess.run([binary, "generate", "--nodes", str(nodes), "--depth", str(depth), "--into", path,
                    "--no-search-index"], check=True, stdout=subprocess.DEVNULL, timeout=3600)
    print(f"generated {path} ({nodes:,} items, {depth} levels) in {time.time() - started:.0f} s", flush=True)


def wait_for(driver, script, what, timeout=60):
    """A bounded wait; a store's first pages may take longer than the tests allow."""
    return wait_briefly(driver, script, what, timeout)


SETTLED = "window.hierarchy.snapshot && !window.hierarchy.snapshot.loading && !document.querySelector('.card.placeholder')"

# Clicks the indicator of the card with uuid arguments[0]; resolves with the milliseconds
# until its children's column shows a loaded row and a frame has been produced, or -1.
TIMED_CLICK = """
const [uuid, limit] = arguments, callback = arguments[arguments.length - 1];
const card = [...document.querySelectorAll('.card')].find(k => k.dataset.uuid === uuid);
const shown = () => window.hierarchy.snapshot.columns.some(c => c.parent === uuid && c.items.some(i => !i.placeholder))
  && [...document.querySelectorAll('.card')].some(k => !k.classList.contains('placeholder') &&
     window.hierarchy.snapshot.columns.some(c => c.parent === uuid && c.items.some(i => i.uuid === k.dataset.uuid)));
const t0 = performance.now();
card.querySelector('.indicator').click();
(function check() {
  requestAnimationFrame(() => setTimeout(() => {
    if (shown()) callback(performance.now() - t0);
    else if (performance.now() - t0 > limit) callback(-1);
    else check();
  }, 0));
})();
"""



def summary(name, values):
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(round(0.95 * (len(values) - 1))))]
    print(f"{name}: n={len(values)} p50 {statistics.median(values):.1f} ms, p95 {p95:.1f} ms, max {values[-1]:.1f} ms", flush=True)


def measure_clicks(driver, url, clicks, rng):
    driver.get(url)
    wait_for(driver, SETTLED + " && document.querySelectorAll('.column').length >= 2", "the first columns")
    times = []
    while len(times) < clicks:
        wait_for(driver, SETTLED, "loads to finish")
        candidates = driver.execute_script("""
            const stage = document.getElementById('stage').getBoundingClientRect();
            return [...document.querySelectorAll('.card:not(.placeholder):not(.expanded)')].filter(k => {
              const r = k.getBoundingClientRect(), i = k.querySelector('.indicator');
              return i && !i.hidden && r.top >= stage.top && r.bottom <= stage.bottom && r.left >= stage.left && r.right <= stage.right;
            }).map(k => k.dataset.uuid);""")
        if not candidates:
            driver.get(url)  # a dead end: start again from the root
            wait_for(driver, SETTLED + " && document.querySelectorAll('.column').length >= 2", "the first columns")
            continue
        ms = driver.execute_async_script(TIMED_CLICK, rng.choice(candidates), 30_000)
        if ms < 0:
            raise SystemExit("a click did not show the next column within 30 s")
        times.append(ms)
    return times


def open_big_column(driver, url):
    """Loads the page, expands the root and moves the focus into its huge column, with every
    load finished; returns the column's row count."""
    driver.get(url)
    wait_for(driver, SETTLED, "the root")
    root = wait_for(driver, "(document.querySelector('.column[data-index=\"0\"] .card .indicator:not([hidden])') || {}).parentElement", "the root's indicator")
    uuid = root.get_attribute("data-uuid")
    if not driver.execute_script("return arguments[0].classList.contains('expanded')", root):
        driver.execute_script("arguments[0].querySelector('.indicator').click()", root)
    wait_for(driver, f"window.hierarchy.snapshot.columns.some(c => c.parent === {uuid!r} && c.items.some(i => !i.placeholder))", "the big column")
    wait_for(driver, SETTLED, "loads to finish")
    count = driver.execute_script(f"return window.hierarchy.snapshot.columns.find(c => c.parent === {uuid!r}).itemCount")
    driver.execute_script("document.getElementById('stage').focus()")
    driver.execute_script("document.getElementById('stage').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }))")
    wait_for(driver, f"window.hierarchy.snapshot.columns.some(c => c.parent === {uuid!r} && c.items.some(i => i.focused))", "the focus in the big column")
    return count


def measure_end(driver, url, ends):
    count = open_big_column(driver, url)
    column = f"[...document.querySelectorAll('.column')].find(c => c.dataset.count == '{count}')"
    in_view = ("(() => {{ const c = {column}; const b = c.getBoundingClientRect(); return [...c.querySelectorAll('.card:not(.placeholder)')]"
               ".some(k => k.getAttribute('aria-posinset') == '{pos}' && k.getBoundingClientRect().top >= b.top - 1 && k.getBoundingClientRect().bottom <= b.bottom + 1); }})()")
    times = []
    for _ in range(ends):
        ms = driver.execute_async_script(TIMED_KEY, "End", in_view.format(column=column, pos=count), 30_000)
        if ms < 0:
            raise SystemExit("End did not show the last row within 30 s")
        times.append(ms)
        wait_for(driver, SETTLED, "loads to finish")
        if driver.execute_async_script(TIMED_KEY, "Home", in_view.format(column=column, pos=1), 30_000) < 0:
            raise SystemExit("Home did not show the first row within 30 s")
        wait_for(driver, SETTLED, "loads to finish")
    return count, times


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hierarchy", default=default_binary())
    parser.add_argument("--deep", default="/tmp/hierarchy-web-deep.db")
    parser.add_argument("--flat", default="/tmp/hierarchy-web-flat.db")
    parser.add_argument("--nodes", type=int, default=10_000_000)
    parser.add_argument("--clicks", type=int, default=60)
    parser.add_argument("--ends", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"binary {args.hierarchy}", flush=True)
    generate(args.hierarchy, args.deep, args.nodes, 6)
    generate(args.hierarchy, args.flat, args.nodes, 2)
    driver = make_driver(timeout=60)
    try:
        server = Server(args.hierarchy, args.deep)
        try:
            times = measure_clicks(driver, server.url, args.clicks, random.Random(args.seed))
            summary(f"click to next column painted ({args.nodes:,}-item store, 6 levels)", times)
        finally:
            server.stop()
        server = Server(args.hierarchy, args.flat)
        try:
            count, times = measure_end(driver, server.url, args.ends)
            summary(f"End to the last row painted (a column of {count:,} rows)", times)
        finally:
            server.stop()
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main())
