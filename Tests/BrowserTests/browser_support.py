"""What the browser tests and Benchmarks/web_paint.py share: finding the programs, a
`hierarchy serve` process on a free loopback port, a headless Chromium driver, bounded waits
for a JavaScript condition and a key timed to the frame that shows its effect.

Needs selenium; every wait is bounded.
"""
import os
import shutil
import subprocess
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service


def find_binary(name, candidates):
    """The first of `candidates` that exists, else `name` on PATH."""
    for path in candidates:
        if path and os.path.exists(path):
            return path
    found = shutil.which(name)
    if found:
        return found
    raise SystemExit(f"cannot find {name}")


CHROMIUM = find_binary("chromium", [os.environ.get("CHROMIUM_BIN"), "/usr/bin/chromium"])
DRIVER = find_binary("chromedriver", [os.environ.get("CHROMEDRIVER_BIN"), "/usr/bin/chromedriver"])


class Program:
    """`hierarchy ARGS --port 0` (a command that serves); `url` is the address it prints."""

    def __init__(self, binary, *args):
        self.process = subprocess.Popen([binary, *args, "--port", "0"], stdout=subprocess.PIPE,
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

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


class Server(Program):
    """`hierarchy serve ARGS --port 0`; `url` is the address it prints."""

    def __init__(self, binary, *args):
        super().__init__(binary, "serve", *args)


def make_driver(width=1280, height=800, timeout=30):
    """Headless Chromium at a fixed size and scale, English."""
    options = Options()
    options.binary_location = CHROMIUM
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},{height}", "--force-device-scale-factor=1", "--lang=en-US"]:
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(timeout)
    driver.set_script_timeout(timeout)
    return driver


def wait_for(driver, script, what, timeout=15.0):
    """Polls a JavaScript expression until it is truthy; returns its value."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = driver.execute_script("return (" + script + ");")
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError("timed out waiting for " + what)


# Sends key arguments[0] to the stage; resolves with the milliseconds until the JavaScript
# condition arguments[1] holds after a frame has been produced, or -1 after arguments[2] ms.
TIMED_KEY = """
const [key, condition, limit] = arguments, callback = arguments[arguments.length - 1];
const done = new Function('return (' + condition + ');');
const stage = document.getElementById('stage');
const t0 = performance.now();
stage.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
(function check() {
  requestAnimationFrame(() => setTimeout(() => {
    if (done()) callback(performance.now() - t0);
    else if (performance.now() - t0 > limit) callback(-1);
    else check();
  }, 0));
})();
"""
