// FlowAtlas live preview: `flowatlas preview` writes this file into the site while it runs (a built
// site has none), and site.js loads it only in a tab opened at the address the preview prints.
// From file:// a page can read no other file, but it can load a script: every half second this loads
// assets/preview-state.js again (which build is the latest, and whether one runs), and when a build
// has ended assets/preview-build.js (each page's version, the build's problems). A page whose version
// changed loads again where the reader was: its scroll, its diagrams' zoom and, in the address, its
// journey step; a page no longer in the site says so and links to its app.
(function () {
  "use strict";
  var root = document.body.getAttribute("data-root") || "";
  var depth = root.split("../").length - 1;
  var parts = window.location.pathname.split("/");
  // This page's path in the site, as the build names it.
  var here = parts.slice(Math.max(0, parts.length - 1 - depth)).map(decodeURIComponent).join("/");
  var placeKey = "flowatlas-preview-place:" + here;
  var shared = /** @type {any} */ (window);
  // When this page began to load: a build that ended later may have replaced what it shows.
  var loadedAt = window.performance && window.performance.timeOrigin ? window.performance.timeOrigin : Date.now();
  var mine = null;
  var seen = -1;
  var panel = null;
  var headline = null;
  var list = null;

  function diagrams() {
    return Array.prototype.slice.call(document.querySelectorAll("figure.diagram")).map(function (figure) {
      var scroller = figure.querySelector(".diagram-scroll");
      return { figure: figure, scroller: scroller, svg: scroller && scroller.querySelector("svg") };
    });
  }

  // Where the reader is, for this page's next load in this tab.
  function keepPlace() {
    var place = {
      x: window.scrollX,
      y: window.scrollY,
      diagrams: diagrams().map(function (diagram) {
        return diagram.svg
          ? {
            // The width of a diagram the reader zoomed (site.js marks it); one at rest rests again.
            width: diagram.figure.hasAttribute("data-zoomed") ? diagram.svg.getBoundingClientRect().width : null,
            left: diagram.scroller.scrollLeft,
            top: diagram.scroller.scrollTop
          }
          : null;
      })
    };
    try {
      window.sessionStorage.setItem(placeKey, JSON.stringify(place));
    } catch (error) { /* not kept: the page opens at its top */ }
  }

  function restorePlace() {
    var text = null;
    try {
      text = window.sessionStorage.getItem(placeKey);
      window.sessionStorage.removeItem(placeKey);
    } catch (error) { return; }
    if (!text) { return; }
    var place = JSON.parse(text);
    var found = diagrams();
    place.diagrams.forEach(function (saved, index) {
      var diagram = found[index];
      if (!saved || !diagram || !diagram.svg) { return; }
      // Through site.js, which then keeps that zoom as the reader's own (a resize leaves it).
      if (typeof saved.width === "number") {
        diagram.figure.dispatchEvent(new CustomEvent("flowatlas-zoom", { detail: saved.width }));
      }
      diagram.scroller.scrollLeft = saved.left;
      diagram.scroller.scrollTop = saved.top;
    });
    window.scrollTo(place.x, place.y);
  }

  function reload() {
    keepPlace();
    // The place is put back here, after the browser has gone to the address's step.
    if (window.history.scrollRestoration) { window.history.scrollRestoration = "manual"; }
    window.location.reload();
  }

  function show(text, problems) {
    if (!panel) {
      panel = document.createElement("aside");
      panel.className = "preview-panel";
      panel.setAttribute("aria-label", "Live preview");
      var style = panel.style;
      style.position = "fixed";
      style.right = "1rem";
      style.bottom = "1rem";
      style.zIndex = "100";
      style.maxWidth = "min(40rem, calc(100vw - 2rem))";
      style.maxHeight = "40vh";
      style.overflow = "auto";
      style.padding = "0.5rem 0.75rem";
      style.border = "1px solid var(--border)";
      style.borderRadius = "6px";
      style.background = "var(--surface)";
      style.color = "var(--fg)";
      style.fontSize = "0.85rem";
      style.boxShadow = "0 2px 8px rgba(0, 0, 0, 0.25)";
      headline = document.createElement("p");
      headline.className = "preview-status";
      headline.setAttribute("role", "status");
      headline.style.margin = "0";
      list = document.createElement("ul");
      list.className = "preview-problems";
      list.style.margin = "0.25rem 0 0";
      list.style.paddingLeft = "1.25rem";
      list.style.fontFamily = "var(--mono)";
      list.style.whiteSpace = "pre-wrap";
      list.style.overflowWrap = "anywhere";
      list.hidden = true;
      panel.appendChild(headline);
      panel.appendChild(list);
      document.body.appendChild(panel);
    }
    headline.textContent = text;
    if (!problems) { return; }
    while (list.firstChild) { list.removeChild(list.firstChild); }
    problems.forEach(function (problem) {
      var item = document.createElement("li");
      item.textContent = problem;
      list.appendChild(item);
    });
    list.hidden = problems.length === 0;
  }

  function summary(build) {
    var count = build.problems.length;
    var problems = count === 0 ? "no problems" : count === 1 ? "1 problem" : count + " problems";
    if (build.status === 0) { return "Live preview: build " + build.build + ", " + problems + "."; }
    if (build.status === 1) { return "Live preview: build " + build.build + " failed --strict, " + problems + "."; }
    return "Live preview: build " + build.build + " failed (exit " + build.status + "): the pages are the last site " +
      "that built; " + problems + ".";
  }

  // This page is no longer in the site (its run or flow left the inputs): say so, and link to its app.
  function gone(pages) {
    var main = document.getElementById("main");
    if (!main || document.querySelector(".preview-gone")) { return; }
    var note = document.createElement("div");
    note.className = "preview-gone";
    note.setAttribute("role", "alert");
    note.style.border = "1px solid var(--warning)";
    note.style.background = "var(--warning-bg)";
    note.style.padding = "0.5rem 0.75rem";
    note.style.borderRadius = "6px";
    note.style.marginBottom = "1rem";
    note.appendChild(document.createTextNode(
      "This page is no longer in the site: what it showed is gone from the inputs. "));
    var slash = here.lastIndexOf("/");
    var app = slash >= 0 ? here.slice(0, slash + 1) + "index.html" : "index.html";
    var crumb = document.querySelector("nav.breadcrumbs li:nth-child(2) a");
    var link = document.createElement("a");
    if (app !== here && pages[app] !== undefined) {
      link.href = root + app;
      link.textContent = "Open " + (crumb ? crumb.textContent : "its app") + ".";
    } else {
      link.href = root + "index.html";
      link.textContent = "Open all apps.";
    }
    note.appendChild(link);
    main.insertBefore(note, main.firstChild);
    // The reader may be far down the page: what they read is gone, which matters more.
    note.scrollIntoView({ block: "center" });
  }

  function load(name, query, done, failed) {
    var script = document.createElement("script");
    script.src = root + "assets/" + name + "?" + query;
    script.onload = function () { script.parentNode.removeChild(script); done(); };
    script.onerror = function () { script.parentNode.removeChild(script); failed(); };
    document.head.appendChild(script);
  }

  function later() { window.setTimeout(poll, 500); }

  // The state file is there while the preview runs: without it for two seconds (a build may be
  // exchanging the folder at one look), the preview has stopped.
  var misses = 0;
  function missed() {
    misses += 1;
    if (misses >= 4) { stopped(); } else { later(); }
  }

  function stopped() {
    show("Live preview stopped: flowatlas preview no longer runs, and this page no longer follows the site.", []);
    try { window.sessionStorage.removeItem("flowatlas-preview"); } catch (error) { /* the tab forgets anyway */ }
  }

  function apply(state) {
    var build = shared.FLOWATLAS_PREVIEW_BUILD;
    // Written before the state; a newer one means the next look sees the newer state.
    if (!build || build.build !== state.build) { return; }
    seen = build.build;
    show(summary(build), build.problems);
    var version = build.pages[here];
    if (version === undefined) {
      gone(build.pages);
      mine = null;
      return;
    }
    if (mine === null) {
      if (state.finished >= loadedAt - 5) { reload(); return; }
      mine = version;
      return;
    }
    if (version !== mine) { reload(); }
  }

  function check() {
    var state = shared.FLOWATLAS_PREVIEW;
    if (!state) { later(); return; }
    if (state.busy) {
      show("Live preview: building (build " + state.build + ")…");
      later();
      return;
    }
    if (state.build === seen) { later(); return; }
    load("preview-build.js", "build=" + state.build, function () { apply(state); later(); }, later);
  }

  function poll() {
    load("preview-state.js", "t=" + Date.now(), function () { misses = 0; check(); }, missed);
  }

  if (document.readyState === "complete") {
    restorePlace();
  } else {
    window.addEventListener("load", restorePlace);
  }
  poll();
})();
