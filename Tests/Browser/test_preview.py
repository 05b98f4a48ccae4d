"""`flowatlas preview` in a real headless Chromium, from file:// as a reader opens it: a journey page
open at a step loads again at that step (its scroll and its diagram's zoom kept) when a new trace
lands; a page of a removed run says so and links to its app, whose page follows too; a build's
problems show on the page; the page says when the preview has stopped. The test waits for the line
each build prints and for what the page shows, each with a deadline: never for a time."""

import json
import os
import pathlib
import queue
import signal
import subprocess
import threading
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import CHROMEDRIVER, _binary

STEPS = 6


def _trace(run, title, screens=STEPS):
    """A run of the Shop app: a list, then `screens` details pushed one after the other."""
    lines = [
        {"flowatlas": "trace", "version": 1, "app": "Shop", "run": run, "title": title},
        {"seq": 1, "event": "coordinator.start", "coordinator": "c1", "type": "ShopCoordinator"},
        {"seq": 2, "event": "router.setRoot", "coordinator": "c1",
         "screen": {"id": "s0", "type": "ProductListViewController", "title": "Products"}},
    ]
    for index in range(1, screens + 1):
        lines.append({"seq": len(lines), "event": "user.action", "screen": f"s{index - 1}", "action": f"open{index}"})
        lines.append({"seq": len(lines), "event": "router.push", "coordinator": "c1",
                      "screen": {"id": f"s{index}", "type": f"Detail{index}ViewController", "title": f"Detail {index}"}})
    return "\n".join(json.dumps(line) for line in lines) + "\n"


class Preview:
    """The built `flowatlas preview`, its standard output read a line at a time."""

    def __init__(self, traces, site):
        self.process = subprocess.Popen(
            [str(_binary()), "preview", str(traces), "--output", str(site), "--jobs", "1"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines = queue.Queue()
        self.errors = []
        threading.Thread(target=self._read, args=(self.process.stdout, self.lines.put), daemon=True).start()
        threading.Thread(target=self._read, args=(self.process.stderr, self.errors.append), daemon=True).start()

    @staticmethod
    def _read(stream, keep):
        for line in stream:
            keep(line.rstrip("\n"))

    def build(self, number, deadline=180):
        """Waits for build `number`'s line, which must say it exited 0."""
        end = time.monotonic() + deadline
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, end - time.monotonic()))
            except queue.Empty:
                pytest.fail(f"no build {number} within {deadline} s; it said:\n" + "\n".join(self.errors))
            if line.startswith(f"build {number}: "):
                assert line.startswith(f"build {number}: exit 0 "), line + "\n" + "\n".join(self.errors)
                return line

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=60)


@pytest.fixture()
def browser():
    """A Chromium of its own: the preview's tab remembers it follows the preview (sessionStorage),
    which must not reach the other tests' pages."""
    os.environ["SE_OFFLINE"] = "true"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,700"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    yield driver
    driver.quit()


def _state(driver):
    return driver.execute_script(
        """
        var svg = document.querySelector("#diagram svg");
        var current = document.querySelector("ol.steps > li[aria-current='step']");
        var status = document.querySelector(".preview-panel .preview-status");
        return {
          marked: window.flowatlasTestMark === true,
          ready: document.readyState,
          hash: window.location.hash,
          step: current ? current.id : null,
          width: svg ? svg.getBoundingClientRect().width : 0,
          scrollY: window.scrollY,
          status: status ? status.textContent : "",
          problems: Array.prototype.map.call(document.querySelectorAll(".preview-problems li"),
                                             function (item) { return item.textContent; }),
          journeys: Array.prototype.map.call(document.querySelectorAll(".nav-journeys a"),
                                             function (link) { return link.textContent; }),
        };
        """
    )


def _until(driver, condition, what, timeout=60):
    WebDriverWait(driver, timeout).until(lambda d: condition(_state(d)), message=f"{what}: {_state(driver)}")
    return _state(driver)


def test_an_open_journey_follows_the_builds(browser, tmp_path):
    traces = tmp_path / "traces"
    traces.mkdir()
    (traces / "buy.jsonl").write_text(_trace("buy", "Buy six things"), encoding="utf-8")
    site = tmp_path / "site"
    preview = Preview(traces, site)
    try:
        preview.build(1)
        page = site / "shop" / "journey-buy.html"
        assert page.is_file(), sorted(p.name for p in site.rglob("*.html"))
        # Opened at the address's word, at step 4: the tab follows the preview from then on.
        browser.get(page.resolve().as_uri() + "?preview#step-4")
        state = _until(browser, lambda s: "build 1," in s["status"], "the page shows the preview")
        assert state["step"] == "step-4" and state["hash"] == "#step-4", state
        assert "no problems" in state["status"], state

        # The reader zooms the diagram in and scrolls down, then a new trace lands.
        zoom_in = browser.find_element(By.CSS_SELECTOR, "#diagram .zoom-in")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", zoom_in)
        for _ in range(3):
            zoom_in.click()
        browser.execute_script("window.scrollTo(0, 180); window.flowatlasTestMark = true;")
        before = _state(browser)
        assert before["marked"] and before["width"] > 0 and before["scrollY"] > 0, before
        (traces / "browse.jsonl").write_text(_trace("browse", "Browse two things", 2), encoding="utf-8")
        preview.build(2)

        # The page loaded again (the mark is gone, the new journey is in its sidebar) where it was.
        after = _until(
            browser,
            lambda s: not s["marked"] and s["ready"] == "complete" and "build 2," in s["status"],
            "the page loads again after build 2")
        assert "Browse two things" in after["journeys"], after
        assert after["step"] == "step-4" and after["hash"] == "#step-4", after
        assert abs(after["width"] - before["width"]) <= 1, (before, after)
        assert abs(after["scrollY"] - before["scrollY"]) <= 1, (before, after)
        # The zoom is the reader's again: a resize of the window leaves it.
        browser.execute_script("window.dispatchEvent(new Event('resize'));")
        assert abs(_state(browser)["width"] - before["width"]) <= 1, (before, _state(browser))
        errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
        assert errors == [], errors

        # Its run removed: the page stays, says so and links to its app; a bad trace's error shows.
        browser.execute_script("window.flowatlasTestMark = true;")
        (traces / "buy.jsonl").unlink()
        (traces / "broken.jsonl").write_text(_trace("broken", "Broken") + "{not json\n", encoding="utf-8")
        preview.build(3)
        _until(browser, lambda s: "build 3," in s["status"], "the page shows build 3")
        gone = browser.find_element(By.CSS_SELECTOR, "main .preview-gone")
        assert "no longer in the site" in gone.text, gone.text
        link = gone.find_element(By.TAG_NAME, "a")
        assert link.text == "Open Shop." and link.get_attribute("href").endswith("/shop/index.html"), link.text
        state = _state(browser)
        assert state["marked"], "a page that is gone does not load again"
        assert any("broken.jsonl:" in problem and "[malformed-line]" in problem for problem in state["problems"]), state

        # Its link leads to the app's page, opened without the address's word: the tab still follows.
        link.click()
        _until(browser, lambda s: "build 3," in s["status"] and s["ready"] == "complete", "the app's page follows")
        assert browser.current_url.endswith("/shop/index.html"), browser.current_url

        # Stopped: the preview's files go, and the page says it no longer follows.
        assert preview.stop() == -signal.SIGTERM
        assert not (site / "assets" / "preview-state.js").exists()
        _until(browser, lambda s: "stopped" in s["status"], "the page says the preview stopped")
    finally:
        preview.stop()
