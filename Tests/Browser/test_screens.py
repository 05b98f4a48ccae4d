"""Screen pages: every screen name on the site, in words and in diagrams, leads to that screen's
page, which draws its neighbourhood around it and lists its ways in and out."""

import pathlib
import urllib.parse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from test_browser import _open


def _app_folders(sites):
    return sorted(p.parent for site in sites for p in site.glob("*/index.html"))


def _screen_title(driver) -> str:
    """The screen type a page is about: its heading without the kicker, or None for another page."""
    return driver.execute_script(
        """
        var h1 = document.querySelector("h1");
        var kicker = h1 && h1.querySelector(".kicker");
        if (!kicker || kicker.textContent.toLowerCase() !== "screen") return null;
        return h1.textContent.slice(kicker.textContent.length);
        """
    )


def _screen_links(driver, diagrams=True):
    """(href as written, absolute URL, the screen name shown) of every linked screen name in the
    page's text and, with `diagrams`, of every screen node in its diagrams (named by the first line
    of its tooltip)."""
    return driver.execute_script(
        """
        var out = [];
        document.querySelectorAll("a > code.screen-name").forEach(function (code) {
          var a = code.parentElement;
          out.push([a.getAttribute("href"), a.href, code.textContent]);
        });
        if (arguments[0]) {
          document.querySelectorAll("svg g.node.screen a").forEach(function (a) {
            var href = a.getAttribute("xlink:href") || a.getAttribute("href");
            var tooltip = a.getAttribute("xlink:title") || "";
            out.push([href, new URL(href, document.baseURI).href, tooltip.split("\\n")[0]]);
          });
        }
        return out;
        """,
        diagrams,
    )


def test_every_screen_name_links_to_its_page(driver, sites):
    """On every app's overview and flow pages, and on one journey page each: each linked screen
    name, and each screen node of a diagram, opens a page whose heading is that screen."""
    checked = {}
    for folder in _app_folders(sites):
        pages = [folder / "index.html", *sorted(folder.glob("flow-*.html")), *sorted(folder.glob("journey-*.html"))[:1]]
        for page in pages:
            _open(driver, page)
            # A journey's diagram numbers its steps: only its text names screens as they are.
            for href, url, name in _screen_links(driver, diagrams=not page.name.startswith("journey-")):
                assert href and href.startswith("screen-") and href.endswith(".html"), f"{page}: {name!r} links to {href!r}"
                checked.setdefault(url, set()).add(name.strip())
    assert len(checked) >= 40, f"only {len(checked)} screen pages were linked"
    for url, names in sorted(checked.items()):
        _open(driver, pathlib.Path(urllib.parse.unquote(urllib.parse.urlparse(url).path)))
        title = _screen_title(driver)
        assert title is not None, f"{url} is not a screen page"
        assert {title.strip()} == names, f"{url} is about {title!r}, linked as {names}"


def test_a_screen_page_draws_its_neighbourhood_around_it(driver):
    repo = pathlib.Path(__file__).resolve().parents[2]
    _open(driver, repo / "site" / "shop" / "screen-order-summary-view-controller.html")
    focus = driver.find_elements(By.CSS_SELECTOR, "#diagram svg g.node.focus")
    assert len(focus) == 1 and "OrderSummaryViewController" in focus[0].text
    around = {g.text for g in driver.find_elements(By.CSS_SELECTOR, "#diagram svg g.node.screen:not(.focus)")}
    assert {"ProductDetailViewController", "ProductListViewController", "DeliveryAddressViewController"} <= around, around
    ways_in = driver.find_element(By.CSS_SELECTOR, "section[aria-labelledby='ways-in']").text
    assert "From ProductListViewController" in ways_in, ways_in
    # A neighbour's node leads to the neighbour's own page, and back again from its ways out.
    node = driver.execute_script(
        """
        var name = arguments[0];
        var links = document.querySelectorAll("#diagram svg g.node a");
        for (var i = 0; i < links.length; i++) {
          if ((links[i].getAttribute("xlink:title") || "").split("\\n")[0] === name) return links[i];
        }
        return null;
        """,
        "DeliveryAddressViewController",
    )
    assert node is not None, "no node of DeliveryAddressViewController in the neighbourhood"
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", node)
    node.find_element(By.CSS_SELECTOR, "text").click()
    WebDriverWait(driver, 10).until(lambda d: d.current_url.endswith("/screen-delivery-address-view-controller.html"))
    assert _screen_title(driver).strip() == "DeliveryAddressViewController"
    ways_in = driver.find_element(By.CSS_SELECTOR, "section[aria-labelledby='ways-in']")
    ways_in.find_element(By.LINK_TEXT, "OrderSummaryViewController").click()
    WebDriverWait(driver, 10).until(lambda d: d.current_url.endswith("/screen-order-summary-view-controller.html"))


