"""The journey player: it steps through a run, marks where it is in the list and in the diagram,
and each step has a permalink. Checked on the generated long journey (conftest._long_journey),
whose screens at each step are known from how it was written."""

import pathlib

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from test_browser import _open


def _journey(sites, name="journey-long-run.html") -> pathlib.Path:
    found = [p for site in sites for p in site.glob(f"long-b-journey-b/{name}")]
    assert found, f"the long journey's {name} is missing from the sites"
    return found[0]


def _expected_screen(step: int) -> str:
    """What the trace says is on screen at step `step` (from 2 on): step 1 starts AppCoordinator,
    step 2 (transition 1) sets the root HomeViewController, then each push of Detail<i % 7> (even
    transitions) is followed by a pop back to HomeViewController (odd ones)."""
    transition = step - 1
    return "HomeViewController" if transition % 2 == 1 else f"Detail{(transition // 2) % 7}<i>ViewController</i>"


def _state(driver):
    return driver.execute_script(
        """
        var current = document.querySelectorAll("ol.steps > li[aria-current='step']");
        var nodes = document.querySelectorAll("#diagram svg g.node.current");
        var taken = document.querySelectorAll("#diagram svg g.edge.taken");
        return {
          steps: Array.prototype.map.call(current, function (li) { return li.id; }),
          nodes: Array.prototype.map.call(nodes, function (g) { return [g.id, g.textContent]; }),
          taken: Array.prototype.map.call(taken, function (g) { return g.id; }),
          future: document.querySelectorAll("#diagram svg g.node.future").length,
          hash: window.location.hash,
        };
        """
    )


def _assert_at(driver, step):
    state = _state(driver)
    transition = step - 1
    assert state["steps"] == [f"step-{step}"], state
    assert len(state["nodes"]) == 1 and state["nodes"][0][0].endswith(f"-step-{transition}"), state
    assert f"{transition}. " in state["nodes"][0][1] and _expected_screen(step) in state["nodes"][0][1], state
    assert len(state["taken"]) == 1 and state["taken"][0].endswith(f"-edge-{transition}"), state
    # The diagram draws the first 300 transitions; those after the current one are dimmed.
    assert state["future"] == 300 - transition, state


def test_the_player_steps_and_highlights_what_the_trace_says(driver, sites):
    _open(driver, _journey(sites))
    player = driver.find_element(By.CSS_SELECTOR, ".player")
    assert player.is_displayed()
    assert _state(driver)["steps"] == [], "nothing is current before the player starts"
    body = driver.find_element(By.TAG_NAME, "body")
    for _ in range(2):
        body.send_keys(Keys.ARROW_RIGHT)
    _assert_at(driver, 2)
    assert _state(driver)["hash"] == "#step-2", "each position is a permalink"
    for _ in range(5):
        player.find_element(By.CSS_SELECTOR, ".player-next").click()
    _assert_at(driver, 7)
    body.send_keys(Keys.ARROW_LEFT)
    _assert_at(driver, 6)
    slider = player.find_element(By.CSS_SELECTOR, ".player-slider")
    driver.execute_script(
        "arguments[0].value = '150'; arguments[0].dispatchEvent(new Event('input', {bubbles: true}))", slider
    )
    _assert_at(driver, 150)
    assert "Step 150" in player.find_element(By.CSS_SELECTOR, ".player-status").text


def test_play_moves_on_by_itself_and_pauses(driver, sites):
    _open(driver, _journey(sites))
    play = driver.find_element(By.CSS_SELECTOR, ".player-play")
    play.click()
    assert play.get_attribute("aria-pressed") == "true" and play.text == "Pause"
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 10).until(lambda d: _state(d)["steps"] == ["step-3"])
    play.click()
    assert play.get_attribute("aria-pressed") == "false"
    stopped = _state(driver)["steps"]
    driver.execute_script("return new Promise(function (done) { setTimeout(done, 2000); })")
    assert _state(driver)["steps"] == stopped, "paused, it stays where it is"


def test_a_permalink_opens_at_its_step(driver, sites):
    driver.get(_journey(sites).resolve().as_uri() + "#step-40")
    _assert_at(driver, 40)
    # On a later page of steps (no diagram there), the step is marked in the list.
    driver.get(_journey(sites, "journey-long-run.steps-2.html").resolve().as_uri() + "#step-1500")
    assert _state(driver)["steps"] == ["step-1500"]


def test_the_player_is_not_printed(driver, sites):
    _open(driver, _journey(sites))
    assert driver.find_element(By.CSS_SELECTOR, ".player").is_displayed()
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert not driver.find_element(By.CSS_SELECTOR, ".player").is_displayed()
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_searching_on_a_journey_page_reports_in_the_search_not_in_the_player(driver, sites):
    """The player's status line and the search's were one variable (eslint's no-redeclare found it):
    on a journey page a search wrote its count into the player and left its own status empty."""
    _open(driver, _journey(sites))
    player_status = driver.find_element(By.CSS_SELECTOR, ".player-status")
    before = player_status.text
    assert before.endswith("steps: press Play or →."), before
    box = driver.find_element(By.ID, "search-input")
    box.send_keys("HomeViewController")
    status = driver.find_element(By.ID, "search-status")
    WebDriverWait(driver, 10).until(lambda d: status.get_attribute("textContent").endswith("results"))
    assert player_status.text == before
