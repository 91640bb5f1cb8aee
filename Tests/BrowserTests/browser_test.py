#!/usr/bin/env python3
"""Real-browser tests of `hierarchy serve` with Debian's Chromium and Selenium.

Starts the server on a free loopback port, opens the page in headless Chromium, drills
down three levels by clicking indicators, swipes back with touch events in a compact
viewport, pans with the mouse, searches and reveals a deep item, checks right to left and
escaping, and measures the time from a click to the next column painted (Performance API).
Screenshots go to .build/browser-tests/; --docs also writes docs/hierarchy-serve.png.

Runs when CI=true or HIERARCHY_BROWSER_TESTS=1; otherwise it says it skipped and exits 0.
Every wait is bounded. The last line is "N passed, N failed".
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SHOTS = os.path.join(ROOT, ".build", "browser-tests")
WAIT = 15.0
MARKUP = "<img src=x onerror=window.__pwned=1>"


def skip(reason):
    print("browser tests skipped: " + reason)
    print("0 passed, 0 failed, 1 skipped")
    sys.exit(0)


if os.environ.get("CI") != "true" and os.environ.get("HIERARCHY_BROWSER_TESTS") != "1":
    skip("set CI=true or HIERARCHY_BROWSER_TESTS=1 to run them")

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:
    if os.environ.get("CI") == "true":
        raise
    skip("selenium is not installed (pip install selenium)")


def find_binary(name, candidates):
    for path in candidates:
        if path and os.path.exists(path):
            return path
    found = shutil.which(name)
    if found:
        return found
    raise SystemExit(f"cannot find {name}")


HIERARCHY = find_binary("hierarchy", [os.environ.get("HIERARCHY_BIN"), os.path.join(ROOT, ".build", "debug", "hierarchy")])
CHROMIUM = find_binary("chromium", [os.environ.get("CHROMIUM_BIN"), "/usr/bin/chromium"])
DRIVER = find_binary("chromedriver", [os.environ.get("CHROMEDRIVER_BIN"), "/usr/bin/chromedriver"])


def generated_document(path):
    """A document with a column of 100,000 children, markup in a title and a deep item."""
    big = [{"id": f"big-{i}", "title": f"Row {i}", "subtitle": "Leaf"} for i in range(100_000)]
    deep = {"id": "d1", "title": "Deep 1", "children": [
        {"id": "d2", "title": "Deep 2", "children": [
            {"id": "d3", "title": "Deep 3", "children": [
                {"id": "needle", "title": "Needle valve 42", "subtitle": "Deep item"}]}]}]}
    doc = {"id": "root", "title": "Generated", "children": [
        {"id": "big", "title": "Big column", "subtitle": "100,000 children", "children": big},
        {"id": "markup", "title": MARKUP, "subtitle": "<b>not bold</b>", "footnote": "&amp; stays"},
        deep,
    ]}
    with open(path, "w") as f:
        json.dump(doc, f)


class Server:
    def __init__(self, *args):
        self.process = subprocess.Popen([HIERARCHY, "serve", *args, "--port", "0"], stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)
        deadline = time.time() + 60
        line = ""
        while time.time() < deadline:
            line = self.process.stdout.readline()
            if line or self.process.poll() is not None:
                break
        if "http://" not in line:
            self.stop()
            raise RuntimeError("server did not start: " + line + self.process.stderr.read()[:500])
        self.url = line[line.index("http://"):].strip()
        host = self.url.split("//")[1].split(":")[0]
        assert host == "127.0.0.1", "binds loopback by default: " + self.url

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


def make_driver(width=1280, height=800):
    options = Options()
    options.binary_location = CHROMIUM
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},{height}", "--force-device-scale-factor=1", "--lang=en-US"]:
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    return driver


def wait_for(driver, script, what, timeout=WAIT):
    """Polls a JavaScript expression until it is truthy; returns its value."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = driver.execute_script("return (" + script + ");")
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out waiting for " + what)


