/// Every subcommand's arguments and help, in one place so `--help` and parsing never disagree.
enum Commands {
  static let root = CommandSpec(
    name: "flowatlas",
    overview: "Turn a Coordinator-pattern app's recorded navigation into architecture documentation.",
    usage: "flowatlas [<subcommand>] [<options>]",
    options: [.flag("--version", "Show the version.")],
    discussion: """
      With no subcommand, runs every bundled example's scripted journeys, writes their traces
      under examples/<App>/traces/, builds the site into site/ and prints the path of
      site/index.html. Run it from the package's root folder.
      """)

  static let build = CommandSpec(
    name: "build",
    overview: "Build the static HTML site that explains every flow.",
    usage:
      "flowatlas build <input> ... [--output <dir>] [--notes <dir>] [--baseline <file>] [--contract <dir>] "
      + "[--jobs <n>] [--strict]",
    arguments: [.init(name: "<input>", help: "A trace file, or a folder searched recursively for *.jsonl.")],
    options: [
      .value(
        "--output", "dir",
        "The site's folder (default: site). Replaced atomically; refused if another tool made it."),
      .value("--notes", "dir", "Hand-written Markdown per flow: <dir>/<CoordinatorType>.md."),
      .value(
        "--baseline", "file",
        "Compare each app with the same app in this model.json or these traces: a Changes page per app, "
          + "changed flows marked."),
      .value(
        "--contract", "dir",
        "Flows' intended navigation (<dir>/<CoordinatorType>.mmd or .dot): each flow page shows its coverage."
      ),
      .value("--jobs", "n", "Graphviz worker processes (default: the number of cores)."),
      .flag("--strict", "Exit 1 when any error diagnostic was reported."),
    ])

  static let model = CommandSpec(
    name: "model",
    overview: "Write the navigation model (model.json) that other tools and review bots read.",
    usage: "flowatlas model <input> ... [--output <file>] [--strict]",
    arguments: [.init(name: "<input>", help: "A trace file, or a folder searched recursively for *.jsonl.")],
    options: [
      .value(
        "--output", "file",
        "Write model.json here (- for standard output, the default). A device, FIFO or symlink is "
          + "written through."),
      .flag("--strict", "Exit 1 when any error diagnostic was reported."),
    ],
    discussion: "Diagnostics go to standard error as 'file:line: error|warning: message [code]'.")

  static let render = CommandSpec(
    name: "render",
    overview: "Draw one diagram of an app.",
    usage:
      "flowatlas render <input> ... --diagram <diagram> [--format <format>] [--app <name>] [--output <file>]",
    arguments: [.init(name: "<input>", help: "A trace file, or a folder searched recursively for *.jsonl.")],
    options: [
      .value("--diagram", "diagram", "app | hierarchy | flow:<CoordinatorType> | run:<run name> | legend"),
      .value("--format", "format", "svg (default) | png | pdf | dot | mermaid"),
      .value("--app", "name", "The app to draw, when the traces hold several."),
      .value(
        "--output", "file",
        "Write the diagram here (- for standard output, the default). A device, FIFO or symlink is "
          + "written through."),
      .flag("--back", "Also draw back transitions (pop, popToRoot, dismiss) on the app map."),
    ])

  static let diff = CommandSpec(
    name: "diff",
    overview: "Show how an app's navigation changed between two versions, for a design review.",
    usage:
      "flowatlas diff <old> <new> [--old-app <name>] [--new-app <name>] [--format <format>] [--output <file>]",
    arguments: [
      .init(
        name: "<old>",
        help: "The old version: a trace file, a folder of *.jsonl, or a model.json 'flowatlas model' wrote."),
      .init(name: "<new>", help: "The new version, the same way."),
    ],
    options: [
      .value("--old-app", "name", "The app to compare in <old>, when it holds several."),
      .value("--new-app", "name", "The app to compare in <new>, when it holds several."),
      .value(
        "--format", "format",
        "markdown (default: tables and a Mermaid diagram, for pull requests) | json | html (one page with "
          + "the diagram and tables) | svg | png | pdf | dot (the diagram of both versions)"),
      .value(
        "--output", "file",
        "Write the diff here (- for standard output, the default). A device, FIFO or symlink is "
          + "written through."),
    ],
    discussion: """
      Transitions are compared by (from, to, kind, coordinator), not by how often they were recorded.
      The diagram draws both versions at once: + added (green, bold), − removed (red, dashed),
      ~ changed (amber: other triggers or counts, or a screen now in another flow).
      """)

  static let check = CommandSpec(
    name: "check",
    overview: "Fail CI when the navigation changed against a baseline, or a new problem appeared.",
    usage: "flowatlas check <input> ... [--baseline <file>] [--contract <dir>] [--fail-on <list>]",
    arguments: [.init(name: "<input>", help: "A trace file, or a folder searched recursively for *.jsonl.")],
    options: [
      .value(
        "--baseline", "file",
        "What to compare with: a model.json that 'flowatlas model' wrote (commit it), or traces."),
      .value(
        "--contract", "dir",
        "Flows' intended navigation: <dir>/<CoordinatorType>.mmd (Mermaid 'A -->|action| B') or .dot."),
      .value(
        "--fail-on", "list",
        "Comma-separated: added-screen, removed-screen, added-transition, removed-transition, "
          + "new-problem, unexpected-transition, uncovered-transition, any (the default)."),
    ],
    discussion: """
      Findings go to standard output as 'file:line: error: message [rule]' (warning: for one not
      in --fail-on), the form CI annotates; a screen or transition is named at the trace line that
      first showed it, or at its line in the baseline. Only new problems count against a
      baseline: a leak the baseline has too is no finding. Without --baseline, every problem is new.
      """)

  static let subcommands = [build, model, render, diff, check]
}
