#!/usr/bin/env python3
"""Real-browser tests of `hierarchy serve` with Debian's Chromium and Selenium.

Starts the server on a free loopback port, opens the page in headless Chromium, drills
down three levels by clicking indicators, swipes back with touch events in a compact
viewport, pans with the mouse, searches and reveals a deep item, checks right to left and
escaping, reaches every row of a 1,000,000-row column (End, scrollbar drag, wheel, touch,
keys) with at most 200 rows in the DOM, checks the ARIA tree (true positions), runs axe-core
(zero violations), the abbreviated indicator and the path line, and measures the time from a
click to the next column painted (Performance API).
Screenshots go to .build/browser-tests/; --docs also writes docs/hierarchy-serve.png.

`-k TEXT` runs only the tests whose name contains TEXT. Runs when CI=true or HIERARCHY_BROWSER_TESTS=1; otherwise it says it skipped and exits 0.
Every wait is bounded. The last line is "N passed, N failed".
"""
import http.client
import http.server
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import threading
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
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
except ImportError:
    if os.environ.get("CI") == "true":
        raise
    skip("selenium is not installed (pip install selenium)")

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browser_support  # noqa: E402  (after the skip: it needs selenium)
from browser_support import TIMED_KEY, find_binary, make_driver  # noqa: E402



HIERARCHY = find_binary("hierarchy", [os.environ.get("HIERARCHY_BIN"), os.path.join(ROOT, ".build", "debug", "hierarchy")])


BIG = 1_000_000


def generated_document(path):
    """A document with markup in a title, a deep item and a column of 1,000 children."""
    big = [{"id": f"big-{i}", "title": f"Row {i}", "subtitle": "Leaf"} for i in range(1_000)]
    deep = {"id": "d1", "title": "Deep 1", "children": [
        {"id": "d2", "title": "Deep 2", "children": [
            {"id": "d3", "title": "Deep 3", "children": [
                {"id": "needle", "title": "Needle valve 42", "subtitle": "Deep item"}]}]}]}
    doc = {"id": "root", "title": "Generated", "children": [
        {"id": "big", "title": "Big column", "subtitle": "1,000 children", "children": big},
        {"id": "markup", "title": MARKUP, "subtitle": "<b>not bold</b>", "footnote": "&amp; stays"},
        deep,
    ]}
    with open(path, "w") as f:
        json.dump(doc, f)


def million_document(path):
    """A document whose item "big" has 1,000,000 children.

    The big column's last row is "Zeta last" and row 5,000 "Kappa 5000", for type-select.
    """
    big = [{"title": f"Row {i:07d}"} for i in range(BIG)]
    big[5000] = {"title": "Kappa 5000"}
    big[-1] = {"title": "Zeta last", "subtitle": "The last row"}
    doc = {"id": "root", "title": "Million", "children": [
        {"id": "big", "title": "Big column", "subtitle": "1,000,000 children", "children": big},
        {"id": "small", "title": "Small", "children": [{"title": f"Small {i}"} for i in range(12_345)]},
        {"id": "leaf", "title": "Leaf"},
    ]}
    with open(path, "w") as f:
        json.dump(doc, f, separators=(",", ":"))


def untitled_document(path):
    """A document whose root has no title: the page names it after the file."""
    with open(path, "w") as f:
        json.dump({"children": [{"id": "a", "title": "Alpha", "children": [{"id": "b", "title": "Beta"}]}]}, f)


class Server(browser_support.Server):
    """`hierarchy serve` of the program under test, checked to bind loopback by default."""

    def __init__(self, *args):
        super().__init__(HIERARCHY, *args)
        host = self.url.split("//")[1].split(":")[0]
        assert host == "127.0.0.1", "binds loopback by default: " + self.url


def wait_for(driver, script, what, timeout=WAIT):
    """Polls a JavaScript expression until it is truthy; returns its value."""
    return browser_support.wait_for(driver, script, what, timeout)


def shot(driver, name):
    os.makedirs(SHOTS, exist_ok=True)
    path = os.path.join(SHOTS, name + ".png")
    driver.save_screenshot(path)
    return path


COLUMN_WITH_PARENT = "[...document.querySelectorAll('.column')].find(c => (window.hierarchy.snapshot.columns.find(x => x.index == c.dataset.index) || {}).parent === %s)"


def open_fresh(driver, url):
    """Opens the page with a new session: the page keeps its focused item across reloads
    (sessionStorage), so the storage of the server's origin is cleared first."""
    driver.get(url)
    driver.execute_script("try { sessionStorage.clear(); } catch (e) {}")
    driver.get(url)


