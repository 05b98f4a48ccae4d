"""The examples' DocC catalog (docs/Navigation.docc) as DocC's own renderer shows it (#32).

The toolchain's `docc convert --transform-for-static-hosting` makes the archive, served here on the
loopback address (DocC's renderer does not run from file://). Chromium opens an app's article and a
flow's: the diagrams load (the dark variants too, in dark mode), the links between articles lead
where they say, and the console stays free of errors.
"""

import functools
import http.server
import pathlib
import shutil
import subprocess
import threading

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

REPO = pathlib.Path(__file__).resolve().parents[2]
CATALOG = REPO / "docs" / "Navigation.docc"
# DocC files a catalog's articles under its bundle name, the folder's name in lowercase.
ARTICLES = "/documentation/navigation"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="module")
def docs(tmp_path_factory):
    docc = shutil.which("docc")
    if docc is None:
        pytest.fail("docc is not on PATH: it comes with the Swift toolchain", pytrace=False)
    archive = tmp_path_factory.mktemp("docc") / "Navigation.doccarchive"
    result = subprocess.run(
        [docc, "convert", str(CATALOG), "--warnings-as-errors", "--transform-for-static-hosting",
         "--output-path", str(archive)],
        capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        pytest.fail(f"docc convert exited {result.returncode}:\n{result.stdout}\n{result.stderr}", pytrace=False)
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(archive)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _open(driver, url, heading):
    driver.get(url)
    WebDriverWait(driver, 30).until(
        lambda d: d.execute_script("const h = document.querySelector('h1'); return h && h.textContent.trim()")
        == heading)


def _diagram(driver, name):
    """The figure image whose file is `name` (or its dark variant), scrolled into view and loaded."""
    image = WebDriverWait(driver, 30).until(
        lambda d: d.find_element(By.CSS_SELECTOR, f"img[src*='/{name}']"))
    driver.execute_script("arguments[0].scrollIntoView()", image)
    WebDriverWait(driver, 30).until(
        lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image))
    return image


def _errors(driver):
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def test_app_article_shows_its_diagrams_and_leads_to_a_flow(driver, docs):
    driver.get_log("browser")  # only these pages count
    _open(driver, f"{docs}{ARTICLES}/flowatlas-shop", "Shop")
    hierarchy = _diagram(driver, "flowatlas-shop_hierarchy.svg")
    assert hierarchy.get_attribute("alt") == "Coordinator hierarchy of Shop"
    _diagram(driver, "flowatlas-shop_app-map.svg")
    link = driver.find_element(By.CSS_SELECTOR, f"a[href$='{ARTICLES}/flowatlas-shop_flow-checkout-coordinator']")
    driver.execute_script("arguments[0].scrollIntoView()", link)
    link.click()
    WebDriverWait(driver, 30).until(
        lambda d: d.execute_script("const h = document.querySelector('h1'); return h && h.textContent.trim()")
        == "CheckoutCoordinator flow")
    assert driver.current_url.endswith(f"{ARTICLES}/flowatlas-shop_flow-checkout-coordinator")
    _diagram(driver, "flowatlas-shop_flow-checkout-coordinator.svg")
    assert _errors(driver) == []


def test_flow_article_links_to_its_journeys_and_back_to_the_app(driver, docs):
    driver.get_log("browser")
    _open(driver, f"{docs}{ARTICLES}/flowatlas-shop_flow-checkout-coordinator", "CheckoutCoordinator flow")
    _diagram(driver, "flowatlas-shop_flow-checkout-coordinator.svg")
    journey = driver.find_element(By.CSS_SELECTOR, f"a[href$='{ARTICLES}/flowatlas-shop_journey-buy-one-product']")
    driver.execute_script("arguments[0].scrollIntoView()", journey)
    journey.click()
    WebDriverWait(driver, 30).until(lambda d: d.current_url.endswith("flowatlas-shop_journey-buy-one-product"))
    _diagram(driver, "flowatlas-shop_journey-buy-one-product.svg")
    # Every step of the article is in the page's numbered list: DocC drops none (a list item it
    # takes for an aside, "Note: …", would be missing).
    article = (CATALOG / "flowatlas-shop_journey-buy-one-product.md").read_text()
    written = [line for line in article.splitlines() if line[:1].isdigit() and ". " in line[:6]]
    steps = driver.find_elements(By.CSS_SELECTOR, "ol li")
    assert len(written) >= 10 and len(steps) == len(written)
    # The breadcrumbs lead back up the curation: navigation, then the app.
    crumb = driver.find_element(By.CSS_SELECTOR, f"nav a[href$='{ARTICLES}/flowatlas-shop']")
    crumb.click()
    WebDriverWait(driver, 30).until(
        lambda d: d.execute_script("const h = document.querySelector('h1'); return h && h.textContent.trim()")
        == "Shop")
    assert _errors(driver) == []


def test_dark_mode_shows_the_dark_variants(driver, docs):
    driver.get_log("browser")
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    try:
        _open(driver, f"{docs}{ARTICLES}/flowatlas-shop", "Shop")
        image = _diagram(driver, "flowatlas-shop_app-map.svg")
        WebDriverWait(driver, 30).until(
            lambda d: d.execute_script("return arguments[0].currentSrc", image).endswith("flowatlas-shop_app-map~dark.svg"))
        assert driver.execute_script("return arguments[0].naturalWidth > 0", image)
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    assert _errors(driver) == []
