import FlowAtlasModel

/// Every subcommand, declared once: help, USAGE, parsing, completions and dispatch all read
/// these declarations.
enum Commands {
  /// `flowatlas` itself: `--version`, `--help`, and with no subcommand ``defaultCommand``.
  static let root: CommandSpec = CommandSpec(
    name: "flowatlas",
    overview: "Turn a Coordinator-pattern app's recorded navigation into architecture documentation.",
    options: [.flag("--version", "Show the version, the Graphviz in use and how it measures text.")],
    discussion: """
      With no subcommand, in FlowAtlas's own checkout (its root folder), runs 'flowatlas examples':
      every bundled example's scripted journeys, their traces written under examples/<App>/traces/,
      their site built into site/ and their DocC catalog into docs/. Anywhere else, prints this help.
      """,
    run: { _, _ in .success })

  static let rootUsage = "flowatlas [<subcommand>] [<options>]"

  static let build: CommandSpec = CommandSpec(
    name: "build",
    overview: "Build the static HTML site that explains every flow.",
    arguments: [input],
    options: [
      .value(
        "--output", "dir",
        "The site's folder (default: site). Replaced atomically; refused if another tool made it.",
        completion: .directory),
      .value(
        "--notes", "dir", "Hand-written Markdown per flow: <dir>/<CoordinatorType>.md.",
        completion: .directory),
      .value(
        "--baseline", "file",
        "Compare each app with the same app in this model.json or these traces: a Changes page per app, "
          + "changed flows marked.", completion: .file),
      .value(
        "--contract", "dir",
        "Flows' intended navigation (<dir>/<CoordinatorType>.mmd or .dot): each flow page shows its coverage.",
        completion: .directory),
      .value("--jobs", "n", "Graphviz worker processes (default: the number of cores)."),
      .flag(
        "--thumbnails",
        "Draw each screen of the app map as the thumbnail of its screenshot, where a run took one."),
      .flag(
        "--verbose",
        "Say what the previous build's cache gave (traces replayed, diagrams drawn and kept) and list each "
          + "cache entry that could not be used."),
      strict,
    ],
    run: { arguments, invocation throws(CommandLineError) in
      try BuildCommand.run(arguments, console: invocation.console, executable: invocation.executable)
    })

  static let preview: CommandSpec = CommandSpec(
    name: "preview",
    overview: "Build the site, then build it again whenever an input changes; open pages follow.",
    arguments: [input],
    options: build.options + [
      .flag(
        "--poll",
        "Look for changes every 250 ms instead of asking the system (for a share that does not say).")
    ],
    discussion: """
      Watches the traces (folders as tests write into them), --notes, --contract and --baseline,
      and runs 'flowatlas build' with the same options once a change has settled (250 ms of quiet,
      1 s at most), printing its messages and then 'build N: exit S after T s' on standard output.
      Open the address it prints (index.html?preview): that tab's pages load again where they
      were when their content changes, and show each build's problems. Ctrl-C (or SIGTERM, SIGHUP)
      stops it: the site is then the last one built, the preview's files removed, and the exit
      status is that of the signal.
      """,
    run: { arguments, invocation throws(CommandLineError) in
      try PreviewCommand.run(arguments, console: invocation.console, executable: invocation.executable)
    })

  static let docc: CommandSpec = CommandSpec(
    name: "docc",
    overview: "Write a DocC documentation catalog of the navigation, for the team's DocC docs.",
    arguments: [input],
    options: [
      .value(
        "--output", "dir",
        "The catalog's folder (default: \(DocCCommand.defaultOutput)). Replaced atomically; refused if "
          + "another tool made it.", completion: .directory),
      .value(
        "--module", "name",
        "The module whose catalog this folder goes into: coordinator and screen types link to its "
          + "symbol pages. Without it, type names are code voice and the catalog stands alone."),
      .value(
        "--baseline", "file",
        "Compare each app with the same app in this model.json or these traces: a Changes article per app.",
        completion: .file),
      .value("--jobs", "n", "Graphviz worker processes (default: the number of cores)."),
      strict,
    ],
    discussion: """
      One article per app, per flow and per journey (and per app's changes with --baseline), with
      diagrams as SVG images and dark variants. Convert it alone with
      'docc convert Navigation.docc', or put the folder in your module's catalog and pass --module.
      """,
    run: { arguments, invocation throws(CommandLineError) in
      try DocCCommand.run(arguments, console: invocation.console, executable: invocation.executable)
    })

  static let model: CommandSpec = CommandSpec(
    name: "model",
    overview: "Write the navigation model (model.json) that other tools and review bots read.",
    arguments: [input],
    options: [
      .value(
        "--output", "file",
        "Write model.json here (- for standard output, the default). A device, FIFO or symlink is "
          + "written through.", completion: .file),
      strict,
    ],
    discussion: "Diagnostics go to standard error as 'file:line: error|warning: message [code]'.",
    run: { arguments, invocation throws(CommandLineError) in
      try ModelCommand.run(arguments, console: invocation.console)
    })