def settled(driver):
    wait_for(driver, "window.hierarchy.snapshot && !window.hierarchy.snapshot.loading && !document.querySelector('.card.placeholder')", "loads to finish")


def test_drill_down(driver, sample_url):
    open_fresh(driver, sample_url)
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
    open_fresh(driver, sample_url)
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
    open_fresh(driver, sample_url)
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
    open_fresh(driver, sample_url)
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
    open_fresh(driver, generated_url)
    settled(driver)
    # Escaping: the markup is text, no element was created from it.
    title = wait_for(driver, "[...document.querySelectorAll('.card .title')].map(t => t.textContent).find(t => t.startsWith('<img'))", "the markup title")
    assert title == MARKUP, title
    assert driver.execute_script("return document.querySelectorAll('.card img, .card b').length") == 0, "no element from item text"
    assert not driver.execute_script("return window.__pwned"), "no script ran from item text"
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


BIG_COLUMN = COLUMN_WITH_PARENT % json.dumps("big")
MAX_ROWS = 200


def rows_in_dom(driver):
    return driver.execute_script("return Math.max(0, ...[...document.querySelectorAll('.column')].map(c => c.querySelectorAll('.card').length))")


def visible_titles(driver):
    """Titles of the big column's cards inside its viewport, top to bottom."""
    return driver.execute_script("""
        const c = %s; if (!c) return [];
        const box = c.getBoundingClientRect();
        return [...c.querySelectorAll('.card')].map(k => [k.getBoundingClientRect(), k.querySelector('.title').textContent])
          .filter(([r]) => r.bottom > box.top + 1 && r.top < box.bottom - 1).sort((a, b) => a[0].top - b[0].top).map(([, t]) => t);""" % BIG_COLUMN)


# Dispatches a key on the tree and resolves, after the next frame has painted, with the
# milliseconds until `done()` held (or -1 after the time limit).


# The million-row document is served while it is still being read: its counts grow until the
# read ends. True once the big item holds all its rows and the root all three children.
WHOLE_DOCUMENT = """(() => { const b = document.querySelector('.card[data-uuid="big"]');
    const i = b && b.querySelector('.indicator');
    return !!i && i.getAttribute('title') == '1,000,000' && b.getAttribute('aria-setsize') == '3'; })()"""


def open_whole_document(driver, url, timeout=120):
    """Opens the page, again until the server has read the whole document (bounded)."""
    deadline = time.time() + timeout
    while True:
        open_fresh(driver, url)
        settled(driver)
        if driver.execute_script("return " + WHOLE_DOCUMENT):
            return
        if time.time() > deadline:
            raise AssertionError(f"the document was not read within {timeout} s")
        time.sleep(0.5)


def open_big_column(driver, generated_url, into=Keys.ARROW_RIGHT):
    driver.set_window_size(1280, 800)
    open_whole_document(driver, generated_url)
    settled(driver)
    driver.find_element(By.CSS_SELECTOR, '.card[data-uuid="big"] .indicator').click()
    wait_for(driver, BIG_COLUMN + " && " + BIG_COLUMN + ".querySelector('.card:not(.placeholder)')", "the big column")
    settled(driver)
    column = driver.execute_script("return " + BIG_COLUMN)
    # The focus into the big column (Right, or Left in right to left, opens the next level).
    index = int(column.get_attribute("data-index"))
    driver.find_element(By.ID, "stage").send_keys(into)
    wait_for(driver, f"(() => {{ const s = window.hierarchy.snapshot; const c = s.columns.find(c => c.index == {index}); return c && c.items.some(i => i.focused); }})()",
             "the focus in the big column")
    settled(driver)
    return column


