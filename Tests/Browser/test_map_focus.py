"""The app map's focus: a flow or a screen picked above the map dims the rest of it but for what
leads there and where it leads; and a big app's map (100 flows, 500 screens) reads at a sensible
aspect ratio."""

import json
import pathlib
import subprocess

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import _binary, _run
from test_browser import _open


def _big_app(folder: pathlib.Path) -> str:
    """An app of 100 flows and 500 screens: the root starts 3 sections (its tabs), each section 32
    features, every fourth feature presents a feature of the next section; every flow shows 5
    screens on one navigation stack."""
    lines = [json.dumps({"flowatlas": "trace", "version": 1, "app": "Big", "run": "visit-everything"})]

    def add(event, **fields):
        lines.append(json.dumps({"seq": len(lines), "event": event, **fields}))

    shown = [0]

    def flow(ident, kind, parent):
        if parent:
            add("coordinator.attach", coordinator=ident, type=kind, parent=parent)
            add("coordinator.start", coordinator=ident, type=kind, parent=parent)
        else:
            add("coordinator.start", coordinator=ident, type=kind)
        for index in range(5):
            shown[0] += 1
            event = "router.push" if index else ("router.present" if parent else "router.setRoot")
            name = kind.replace("Coordinator", f"Step{index}ViewController")
            add(event, coordinator=ident, router="main", screen={"id": f"s{shown[0]}", "type": name})

    def end(ident, parent):
        add("coordinator.finish", coordinator=ident)
        add("router.dismiss", coordinator=parent, router="main")
        add("coordinator.detach", coordinator=ident, parent=parent)

    flow("app", "AppCoordinator", None)
    for section in range(1, 4):
        flow(f"s{section}", f"Section{section}Coordinator", "app")
        for feature in range(1, 33):
            ident = f"f{section}-{feature}"
            flow(ident, f"Section{section}Feature{feature}Coordinator", f"s{section}")
            if feature % 4 == 0:
                other = f"x{section}-{feature}"
                flow(other, f"Section{section % 3 + 1}Feature{feature}Coordinator", ident)
                end(other, ident)
            end(ident, f"s{section}")
        end(f"s{section}", "app")
    path = folder / "big.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


@pytest.fixture(scope="session")
def big_site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("big")
    site = folder / "site"
    _run([str(_binary()), "build", _big_app(folder), "--output", str(site)], cwd=folder, site=site)
    return site / "big"


def _focus(driver, name):
    field = driver.find_element(By.ID, "map-focus-input")
    field.clear()
    field.send_keys(name)
    return driver.find_element(By.CSS_SELECTOR, ".map-focus-status").text


def _state(driver):
    """Each box of the app map by the first line of its tooltip: (its focus classes, its opacity)."""
    return driver.execute_script(
        """
        var out = {};
        document.querySelectorAll("#app-map svg g.node").forEach(function (node) {
          var link = node.querySelector("a");
          var name = ((link && (link.getAttribute("xlink:title") || "")) || node.id).split("\\n")[0].split(":")[0];
          out[name] = [node.classList.contains("focus") ? "focus" : node.classList.contains("near") ? "near" : "",
                       window.getComputedStyle(node).opacity];
        });
        return out;
        """
    )


def test_focusing_a_screen_dims_all_but_its_neighbours(driver, sites):
    examples = [site for site in sites if (site / "shop" / "index.html").is_file()]
    assert examples, "the examples' site is among the sites"
    _open(driver, examples[0] / "shop" / "index.html")
    assert driver.find_element(By.CSS_SELECTOR, ".map-focus").is_displayed()
    before = _state(driver)
    assert all(opacity == "1" for _, opacity in before.values())
    status = _focus(driver, "ProductDetailViewController")
    assert "ProductDetailViewController" in status
    state = _state(driver)
    assert state["ProductDetailViewController"][0] == "focus"
    # What leads there (the list) and where it leads (the order summary), one step each way.
    assert state["ProductListViewController"][0] == "near"
    assert state["OrderSummaryViewController"][0] == "near"
    dimmed = [name for name, (mark, opacity) in state.items() if not mark]
    assert dimmed and all(float(state[name][1]) < 0.5 for name in dimmed), state
    assert "PaymentViewController" in dimmed
    # Escape shows the whole map again.
    driver.find_element(By.ID, "map-focus-input").send_keys(Keys.ESCAPE)
    assert all(opacity == "1" and not mark for mark, opacity in _state(driver).values())


