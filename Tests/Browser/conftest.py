"""Fixtures for the site's browser tests: the sites to check and a headless Chromium.

The sites come from the real `flowatlas` binary (build it first: `swift build`):
- the hostile trace set in Tests/Browser/hostile/ (`flowatlas build ... --output DIR`),
- the bundled examples, from their committed traces and notes (what `flowatlas` with no arguments builds).
`FLOWATLAS_SITE_DIRS` (paths separated by os.pathsep) replaces that build step with sites
built elsewhere, e.g. the Swift test that writes a sample site to `FLOWATLAS_SITE_OUT`.
Nothing is skipped: a missing binary, browser or driver fails the run with a message.
"""

import dataclasses
import glob
import json
import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
HOSTILE = sorted(glob.glob(str(REPO / "Tests" / "Browser" / "hostile" / "*.jsonl")))
CHROMEDRIVER = "/usr/bin/chromedriver"


def _binary() -> pathlib.Path:
    candidate = pathlib.Path(os.environ.get("FLOWATLAS_BINARY", REPO / ".build" / "debug" / "flowatlas"))
    if not candidate.is_file():
        pytest.fail(
            f"{candidate} is missing: build it with `swift build` (or set FLOWATLAS_SITE_DIRS to sites "
            "built elsewhere, or FLOWATLAS_BINARY to the binary)",
            pytrace=False,
        )
    return candidate


def _run(command, cwd, site: pathlib.Path):
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=600)
    # Without --strict a build exits 0 even for traces with problems (the hostile set has them on
    # purpose): anything else, or no site, is a failure.
    if result.returncode != 0 or not (site / "index.html").is_file():
        pytest.fail(
            f"{' '.join(map(str, command))} exited {result.returncode} (site written: "
            f"{(site / 'index.html').is_file()}):\n{result.stdout}\n{result.stderr}",
            pytrace=False,
        )


def _long_journey(folder: pathlib.Path, pairs: int = 1200) -> str:
    """A run of 2 × `pairs` + 6 steps (2,406 by default), so its journey goes on over three pages of
    1,000 steps, with a child coordinator that finishes but stays attached on the last page: the
    leak's links must reach it."""
    lines = [
        json.dumps({"flowatlas": "trace", "version": 1, "app": "Long <b>journey</b>", "run": "long-run"}),
        json.dumps({"seq": 1, "event": "coordinator.start", "coordinator": "c1", "type": "AppCoordinator"}),
        json.dumps({"seq": 2, "event": "router.setRoot", "coordinator": "c1",
                    "screen": {"id": "s0", "type": "HomeViewController"}}),
    ]
    for i in range(1, pairs + 1):
        lines.append(json.dumps({"seq": len(lines), "event": "router.push", "coordinator": "c1",
                                 "screen": {"id": f"s{i}", "type": f"Detail{i % 7}<i>ViewController</i>"}}))
        lines.append(json.dumps({"seq": len(lines), "event": "router.pop", "coordinator": "c1", "screen": f"s{i}"}))
    for event in ("coordinator.attach", "coordinator.start"):
        lines.append(json.dumps({"seq": len(lines), "event": event, "coordinator": "c2",
                                 "type": "ChildCoordinator", "parent": "c1"}))
    lines.append(json.dumps({"seq": len(lines), "event": "router.push", "coordinator": "c2",
                             "screen": {"id": "s9999", "type": "ChildViewController"}}))
    lines.append(json.dumps({"seq": len(lines), "event": "router.pop", "coordinator": "c2", "screen": "s9999"}))
    lines.append(json.dumps({"seq": len(lines), "event": "coordinator.finish", "coordinator": "c2"}))
    path = folder / "long-journey.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def _trace_lines(app: str, run: str):
    """A trace's lines, its header first, and a function that adds an event with the next seq."""
    lines = [json.dumps({"flowatlas": "trace", "version": 1, "app": app, "run": run})]

    def add(event, **fields):
        lines.append(json.dumps({"seq": len(lines), "event": event, **fields}))

    return lines, add