def test_every_row(driver, generated_url):
    """End, Home, PageDown, scrollbar drag, wheel, touch and type-select in a 1,000,000-row column."""
    column = open_big_column(driver, generated_url)
    count = int(column.get_attribute("data-count"))
    assert count == BIG, f"the column holds {BIG} rows: {count}"
    spacer = driver.execute_script("return arguments[0].firstChild.getBoundingClientRect().height", column)
    assert spacer <= 10_000_000, f"the spacer stays under the browser's height cap: {spacer}"
    assert driver.execute_script("return arguments[0].classList.contains('scaled')", column), "the column maps offsets"
    assert rows_in_dom(driver) <= MAX_ROWS
    last_visible = f"(() => {{ const c = {BIG_COLUMN}; const box = c.getBoundingClientRect(); return [...c.querySelectorAll('.card')].some(k => k.querySelector('.title').textContent == 'Zeta last' && k.getBoundingClientRect().bottom <= box.bottom + 1 && k.getBoundingClientRect().top >= box.top - 1); }})()"
    first_visible = f"(() => {{ const c = {BIG_COLUMN}; const box = c.getBoundingClientRect(); return [...c.querySelectorAll('.card')].some(k => k.querySelector('.title').textContent == 'Row 0000000' && k.getBoundingClientRect().top >= box.top - 1); }})()"
    # End shows the last row; time it from the key to the frame painted.
    end_ms = driver.execute_async_script(TIMED_KEY, "End", last_visible, 10_000)
    assert end_ms >= 0, "End shows the last row"
    shot(driver, "big-column-end")
    last = driver.execute_script("return [...%s.querySelectorAll('.card')].find(k => k.querySelector('.title').textContent == 'Zeta last')" % BIG_COLUMN)
    assert last.get_attribute("aria-posinset") == str(BIG), "aria-posinset is the true position: " + str(last.get_attribute("aria-posinset"))
    assert last.get_attribute("aria-setsize") == str(BIG)
    assert last.get_attribute("role") == "treeitem"
    assert driver.execute_script("return document.getElementById('stage').getAttribute('aria-activedescendant')") == last.get_attribute("id"), \
        "the tree's active descendant is the focused row"
    assert rows_in_dom(driver) <= MAX_ROWS
    # Home and back.
    home_ms = driver.execute_async_script(TIMED_KEY, "Home", first_visible, 10_000)
    assert home_ms >= 0, "Home shows the first row"
    # PageDown moves by a screen.
    before = visible_titles(driver)
    page_ms = driver.execute_async_script(TIMED_KEY, "PageDown", "window.hierarchy.snapshot.columns.some(c => c.items.some(i => i.focused && i.row >= 5))", 10_000)
    assert page_ms >= 0, "PageDown moves the focus"
    settled(driver)
    row = driver.execute_script("return window.hierarchy.snapshot.columns.flatMap(c => c.items).find(i => i.focused).row")
    assert driver.execute_async_script(TIMED_KEY, "PageUp", f"window.hierarchy.snapshot.columns.some(c => c.items.some(i => i.focused && i.row < {row}))", 10_000) >= 0, "PageUp moves the focus back"
    settled(driver)
    # Type-select: "Kappa" is row 5,000, far below the window.
    stage = driver.find_element(By.ID, "stage")
    stage.send_keys("Kap")
    wait_for(driver, "(() => { const c = %s; return [...c.querySelectorAll('.card.focused')].some(k => k.querySelector('.title').textContent == 'Kappa 5000'); })()" % BIG_COLUMN,
             "type-select to reach row 5,000")
    assert "Kappa 5000" in visible_titles(driver), "the row found by type-select is in view"
    stage.send_keys(Keys.ESCAPE)
    # Scrollbar drag to the bottom: the browser's own scrollbar at the column's trailing edge.
    driver.execute_async_script(TIMED_KEY, "Home", first_visible, 10_000)
    settled(driver)
    rect = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.width, r.height, arguments[0].offsetWidth - arguments[0].clientWidth]", column)
    width, height, bar = rect
    if bar > 0:
        ActionChains(driver, duration=50).move_to_element_with_offset(column, int(width / 2 - bar / 2), int(-height / 2 + 24)) \
            .click_and_hold().move_by_offset(0, int(height / 2)).move_by_offset(0, int(height / 2 - 40)).release().perform()
    else:  # overlay scrollbars: drag by setting the offset the way the thumb does
        driver.execute_script("arguments[0].scrollTop = arguments[0].scrollHeight", column)
    wait_for(driver, last_visible, "the scrollbar dragged to the bottom to show the last row")
    settled(driver)
    assert "Zeta last" == visible_titles(driver)[-1], "the last row is the bottom one: " + str(visible_titles(driver)[-3:])
    assert rows_in_dom(driver) <= MAX_ROWS
    shot(driver, "big-column-dragged")
    # The middle by the scrollbar: rows near row 500,000.
    driver.execute_script("arguments[0].scrollTop = (arguments[0].scrollHeight - arguments[0].clientHeight) / 2", column)
    wait_for(driver, "[...%s.querySelectorAll('.card')].some(k => /^Row 0(49|50)\\d{4}$/.test(k.querySelector('.title').textContent))" % BIG_COLUMN,
             "rows near the middle")
    settled(driver)
    # The wheel moves by pixels of content (a few rows), not by the scale factor.
    offset = lambda: driver.execute_script("return %s._v.client" % BIG_COLUMN)
    o0 = offset()
    ActionChains(driver).scroll_from_origin(ScrollOrigin.from_element(column), 0, 300).perform()
    wait_for(driver, f"{BIG_COLUMN}._v.client != {o0}", "the wheel to scroll")
    moved = offset() - o0
    assert 100 <= moved <= 700, f"one wheel turn scrolls about 300 px of content: {moved}"
    # A finger scrolls by content pixels too.
    settled(driver)
    o1 = offset()
    box = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]", column)
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    try:
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": box[0], "y": box[1]}]})
        for step in range(1, 11):
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": box[0], "y": box[1] - step * 20}]})
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    wait_for(driver, f"{BIG_COLUMN}._v.client != {o1}", "the finger to scroll")
    moved = offset() - o1
    assert 100 <= moved <= 300, f"a 200 px drag scrolls 200 px of content: {moved}"
    assert rows_in_dom(driver) <= MAX_ROWS
    return {"End": end_ms, "Home": home_ms, "PageDown": page_ms}