def _pictures_site(sites) -> pathlib.Path:
    found = [p.parent for site in sites for p in site.glob("pictures/index.html")]
    assert found, "the Pictures app (conftest._pictures_app) is missing from the sites"
    return found[0]


def test_the_player_shows_the_picture_of_the_screen_it_is_on(driver, sites):
    """Home's PNG at the first step, Detail's JPEG after the push, Home's again after the pop, and
    none on Settings, which has no picture: following Next, Previous and the slider."""
    from selenium.webdriver.common.keys import Keys

    _open(driver, _pictures_site(sites) / "journey-look-around.html")
    figure = driver.find_element(By.CSS_SELECTOR, "figure.player-picture")
    assert not figure.is_displayed(), "a picture shows before the player starts"

    def shown():
        if not figure.is_displayed():
            return None
        image = figure.find_element(By.TAG_NAME, "img")
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image))
        return image.get_attribute("src").rsplit(".", 1)[1]

    steps = driver.find_elements(By.CSS_SELECTOR, "ol.steps > li")
    expected = []
    last = None
    for step in steps:
        picture = step.get_attribute("data-picture")
        if picture is not None:
            last = picture.rsplit(".", 1)[1] if picture else None
        expected.append(last)
    assert expected.count("png") >= 2 and "jpg" in expected and expected[-1] is None, expected
    # Each caption names the step whose showing the run pictured: back on Home, its first showing's.
    captions = [None, "As step 2 showed it", "As step 2 showed it", "As step 4 showed it",
                "As step 2 showed it", "As step 2 showed it", None]
    assert len(captions) == len(expected), expected
    next_button = driver.find_element(By.CSS_SELECTOR, ".player-next")
    for position, (wanted, caption) in enumerate(zip(expected, captions), start=1):
        next_button.click()
        assert shown() == wanted, f"step {position}: {shown()} shown, {wanted} expected"
        if caption:
            assert figure.find_element(By.TAG_NAME, "figcaption").text == caption, f"step {position}"
    driver.find_element(By.CSS_SELECTOR, ".player-previous").click()
    assert shown() == expected[-2]
    # The slider, dragged back to the start of the run, shows the first picture again.
    slider = driver.find_element(By.CSS_SELECTOR, ".player-slider")
    driver.execute_script("arguments[0].value = '1'; arguments[0].dispatchEvent(new Event('input'));", slider)
    assert shown() == expected[0]


def test_a_later_page_of_steps_starts_on_the_picture_of_the_screen_it_is_on(driver, sites):
    """The long run's second page of steps begins with actions on Detail, shown on the first page:
    its player shows Detail's picture from its first step, then Home's after the pop, then none. This
    run took no picture: they are the other run's, and the captions say so, naming no step of it."""
    _open(driver, _pictures_site(sites) / "journey-long-look.steps-2.html")
    figure = driver.find_element(By.CSS_SELECTOR, "figure.player-picture")
    assert not figure.is_displayed(), "a picture shows before the player starts"
    steps = driver.find_elements(By.CSS_SELECTOR, "ol.steps > li")
    assert [s.get_attribute("id") for s in steps] == [f"step-{n}" for n in range(1001, 1008)]
    expected = ["jpg"] * 4 + ["png"] * 2 + [None]
    captions = ["As another run showed it"] * 6 + [None]
    next_button = driver.find_element(By.CSS_SELECTOR, ".player-next")
    for position, (wanted, caption) in enumerate(zip(expected, captions), start=1):
        next_button.click()
        if wanted is None:
            assert not figure.is_displayed(), f"step {position}: a picture shows on Settings"
            continue
        image = figure.find_element(By.TAG_NAME, "img")
        WebDriverWait(driver, 10).until(
            lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image))
        assert image.get_attribute("src").rsplit(".", 1)[1] == wanted, f"step {position}"
        assert figure.find_element(By.TAG_NAME, "figcaption").text == caption, f"step {position}"