def shot(driver, name):
    os.makedirs(SHOTS, exist_ok=True)
    path = os.path.join(SHOTS, name + ".png")
    driver.save_screenshot(path)
    return path


COLUMN_WITH_PARENT = "[...document.querySelectorAll('.column')].find(c => (window.hierarchy.snapshot.columns.find(x => x.index == c.dataset.index) || {}).parent === %s)"


def settled(driver):
    wait_for(driver, "window.hierarchy.snapshot && !window.hierarchy.snapshot.loading && !document.querySelector('.card.placeholder')", "loads to finish")


def test_drill_down(driver, sample_url):
    driver.get(sample_url)
    wait_for(driver, "document.querySelectorAll('.column').length >= 2 && document.querySelectorAll('.card').length >= 2", "first columns")
    settled(driver)
    levels = []
    for level in range(3):
        last = driver.execute_script("const s = window.hierarchy.snapshot; return s.columns[s.columns.length - 1].index;")
        card = wait_for(driver, f"document.querySelector('.column[data-index=\"{last}\"] .card:not(.placeholder) .indicator:not([hidden])')",
                        f"an indicator in column {last}")
        uuid = driver.execute_script("return arguments[0].closest('.card').dataset.uuid;", card)
        card.click()
        wait_for(driver, COLUMN_WITH_PARENT % json.dumps(uuid) + " && " + (COLUMN_WITH_PARENT % json.dumps(uuid)) + ".querySelector('.card:not(.placeholder)')",
                 f"the children of {uuid}")
        settled(driver)
        expanded = driver.execute_script("return document.querySelector(`.card[data-uuid=\"${arguments[0]}\"]`).classList.contains('expanded')", uuid)
        assert expanded, f"{uuid} shows as expanded"
        aria = driver.execute_script("return document.querySelector(`.card[data-uuid=\"${arguments[0]}\"]`).getAttribute('aria-expanded')", uuid)
        assert aria == "true", "aria-expanded follows the engine"
        levels.append(uuid)
        shot(driver, f"drill-{level + 1}")
    count = driver.execute_script("return window.hierarchy.snapshot.levelCount")
    assert count >= 5, f"five levels loaded after three drills, got {count}"
    path = driver.execute_script("return [...document.querySelectorAll('#path span')].map(s => s.textContent)")
    assert len(path) >= 4, f"the path bar names the expanded items: {path}"
    measures = driver.execute_script("return performance.getEntriesByName('tap-to-next-column').map(e => e.duration)")
    return levels, measures


def test_docs_screenshot(driver, sample_url, docs):
    driver.set_window_size(1280, 860)
    driver.get(sample_url)
    settled(driver)
    wait_for(driver, "document.querySelectorAll('.column').length >= 2", "columns")
    for _ in range(2):
        last = driver.execute_script("const s = window.hierarchy.snapshot; return s.columns[s.columns.length - 1].index;")
        card = wait_for(driver, f"document.querySelector('.column[data-index=\"{last}\"] .card:not(.placeholder) .indicator:not([hidden])')", "an indicator")
        card.click()
        wait_for(driver, f"window.hierarchy.snapshot.columns.some(c => c.index == {last + 1} && c.items.length > 0)", "next column")
        settled(driver)
    time.sleep(0.3)  # let the last frame paint before the picture; not used for synchronisation
    path = shot(driver, "regular")
    if docs:
        os.makedirs(os.path.join(ROOT, "docs"), exist_ok=True)
        shutil.copyfile(path, os.path.join(ROOT, "docs", "hierarchy-serve.png"))