def test_aria_and_axe(driver, million_url, generated_url):
    """The tree pattern with true positions, the indicator's text, and axe-core with zero violations."""
    column = open_big_column(driver, million_url)
    stage = driver.find_element(By.ID, "stage")
    assert stage.get_attribute("role") == "tree"
    assert column.get_attribute("role") == "group"
    big = driver.find_element(By.CSS_SELECTOR, '.card[data-uuid="big"]')
    assert big.get_attribute("aria-expanded") == "true"
    assert big.get_attribute("aria-level") == "2", "the root is level 1, its children level 2"
    assert big.get_attribute("aria-posinset") == "1" and big.get_attribute("aria-setsize") == "3"
    # The indicator: abbreviated, the full count in its title and accessible name.
    indicator = big.find_element(By.CSS_SELECTOR, ".indicator")
    assert indicator.find_element(By.CSS_SELECTOR, ".count").text == "1M", indicator.text
    assert indicator.get_attribute("title") == "1,000,000"
    assert indicator.get_attribute("aria-label") == "Is showing children", indicator.get_attribute("aria-label")
    small = driver.find_element(By.CSS_SELECTOR, '.card[data-uuid="small"] .indicator')
    assert small.find_element(By.CSS_SELECTOR, ".count").text == "12K", small.text
    assert small.get_attribute("aria-label") == "12,345 children", small.get_attribute("aria-label")
    fits = driver.execute_script("const c = arguments[0].querySelector('.count'); return c.scrollWidth <= arguments[0].clientWidth", indicator)
    assert fits, "the abbreviated count fits its box"
    row = driver.find_element(By.CSS_SELECTOR, ".card.focused")
    assert row.get_attribute("aria-level") == "3" and row.get_attribute("aria-setsize") == str(BIG)
    assert row.get_attribute("aria-posinset") == "1"
    assert stage.get_attribute("aria-activedescendant") == row.get_attribute("id")
    assert driver.execute_script("return document.activeElement.id") == "stage", "the keyboard focus is on the tree"
    outline = driver.execute_script("return getComputedStyle(arguments[0]).outlineStyle", row)
    assert outline == "solid", "the focused row has a visible focus ring"
    # Label, value and hint are the engine's: the accessible name, the indicator's name, and
    # the hint by reference.
    engine = driver.execute_script("return window.hierarchy.snapshot.columns.flatMap(c => c.items).find(i => i.uuid === 'big')")
    assert big.get_attribute("aria-label") == engine["label"] and "Big column" in engine["label"], engine["label"]
    if engine.get("hint"):
        hint = driver.execute_script("return document.getElementById(arguments[0].getAttribute('aria-describedby')).textContent", big)
        assert hint == engine["hint"], f"the hint by reference: {hint!r}"
    axe_check(driver, "columns of a 1,000,000-row column")
    # Editing: every row says whether it is selected; a tap selects.
    driver.find_element(By.ID, "edit").click()
    wait_for(driver, "window.hierarchy.snapshot.editing && document.querySelector('.card[aria-selected]')", "editing")
    assert big.get_attribute("aria-selected") == "false"
    big.find_element(By.CSS_SELECTOR, ".title").click()
    wait_for(driver, "document.querySelector('.card[data-uuid=\"big\"]').getAttribute('aria-selected') == 'true'", "the tapped row selected")
    axe_check(driver, "columns while editing")
    driver.find_element(By.ID, "edit").click()
    wait_for(driver, "!window.hierarchy.snapshot.editing && !document.querySelector('.card[aria-selected]')", "editing to end")
    # Search open (the small document: searching a million titles takes long in a debug build).
    open_fresh(driver, generated_url)
    settled(driver)
    axe_check(driver, "columns")
    box = driver.find_element(By.ID, "search")
    box.send_keys("Needle")
    box.send_keys(Keys.ENTER)
    wait_for(driver, "document.querySelector('#result-list li')", "a search result")
    axe_check(driver, "search results")
    driver.find_element(By.ID, "close-results").click()
    # Compact width: one level as a list with the header.
    driver.set_window_size(390, 800)
    wait_for(driver, "window.hierarchy.snapshot.compact", "the compact layout")
    settled(driver)
    axe_check(driver, "compact list")
    driver.set_window_size(1280, 800)


