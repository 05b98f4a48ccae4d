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
