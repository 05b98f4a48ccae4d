"""Fixtures for the site's browser tests: the sites to check and a headless Chromium.

The sites come from the real `flowatlas` binary (build it first: `swift build`):
- the hostile trace set in Tests/Browser/hostile/ (`flowatlas build ... --output DIR`),
- the bundled examples (`flowatlas` with no arguments writes `site/` in its working folder).
`FLOWATLAS_SITE_DIRS` (paths separated by os.pathsep) replaces that build step with sites
built elsewhere, e.g. the Swift test that writes a sample site to `FLOWATLAS_SITE_OUT`.
Nothing is skipped: a missing binary, browser or driver fails the run with a message.
"""

import glob
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
    # The exit status may say "built, with trace diagnostics" (the hostile set has problems on
    # purpose): what counts is that the site was written.
    if not (site / "index.html").is_file():
        pytest.fail(
            f"{' '.join(map(str, command))} exited {result.returncode} without writing {site}:\n"
            f"{result.stdout}\n{result.stderr}",
            pytrace=False,
        )


def _built_sites(tmp: pathlib.Path):
    binary = _binary()
    hostile = tmp / "hostile-site"
    _run([str(binary), "build", *HOSTILE, "--output", str(hostile)], cwd=tmp, site=hostile)
    examples_cwd = tmp / "examples"
    examples_cwd.mkdir()
    _run([str(binary)], cwd=examples_cwd, site=examples_cwd / "site")
    return [hostile, examples_cwd / "site"]


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