def axe_check(driver, what):
    from axe_selenium_python import Axe
    axe = Axe(driver)
    axe.inject()
    results = axe.run()
    violations = results["violations"]
    assert not violations, f"axe-core on the {what}: " + axe.report(violations)


def test_reload_keeps_focus(driver, sample_url):
    driver.set_window_size(1280, 800)
    open_fresh(driver, sample_url)
    settled(driver)
    last = driver.execute_script("const s = window.hierarchy.snapshot; return s.columns[s.columns.length - 1].index;")
    card = wait_for(driver, f"document.querySelector('.column[data-index=\"{last}\"] .card:not(.placeholder) .indicator:not([hidden])')", "an indicator")
    card.click()
    wait_for(driver, f"window.hierarchy.snapshot.columns.some(c => c.index == {last + 1})", "next column")
    settled(driver)
    focused = driver.execute_script("return window.hierarchy.snapshot.focused")
    session = driver.execute_script("return window.hierarchy.snapshot.session")
    assert focused, "an item is focused after the drill-down"
    driver.refresh()
    wait_for(driver, f"window.hierarchy.snapshot && window.hierarchy.snapshot.session != {json.dumps(session)}", "the new session")
    settled(driver)
    again = driver.execute_script("return window.hierarchy.snapshot.focused")
    assert again == focused, f"a reload comes back at the focused item ({focused}), got {again}"


def test_path_line(driver, untitled_url):
    driver.set_window_size(1280, 800)
    open_fresh(driver, untitled_url)
    settled(driver)
    wait_for(driver, "document.querySelector('.card[data-uuid=\"a\"] .indicator')", "the first item").click()
    wait_for(driver, "document.querySelector('.card[data-uuid=\"b\"]')", "the second level")
    settled(driver)
    path = driver.execute_script("return [...document.querySelectorAll('#path span')].map(s => s.textContent)")
    assert path == ["untitled.json", "Alpha"], f"each level once: {path}"


def test_rtl(driver, sample_url):
    driver.set_window_size(1280, 800)
    open_fresh(driver, sample_url + "?rtl=1")
    settled(driver)
    assert driver.execute_script("return document.documentElement.dir") == "rtl"
    first, second = driver.execute_script(
        "return [0, 1].map(i => document.querySelector(`.column[data-index=\"${i}\"]`).getBoundingClientRect().left)")
    assert first > second, "the first level is on the right"
    shot(driver, "rtl")


def test_rtl_big_column(driver, million_url):
    """Right to left with a scaled column: End reaches the last row; cards keep clear of the scrollbar (now on the left)."""
    column = open_big_column(driver, million_url + "?rtl=1", into=Keys.ARROW_LEFT)
    last_visible = f"(() => {{ const c = {BIG_COLUMN}; const box = c.getBoundingClientRect(); return [...c.querySelectorAll('.card')].some(k => k.querySelector('.title').textContent == 'Zeta last' && k.getBoundingClientRect().bottom <= box.bottom + 1); }})()"
    assert driver.execute_async_script(TIMED_KEY, "End", last_visible, 10_000) >= 0, "End shows the last row in right to left"
    settled(driver)
    inside = driver.execute_script("""
        const c = arguments[0], box = c.getBoundingClientRect();
        const bar = c.offsetWidth - c.clientWidth - (parseFloat(getComputedStyle(c).borderInlineEndWidth) || 0);
        return [...c.querySelectorAll('.card')].every(k => k.getBoundingClientRect().left >= box.left + bar);""", column)
    assert inside, "no card under the scrollbar"
    shot(driver, "rtl-big-column-end")