def test_compact_swipe(driver, sample_url):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 800, "deviceScaleFactor": 1, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    driver.get(sample_url)
    wait_for(driver, "window.hierarchy.snapshot && window.hierarchy.snapshot.compact", "compact layout")
    settled(driver)
    assert driver.execute_script("return !document.getElementById('compact-header').hidden"), "compact header shown"
    # Drill one level with a tap on a card body, then swipe back.
    for _ in range(2):
        leading = driver.execute_script("return window.hierarchy.snapshot.leadingLevel")
        card = wait_for(driver, f"document.querySelector('.column[data-index=\"{leading}\"] .card:not(.placeholder) .indicator:not([hidden])')", "a card with children")
        card.click()
        wait_for(driver, f"window.hierarchy.snapshot.leadingLevel > {leading}", "the next level")
        settled(driver)
    before = driver.execute_script("return window.hierarchy.snapshot.leadingLevel")
    title_before = driver.execute_script("return document.getElementById('header-title').textContent")
    shot(driver, "compact-before-swipe")
    visible = [c for c in driver.execute_script("return window.hierarchy.snapshot.columns") if c["x"] == 0]
    assert len(visible) == 1, "one level in compact width"
    y = 300
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": 40, "y": y}]})
    for step in range(1, 9):
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": 40 + step * 30, "y": y}]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    wait_for(driver, f"window.hierarchy.snapshot.leadingLevel == {before - 1}", "the swipe back to snap one level")
    settled(driver)
    title_after = driver.execute_script("return document.getElementById('header-title').textContent")
    assert title_after != title_before, "the header names the previous level"
    shot(driver, "compact-after-swipe")
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def test_pan(driver, sample_url):
    driver.set_window_size(900, 700)
    driver.get(sample_url)
    settled(driver)
    for _ in range(3):
        last = driver.execute_script("const s = window.hierarchy.snapshot; return s.columns[s.columns.length - 1].index;")
        card = wait_for(driver, f"document.querySelector('.column[data-index=\"{last}\"] .card:not(.placeholder) .indicator:not([hidden])')", "an indicator")
        card.click()
        wait_for(driver, f"window.hierarchy.snapshot.columns.some(c => c.index == {last + 1})", "next column")
        settled(driver)
    leading = driver.execute_script("return window.hierarchy.snapshot.leadingLevel")
    assert leading >= 1, "drilled past the first screen"
    x0 = driver.execute_script(f"return parseFloat(document.querySelector('.column[data-index=\"{leading}\"]').style.left)")
    stage = driver.find_element(By.ID, "stage")
    actions = ActionChains(driver, duration=50)
    actions.move_to_element_with_offset(stage, -200, 0).click_and_hold()
    for _ in range(6):
        actions.move_by_offset(20, 0)
    actions.perform()
    moved = wait_for(driver, f"(() => {{ const c = document.querySelector('.column[data-index=\"{leading}\"]'); return c && parseFloat(c.style.left) > {x0} + 60 ? parseFloat(c.style.left) : 0; }})()",
                     "the columns to follow the pan")
    shot(driver, "pan-in-progress")
    for _ in range(8):
        ActionChains(driver, duration=50).move_by_offset(20, 0).perform()
    ActionChains(driver).release().perform()
    wait_for(driver, f"window.hierarchy.snapshot.leadingLevel == {leading - 1} && !window.hierarchy.snapshot.columns.some(c => c.x % 1 != 0 && c.index == {leading - 1})",
             "the pan to snap one level back")
    snapped = driver.execute_script(f"return window.hierarchy.snapshot.columns.find(c => c.index == {leading - 1}).x")
    assert snapped == 0, f"the previous level snaps to the leading edge, x={snapped}"
    return moved - x0


