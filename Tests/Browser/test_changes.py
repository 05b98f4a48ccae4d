"""The Changes page of the committed examples' site (Shop Digital against Shop, what
`swift run flowatlas` builds with its baseline), in a real headless Chromium."""

import pathlib

from selenium.webdriver.common.by import By

from conftest import REPO
from test_browser import _assert_no_alert, _open, _set_color_scheme

CHANGES = REPO / "site" / "shop-digital" / "changes.html"


def _stroke(driver, selector):
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]); return e && getComputedStyle(e).stroke;", selector
    )


def test_the_overview_links_the_changes_page_and_it_shows_the_diagram(driver):
    driver.get_log("browser")  # drop what earlier tests' pages logged: only these pages count
    _open(driver, CHANGES.parent / "index.html")
    link = driver.find_element(By.LINK_TEXT, "See the changes, drawn")
    link.click()
    assert driver.current_url.endswith("/shop-digital/changes.html")
    _assert_no_alert(driver, CHANGES)
    svg = driver.find_element(By.CSS_SELECTOR, "#changes-diagram svg")
    assert svg.size["width"] > 200 and svg.size["height"] > 200
    removed = driver.find_elements(By.CSS_SELECTOR, "#changes-diagram .node.screen.diff-removed")
    assert len(removed) == 2
    assert driver.find_element(By.ID, "screens-removed").is_displayed()
    rows = driver.find_elements(By.CSS_SELECTOR, "table tbody tr")
    assert len(rows) == 7, "2 transitions added, 5 removed"
    # The page's script gives the diagram its tools, as on every other page.
    assert driver.find_element(By.CSS_SELECTOR, "#changes-diagram .diagram-tools").is_displayed()
    logs = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert not logs, logs


def test_the_marks_keep_their_colours_in_dark_mode(driver):
    selector = "#changes-diagram .edge.diff-removed path"
    try:
        _set_color_scheme(driver, "light")
        _open(driver, CHANGES)
        light = _stroke(driver, selector)
        _set_color_scheme(driver, "dark")
        _open(driver, CHANGES)
        dark = _stroke(driver, selector)
    finally:
        _set_color_scheme(driver, "")
    assert light == "rgb(207, 34, 46)", light
    assert dark == "rgb(248, 81, 73)", dark


def test_a_changed_flow_is_marked_where_it_appears(driver):
    _open(driver, CHANGES.parent / "flow-checkout-coordinator.html")
    mark = driver.find_element(By.CSS_SELECTOR, ".lead .change-mark a")
    assert mark.text.startswith("Changed: ")
    mark.click()
    assert driver.current_url.endswith("/changes.html")


def test_the_checkout_flow_page_shows_its_contract_coverage(driver):
    """examples/Shop/contracts/CheckoutCoordinator.mmd, with one journey left out on purpose."""
    _open(driver, REPO / "site" / "shop" / "flow-checkout-coordinator.html")
    _assert_no_alert(driver, "the checkout flow page")
    heading = driver.find_element(By.ID, "contract")
    assert heading.text.startswith("Contract")
    coverage = driver.find_element(By.CSS_SELECTOR, "p.coverage")
    assert coverage.is_displayed()
    assert coverage.text.startswith("85% covered: the recorded runs exercised 6 of the 7 transitions")
    missing = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "ul.contract-uncovered li")]
    assert missing == ["PaymentViewController → ConfirmationViewController on Pay with Apple Pay (line 11)"], missing
    # The screen names link to their pages, as everywhere on the site.
    link = driver.find_element(By.CSS_SELECTOR, "ul.contract-uncovered li a")
    link.click()
    assert "/screen-" in driver.current_url