def _wide_app(folder: pathlib.Path) -> str:
    """A hub flow that starts fourteen child flows: a very wide fan, the case that was squeezed into
    a strip of unreadable boxes."""
    lines, add = _trace_lines("Wide", "visit-every-feature")
    add("coordinator.start", coordinator="c1", type="AppCoordinator")
    add("router.setRoot", coordinator="c1", screen={"id": "s0", "type": "HomeViewController"})
    add("coordinator.attach", coordinator="c2", type="HubCoordinator", parent="c1")
    add("coordinator.start", coordinator="c2", type="HubCoordinator", parent="c1")
    add("router.push", coordinator="c2", screen={"id": "s1", "type": "HubViewController"})
    for n in range(1, 15):
        child, overview, detail = f"c{n + 2}", f"s{n * 10}", f"s{n * 10 + 1}"
        add("user.action", screen="s1", action=f"openFeature{n:02d}")
        add("coordinator.attach", coordinator=child, type=f"Feature{n:02d}Coordinator", parent="c2")
        add("coordinator.start", coordinator=child, type=f"Feature{n:02d}Coordinator", parent="c2")
        add("router.push", coordinator=child, screen={"id": overview, "type": f"Feature{n:02d}OverviewViewController"})
        add("user.action", screen=overview, action="showDetail")
        add("router.push", coordinator=child, screen={"id": detail, "type": f"Feature{n:02d}DetailViewController"})
        add("router.pop", coordinator=child, screen=detail)
        add("router.pop", coordinator=child, screen=overview)
        add("coordinator.finish", coordinator=child)
        add("coordinator.detach", coordinator=child, parent="c2")
    path = folder / "wide.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def _test_images():
    """The two tiny screenshots of Tests/FlowAtlasTestSupport/TestImages.swift (a PNG, a JPEG)."""
    import base64
    import re

    source = (REPO / "Tests" / "FlowAtlasTestSupport" / "TestImages.swift").read_text(encoding="utf-8")
    png, jpeg = [base64.b64decode(b) for b in re.findall(r'"([A-Za-z0-9+/=]{100,})"', source)[:2]]
    return png, jpeg


def _pictures_app(folder: pathlib.Path) -> str:
    """An app whose run took screenshots: Home (a PNG), Detail (a JPEG), back to Home, then Settings,
    of which there is no picture. Its files are beside the trace, in shots/."""
    png, jpeg = _test_images()
    shots = folder / "shots"
    shots.mkdir(exist_ok=True)
    (shots / "home.png").write_bytes(png)
    (shots / "detail.jpg").write_bytes(jpeg)
    lines, add = _trace_lines("Pictures", "look-around")
    add("coordinator.start", coordinator="c1", type="AppCoordinator")
    add("router.setRoot", coordinator="c1", screen={"id": "s1", "type": "HomeViewController"})
    add("screen.image", screen="s1", file="shots/home.png")
    add("user.action", screen="s1", action="openDetail")
    add("router.push", coordinator="c1", screen={"id": "s2", "type": "DetailViewController"})
    add("screen.image", screen="s2", file="shots/detail.jpg", width=12, height=20)
    add("router.pop", coordinator="c1", screen="s2")
    add("user.action", screen="s1", action="openSettings")
    add("router.push", coordinator="c1", screen={"id": "s3", "type": "SettingsViewController"})
    path = folder / "pictures.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def _long_pictures_run(folder: pathlib.Path) -> str:
    """A second run of the Pictures app, long enough for two pages of steps: Home, then Detail, on
    which the person acts a thousand times (steps 5 to 1,004), back to Home, then Settings. Its second
    page starts on Detail, whose picture the first page showed."""
    lines, add = _trace_lines("Pictures", "long-look")
    add("coordinator.start", coordinator="c1", type="AppCoordinator")
    add("router.setRoot", coordinator="c1", screen={"id": "s1", "type": "HomeViewController"})
    add("user.action", screen="s1", action="openDetail")
    add("router.push", coordinator="c1", screen={"id": "s2", "type": "DetailViewController"})
    for _ in range(1000):
        add("user.action", screen="s2", action="scroll")
    add("router.pop", coordinator="c1", screen="s2")
    add("user.action", screen="s1", action="openSettings")
    add("router.push", coordinator="c1", screen={"id": "s3", "type": "SettingsViewController"})
    path = folder / "pictures-long.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def _built_sites(tmp: pathlib.Path):
    """The hostile trace set's site (with a journey long enough to go over several pages and a very
    wide hub flow), and the
    bundled examples' site built from their committed traces with their notes (the same inputs
    `flowatlas` with no arguments uses for site/)."""
    binary = _binary()
    hostile = tmp / "hostile-site"
    extra = [_long_journey(tmp), _wide_app(tmp), _pictures_app(tmp), _long_pictures_run(tmp)]
    # With --thumbnails: the pictures app's map draws its screens as their thumbnails.
    _run([str(binary), "build", *HOSTILE, *extra, "--thumbnails", "--output", str(hostile)], cwd=tmp, site=hostile)
    examples = tmp / "examples-site"
    traces = sorted(str(p) for p in (REPO / "examples").glob("*/traces"))
    if not traces:
        pytest.fail("no examples/*/traces: run `swift run flowatlas` once to record them", pytrace=False)
    notes = str(REPO / "examples" / "notes")
    # A baseline of Shop Digital with two of its journeys, so that its Changes page has something to
    # show, and the Shop checkout's contract, so that every page check sees both.
    baseline = tmp / "baseline.json"
    digital = sorted(str(p) for p in (REPO / "examples" / "Shop" / "traces" / "shop-digital").glob("*.jsonl"))[:2]
    subprocess.run([str(binary), "model", *digital, "--output", str(baseline)], cwd=tmp, check=True, timeout=600)
    contracts = str(REPO / "examples" / "Shop" / "contracts")
    _run(
        [str(binary), "build", *traces, "--notes", notes, "--baseline", str(baseline), "--contract", contracts,
         "--output", str(examples)],
        cwd=tmp, site=examples)
    return [hostile, examples]


