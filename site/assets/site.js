// FlowAtlas: theme toggle, navigation filter and search. No network, no inline handlers.
(function () {
  "use strict";
  var root = document.body.getAttribute("data-root") || "";

  // The search index's entries (assets/search-index.js sets window.FLOWATLAS_SEARCH), or none.
  function searchIndex() {
    var entries = /** @type {any} */ (window).FLOWATLAS_SEARCH;
    return Array.isArray(entries) ? entries : [];
  }

  // Theme: auto (follow the system) → dark → light → auto.
  var toggle = document.getElementById("theme-toggle");
  var names = { auto: "Auto", dark: "Dark", light: "Light" };
  function currentTheme() {
    var theme = document.documentElement.getAttribute("data-theme");
    return theme === "dark" || theme === "light" ? theme : "auto";
  }
  function showTheme() {
    if (!toggle) { return; }
    var theme = currentTheme();
    toggle.textContent = names[theme];
    toggle.setAttribute("aria-label", theme === "auto"
      ? "Colour theme: follows the system. Switch to dark."
      : "Colour theme: " + names[theme].toLowerCase() + ". Switch to " + (theme === "dark" ? "light." : "auto."));
  }
  if (toggle) {
    toggle.addEventListener("click", function () {
      var next = { auto: "dark", dark: "light", light: "auto" }[currentTheme()];
      if (next === "auto") {
        document.documentElement.removeAttribute("data-theme");
      } else {
        document.documentElement.setAttribute("data-theme", next);
      }
      try {
        if (next === "auto") { window.localStorage.removeItem("flowatlas-theme"); }
        else { window.localStorage.setItem("flowatlas-theme", next); }
      } catch (error) { /* not kept: fine */ }
      showTheme();
    });
    showTheme();
  }

  // Small screens: the navigation folds behind its Menu button.
  var navToggle = document.querySelector(".nav-toggle");
  if (navToggle) {
    navToggle.addEventListener("click", function () {
      var open = navToggle.getAttribute("aria-expanded") !== "true";
      navToggle.setAttribute("aria-expanded", open ? "true" : "false");
      navToggle.closest(".sidebar").classList.toggle("open", open);
    });
  }

  // The sidebar's journeys, from the search index: in every page's bytes, the list would make
  // one new run change every page of its app. Without the script, "All journeys" leads there.
  var journeyList = document.querySelector(".nav-journeys");
  if (journeyList) {
    var folder = journeyList.getAttribute("data-app") + "/";
    var here = window.location.pathname.split("/").pop();
    var allJourneys = journeyList.firstElementChild;
    var journeys = searchIndex().filter(function (entry) {
      return entry.k === "Journey" && entry.u.indexOf(folder) === 0;
    });
    // Past the limit, "All journeys" alone: thousands of links on every page help nobody.
    if (journeys.length > Number(journeyList.getAttribute("data-limit"))) { journeys = []; }
    journeys.forEach(function (entry) {
      var page = entry.u.slice(folder.length);
      var link = document.createElement("a");
      link.href = page;
      link.textContent = entry.t;
      if (page === here || page === here + ".html") { link.setAttribute("aria-current", "page"); }
      var item = document.createElement("li");
      item.appendChild(link);
      journeyList.insertBefore(item, allJourneys);
    });
  }

  // Sidebar filter: hide links that do not match, and section titles left without links.
  var filter = /** @type {HTMLInputElement | null} */ (document.getElementById("nav-filter"));
  if (filter) {
    filter.addEventListener("input", function () {
      var query = filter.value.trim().toLowerCase();
      var lists = document.querySelectorAll(".nav-lists ul");
      Array.prototype.forEach.call(lists, function (list) {
        var shown = 0;
        Array.prototype.forEach.call(list.children, function (item) {
          var match = query === "" || item.textContent.toLowerCase().indexOf(query) !== -1;
          item.hidden = !match;
          if (match) { shown += 1; }
        });
        list.hidden = shown === 0;
        var title = list.previousElementSibling;
        if (title && title.classList.contains("nav-section")) { title.hidden = shown === 0; }
      });
    });
  }

  // Search over flows, screens, actions and journeys (assets/search-index.js).
  var input = /** @type {HTMLInputElement | null} */ (document.getElementById("search-input"));
  var results = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  var index = searchIndex().map(function (entry, order) {
    return { entry: entry, order: order, title: entry.t.toLowerCase(), detail: (entry.d + " " + entry.a).toLowerCase() };
  });
  function close() {
    results.hidden = true;
  }
  function search(query) {
    var found = [];
    index.forEach(function (item) {
      var score = -1;
      if (item.title === query) { score = 0; }
      else if (item.title.indexOf(query) === 0) { score = 1; }
      else if (item.title.indexOf(query) !== -1) { score = 2; }
      else if (item.detail.indexOf(query) !== -1) { score = 3; }
      if (score >= 0) { found.push({ score: score, item: item }); }
    });
    found.sort(function (a, b) { return a.score - b.score || a.item.order - b.item.order; });
    return found.slice(0, 25).map(function (hit) { return hit.item.entry; });
  }
  function span(className, text) {
    var element = document.createElement("span");
    element.className = className;
    element.textContent = text;
    return element;
  }
  function render() {
    var query = input.value.trim().toLowerCase();
    while (results.firstChild) { results.removeChild(results.firstChild); }
    if (query === "") { close(); status.textContent = ""; return; }
    var hits = search(query);
    hits.forEach(function (entry) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = root + entry.u;
      link.appendChild(span("kind", entry.k));
      link.appendChild(span("title", entry.t));
      link.appendChild(span("detail", [entry.d, entry.a].filter(Boolean).join(" · ")));
      item.appendChild(link);
      results.appendChild(item);
    });
    if (hits.length === 0) {
      var none = document.createElement("li");
      none.className = "empty";
      none.textContent = "Nothing matches “" + input.value.trim() + "”.";
      results.appendChild(none);
    }
    status.textContent = hits.length === 0 ? "No results" : hits.length + " results";
    results.hidden = false;
  }
  function links() { return Array.prototype.slice.call(results.querySelectorAll("a")); }
  if (input && results) {
    input.addEventListener("input", render);
    input.addEventListener("focus", function () { if (input.value.trim() !== "") { render(); } });
    input.addEventListener("keydown", function (event) {
      var found = links();
      if (event.key === "ArrowDown" && found.length) { event.preventDefault(); found[0].focus(); }
      else if (event.key === "Enter" && found.length) { event.preventDefault(); found[0].click(); }
      else if (event.key === "Escape") { close(); }
    });
    results.addEventListener("keydown", function (event) {
      var found = links();
      var at = found.indexOf(document.activeElement);
      if (event.key === "ArrowDown" && at < found.length - 1) { event.preventDefault(); found[at + 1].focus(); }
      else if (event.key === "ArrowUp") { event.preventDefault(); (at > 0 ? found[at - 1] : input).focus(); }
      else if (event.key === "Escape") { close(); input.focus(); }
    });
    results.addEventListener("click", function () { close(); });
    document.addEventListener("click", function (event) {
      var target = /** @type {Element} */ (event.target);
      if (!target.closest || !target.closest(".search")) { close(); }
    });
    document.addEventListener("keydown", function (event) {
      var typing = /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName);
      if (event.key === "/" && !typing) { event.preventDefault(); input.focus(); }
    });
  }

  // Diagrams: zoom (buttons; + - 0 keys; Ctrl or pinch on the wheel), pan (drag; arrow keys
  // scroll the focused diagram), full screen. Zooming resizes the SVG inside its scrolling
  // box, so links inside keep working; a drag is not taken for a click.
  Array.prototype.forEach.call(document.querySelectorAll("figure.diagram"), function (figure) {
    var scroller = figure.querySelector(".diagram-scroll");
    var svg = scroller && scroller.querySelector("svg");
    var tools = figure.querySelector(".diagram-tools");
    var box = svg && svg.viewBox && svg.viewBox.baseVal;
    if (!tools || !box || !box.width) { return; }
    var natural = parseFloat(svg.getAttribute("width")) * 4 / 3 || box.width * 4 / 3;  // pt → px
    var smallest = Infinity;
    Array.prototype.forEach.call(svg.querySelectorAll("text"), function (text) {
      var size = parseFloat(text.getAttribute("font-size"));
      if (size > 0 && size < smallest) { smallest = size; }
    });
    // The narrowest width at which every label is still 9 CSS pixels or more.
    var readable = smallest === Infinity ? 0 : 9.5 * box.width / smallest;
    function room() {
      var style = window.getComputedStyle(scroller);
      return scroller.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    }
    function width() { return svg.getBoundingClientRect().width; }
    // Resizes, keeping the diagram's point under (x, y) (client coordinates) where it was.
    function resize(next, x, y) {
      var bounds = scroller.getBoundingClientRect();
      if (x === undefined) { x = bounds.left + scroller.clientWidth / 2; y = bounds.top + scroller.clientHeight / 2; }
      var before = svg.getBoundingClientRect();
      var ratio = Math.max(0.05, Math.min(next, natural * 8)) / before.width;
      svg.style.width = before.width * ratio + "px";
      var after = svg.getBoundingClientRect();
      scroller.scrollLeft += (x - before.left) * ratio - (x - after.left);
      scroller.scrollTop += (y - before.top) * ratio - (y - after.top);
    }
    // At rest: the column's width, but never less than readable nor more than drawn.
    var zoomed = false;
    function rest() {
      zoomed = false;
      figure.removeAttribute("data-zoomed");
      resize(Math.min(Math.max(Math.min(room(), natural), readable), Math.max(natural, readable)));
    }
    function zoom(next, x, y) { zoomed = true; figure.setAttribute("data-zoomed", ""); resize(next, x, y); }
    // The live preview (preview.js) puts a zoomed diagram back at its width when the page loads again.
    figure.addEventListener("flowatlas-zoom", function (event) {
      zoom(/** @type {CustomEvent} */ (event).detail);
    });
    function zoomBy(factor) { zoom(width() * factor); }
    function fit() { zoom(room()); }
    tools.hidden = false;
    tools.querySelector(".zoom-in").addEventListener("click", function () { zoomBy(1.25); });
    tools.querySelector(".zoom-out").addEventListener("click", function () { zoomBy(1 / 1.25); });
    tools.querySelector(".zoom-fit").addEventListener("click", fit);
    var full = tools.querySelector(".full-screen");
    if (figure.requestFullscreen) {
      full.addEventListener("click", function () {
        if (document.fullscreenElement === figure) { document.exitFullscreen(); } else { figure.requestFullscreen(); }
      });
      document.addEventListener("fullscreenchange", function () {
        full.textContent = document.fullscreenElement === figure ? "Exit full screen" : "Full screen";
        rest();
      });
    } else {
      full.hidden = true;
    }
    scroller.addEventListener("keydown", function (event) {
      if (event.ctrlKey || event.metaKey || event.altKey) { return; }
      if (event.key === "+" || event.key === "=") { event.preventDefault(); zoomBy(1.25); }
      else if (event.key === "-" || event.key === "_") { event.preventDefault(); zoomBy(1 / 1.25); }
      else if (event.key === "0") { event.preventDefault(); fit(); }
    });
    scroller.addEventListener("wheel", function (event) {
      if (!event.ctrlKey && !event.metaKey) { return; }  // a plain wheel scrolls the page
      event.preventDefault();
      zoom(width() * Math.exp(-event.deltaY / 300), event.clientX, event.clientY);
    }, { passive: false });
    var drag = null;
    scroller.addEventListener("pointerdown", function (event) {
      if (event.button !== 0 || event.pointerType === "touch") { return; }
      drag = { x: event.clientX, y: event.clientY, left: scroller.scrollLeft, top: scroller.scrollTop, moved: false };
    });
    scroller.addEventListener("pointermove", function (event) {
      if (!drag) { return; }
      var dx = event.clientX - drag.x, dy = event.clientY - drag.y;
      if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 5) { return; }
      drag.moved = true;
      scroller.classList.add("dragging");
      scroller.scrollLeft = drag.left - dx;
      scroller.scrollTop = drag.top - dy;
    });
    function release() {
      scroller.classList.remove("dragging");
      if (drag && drag.moved) {
        // The click that ends a drag does not follow the link under it.
        var swallow = function (event) { event.preventDefault(); event.stopPropagation(); };
        scroller.addEventListener("click", swallow, { capture: true, once: true });
        window.setTimeout(function () { scroller.removeEventListener("click", swallow, { capture: true }); }, 0);
      }
      drag = null;
    }
    scroller.addEventListener("pointerup", release);
    scroller.addEventListener("pointercancel", release);
    rest();
    window.addEventListener("resize", function () { if (!zoomed) { rest(); } });
  });

  // The app map's focus: a flow or a screen picked above the map (its page is the option's
  // data-page, which the map's boxes and flow frames link to) dims the rest of the map but for
  // what leads to it and what it leads to, one step each way. On a map of flows, a screen is its
  // flow's box (data-flow). Escape or "Show all" shows the whole map again.
  var focusForm = /** @type {HTMLElement | null} */ (document.querySelector(".map-focus"));
  var focusMap = document.querySelector("#app-map svg");
  if (focusForm && focusMap) {
    var focusInput = /** @type {HTMLInputElement} */ (focusForm.querySelector("input"));
    var focusStatus = /** @type {HTMLElement} */ (focusForm.querySelector(".map-focus-status"));
    var focusChoices = focusForm.querySelectorAll("option");
    var linked = {};  // page → the map's boxes and frames that link to it
    Array.prototype.forEach.call(focusMap.querySelectorAll("g.node[id], g.cluster[id]"), function (group) {
      var link = group.querySelector("a");
      var page = link && (link.getAttribute("xlink:href") || link.getAttribute("href"));
      if (page) { (linked[page] = linked[page] || []).push(group); }
    });
    var mapNodes = {};
    Array.prototype.forEach.call(focusMap.querySelectorAll("g.node[id]"), function (node) { mapNodes[node.id] = node; });
    var mapEdges = [];
    Array.prototype.forEach.call(focusMap.querySelectorAll("g.edge"), function (edge) {
      var title = edge.querySelector("title");
      var ends = title ? title.textContent.split("->") : [];
      if (ends.length === 2) { mapEdges.push({ group: edge, from: ends[0], to: ends[1] }); }
    });
    var owners = function (group) {
      return Array.prototype.filter.call(group.classList, function (name) { return name.indexOf("owner-") === 0; });
    };
    // The boxes a page stands for: its box, or the boxes of the flow whose frame links to it.
    var boxes = function (page) {
      var found = [];
      (linked[page] || []).forEach(function (group) {
        if (group.classList.contains("node")) { found.push(group); return; }
        owners(group).forEach(function (owner) {
          Array.prototype.forEach.call(focusMap.querySelectorAll("g.node." + owner), function (node) { found.push(node); });
        });
      });
      return found;
    };
    var showAll = function () {
      focusMap.classList.remove("focused");
      Array.prototype.forEach.call(focusMap.querySelectorAll(".focus, .near"), function (group) {
        group.classList.remove("focus", "near");
      });
      focusStatus.textContent = "";
    };
    // The choices of one name (a flow and a screen may share one): all their boxes.
    var focusOn = function (choices) {
      showAll();
      var name = choices[0].value;
      var found = [];
      var asFlow = [];
      choices.forEach(function (choice) {
        var own = boxes(choice.getAttribute("data-page") || "");
        var flow = choice.getAttribute("data-flow");
        found = found.concat(own);
        if (own.length === 0 && flow) { asFlow = asFlow.concat(boxes(flow)); }
      });
      if (found.length) { asFlow = []; }
      var focused = found.length ? found : asFlow;
      if (!focused.length) { focusStatus.textContent = name + " is not drawn on this map."; return; }
      var inFocus = {};
      focused.forEach(function (node) { inFocus[node.id] = true; node.classList.add("focus"); });
      var near = 0;
      mapEdges.forEach(function (edge) {
        if (!inFocus[edge.from] && !inFocus[edge.to]) { return; }
        edge.group.classList.add("near");
        [edge.from, edge.to].forEach(function (id) {
          var node = mapNodes[id];
          if (node && !inFocus[id] && !node.classList.contains("near")) { node.classList.add("near"); near += 1; }
        });
      });
      focused.concat(asFlow).forEach(function (node) {
        owners(node).forEach(function (owner) {
          Array.prototype.forEach.call(focusMap.querySelectorAll("g.cluster." + owner), function (frame) {
            frame.classList.add("near");
          });
        });
      });
      focusMap.classList.add("focused");
      focusStatus.textContent = (asFlow.length ? name + " is in the flow drawn as one box here. " : "")
        + "Showing " + name + " and " + near + (near === 1 ? " box" : " boxes") + " one step away.";
      // Into the middle of the map's own scrolling box: the page stays where the field is.
      var scroller = focusMap.parentElement;
      if (scroller) {
        var box = focused[0].getBoundingClientRect();
        var view = scroller.getBoundingClientRect();
        scroller.scrollLeft += box.left + box.width / 2 - (view.left + scroller.clientWidth / 2);
        scroller.scrollTop += box.top + box.height / 2 - (view.top + scroller.clientHeight / 2);
      }
    };
    var pick = function () {
      var value = focusInput.value;
      var choices = Array.prototype.filter.call(focusChoices, function (option) { return option.value === value; });
      if (choices.length) { focusOn(choices); } else if (value === "") { showAll(); }
    };
    focusInput.addEventListener("input", pick);
    focusInput.addEventListener("change", pick);
    focusInput.addEventListener("keydown", function (event) {
      if (event.key === "Escape") { focusInput.value = ""; showAll(); }
    });
    focusForm.querySelector(".map-focus-clear").addEventListener("click", function () {
      focusInput.value = "";
      showAll();
      focusInput.focus();
    });
    focusForm.hidden = false;
  }

  // The journey player: steps through the page's list of steps (buttons, ← and →, the slider,
  // Play), marks the current step (aria-current="step") and, in the diagram, the screen it
  // is on (class "current"), the transition just taken ("taken") and what is still ahead
  // ("future"). Each position is a permalink: #step-K.
  var player = /** @type {HTMLElement | null} */ (document.querySelector(".player"));
  var stepList = document.querySelector("ol.steps");
  if (player && stepList) {
    var items = Array.prototype.slice.call(stepList.children);
    var slider = /** @type {HTMLInputElement} */ (player.querySelector(".player-slider"));
    var playerStatus = /** @type {HTMLElement} */ (player.querySelector(".player-status"));
    var play = player.querySelector(".player-play");
    var before = parseInt(stepList.getAttribute("data-transitions-before") || "0", 10);
    var drawn = { node: {}, edge: {} };
    var chart = document.querySelector("#diagram svg");
    if (chart) {
      Array.prototype.forEach.call(chart.querySelectorAll("g.node[id], g.edge[id]"), function (group) {
        var match = /-(step|edge)-(\d+)$/.exec(group.id);
        if (match) { drawn[match[1] === "step" ? "node" : "edge"][match[2]] = group; }
      });
    }
    var numbers = Object.keys(drawn.node).map(Number);
    // The transition each position is at (the last one at or before it).
    var at = [before], last = before;
    items.forEach(function (item) {
      var number = parseInt(item.getAttribute("data-transition") || "0", 10);
      if (number) { last = number; }
      at.push(last);
    });
    var position = 0, timer = null;
    slider.max = String(items.length);
    // The picture of the screen at each position (the last step at or before it that showed one).
    var figure = /** @type {HTMLElement | null} */ (document.querySelector("figure.player-picture"));
    // A later page of steps starts on the picture of the last transition before it.
    var pictureBefore = stepList.getAttribute("data-picture-before");
    var lastPicture = pictureBefore ? { src: pictureBefore, step: stepList.getAttribute("data-picture-step-before") } : null;
    var pictureAt = [null];
    items.forEach(function (item) {
      // Present on a transition: the screen it shows, or empty for a screen without a picture.
      var picture = item.getAttribute("data-picture");
      if (picture !== null) { lastPicture = picture ? { src: picture, step: item.getAttribute("data-picture-step") } : null; }
      pictureAt.push(lastPicture);
    });
    var showPicture = function () {
      if (!figure) { return; }
      var picture = position > 0 ? pictureAt[position] : null;
      figure.hidden = !picture;
      if (!picture) { return; }
      var caption = figure.querySelector("figcaption");
      var image = /** @type {HTMLImageElement | null} */ (figure.querySelector("img"));
      if (!image) {
        image = document.createElement("img");
        figure.insertBefore(image, caption);
      }
      if (image.getAttribute("src") !== picture.src) { image.setAttribute("src", picture.src); }
      // The step whose showing the run pictured; none when the picture is another run's.
      caption.textContent = picture.step ? "As step " + picture.step + " showed it" : "As another run showed it";
      image.setAttribute("alt", caption.textContent);
    };
    var mark = function (group, name, on) { if (group) { group.classList.toggle(name, on); } };
    var show = function (next, moveTo) {
      next = Math.max(0, Math.min(items.length, next));
      if (position > 0) { items[position - 1].classList.remove("current"); items[position - 1].removeAttribute("aria-current"); }
      position = next;
      slider.value = String(position);
      var transition = at[position];
      numbers.forEach(function (number) {
        mark(drawn.node[number], "future", position > 0 && number > transition);
        mark(drawn.edge[number], "future", position > 0 && number > transition);
        mark(drawn.node[number], "current", position > 0 && number === transition);
        mark(drawn.edge[number], "taken", position > 0 && number === transition);
      });
      showPicture();
      if (position === 0) {
        playerStatus.textContent = items.length + " steps: press Play or →.";
        return;
      }
      var item = items[position - 1];
      item.classList.add("current");
      item.setAttribute("aria-current", "step");
      playerStatus.textContent = "Step " + item.id.slice(5) + ": " + item.textContent.replace(/\s+line \d+$/, "");
      if (moveTo) {
        item.scrollIntoView({ block: "nearest" });
        if (window.history.replaceState) { window.history.replaceState(null, "", "#" + item.id); }
      }
    };
    var stop = function () {
      if (timer !== null) { window.clearInterval(timer); timer = null; }
      play.textContent = "Play";
      play.setAttribute("aria-pressed", "false");
    };
    player.hidden = false;
    player.querySelector(".player-previous").addEventListener("click", function () { stop(); show(position - 1, true); });
    player.querySelector(".player-next").addEventListener("click", function () { stop(); show(position + 1, true); });
    slider.addEventListener("input", function () { stop(); show(parseInt(slider.value, 10), true); });
    play.addEventListener("click", function () {
      if (timer !== null) { stop(); return; }
      if (position >= items.length) { show(0, false); }
      play.textContent = "Pause";
      play.setAttribute("aria-pressed", "true");
      timer = window.setInterval(function () {
        show(position + 1, true);
        if (position >= items.length) { stop(); }
      }, 900);
    });
    document.addEventListener("keydown", function (event) {
      var target = /** @type {Element} */ (event.target);
      if (event.ctrlKey || event.metaKey || event.altKey || /^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(target.tagName)) { return; }
      if (target.closest && target.closest(".diagram-scroll")) { return; }  // there the arrows pan
      if (event.key === "ArrowRight") { event.preventDefault(); stop(); show(position + 1, true); }
      else if (event.key === "ArrowLeft") { event.preventDefault(); stop(); show(position - 1, true); }
    });
    // A permalink opens at its step; a link to a trace line, at the step that line shows.
    var follow = function () {
      var target = window.location.hash ? document.getElementById(window.location.hash.slice(1)) : null;
      var item = target && target.closest ? target.closest("ol.steps > li") : null;
      var index = items.indexOf(item);
      if (index >= 0) { show(index + 1, false); }
    };
    window.addEventListener("hashchange", follow);
    follow();
  }

  // Live preview: a tab opened at the address `flowatlas preview` prints (index.html?preview) loads
  // the preview's script, which it writes into the site while it runs, on every page from then on.
  // A built site has no such script, and a page opened any other way loads nothing more.
  try {
    if (/(^\?|&)preview(&|=|$)/.test(window.location.search)) {
      window.sessionStorage.setItem("flowatlas-preview", "on");
    }
    if (window.sessionStorage.getItem("flowatlas-preview") === "on") {
      var preview = document.createElement("script");
      preview.src = root + "assets/preview.js";
      preview.onerror = function () { window.sessionStorage.removeItem("flowatlas-preview"); };
      document.head.appendChild(preview);
    }
  } catch (error) { /* no session storage here: no live preview */ }
})();