def test_store_end(driver, store_url):
    """A store's column (pages load later, rows taller than the estimate): End and the focus stay on the last row."""
    driver.set_window_size(1280, 800)
    open_fresh(driver, store_url)
    settled(driver)
    column = wait_for(driver, "[...document.querySelectorAll('.column')].find(c => Number(c.dataset.count) > 1000)", "the root's children")
    count = column.get_attribute("data-count")
    driver.find_element(By.ID, "stage").send_keys(Keys.ARROW_RIGHT)
    wait_for(driver, "window.hierarchy.snapshot.columns.some(c => c.itemCount == %s && c.items.some(i => i.focused))" % count, "the focus in the column")
    last_in_view = ("(() => { const c = [...document.querySelectorAll('.column')].find(c => c.dataset.count == '%s'); const b = c.getBoundingClientRect();"
                    " return [...c.querySelectorAll('.card.focused:not(.placeholder)')].some(k => k.getAttribute('aria-posinset') == '%s' &&"
                    " k.getBoundingClientRect().top >= b.top - 1 && k.getBoundingClientRect().bottom <= b.bottom + 1); })()") % (count, count)
    assert driver.execute_async_script(TIMED_KEY, "End", last_in_view, 10_000) >= 0, "End shows the last row"
    settled(driver)
    assert driver.execute_script("return " + last_in_view), "the last row stays in view once its page is read"
    shot(driver, "store-end")


def test_theme(driver, themed_url):
    driver.set_window_size(1280, 800)
    open_fresh(driver, themed_url)
    settled(driver)
    background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(18, 23, 28)", f"the dark theme's background: {background}"
    card = driver.execute_script("return getComputedStyle(document.querySelector('.card:not(.expanded)')).backgroundColor")
    assert card == "rgb(29, 35, 42)", f"the dark theme's rows: {card}"
    shot(driver, "theme-dark")
    axe_check(driver, "dark theme")


THEME_SHEET = """
fdlHierarchyViewController_hierarchyView { background-color: #102030; }
fdlFUIHierarchyItemView_title { font-color: #C0D0E0; font-style: title3 italic; text-align: right; }
fdlFUIHierarchyIndicator { tint-color: #B1C2D3; }
fdlFUIHierarchyCollectionItem:selected { background-color: #445566; }
"""


def test_theme_file(driver, sheet_url):
    """A stylesheet's class paths reach the page's elements (computed styles), selected state included."""
    driver.set_window_size(1280, 800)
    open_fresh(driver, sheet_url)
    settled(driver)
    # A card neither expanded nor selected, with children: the normal state.
    uuid = wait_for(driver, "(document.querySelector('.card:not(.expanded):not(.selected):not(.placeholder) .indicator:not([hidden])') || {}).parentElement?.dataset.uuid",
                    "a card with children, not expanded")
    card = f".card[data-uuid={json.dumps(uuid)}]"
    style = driver.execute_script("""
        const card = document.querySelector(arguments[0]), title = getComputedStyle(card.querySelector('.title'));
        return { stage: getComputedStyle(document.getElementById('stage')).backgroundColor,
                 color: title.color, align: title.textAlign, italic: title.fontStyle, size: title.fontSize,
                 chevron: getComputedStyle(card.querySelector('.chevron')).color };""", card)
    assert style["stage"] == "rgb(16, 32, 48)", style
    assert style["color"] == "rgb(192, 208, 224)" and style["align"] == "right", style
    assert style["italic"] == "italic" and style["size"] == "20px", style
    assert style["chevron"] == "rgb(177, 194, 211)", style
    driver.find_element(By.CSS_SELECTOR, card + " .indicator").click()
    wait_for(driver, f"document.querySelector({json.dumps(card + '.expanded')})", "the item expanded")
    expanded = driver.execute_script("return getComputedStyle(document.querySelector(arguments[0])).backgroundColor", card)
    assert expanded == "rgb(68, 85, 102)", f"the selected state's background: {expanded}"
    shot(driver, "theme-stylesheet")