def test_the_gallery_and_the_flow_page_show_the_pictures(driver, sites):
    site = _pictures_site(sites)
    _open(driver, site / "gallery.html")
    tiles = driver.find_elements(By.CSS_SELECTOR, "ul.gallery li")
    names = [tile.find_element(By.CSS_SELECTOR, "code.screen-name").text for tile in tiles]
    assert names == ["HomeViewController", "DetailViewController", "SettingsViewController"], names
    assert [len(tile.find_elements(By.CSS_SELECTOR, "img.thumbnail")) for tile in tiles] == [1, 1, 0]
    for image in driver.find_elements(By.CSS_SELECTOR, "ul.gallery img.thumbnail"):
        assert driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth === 12", image)
    _open(driver, site / "screen-detail-view-controller.html")
    image = driver.find_element(By.CSS_SELECTOR, "figure.screenshot img")
    assert driver.execute_script("return arguments[0].complete && arguments[0].naturalHeight === 20", image)


def _examples_site(sites) -> pathlib.Path:
    found = [site for site in sites if (site / "shop" / "index.html").is_file()]
    assert found, "the bundled examples' site is missing from the sites"
    return found[0]


def _loaded(driver, image, width=None):
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return arguments[0].complete", image))
    natural = driver.execute_script("return arguments[0].naturalWidth", image)
    return natural > 0 and (width is None or natural == width)


def test_every_screen_of_the_examples_has_its_wireframe(driver, sites):
    """The headless examples draw a wireframe of each screen (390 pixels wide): every screen page
    shows one, and each app's gallery has a picture per screen and says what they are."""
    site = _examples_site(sites)
    pages = sorted(site.glob("*/screen-*.html"))
    assert len(pages) >= 40, f"only {len(pages)} screen pages"
    for page in pages:
        _open(driver, page)
        images = driver.find_elements(By.CSS_SELECTOR, "figure.screenshot img")
        assert len(images) == 1 and _loaded(driver, images[0], width=390), f"{page}: no wireframe"
    for gallery in sorted(site.glob("*/gallery.html")):
        _open(driver, gallery)
        assert "wireframes drawn from each screen's own data" in driver.find_element(By.TAG_NAME, "main").text
        tiles = driver.find_elements(By.CSS_SELECTOR, "ul.gallery li")
        assert tiles and all(len(t.find_elements(By.CSS_SELECTOR, "img.thumbnail")) == 1 for t in tiles), gallery
    assert len(list(site.glob("*/gallery.html"))) == len(list(site.glob("*/index.html")))


def test_the_player_of_an_examples_journey_shows_each_steps_wireframe(driver, sites):
    """Buying a product in the Shop: the player's picture is the wireframe of the screen each
    step is on, forward and back."""
    _open(driver, _examples_site(sites) / "shop" / "journey-buy-one-product.html")
    figure = driver.find_element(By.CSS_SELECTOR, "figure.player-picture")
    expected, last = [], None
    for step in driver.find_elements(By.CSS_SELECTOR, "ol.steps > li"):
        picture = step.get_attribute("data-picture")
        if picture is not None:
            last = picture or None
        expected.append(last)
    assert len({p for p in expected if p}) >= 4, expected

    def shown():
        if not figure.is_displayed():
            return None
        image = figure.find_element(By.TAG_NAME, "img")
        assert _loaded(driver, image, width=390)
        return image.get_attribute("src").rsplit("/", 1)[1]

    next_button = driver.find_element(By.CSS_SELECTOR, ".player-next")
    for position, wanted in enumerate(expected, start=1):
        next_button.click()
        assert shown() == (wanted.rsplit("/", 1)[1] if wanted else None), f"step {position}"
    driver.find_element(By.CSS_SELECTOR, ".player-previous").click()
    assert shown() == (expected[-2].rsplit("/", 1)[1] if expected[-2] else None)


def test_a_screen_that_looks_different_is_shown_before_and_after(driver):
    """The committed site's Shop Digital, compared with Shop: a product page's picture changed,
    and the Changes page shows both, side by side, each loaded."""
    repo = pathlib.Path(__file__).resolve().parents[2]
    _open(driver, repo / "site" / "shop-digital" / "changes.html")
    pairs = driver.find_elements(By.CSS_SELECTOR, "ul.picture-changes > li")
    assert pairs, "no screen that looks different"
    for pair in pairs:
        images = pair.find_elements(By.CSS_SELECTOR, ".before-after img")
        assert len(images) == 2
        assert all(_loaded(driver, image) for image in images)
        assert "before" in images[0].get_attribute("alt") and "after" in images[1].get_attribute("alt")
        first, second = (image.rect for image in images)
        assert abs(first["y"] - second["y"]) < 2 and second["x"] > first["x"] + first["width"] - 1, (first, second)
