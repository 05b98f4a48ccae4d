/// The site's stylesheet, embedded so the binary is self-contained and the bytes never
/// depend on where the tool is installed. No web fonts, no network.
enum SiteAssets {
  /// The dark theme's colours, for the system's dark mode and for the reader's own choice.
  private static let darkPalette = [
    "color-scheme: dark;",
    "--bg: #0d1117; --surface: #161b22; --surface-2: #1c2330; --border: #30363d; --fg: #e6edf3;",
    "--muted: #9da7b3; --accent: #58a6ff; --accent-bg: #12263f; --highlight: #3b2e00;",
    "--warning: #e3b341; --warning-bg: #2e2208; --error: #ff7b72; --error-bg: #3a1513;",
    "--node-bg: #161b22; --node-stroke: #8b949e; --cluster-bg: #11161d; --edge: #9da7b3;",
    "--kind-push: #58a6ff; --kind-present: #c297ff; --kind-set-root: #56d364; --kind-tab: #39c5cf;",
    "--kind-back: #7d8590;",
    "--diff-added: #3fb950; --diff-added-bg: #12361f; --diff-removed: #f85149; --diff-removed-bg: #3d1214;",
    "--diff-changed: #d29922; --diff-changed-bg: #3b2e00;",
  ]

  /// ``darkPalette`` as lines of the stylesheet, each after `indent`.
  private static func darkPalette(indent: String) -> String {
    darkPalette.map { indent + $0 }.joined(separator: "\n")
  }

  /// ``darkPalette`` on one line, for a diagram restyled as a file of its own.
  static var darkPaletteLine: String { darkPalette.joined(separator: " ") }

  /// How diagrams look on a page: the theme's colours for Graphviz's nodes, edges and clusters,
  /// by the classes the renderer gives them. Part of ``css``, and of a dark diagram file's own
  /// style (``StandaloneSVG``).
  static let diagramRules = #"""
    .diagram-svg g.graph > polygon { fill: transparent; stroke: none; }
    /* Labels are laid out with Helvetica's widths (Graphviz's built-in metrics, the same on every
       machine): draw them in Helvetica or a font with its widths, before a wider sans-serif. */
    .diagram-svg text { fill: var(--fg);
      font-family: Helvetica, Arial, "Liberation Sans", "Nimbus Sans", "Nimbus Sans L", Arimo, sans-serif; }
    .diagram-svg .cluster > polygon, .diagram-svg .cluster > path { fill: var(--cluster-bg); stroke: var(--border); }
    .diagram-svg .node > ellipse, .diagram-svg .node > polygon, .diagram-svg .node > path,
    .diagram-svg .node > rect, .diagram-svg .node a > ellipse, .diagram-svg .node a > polygon,
    .diagram-svg .node a > path, .diagram-svg .node a > rect { fill: var(--node-bg); stroke: var(--node-stroke); }
    .diagram-svg .edge { --edge-color: var(--edge); }
    .diagram-svg .edge.kind-push { --edge-color: var(--kind-push); }
    .diagram-svg .edge.kind-present { --edge-color: var(--kind-present); }
    .diagram-svg .edge.kind-setRoot, .diagram-svg .edge.kind-set-root { --edge-color: var(--kind-set-root); }
    .diagram-svg .edge.kind-selectTab, .diagram-svg .edge.kind-select-tab { --edge-color: var(--kind-tab); }
    .diagram-svg .edge.kind-pop, .diagram-svg .edge.kind-popToRoot, .diagram-svg .edge.kind-pop-to-root,
    .diagram-svg .edge.kind-dismiss { --edge-color: var(--kind-back); }
    .diagram-svg .edge path { stroke: var(--edge-color); }
    .diagram-svg .edge polygon { stroke: var(--edge-color); fill: var(--edge-color); }
    .diagram-svg .edge text { fill: var(--muted); }
    /* Two versions in one diagram (the Changes page): the marks keep their meaning in either theme. */
    .diagram-svg .node.diff-added > path, .diagram-svg .node.diff-added > polygon {
      fill: var(--diff-added-bg); stroke: var(--diff-added); stroke-width: 2; }
    .diagram-svg .node.diff-removed > path, .diagram-svg .node.diff-removed > polygon {
      fill: var(--diff-removed-bg); stroke: var(--diff-removed); stroke-dasharray: 5 3; }
    .diagram-svg .node.diff-changed > path, .diagram-svg .node.diff-changed > polygon {
      fill: var(--diff-changed-bg); stroke: var(--diff-changed); }
    .diagram-svg .edge.diff-added { --edge-color: var(--diff-added); }
    .diagram-svg .edge.diff-added path { stroke-width: 2; }
    .diagram-svg .edge.diff-removed { --edge-color: var(--diff-removed); }
    .diagram-svg .edge.diff-removed path { stroke-dasharray: 5 3; }
    .diagram-svg .edge.diff-changed { --edge-color: var(--diff-changed); }
    .diagram-svg .edge.diff-unchanged { --edge-color: var(--kind-back); }
    """#

  static let css = #"""
    /* FlowAtlas site. Light and dark follow the system; [data-theme] is the manual choice. */
    :root {
      color-scheme: light;
      --bg: #ffffff; --surface: #f6f8fa; --surface-2: #eef2f6; --border: #d0d7de; --fg: #1f2328;
      --muted: #57606a; --accent: #0b5cad; --accent-bg: #ddf0ff; --highlight: #fff8c5;
      --warning: #8a5a00; --warning-bg: #fff8c5; --error: #b42318; --error-bg: #ffebe9;
      --node-bg: #ffffff; --node-stroke: #57606a; --cluster-bg: #f6f8fa; --edge: #57606a;
      --kind-push: #0b5cad; --kind-present: #8250df; --kind-set-root: #1a7f37; --kind-tab: #0e7490;
      --kind-back: #8c959f;
      --diff-added: #1a7f37; --diff-added-bg: #dafbe1; --diff-removed: #cf222e; --diff-removed-bg: #ffebe9;
      --diff-changed: #9a6700; --diff-changed-bg: #fff8c5;
      --font: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "DejaVu Sans", sans-serif;
      --mono: ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace;
      --header: 3.5rem;
    }
    @media (prefers-color-scheme: dark) {
      :root:not([data-theme="light"]) {
    \#(darkPalette(indent: "    "))
      }
    }
    :root[data-theme="dark"] {
    \#(darkPalette(indent: "  "))
    }