def test_rtl_path_line(driver, untitled_url):
    """Right to left, the path line reads from the right: the source's name rightmost, the separator pointing left."""
    driver.set_window_size(1280, 800)
    open_fresh(driver, untitled_url + "?rtl=1")
    settled(driver)
    wait_for(driver, "document.querySelector('.card[data-uuid=\"a\"] .indicator')", "the first item").click()
    wait_for(driver, "document.querySelectorAll('#path span').length == 2", "two path entries")
    spans = driver.execute_script("""
        return [...document.querySelectorAll('#path span')].map(s => ({
            text: s.textContent, left: s.getBoundingClientRect().left,
            before: getComputedStyle(s, '::before').content }));""")
    assert [s["text"] for s in spans] == ["untitled.json", "Alpha"], spans
    assert spans[0]["left"] > spans[1]["left"], f"the first level is on the right: {spans}"
    assert spans[0]["before"] == '"\u00a0‹\u00a0"' and spans[1]["before"] in ("none", "normal"), spans
    separator = driver.execute_script("""
        const s = document.querySelector('#path span'), r = document.createRange();
        r.selectNodeContents(s.firstChild);
        return s.getBoundingClientRect().width - r.getBoundingClientRect().width;""")
    assert separator > 8, f"the separator keeps its spaces (its width: {separator})"
    shot(driver, "rtl-path-line")


class PrefixProxy:
    """The server's page under /tree/ on a port of its own, as an application that mounts the
    routes shows it: a request under the prefix goes to the server without it (Host and Origin
    naming the server), anything else is 404. Answers are relayed as they come (event streams)."""

    def __init__(self, upstream_url, prefix="/tree"):
        address = upstream_url.split("//")[1].split("/")[0]
        host, port = address.rsplit(":", 1)

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"

            def log_message(self, *args):
                pass

            def relay(self):
                if not self.path.startswith(prefix + "/"):
                    self.send_error(404)
                    return
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "origin", "connection", "content-length")}
                if self.headers.get("Origin"):
                    headers["Origin"] = "http://" + address
                upstream = http.client.HTTPConnection(host, int(port), timeout=60)
                try:
                    upstream.request(self.command, self.path[len(prefix):], body=body or None, headers=headers)
                    answer = upstream.getresponse()
                    self.send_response(answer.status)
                    for name, value in answer.getheaders():
                        if name.lower() not in ("transfer-encoding", "connection", "content-length"):
                            self.send_header(name, value)
                    self.end_headers()
                    while True:
                        chunk = answer.read1(65536)
                        if not chunk:
                            break
                        self.wfile.write(chunk)
                        self.wfile.flush()
                except (OSError, http.client.HTTPException):
                    pass
                finally:
                    upstream.close()

            do_GET = do_POST = do_DELETE = relay

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}{prefix}/"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


def test_under_prefix(driver, proxy):
    """Mounted under /tree/, the page fetches its files, its API and its event stream there."""
    driver.set_window_size(1280, 800)
    open_fresh(driver, proxy.url)
    settled(driver)
    last = driver.execute_script("const s = window.hierarchy.snapshot; return s.columns[s.columns.length - 1].index;")
    card = wait_for(driver, f"document.querySelector('.column[data-index=\"{last}\"] .card:not(.placeholder) .indicator:not([hidden])')",
                    f"an indicator in column {last}")
    card.click()
    wait_for(driver, f"window.hierarchy.snapshot.columns.some(c => c.index == {last + 1} && c.items.length > 0)", "the next column")
    names = driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert any("/api/sessions" in name for name in names), names
    outside = [name for name in names if not name.startswith(proxy.url)]
    assert not outside, f"requests outside the mount point: {outside}"
    shot(driver, "under-prefix")