@pytest.fixture(scope="session")
def sites(tmp_path_factory):
    """The site folders to check, each with an index.html at its root."""
    override = os.environ.get("FLOWATLAS_SITE_DIRS")
    if override:
        found = [pathlib.Path(p).resolve() for p in override.split(os.pathsep) if p]
    else:
        found = _built_sites(tmp_path_factory.mktemp("sites"))
    for site in found:
        if not (site / "index.html").is_file():
            pytest.fail(f"{site} is not a FlowAtlas site: it has no index.html", pytrace=False)
    return found


@pytest.fixture(scope="session")
def pages(sites):
    """Every HTML page of every site, sorted."""
    result = sorted(p for site in sites for p in site.rglob("*.html"))
    assert result, "the sites have no pages"
    return result


@pytest.fixture(scope="session")
def driver():
    os.environ["SE_OFFLINE"] = "true"  # never let Selenium Manager go online for a driver
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    if not os.path.exists(CHROMEDRIVER):
        pytest.fail(f"{CHROMEDRIVER} is missing: install chromium-driver (scripts/bootstrap --test)", pytrace=False)
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,900"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    options.set_capability("unhandledPromptBehavior", "ignore")
    browser = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    browser.set_page_load_timeout(60)
    yield browser
    browser.quit()


def open_page(driver, path: pathlib.Path):
    """Opens a page of a site from disk, as a reader would, and waits until it has loaded."""
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(path.resolve().as_uri())
    WebDriverWait(driver, 20).until(lambda d: d.execute_script("return document.readyState") == "complete")


SMALLEST_LABEL = """
  var svg = arguments[0], scale = svg.getScreenCTM().a, smallest = Infinity;
  svg.querySelectorAll("text").forEach(function (text) {
    var size = parseFloat(text.getAttribute("font-size"));
    if (size > 0) { smallest = Math.min(smallest, size * scale); }
  });
  return smallest;
"""


@dataclasses.dataclass
class Visit:
    """What a page showed when it was opened at rest, then had its diagram links hovered."""

    labels: list  # the smallest label of each diagram, in CSS pixels (inf: a diagram with no text)
    alerts: list  # the text of each alert that opened (hostile text running as script)
    console: list  # the browser's SEVERE and WARNING messages


# The two halves of the tour (every other page each), each an xdist group: the two browsers take
# one half each, and a half's checks read the one visit of its pages.
TOUR_HALVES = [
    pytest.param(half, marks=pytest.mark.xdist_group(f"tour-{half}"), id=f"half-{half + 1}") for half in (0, 1)
]


@pytest.fixture(scope="session")
def tour(driver, pages):
    """Every page opened once, and what it showed (``Visit``), for the checks that hold on every page:
    each of the site's 238-odd pages loads once per run rather than once per check. `tour(half)`
    gives every other page (half 0 or 1), visited on first use; the tests that read it are
    parametrized by ``TOUR_HALVES``, so that each half is visited by one browser. A page the browser
    cannot open fails both checks of its half, naming the page."""
    from selenium.common.exceptions import (
        NoAlertPresentException, UnexpectedAlertPresentException, WebDriverException)
    from selenium.webdriver.common.by import By

    def alerts():
        seen = []
        for _ in range(10):  # a script could open one after another
            try:
                alert = driver.switch_to.alert
            except NoAlertPresentException:
                break
            seen.append(alert.text)
            alert.dismiss()
        return seen

    def problems():
        return [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]

    def visit(path):
        open_page(driver, path)
        seen = alerts()
        labels = [driver.execute_script(SMALLEST_LABEL, svg)
                  for svg in driver.find_elements(By.CSS_SELECTOR, "figure.diagram svg.diagram-svg")]
        # Focus and hover every diagram link: an injected handler would fire now.
        for link in driver.find_elements(By.CSS_SELECTOR, "svg a")[:20]:
            driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('mouseover', {bubbles: true}))", link)
        seen += alerts()
        return Visit(labels=[float("inf") if x is None else x for x in labels], alerts=seen, console=problems())

    halves = {}

    def take(number):
        driver.get_log("browser")  # drop what earlier tests logged
        visits = {}
        for path in pages[number::2]:
            try:
                visits[path] = visit(path)
            except UnexpectedAlertPresentException as error:
                alerts()  # leave no alert open for the next test
                return f"{path}: an alert opened ({error.alert_text!r}): hostile text ran as script"
            except WebDriverException as error:
                alerts()
                return f"{path}: the browser could not open it ({error.msg or type(error).__name__})"
        if visits:  # what the last page logged after it was read
            visits[path].console += problems()
        return visits

    def half(number):
        if number not in halves:
            halves[number] = take(number)
        if isinstance(halves[number], str):
            pytest.fail(halves[number], pytrace=False)
        assert halves[number], f"half {number + 1} of the tour has no page"
        return halves[number]

    return half
