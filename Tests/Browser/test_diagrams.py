"""Diagrams a person can read at any size: readable at rest, zoom, pan, fit, full screen, print."""

import pathlib

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import SMALLEST_LABEL, TOUR_HALVES
from test_browser import _click, _link_target, _open


def _wide_hub(sites) -> pathlib.Path:
    found = [p for site in sites for p in site.glob("wide/flow-hub-coordinator.html")]
    assert found, "the wide case (Tests/Browser/conftest.py, _wide_app) is missing from the sites"
    return found[0]


def _width(driver, figure):
    return driver.execute_script("return arguments[0].querySelector('svg').getBoundingClientRect().width", figure)


def _room(driver, figure):
    return driver.execute_script(
        "var s = arguments[0].querySelector('.diagram-scroll'), c = getComputedStyle(s);"
        "return s.clientWidth - parseFloat(c.paddingLeft) - parseFloat(c.paddingRight);",
        figure,
    )


@pytest.mark.parametrize("half", TOUR_HALVES)
def test_every_label_is_readable_at_rest(tour, half):
    """No label of any diagram is drawn smaller than 9 CSS pixels when a page opens (1280 px window)."""
    checked = 0
    for path, visit in tour(half).items():
        for smallest in visit.labels:
            if smallest == float("inf"):
                continue
            assert smallest >= 9, f"{path}: a label renders at {smallest:.1f} px"
            checked += 1
    assert checked > 5, f"only {checked} diagrams with labels in this half of the pages"


def test_a_wide_fan_wraps_and_a_narrow_column_scrolls_from_a_readable_start(driver, sites):
    _open(driver, _wide_hub(sites))
    figure = driver.find_element(By.CSS_SELECTOR, "figure#diagram")
    svg = figure.find_element(By.CSS_SELECTOR, "svg")
    # Fourteen child flows in one row were 5,390 pt wide; wrapped, the diagram fits a 1,280 px column.
    assert float(svg.get_attribute("width").replace("pt", "")) <= 960
    assert _width(driver, figure) <= _room(driver, figure) + 1
    try:
        # In a narrow window it is not squeezed below readable size: it scrolls.
        driver.set_window_size(480, 900)
        WebDriverWait(driver, 10).until(lambda d: _width(d, figure) > _room(d, figure) + 1)
        assert driver.execute_script(SMALLEST_LABEL, svg) >= 9
    finally:
        driver.set_window_size(1280, 900)


def test_zoom_by_buttons_keys_and_wheel_and_fit(driver, sites):
    _open(driver, _wide_hub(sites))
    figure = driver.find_element(By.CSS_SELECTOR, "figure#diagram")
    tools = figure.find_element(By.CSS_SELECTOR, ".diagram-tools")
    assert tools.is_displayed(), "the script shows the toolbar"
    start = _width(driver, figure)
    tools.find_element(By.CSS_SELECTOR, ".zoom-in").click()
    assert _width(driver, figure) == pytest.approx(start * 1.25, rel=0.02)
    scroller = figure.find_element(By.CSS_SELECTOR, ".diagram-scroll")
    scroller.send_keys("-")
    assert _width(driver, figure) == pytest.approx(start, rel=0.02)
    scroller.send_keys("+")
    assert _width(driver, figure) == pytest.approx(start * 1.25, rel=0.02)
    before = _width(driver, figure)
    driver.execute_script(
        "var s = arguments[0], r = s.getBoundingClientRect();"
        "s.dispatchEvent(new WheelEvent('wheel', {deltaY: -200, ctrlKey: true, clientX: r.left + 50,"
        " clientY: r.top + 50, bubbles: true, cancelable: true}));",
        scroller,
    )
    assert _width(driver, figure) > before * 1.5, "Ctrl + wheel (a pinch) zooms in"
    scroller.send_keys("0")
    assert _width(driver, figure) == pytest.approx(_room(driver, figure), abs=2), "0 fits the width"
    tools.find_element(By.CSS_SELECTOR, ".zoom-out").click()
    assert _width(driver, figure) < _room(driver, figure)


def test_dragging_pans_and_does_not_follow_a_link(driver, sites):
    page = _wide_hub(sites)
    _open(driver, page)
    figure = driver.find_element(By.CSS_SELECTOR, "figure#diagram")
    for _ in range(3):
        figure.find_element(By.CSS_SELECTOR, ".zoom-in").click()
    scroller = figure.find_element(By.CSS_SELECTOR, ".diagram-scroll")
    driver.execute_script("arguments[0].scrollLeft = 200; arguments[0].scrollTop = 0", scroller)
    link = next(a for a in figure.find_elements(By.CSS_SELECTOR, "svg a") if a.is_displayed())
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", link)
    left = driver.execute_script("return arguments[0].scrollLeft", scroller)
    url = driver.current_url
    ActionChains(driver).click_and_hold(link.find_element(By.CSS_SELECTOR, "text")).move_by_offset(-80, 0).move_by_offset(
        -80, 0
    ).release().perform()
    assert driver.current_url == url, "a drag that ends on a link does not follow it"
    assert driver.execute_script("return arguments[0].scrollLeft", scroller) > left + 100


def test_a_link_still_navigates_after_zooming(driver, sites):
    index = next(p for site in sites for p in site.glob("shop/index.html"))
    _open(driver, index)
    figure = driver.find_element(By.CSS_SELECTOR, "figure#hierarchy")
    for _ in range(2):
        figure.find_element(By.CSS_SELECTOR, ".zoom-in").click()
    node = figure.find_elements(By.CSS_SELECTOR, "svg a")[0]
    target = _link_target(driver, node)
    assert _click(driver, node)
    WebDriverWait(driver, 10).until(lambda d: d.current_url.endswith("/" + target))


def test_full_screen_and_open_as_svg(driver, sites):
    _open(driver, _wide_hub(sites))
    figure = driver.find_element(By.CSS_SELECTOR, "figure#diagram")
    figure.find_element(By.CSS_SELECTOR, ".full-screen").click()
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.fullscreenElement === arguments[0]", figure))
    assert figure.find_element(By.CSS_SELECTOR, ".full-screen").text == "Exit full screen"
    figure.find_element(By.CSS_SELECTOR, ".full-screen").click()
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.fullscreenElement === null"))
    svg_link = figure.find_element(By.CSS_SELECTOR, "a.open-svg").get_attribute("href")
    driver.get(svg_link)
    assert driver.execute_script("return document.documentElement.localName") == "svg"
    assert driver.find_elements(By.CSS_SELECTOR, "a"), "the SVG file keeps its links"


def test_print_shows_the_whole_diagram_unzoomed(driver, sites):
    _open(driver, _wide_hub(sites))
    figure = driver.find_element(By.CSS_SELECTOR, "figure#diagram")
    for _ in range(3):
        figure.find_element(By.CSS_SELECTOR, ".zoom-in").click()
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        width = _width(driver, figure)
        column = driver.execute_script("return document.querySelector('main').getBoundingClientRect().width")
        assert width <= column + 1, "printed, the diagram fits the page"
        assert not figure.find_element(By.CSS_SELECTOR, ".diagram-tools").is_displayed()
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