  static let render: CommandSpec = CommandSpec(
    name: "render",
    overview: "Draw one diagram of an app.",
    arguments: [input],
    options: [
      .value(
        "--diagram", "diagram",
        RenderCommand.diagramNames.joined(separator: " | "),
        completion: .values(DiagramSubject.Kind.allCases.map(\.row.argument) + [RenderCommand.legend]),
        required: true),
      .value(
        "--format", "format",
        "svg | png | pdf | dot | mermaid (default: as --output's extension says, else svg)",
        completion: .values(["svg", "png", "pdf", "dot", "mermaid"])),
      .value("--app", "name", "The app to draw, when the traces hold several."),
      .value(
        "--output", "file",
        "Write the diagram here (- for standard output, the default). A device, FIFO or symlink is "
          + "written through.", completion: .file),
      .value(
        "--depth", "steps",
        "How many steps each way a screen's neighbourhood reaches (screen:<ScreenType>; 1 by default, at most "
          + "\(RenderCommand.maximumDepth))."),
      .flag("--back", "Also draw back transitions (pop, popToRoot, dismiss) on the app map."),
    ],
    run: { arguments, invocation throws(CommandLineError) in
      try RenderCommand.run(arguments, console: invocation.console, executable: invocation.executable)
    })

  static let diff: CommandSpec = CommandSpec(
    name: "diff",
    overview: "Show how an app's navigation changed between two versions, for a design review.",
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
        "markdown (tables and a Mermaid diagram, for pull requests; the default, unless --output's extension "
          + "says another) | json | html (one page with the diagram and tables) | svg | png | pdf | dot (the "
          + "diagram of both versions)",
        completion: .values(["markdown", "json", "html", "svg", "png", "pdf", "dot"])),
      .value(
        "--output", "file",
        "Write the diff here (- for standard output, the default). A device, FIFO or symlink is "
          + "written through.", completion: .file),
    ],
    discussion: """
      Transitions are compared by (from, to, kind, coordinator), not by how often they were recorded.
      The diagram draws both versions at once: + added (green, bold), − removed (red, dashed),
      ~ changed (amber: other triggers or counts, or a screen now in another flow).
      """,
    run: { arguments, invocation throws(CommandLineError) in
      try DiffCommand.run(arguments, console: invocation.console, executable: invocation.executable)
    })

  static let check: CommandSpec = CommandSpec(
    name: "check",
    overview: "Fail CI when the navigation changed against a baseline, or a new problem appeared.",
    arguments: [input],
    options: [
      .value(
        "--baseline", "file",
        "What to compare with: a model.json that 'flowatlas model' wrote (commit it), or traces.",
        completion: .file),
      .value(
        "--contract", "dir",
        "Flows' intended navigation: <dir>/<CoordinatorType>.mmd (Mermaid 'A -->|action| B') or .dot.",
        completion: .directory),
      .value(
        "--fail-on", "list",
        "Comma-separated: \(CheckCommand.ruleNames.joined(separator: ", ")) (the default).",
        completion: .values(CheckCommand.ruleNames)),
    ],
    discussion: """
      Findings go to standard output as 'file:line: error: message [rule]' (warning: for one not
      in --fail-on), the form CI annotates; a screen or transition is named at the trace line that
      first showed it, or at its line in the baseline. Only new problems count against a
      baseline: a leak the baseline has too is no finding. Without --baseline, every problem is new.
      """,
    run: { arguments, invocation throws(CommandLineError) in
      try CheckCommand.run(arguments, console: invocation.console)
    })

  static let examples: CommandSpec = CommandSpec(
    name: "examples",
    overview:
      "Record the bundled examples' journeys and build their site into site/ (from the package's root).",
    discussion: """
      What 'flowatlas' with no subcommand does. The examples are apps of their own, so this builds
      'flowatlas-examples' next to this flowatlas with SwiftPM (nothing when it is up to date) and runs it.
      """,
    run: { _, invocation throws(CommandLineError) in
      try ExamplesLauncher.run(console: invocation.console, executable: invocation.executable)
    })

  static let completions: CommandSpec = CommandSpec(
    name: "completions",
    overview: "Print a shell completion script for flowatlas.",
    arguments: [
      .init(name: "<shell>", help: "bash, zsh or fish.", completion: .values(CompletionScript.shells))
    ],
    discussion: """
      bash: flowatlas completions bash > /etc/bash_completion.d/flowatlas
      zsh:  flowatlas completions zsh > "${fpath[1]}/_flowatlas"
      fish: flowatlas completions fish > ~/.config/fish/completions/flowatlas.fish
      """,
    run: { arguments, invocation throws(CommandLineError) in
      guard arguments.positionals.count == 1, let shell = arguments.positionals.first,
        let script = CompletionScript(shell: shell)
      else {
        throw .usage(
          "give one shell: \(CompletionScript.shells.joined(separator: ", "))", command: "completions")
      }
      invocation.console.out(script.text(root: root, subcommands: subcommands))
      return .success
    })

  /// The Graphviz worker the renderer's pool starts; it speaks a binary protocol on its
  /// standard input and output, so it is nobody's to call.
  static let renderWorker: CommandSpec = CommandSpec(
    name: RenderWorkerCommand.name, overview: "A Graphviz worker process for parallel rendering.",
    isHidden: true, run: { _, _ in ExitStatus(rawValue: RenderWorkerCommand.run()) ?? .render })

  /// What `flowatlas` with no subcommand runs.
  static let defaultCommand: CommandSpec = examples

  /// In the order help lists them.
  static let subcommands: [CommandSpec] = [
    build, preview, docc, model, render, diff, check, examples, completions, renderWorker,
  ]

  private static let input = CommandSpec.Argument(
    name: "<input>", help: "A trace file, or a folder searched recursively for *.jsonl.", repeats: true)

  private static let strict = CommandSpec.Option.flag(
    "--strict", "Exit 1 when any error diagnostic was reported.")
}