def test_focusing_a_flow_shows_its_screens(driver, sites):
    examples = [site for site in sites if (site / "shop" / "index.html").is_file()]
    _open(driver, examples[0] / "shop" / "index.html")
    _focus(driver, "CheckoutCoordinator")
    state = _state(driver)
    checkout = ["OrderSummaryViewController", "DeliveryAddressViewController", "ShippingOptionViewController",
                "PaymentViewController", "ConfirmationViewController"]
    assert all(state[name][0] == "focus" for name in checkout), state
    assert state["ProductDetailViewController"][0] == "near"
    # Tab closes the list of suggestions and moves on to "Show all".
    driver.find_element(By.ID, "map-focus-input").send_keys(Keys.TAB)
    assert _state(driver)["PaymentViewController"][0] == "focus", "leaving the field keeps the focus"
    driver.find_element(By.CSS_SELECTOR, ".map-focus-clear").click()
    assert all(not mark for mark, _ in _state(driver).values())
    assert driver.find_element(By.ID, "map-focus-input").get_attribute("value") == ""


def test_a_big_apps_map_reads_and_focuses(driver, big_site):
    _open(driver, big_site / "index.html")
    width, height = driver.execute_script(
        "var box = document.querySelector('#app-map svg').viewBox.baseVal; return [box.width, box.height];")
    assert max(width / height, height / width) <= 2.5, (width, height)
    boxes = _state(driver)
    assert len(boxes) >= 100, "one box per flow (and the start)"
    # A screen of a map of flows is its flow's box.
    status = _focus(driver, "Section2Feature7Step3ViewController")
    assert "in the flow" in status, status
    state = _state(driver)
    assert state["Section2Feature7Coordinator"][0] == "focus"
    assert state["Section2Coordinator"][0] == "near"
    assert [name for name, (mark, _) in state.items() if mark == "focus"] == ["Section2Feature7Coordinator"]
    assert sum(1 for mark, _ in state.values() if not mark) > 90
    # The focused box is scrolled into view.
    assert driver.execute_script(
        """
        var node = document.querySelector("#app-map svg g.node.focus").getBoundingClientRect();
        var view = document.querySelector("#app-map .diagram-scroll").getBoundingClientRect();
        return node.left >= view.left - 1 && node.right <= view.right + 1;
        """)
    # Every screen and every flow can be picked.
    count = driver.execute_script("return document.querySelectorAll('#map-focus-list option').length")
    assert count == 600


def test_the_app_map_draws_screens_as_their_thumbnails(driver, sites):
    """`build --thumbnails` (the hostile site's build): the pictures app's map draws Home and Detail as
    their thumbnails, inside their boxes, each loading from the site's own images/thumbnails/; Settings,
    of which there is no picture, is a plain box."""
    pictures = [site / "pictures" for site in sites if (site / "pictures" / "index.html").is_file()]
    assert pictures, "the hostile site has the pictures app"
    _open(driver, pictures[0] / "index.html")
    drawn = driver.execute_async_script(
        """
        var done = arguments[arguments.length - 1];
        var images = Array.prototype.slice.call(document.querySelectorAll("#app-map svg g.node image"));
        var out = [];
        var left = images.length;
        if (!left) { done(out); return; }
        images.forEach(function (image) {
          var node = image.closest("g.node");
          var box = node.querySelector("path, polygon").getBBox();
          var at = image.getBBox();
          var inside = at.x >= box.x && at.y >= box.y && at.x + at.width <= box.x + box.width
            && at.y + at.height <= box.y + box.height;
          var href = image.getAttribute("xlink:href") || image.getAttribute("href");
          var probe = new Image();
          probe.onload = function () { out.push([node.id, href, inside, probe.naturalWidth]); if (--left === 0) done(out); };
          probe.onerror = function () { out.push([node.id, href, inside, 0]); if (--left === 0) done(out); };
          probe.src = new URL(href, document.baseURI).href;
        });
        """
    )
    names = sorted(node.rsplit("screen-", 1)[-1] for node, _, _, _ in drawn)
    assert names == ["detail-view-controller", "home-view-controller"], drawn
    for node, href, inside, width in drawn:
        assert href.startswith("../images/thumbnails/") and href.endswith(".png"), href
        assert inside, f"{node}: its picture is outside its box"
        assert width > 0, f"{node}: {href} did not load"
