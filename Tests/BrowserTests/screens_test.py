#!/usr/bin/env python3
"""Real-browser tests of the list floorplan and linear hierarchy pages with Chromium and Selenium.

`hierarchy list --web` on a generated document: the grid and its rows, paging as the list
scrolls, the search bar, the empty-results view, the animated loading footer, keys; `hierarchy
serve --layout linear-horizontal` and `linear-vertical`: the tree of cells along the axis,
expand and collapse by click and by keys, the update list animated; axe-core with zero
violations on each, also with `--theme dark`.

`-k TEXT` runs only the tests whose name contains TEXT. Runs when CI=true or
HIERARCHY_BROWSER_TESTS=1; otherwise it says it skipped and exits 0. Every wait is bounded.
The last line is "N passed, N failed".
"""
import json
import os
import shutil
import sys
import tempfile
import time
import traceback

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SHOTS = os.path.join(ROOT, ".build", "browser-tests")
WAIT = 15.0


def skip(reason):
    print("screen browser tests skipped: " + reason)
    print("0 passed, 0 failed, 1 skipped")
    sys.exit(0)


if os.environ.get("CI") != "true" and os.environ.get("HIERARCHY_BROWSER_TESTS") != "1":
    skip("set CI=true or HIERARCHY_BROWSER_TESTS=1 to run them")

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:
    if os.environ.get("CI") == "true":
        raise
    skip("selenium is not installed (pip install selenium)")

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browser_support  # noqa: E402  (after the skip: it needs selenium)
from browser_support import find_binary, make_driver  # noqa: E402

HIERARCHY = find_binary("hierarchy", [os.environ.get("HIERARCHY_BIN"), os.path.join(ROOT, ".build", "debug", "hierarchy")])
MARKUP = "<img src=x onerror=window.__pwned=1>"