def test_generated(driver, generated_url):
    driver.set_window_size(1280, 800)
    driver.get(generated_url)
    settled(driver)
    # Escaping: the markup is text, no element was created from it.
    title = wait_for(driver, "[...document.querySelectorAll('.card .title')].map(t => t.textContent).find(t => t.startsWith('<img'))", "the markup title")
    assert title == MARKUP, title
    assert driver.execute_script("return document.querySelectorAll('.card img, .card b').length") == 0, "no element from item text"
    assert not driver.execute_script("return window.__pwned"), "no script ran from item text"
    # A column of 100,000 children scrolls with only nearby rows in the DOM.
    card = driver.find_element(By.CSS_SELECTOR, '.card[data-uuid="big"] .indicator')
    card.click()
    column = wait_for(driver, COLUMN_WITH_PARENT % json.dumps("big"), "the big column")
    settled(driver)
    height = driver.execute_script("return arguments[0].firstChild.getBoundingClientRect().height", column)
    assert height > 100_000 * 60, f"the content height covers every row: {height}"
    driver.execute_script("arguments[0].scrollTop = arguments[0].scrollHeight / 2", column)
    wait_for(driver, "(() => { const c = " + (COLUMN_WITH_PARENT % json.dumps("big")) +
             "; return [...c.querySelectorAll('.card')].some(k => /^Row 4999\\d$|^Row 500\\d\\d$/.test(k.querySelector('.title').textContent)); })()",
             "rows near the middle")
    settled(driver)
    rows = driver.execute_script("return arguments[0].querySelectorAll('.card').length", column)
    assert 0 < rows < 40, f"only rows near the viewport are in the DOM: {rows}"
    shot(driver, "big-column-middle")
    # Search and reveal a deep item.
    box = driver.find_element(By.ID, "search")
    box.send_keys("Needle")
    box.send_keys(Keys.ENTER)
    result = wait_for(driver, "document.querySelector('#result-list li')", "a search result")
    assert "Needle valve 42" in result.text
    shot(driver, "search-results")
    result.click()
    wait_for(driver, "document.querySelector('.card[data-uuid=\"needle\"]')", "the revealed item")
    settled(driver)
    shot(driver, "revealed")
    # Keys: the focus moves with the arrows, as in the terminal.
    driver.find_element(By.ID, "stage").send_keys(Keys.ARROW_DOWN)
    wait_for(driver, "window.hierarchy.snapshot.focused != null", "a focused item")


def test_rtl(driver, sample_url):
    driver.set_window_size(1280, 800)
    driver.get(sample_url + "?rtl=1")
    settled(driver)
    assert driver.execute_script("return document.documentElement.dir") == "rtl"
    first, second = driver.execute_script(
        "return [0, 1].map(i => document.querySelector(`.column[data-index=\"${i}\"]`).getBoundingClientRect().left)")
    assert first > second, "the first level is on the right"
    shot(driver, "rtl")


def main():
    docs = "--docs" in sys.argv
    tmp = tempfile.mkdtemp(prefix="hierarchy-browser-")
    document = os.path.join(tmp, "generated.json")
    generated_document(document)
    sample, generated = Server(), Server(document)
    driver = None
    passed, failed, numbers = 0, 0, {}
    try:
        driver = make_driver()
        tests = [
            ("drill down three levels by clicking indicators", lambda: numbers.update(tap=test_drill_down(driver, sample.url)[1])),
            ("screenshot of the regular layout", lambda: test_docs_screenshot(driver, sample.url, docs)),
            ("swipe back with touch in a compact viewport", lambda: test_compact_swipe(driver, sample.url)),
            ("pan with the mouse and snap", lambda: numbers.update(pan=test_pan(driver, sample.url))),
            ("escaping, a 100,000-row column, search and reveal, keys", lambda: test_generated(driver, generated.url)),
            ("right to left", lambda: test_rtl(driver, sample.url)),
        ]
        for name, body in tests:
            start = time.time()
            try:
                body()
                passed += 1
                print(f"ok   {name} ({time.time() - start:.1f}s)")
            except Exception:
                failed += 1
                print(f"FAIL {name}")
                traceback.print_exc()
                try:
                    shot(driver, "failure-" + str(failed))
                except Exception:
                    pass
        if numbers.get("tap"):
            taps = numbers["tap"]
            print("click to next column painted (ms): " + ", ".join(f"{t:.1f}" for t in taps) +
                  f"; median {sorted(taps)[len(taps) // 2]:.1f}")
    finally:
        if driver:
            driver.quit()
        sample.stop()
        generated.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"screenshots in {SHOTS}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