def read_error_line(server, timeout=WAIT):
    """The next line the server writes on standard error, waited for at most `timeout` seconds."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        ready, _, _ = select.select([server.process.stderr], [], [], 0.1)
        if ready:
            return server.process.stderr.readline()
    raise AssertionError("nothing on the server's standard error")


def test_edit_buttons(driver, sample_url, store_url, editable):
    """Add and Delete only with serve --allow-edits and a store that can be edited; an add is logged."""
    buttons_made = "return ['add', 'delete'].map(id => !!document.getElementById(id))"
    buttons_shown = "return ['add', 'delete'].map(id => { const b = document.getElementById(id); return !!b && !b.hidden && b.offsetParent !== null; })"
    open_fresh(driver, sample_url)
    settled(driver)
    wait_for(driver, "window.hierarchy.snapshot && window.hierarchy.snapshot.editable === false", "the sample's snapshot")
    assert driver.execute_script(buttons_made) == [False, False], "no Add or Delete for the bundled sample"
    open_fresh(driver, store_url)
    settled(driver)
    wait_for(driver, "window.hierarchy.snapshot && window.hierarchy.snapshot.editable === false", "the read-only store's snapshot")
    assert driver.execute_script(buttons_made) == [False, False], "no Add or Delete for a store served without --allow-edits"
    open_fresh(driver, editable.url)
    settled(driver)
    wait_for(driver, "window.hierarchy.snapshot && window.hierarchy.snapshot.editable === true", "the store's snapshot")
    assert driver.execute_script(buttons_shown) == [True, True], "Add and Delete for an SQLite store with --allow-edits"
    wait_for(driver, "[...document.querySelectorAll('.column')].find(c => Number(c.dataset.count) > 1000)", "the root's children")
    driver.find_element(By.ID, "stage").send_keys(Keys.ARROW_RIGHT)
    wait_for(driver, "window.hierarchy.snapshot.focused", "a focused item")
    driver.execute_script("window.prompt = () => 'Added in Chromium';")
    driver.find_element(By.ID, "add").click()
    wait_for(driver, "window.hierarchy.snapshot.columns.some(c => c.items.some(i => i.title === 'Added in Chromium'))", "the added item")
    line = read_error_line(editable)
    assert re.fullmatch(r'\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ 127\.0\.0\.1:\d+ add id="[^"]+" parent="[^"]+"\n', line), line
    shot(driver, "edit-buttons")


def main():
    docs = "--docs" in sys.argv
    tmp = tempfile.mkdtemp(prefix="hierarchy-browser-")
    document = os.path.join(tmp, "generated.json")
    generated_document(document)
    untitled = os.path.join(tmp, "untitled.json")
    untitled_document(untitled)
    million = os.path.join(tmp, "million.json")
    million_document(million)
    sample, generated, plain, large = Server(), Server(document), Server(untitled), Server(million)
    themed = Server("--theme", "dark")
    sheet = os.path.join(tmp, "theme.nss")
    with open(sheet, "w") as f:
        f.write(THEME_SHEET)
    sheet_themed = Server("--theme", sheet)
    store = os.path.join(tmp, "store.db")
    subprocess.run([HIERARCHY, "generate", "--nodes", "50000", "--depth", "2", "--into", store, "--no-search-index"],
                   check=True, stdout=subprocess.DEVNULL, timeout=300)
    stored = Server(store)
    editable = Server(store, "--allow-edits")
    proxy = PrefixProxy(sample.url)
    driver = None
    passed, failed, numbers = 0, 0, {}
    try:
        driver = make_driver()
        tests = [
            ("drill down three levels by clicking indicators", lambda: numbers.update(tap=test_drill_down(driver, sample.url)[1])),
            ("screenshot of the regular layout", lambda: test_docs_screenshot(driver, sample.url, docs)),
            ("swipe back with touch in a compact viewport", lambda: test_compact_swipe(driver, sample.url)),
            ("pan with the mouse and snap", lambda: numbers.update(pan=test_pan(driver, sample.url))),
            ("escaping, search and reveal, keys", lambda: test_generated(driver, generated.url)),
            ("every row of a 1,000,000-row column reachable", lambda: numbers.update(end=test_every_row(driver, large.url))),
            ("ARIA tree with true positions, indicator, axe-core", lambda: test_aria_and_axe(driver, large.url, generated.url)),
            ("a reload comes back at the focused item", lambda: test_reload_keeps_focus(driver, sample.url)),
            ("the path line names each level once", lambda: test_path_line(driver, plain.url)),
            ("right to left", lambda: test_rtl(driver, sample.url)),
            ("right to left in a 1,000,000-row column", lambda: test_rtl_big_column(driver, large.url)),
            ("serve --theme dark", lambda: test_theme(driver, themed.url)),
            ("serve --theme FILE.nss: class paths reach the page", lambda: test_theme_file(driver, sheet_themed.url)),
            ("right to left path line", lambda: test_rtl_path_line(driver, plain.url)),
            ("End in a store's column keeps the last row in view", lambda: test_store_end(driver, stored.url)),
            ("the page under a path prefix, as an application mounts it", lambda: test_under_prefix(driver, proxy)),
            ("Add and Delete only with --allow-edits for a store that can be edited; an add is logged",
             lambda: test_edit_buttons(driver, sample.url, stored.url, editable)),
        ]
        only = sys.argv[sys.argv.index("-k") + 1] if "-k" in sys.argv else None
        for name, body in tests:
            if only and only not in name:
                continue
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
        if numbers.get("end"):
            print(f"In a {BIG:,}-row column, key to its row painted: " +
                  ", ".join(f"{key} {ms:.1f} ms" for key, ms in numbers["end"].items()))
    finally:
        if driver:
            driver.quit()
        sample.stop()
        generated.stop()
        plain.stop()
        large.stop()
        themed.stop()
        sheet_themed.stop()
        stored.stop()
        editable.stop()
        proxy.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"screenshots in {SHOTS}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