def list_document(path, count=400):
    """A root with `count` parts in four groups, and a title with markup."""
    groups = [{"id": f"g{g}", "title": f"Group {g}", "children": [
        {"id": f"p{g}-{i}", "title": f"Part {g}-{i}", "subtitle": "Spare part", "status": "In stock" if i % 2 else "Ordered"}
        for i in range(count // 4)]} for g in range(4)]
    groups.append({"id": "markup", "title": MARKUP})
    with open(path, "w") as f:
        json.dump({"id": "root", "title": "Parts", "children": groups}, f)


class Program(browser_support.Program):
    """`hierarchy ARGS --port 0` of the program under test; `url` is the address it prints."""

    def __init__(self, *args):
        super().__init__(HIERARCHY, *args)


def wait_for(driver, script, what, timeout=WAIT):
    try:
        return browser_support.wait_for(driver, script, what, timeout)
    except AssertionError as error:
        state = driver.execute_script("""return [HierarchyScreen.version, document.getElementById('status').textContent,
            (document.getElementById('list-search') || {}).value, (document.getElementById('list-footer') || {}).textContent,
            [...document.querySelectorAll('#list-rows .headline, #linear-tree [role=treeitem]')].slice(0, 6).map(e => e.textContent)]""")
        raise AssertionError(f"{error}; the page shows {state}") from None


def shot(driver, name):
    os.makedirs(SHOTS, exist_ok=True)
    driver.save_screenshot(os.path.join(SHOTS, name + ".png"))


def axe_check(driver, what):
    from axe_selenium_python import Axe
    axe = Axe(driver)
    axe.inject()
    results = axe.run()
    violations = results["violations"]
    assert not violations, f"axe-core on the {what}: " + axe.report(violations)


def press(driver, key):
    """Presses a key in whatever has the focus when the key arrives: the pages draw their rows
    again when a snapshot comes, so a reference to the focused element can go stale meanwhile."""
    ActionChains(driver).send_keys(key).perform()


ROWS = "document.querySelectorAll('#list-rows [role=row]').length"


def test_list(driver, url):
    driver.get(url)
    first = wait_for(driver, ROWS + " > 0 && document.querySelector('#list-footer').className !== 'loading' && " + ROWS, "the first page")
    assert driver.execute_script("return document.getElementById('list-grid').getAttribute('role')") == "grid"
    cells = driver.execute_script("return [...document.querySelectorAll('#list-rows [role=row]')[0].children].map(c => c.getAttribute('role'))")
    assert cells[0] == "gridcell", cells
    assert driver.execute_script("return document.getElementById('list-search-form').hidden") is False
    assert driver.execute_script("return window.__pwned") is None
    axe_check(driver, "list")
    shot(driver, "list-web")
    # Scrolling to the end loads the next page.
    driver.execute_script("const b = document.getElementById('list-body'); b.scrollTop = b.scrollHeight;")
    wait_for(driver, ROWS + f" > {first} && document.querySelector('#list-footer').className !== 'loading'", "the next page after scrolling")
    # Keys: ArrowDown moves the focus between rows.
    driver.execute_script("document.querySelector('#list-rows [role=row]').focus()")
    press(driver, Keys.ARROW_DOWN)
    assert driver.execute_script("return document.activeElement === document.querySelectorAll('#list-rows [role=row]')[1]")
    # The search bar searches.
    search = driver.find_element(By.ID, "list-search")
    search.send_keys("Part 2-7")
    wait_for(driver, ROWS + " > 0 && [...document.querySelectorAll('#list-rows .headline')].every(h => h.textContent.startsWith('Part 2-7'))", "search results")
    # A search that finds nothing shows the empty-results view, and nothing else.
    search.send_keys(Keys.CONTROL, "a")
    search.send_keys("no such part")
    wait_for(driver, "!document.getElementById('list-empty').hidden && document.getElementById('list-empty').textContent.includes('no such part')", "the empty-results view")
    assert driver.execute_script("return " + ROWS) == 0
    axe_check(driver, "empty results")


# Adds a grid header and add and delete handlers to every list snapshot the page receives (a
# hierarchy's list has none), so the page draws them as for a floorplan that has them.
DECORATE = """
const original = window.fetch;
window.fetch = async (...args) => {
  const response = await original(...args);
  if (!String(args[0]).startsWith('api/screens') || !response.ok || response.status === 204) return response;
  const snapshot = await response.json();
  if (snapshot.list) {
    snapshot.list.header = [{ text: 'Part', width: 2, alignment: 'leading' }, { text: 'Status', width: 1, alignment: 'trailing' }];
    snapshot.list.canAdd = true;
    snapshot.list.canDelete = true;
  }
  return new Response(JSON.stringify(snapshot), { status: response.status, headers: response.headers });
};
"""


def test_grid_header_and_buttons(driver, url):
    script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": DECORATE})
    try:
        driver.get(url)
        wait_for(driver, ROWS + " > 0 && document.querySelectorAll('#list-header [role=columnheader]').length === 2", "the header and rows")
        assert driver.execute_script("return document.querySelector('#list-header [role=row]').getAttribute('aria-rowindex')") == "1"
        assert driver.execute_script("return document.querySelector('#list-rows [role=row]').getAttribute('aria-rowindex')") == "2"
        assert driver.execute_script("return !document.getElementById('list-add').hidden")
        label = driver.execute_script("return document.querySelector('#list-rows .delete').getAttribute('aria-label')")
        assert label.startswith("Delete "), label
        axe_check(driver, "list with a grid header, add and delete buttons")
        shot(driver, "list-web-header")
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})


def test_loading_footer(driver, url):
    driver.get(url)
    wait_for(driver, ROWS + " > 0", "the first page")
    # The loading footer's indicator animates (a running CSS animation), and is hidden from
    # screen readers while the footer says it is busy.
    name = driver.execute_script("""
        const footer = document.getElementById('list-footer');
        footer.className = 'loading';
        const spinner = document.createElement('span');
        spinner.className = 'spinner';
        spinner.setAttribute('aria-hidden', 'true');
        footer.prepend(spinner);
        const style = getComputedStyle(spinner);
        return style.animationName + ' ' + style.animationIterationCount;""")
    assert name == "screen-spin infinite", name


def cells(driver):
    return driver.execute_script("return [...document.querySelectorAll('#linear-tree [role=treeitem]')].map(c => [c.getAttribute('aria-level'), c.textContent, c.getAttribute('aria-expanded')])")


def test_linear(driver, url, axis):
    driver.get(url)
    wait_for(driver, "document.querySelectorAll('#linear-tree [role=treeitem]').length > 1", "the first level")
    assert driver.execute_script("return document.getElementById('linear').className") == axis
    assert driver.execute_script("return document.getElementById('linear-tree').getAttribute('aria-orientation')") == axis
    shown = cells(driver)
    # The root is expanded (level 1), its children follow (level 2), groups collapsed.
    assert shown[0][0] == "1" and shown[0][2] == "true", shown
    assert [c[1].rstrip("›") for c in shown[1:5]] == ["Group 0", "Group 1", "Group 2", "Group 3"], shown
    assert all(c[2] == "false" for c in shown[1:5]), shown
    direction = driver.execute_script("return getComputedStyle(document.querySelector('#linear .section')).flexDirection")
    assert direction == ("row" if axis == "horizontal" else "column"), direction
    axe_check(driver, f"linear {axis}")
    # A click on Group 1 expands it: its siblings leave, its parts come in (animated).
    driver.execute_script("document.querySelectorAll('#linear-tree [role=treeitem]')[2].click()")
    wait_for(driver, "[...document.querySelectorAll('#linear-tree [role=treeitem]')].some(c => c.textContent.startsWith('Part 1-0'))", "Group 1's parts")
    shown = cells(driver)
    assert [c[1].rstrip("›") for c in shown if c[0] == "2"] == ["Group 1"], shown
    assert driver.execute_script("return document.querySelectorAll('#linear .cell.entering').length") > 0
    shot(driver, f"linear-{axis}")
    # Keys: Home focuses the first cell (the root); Enter collapses back to it.
    driver.execute_script("document.querySelector('#linear-tree [role=treeitem][tabindex=\"0\"]').focus()")
    press(driver, Keys.HOME)
    press(driver, Keys.ENTER)
    wait_for(driver, "document.querySelectorAll('#linear-tree [role=treeitem]').length === 1", "the collapse to the root")
    press(driver, Keys.ENTER)
    wait_for(driver, "document.querySelectorAll('#linear-tree [role=treeitem]').length > 4", "the root expanded again")
    axe_check(driver, f"linear {axis} after the steps")


def test_linear_theme(driver, url):
    driver.get(url)
    wait_for(driver, "document.querySelectorAll('#linear-tree [role=treeitem]').length > 1", "the first level")
    background = driver.execute_script("return getComputedStyle(document.getElementById('linear')).backgroundColor")
    assert background not in ("rgb(245, 246, 247)", "rgba(0, 0, 0, 0)"), background
    axe_check(driver, "linear page with --theme dark")


def main():
    tmp = tempfile.mkdtemp(prefix="hierarchy-screens-")
    document = os.path.join(tmp, "parts.json")
    list_document(document)
    programs = {
        "list": Program("list", document, "--web"),
        "horizontal": Program("serve", document, "--layout", "linear-horizontal"),
        "vertical": Program("serve", document, "--layout", "linear-vertical"),
        "dark": Program("serve", document, "--layout", "linear-horizontal", "--theme", "dark"),
    }
    driver = None
    passed, failed = 0, 0
    try:
        driver = make_driver()
        tests = [
            ("list --web: grid, paging, keys, search, empty results, axe-core", lambda: test_list(driver, programs["list"].url)),
            ("list --web: a grid header, add and delete buttons, axe-core", lambda: test_grid_header_and_buttons(driver, programs["list"].url)),
            ("list --web: the loading footer animates", lambda: test_loading_footer(driver, programs["list"].url)),
            ("serve --layout linear-horizontal: tree, expand and collapse, axe-core", lambda: test_linear(driver, programs["horizontal"].url, "horizontal")),
            ("serve --layout linear-vertical: tree, expand and collapse, axe-core", lambda: test_linear(driver, programs["vertical"].url, "vertical")),
            ("serve --layout linear-horizontal --theme dark", lambda: test_linear_theme(driver, programs["dark"].url)),
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
                    shot(driver, "screens-failure-" + str(failed))
                except Exception:
                    pass
    finally:
        if driver:
            driver.quit()
        for program in programs.values():
            program.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