    *, *::before, *::after { box-sizing: border-box; }
    html { scroll-padding-top: calc(var(--header) + 1rem); }
    body {
      margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.6 var(--font);
      -webkit-text-size-adjust: 100%;
    }
    a { color: var(--accent); text-underline-offset: 0.15em; }
    a:hover { text-decoration-thickness: 2px; }
    :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; border-radius: 2px; }
    code, .screen-name, .flow-name { font-family: var(--mono); font-size: 0.9em; }
    code { background: var(--surface); border: 1px solid var(--border); border-radius: 4px; padding: 0 0.25em; }
    a code { color: inherit; }
    q.action { font-weight: 600; }
    .visually-hidden {
      position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
      clip: rect(0 0 0 0); white-space: nowrap; border: 0;
    }
    .skip-link {
      position: absolute; left: 1rem; top: -3rem; z-index: 100; padding: 0.5rem 1rem; background: var(--accent);
      color: var(--bg); border-radius: 0 0 6px 6px; font-weight: 600;
    }
    .skip-link:focus { top: 0; }

    /* Header */
    .topbar {
      position: sticky; top: 0; z-index: 50; display: flex; align-items: center; gap: 1rem;
      height: var(--header); padding: 0 1.25rem; background: var(--surface); border-bottom: 1px solid var(--border);
    }
    .brand { display: flex; align-items: center; gap: 0.5rem; color: var(--fg); font-weight: 700;
      font-size: 1.1rem; text-decoration: none; white-space: nowrap; }
    .brand-mark { color: var(--accent); font-size: 1.3rem; }
    .search { position: relative; flex: 1; max-width: 34rem; margin-left: auto; }
    .search input, .nav-filter {
      width: 100%; padding: 0.45rem 0.75rem; font: inherit; font-size: 0.95rem; color: var(--fg);
      background: var(--bg); border: 1px solid var(--border); border-radius: 6px;
    }
    .search-results {
      position: absolute; top: calc(100% + 4px); left: 0; right: 0; max-height: 70vh; overflow: auto;
      margin: 0; padding: 0.25rem; list-style: none; background: var(--bg); border: 1px solid var(--border);
      border-radius: 8px; box-shadow: 0 12px 32px rgba(0, 0, 0, 0.25);
    }
    .search-results[hidden] { display: none; }
    .search-results a {
      display: grid; grid-template-columns: 5.5rem 1fr; gap: 0 0.5rem; padding: 0.4rem 0.6rem;
      border-radius: 6px; color: var(--fg); text-decoration: none;
    }
    .search-results a:hover, .search-results a:focus { background: var(--accent-bg); outline: none; }
    .search-results .kind { grid-row: span 2; font-size: 0.75rem; font-weight: 600; color: var(--muted);
      text-transform: uppercase; letter-spacing: 0.04em; padding-top: 0.2rem; }
    .search-results .title { font-family: var(--mono); font-size: 0.9rem; overflow-wrap: anywhere; }
    .search-results .detail { font-size: 0.8rem; color: var(--muted); overflow-wrap: anywhere; }
    .search-results .empty { padding: 0.5rem 0.75rem; color: var(--muted); }
    .theme-toggle {
      padding: 0.4rem 0.8rem; font: inherit; font-size: 0.9rem; color: var(--fg); background: var(--bg);
      border: 1px solid var(--border); border-radius: 6px; cursor: pointer;
    }
    .theme-toggle:hover { border-color: var(--accent); }

    /* Layout */
    .layout { display: grid; grid-template-columns: 17rem minmax(0, 1fr); min-height: calc(100vh - var(--header)); }
    .sidebar {
      position: sticky; top: var(--header); align-self: start; height: calc(100vh - var(--header));
      overflow: auto; padding: 1rem; border-right: 1px solid var(--border); background: var(--surface);
      font-size: 0.92rem;
    }
    .nav-filter { margin-bottom: 0.75rem; }
    .nav-app { margin: 0.25rem 0 0.5rem; font-weight: 700; font-size: 1rem; }
    .nav-section { margin: 1rem 0 0.25rem; font-size: 0.75rem; font-weight: 700; color: var(--muted);
      text-transform: uppercase; letter-spacing: 0.06em; }
    .sidebar ul { list-style: none; margin: 0; padding: 0; }
    .sidebar li a { display: block; padding: 0.2rem 0.5rem; border-radius: 5px; color: var(--fg);
      text-decoration: none; overflow-wrap: anywhere; }
    .sidebar li a:hover { background: var(--surface-2); }
    .sidebar li a[aria-current="page"] { background: var(--accent-bg); color: var(--accent); font-weight: 600; }
    .sidebar [hidden] { display: none; }
    .nav-toggle { display: none; width: 100%; padding: 0.45rem 0.75rem; font: inherit; font-weight: 600;
      text-align: left; color: var(--fg); background: var(--bg); border: 1px solid var(--border);
      border-radius: 6px; cursor: pointer; }
    .nav-toggle::after { content: " ▾"; color: var(--muted); }
    .nav-toggle[aria-expanded="true"]::after { content: " ▴"; }
    main { padding: 1.5rem clamp(1rem, 4vw, 3rem) 3rem; max-width: 72rem; outline: none; }
    main > section { margin-top: 2.25rem; }
    .site-footer { grid-column: 1 / -1; padding: 1rem 1.25rem; border-top: 1px solid var(--border);
      color: var(--muted); font-size: 0.85rem; }
    .site-footer p { margin: 0; }

    /* Text */
    h1, h2, h3 { line-height: 1.25; overflow-wrap: anywhere; }
    h1 { font-size: 2rem; margin: 0.5rem 0 0.75rem; }
    h2 { font-size: 1.4rem; padding-bottom: 0.3rem; border-bottom: 1px solid var(--border); }
    h3 { font-size: 1.1rem; margin: 1.5rem 0 0.5rem; }
    .kicker { display: block; font-size: 0.8rem; font-weight: 700; color: var(--muted); text-transform: uppercase;
      letter-spacing: 0.08em; }
    .lead { font-size: 1.1rem; color: var(--fg); max-width: 50rem; }
    .meta, .line { color: var(--muted); font-size: 0.85em; }
    .permalink { margin-left: 0.35rem; color: var(--muted); text-decoration: none; opacity: 0; }
    :is(h1, h2, h3, h4):hover .permalink, .permalink:focus { opacity: 1; }
    .breadcrumbs ol { display: flex; flex-wrap: wrap; gap: 0.25rem; list-style: none; margin: 0; padding: 0;
      font-size: 0.88rem; color: var(--muted); }
    .breadcrumbs li + li::before { content: "/"; margin-right: 0.25rem; color: var(--muted); }
    ul.sentences { padding-left: 1.25rem; }
    ul.sentences li { margin: 0.35rem 0; }
    .screen-block { padding: 0.25rem 0 0.25rem 1rem; border-left: 3px solid var(--border); margin: 1rem 0; }
    .screen-block:target, li:target { background: var(--highlight); }
    .callout { padding: 0.75rem 1rem; border-radius: 6px; border: 1px solid var(--border); }
    .callout.warning { background: var(--warning-bg); border-color: var(--warning); }
    .notes { max-width: 50rem; }
    .align-center { text-align: center; } .align-right { text-align: right; } .align-left { text-align: left; }

    /* Lists of numbers and cards */
    .stats { display: flex; flex-wrap: wrap; gap: 0.75rem; list-style: none; padding: 0; margin: 1rem 0; }
    .stats li { padding: 0.6rem 1rem; background: var(--surface); border: 1px solid var(--border); border-radius: 8px; }
    .change-mark { font-size: 0.85em; white-space: nowrap; }
    .change-mark a { color: var(--warning); }
    .stat-value { font-size: 1.4rem; font-weight: 700; }
    .app-cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: 1rem;
      list-style: none; padding: 0; }
    .app-card { padding: 1rem 1.25rem; background: var(--surface); border: 1px solid var(--border); border-radius: 10px; }
    .app-card h3 { margin: 0 0 0.25rem; }
    .app-card p { margin: 0; color: var(--muted); }
    ul.tree, ul.tree ul { list-style: none; padding-left: 1.25rem; }
    ul.tree { padding-left: 0; }
    ul.tree ul { border-left: 1px dashed var(--border); }

    /* Tables */
    .table-scroll { overflow-x: auto; }
    table { border-collapse: collapse; width: 100%; font-size: 0.93rem; margin: 0.75rem 0; }
    th, td { text-align: left; vertical-align: top; padding: 0.45rem 0.7rem; border-bottom: 1px solid var(--border); }
    thead th { background: var(--surface); font-weight: 600; }
    tbody th { font-weight: normal; }
    .num { text-align: right; font-variant-numeric: tabular-nums; }
    dl.details { display: grid; grid-template-columns: max-content 1fr; gap: 0.3rem 1.25rem; }
    dl.details dt { color: var(--muted); }
    dl.details dd { margin: 0; overflow-wrap: anywhere; }

    /* Journeys and problems */
    ol.steps { padding-left: 2.25rem; }
    .pager ul { display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; list-style: none; margin: 0.5rem 0; padding: 0; }
    .pager [aria-current="page"] { font-weight: 600; }
    ol.steps li { margin: 0.3rem 0; padding: 0.15rem 0.4rem; border-radius: 4px; }
    ol.steps li.action { color: var(--fg); }
    ol.steps li.flow-start, ol.steps li.flow-finish { color: var(--muted); }
    ol.steps li.note { font-style: italic; }
    .badge { display: inline-block; padding: 0 0.45rem; border-radius: 999px; font-size: 0.78rem; font-weight: 600;
      border: 1px solid currentColor; }
    .badge.warning { color: var(--warning); background: var(--warning-bg); }
    .badge.error { color: var(--error); background: var(--error-bg); }
    ul.problems { padding-left: 1.25rem; }
    ul.problems li { margin: 0.4rem 0; }

    /* Diagrams: Graphviz hard-codes black and white; these rules restyle them per theme. */
    .diagram { margin: 1rem 0 1.5rem; }
    .diagram-scroll { overflow: auto; max-height: 80vh; padding: 0.75rem; background: var(--bg);
      border: 1px solid var(--border); border-radius: 10px; }
    .diagram figcaption { margin-top: 0.4rem; font-size: 0.85rem; color: var(--muted); }
    .diagram-missing p { padding: 1rem; border: 1px dashed var(--border); border-radius: 10px; color: var(--muted); }
    /* At rest a diagram is never squeezed below readable size: it scrolls (and zooms, with the script). */
    .diagram-svg { display: block; max-width: none; height: auto; margin: 0 auto; }
    .diagram-tools { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; margin: 0 0 0.4rem; }
    .diagram-tools[hidden] { display: none; }
    .diagram-tools button, .diagram-tools a { font: inherit; font-size: 0.85rem; line-height: 1.2;
      padding: 0.25rem 0.6rem; border: 1px solid var(--border); border-radius: 6px; background: var(--bg);
      color: var(--fg); cursor: pointer; text-decoration: none; }
    .diagram-tools button:hover, .diagram-tools a:hover { border-color: var(--accent); color: var(--accent); }
    .diagram-scroll.dragging { cursor: grabbing; user-select: none; }
    /* The player stays in view under the header while the steps it marks scroll past. */
    .player { display: flex; flex-wrap: wrap; gap: 0.4rem 0.6rem; align-items: center; margin: 0.6rem 0;
      position: sticky; top: var(--header); z-index: 5; padding: 0.4rem 0; background: var(--bg); }
    html:has(.player:not([hidden])) { scroll-padding-top: calc(var(--header) + 6rem); }
    .player[hidden] { display: none; }
    .player button { font: inherit; font-size: 0.85rem; padding: 0.25rem 0.6rem; border: 1px solid var(--border);
      border-radius: 6px; background: var(--bg); color: var(--fg); cursor: pointer; }
    .player button[aria-pressed="true"] { border-color: var(--accent); color: var(--accent); }
    .player-slider { flex: 1 1 12rem; }
    .player-status { flex: 1 1 100%; font-size: 0.85rem; color: var(--muted); }
    ol.steps li.current { background: var(--highlight); outline: 2px solid var(--accent); }
    .diagram-svg .future { opacity: 0.3; }
    .diagram-svg .node.current > polygon, .diagram-svg .node.current > ellipse, .diagram-svg .node.current > path,
    .diagram-svg .node.current a > polygon, .diagram-svg .node.current a > ellipse, .diagram-svg .node.current a > path {
      stroke: var(--accent); stroke-width: 3; }
    .diagram-svg .edge.taken path { stroke-width: 3; }
    .diagram:fullscreen { background: var(--bg); padding: 1rem; overflow: auto; }
    .diagram:fullscreen .diagram-scroll { max-height: calc(100vh - 6rem); }
    \#(diagramRules)
    .diagram-svg a { cursor: pointer; }
    .diagram-svg a:hover ellipse, .diagram-svg a:hover polygon, .diagram-svg a:hover path,
    .diagram-svg a:focus ellipse, .diagram-svg a:focus polygon, .diagram-svg a:focus path {
      stroke: var(--accent); stroke-width: 2.5px;
    }
    .diagram-svg a:hover text, .diagram-svg a:focus text { fill: var(--accent); }

    /* Small screens: one column, the navigation above the page. */
    @media (max-width: 56rem) {
      .layout { grid-template-columns: minmax(0, 1fr); }
      .sidebar { position: static; height: auto; max-height: 60vh; border-right: 0;
        border-bottom: 1px solid var(--border); padding: 0.6rem 1rem; }
      /* With script the navigation folds behind the Menu button; without, it stays open. */
      .js .nav-toggle { display: block; }
      .js .sidebar:not(.open) .nav-body { display: none; }
      .js .sidebar.open .nav-body { margin-top: 0.6rem; }
      .topbar { gap: 0.5rem; padding: 0 0.75rem; }
      h1 { font-size: 1.6rem; }
    }

    /* Print: a flow page reads as a review handout. */
    @media print {
      :root, :root[data-theme] {
        color-scheme: light;
        --bg: #ffffff; --surface: #ffffff; --surface-2: #ffffff; --border: #bbbbbb; --fg: #000000;
        --muted: #444444; --accent: #000000; --accent-bg: #ffffff; --highlight: #ffffff;
        --node-bg: #ffffff; --node-stroke: #333333; --cluster-bg: #f4f4f4; --edge: #333333;
      }
      .topbar, .sidebar, .skip-link, .permalink, .site-footer, .breadcrumbs { display: none !important; }
      .layout { display: block; }
      main { max-width: none; padding: 0; }
      body { font-size: 11pt; }
      a { color: inherit; text-decoration: none; }
      .diagram-scroll { max-height: none; overflow: visible; border: 0; padding: 0; }
      .diagram-tools, .player { display: none !important; }
      .diagram-svg { width: auto !important; max-width: 100% !important; }
      .diagram, table, .screen-block, .callout { break-inside: avoid; }
      h2, h3 { break-after: avoid; }
    }
    """#
}
