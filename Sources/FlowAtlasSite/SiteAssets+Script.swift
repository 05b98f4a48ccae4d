/// The site's scripts: external files only (the Content-Security-Policy forbids inline
/// script). They build every element with `textContent`, never `innerHTML`, so search
/// results made from trace text cannot become markup.
extension SiteAssets {
  /// Loaded in `<head>` without `defer` so a chosen theme applies before the first paint.
  static let themeScript = #"""
    // FlowAtlas: apply the reader's chosen colour theme (auto, light or dark) before painting.
    (function () {
      "use strict";
      document.documentElement.classList.add("js");
      try {
        var theme = window.localStorage.getItem("flowatlas-theme");
        if (theme === "light" || theme === "dark") {
          document.documentElement.setAttribute("data-theme", theme);
        }
      } catch (error) {
        // Storage can be unavailable from file://; the system's preference applies.
      }
    })();

    """#

  static let siteScript = #"""
    // FlowAtlas: theme toggle, navigation filter and search. No network, no inline handlers.
    (function () {
      "use strict";
      var root = document.body.getAttribute("data-root") || "";

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

      // Sidebar filter: hide links that do not match, and section titles left without links.
      var filter = document.getElementById("nav-filter");
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
      var input = document.getElementById("search-input");
      var results = document.getElementById("search-results");
      var status = document.getElementById("search-status");
      var index = (window.FLOWATLAS_SEARCH || []).map(function (entry, order) {
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
          if (!event.target.closest || !event.target.closest(".search")) { close(); }
        });
        document.addEventListener("keydown", function (event) {
          var typing = /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName);
          if (event.key === "/" && !typing) { event.preventDefault(); input.focus(); }
        });
      }
    })();

    """#
}
