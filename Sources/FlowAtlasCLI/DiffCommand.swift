import FlowAtlasBytes
import FlowAtlasImages
import FlowAtlasModel
import FlowAtlasRender
import FlowAtlasSite
import FlowAtlasTrace

/// `flowatlas diff`: how an app's navigation changed between two versions.
enum DiffCommand {
  /// What `--format` accepts.
  enum Format: String, CaseIterable {
    case markdown, json, html, svg, png, pdf, dot
  }

  static func run(_ arguments: ParsedArguments, console: Console, executable: String) throws(CommandLineError)
    -> ExitStatus
  {
    guard arguments.positionals.count == 2 else {
      throw .usage(
        "give exactly two inputs: the old version (traces or a model.json), then the new one", command: "diff"
      )
    }
    let formatName = OutputFile.format(
      given: arguments.value("--format"), output: arguments.value("--output"),
      among: [
        "md": "markdown", "markdown": "markdown", "json": "json", "html": "html", "htm": "html", "svg": "svg",
        "png": "png", "pdf": "pdf", "dot": "dot", "gv": "dot",
      ], fallback: "markdown", console: console)
    guard let format = Format(rawValue: formatName) else {
      let known = Format.allCases.map(\.rawValue).joined(separator: ", ")
      throw .usage("unknown format '\(Printable.line(formatName))'; use one of \(known)", command: "diff")
    }
    // The HTML shows the pictures that changed and the Markdown names their screens: the other
    // formats never open them.
    let pictures = format == .html || format == .markdown
    try OutputFile.checkNotAnInput(
      arguments.value("--output"), inputs: arguments.positionals, command: "diff")
    let old = try side(
      arguments.positionals[0], app: arguments.value("--old-app"), pictures: pictures, console: console)
    let new = try side(
      arguments.positionals[1], app: arguments.value("--new-app"), pictures: pictures, console: console)
    let diff = NavigationDiff(old: old, new: new)
    let bytes: [UInt8]
    switch format {
    case .markdown: bytes = Array(diff.markdown(withDiagramOf: old, new).utf8)
    case .json: bytes = Array(diff.json.utf8)
    case .html:
      let svg = try drawn(old, new, .svg, executable: executable)
      // The pictures of the screens that look different, inlined: still the bytes that were checked.
      var pictures: [String: [UInt8]] = [:]
      for picture in diff.changedPictures.flatMap({ [$0.old, $0.new] }) {
        if case .success(let read) = RegularFile.read(picture.path, limit: 64 << 20),
          Fingerprint.sha256(read) == picture.hash
        {
          pictures[picture.hash] = read
        }
      }
      do {
        bytes = try ChangesReport.standalonePage(diff: diff, svg: svg, pictures: pictures)
      } catch {
        throw .render(error.localizedDescription)
      }
    case .svg: bytes = try drawn(old, new, .svg, executable: executable)
    case .png: bytes = try drawn(old, new, .png, executable: executable)
    case .pdf: bytes = try drawn(old, new, .pdf, executable: executable)
    case .dot: bytes = try drawn(old, new, .dot, executable: executable)
    }
    let isText = format != .png && format != .pdf
    try OutputFile.write(
      bytes, to: arguments.value("--output"), console: console, isText: isText, command: "diff")
    return .success
  }

  /// The diagram of both versions, drawn by one Graphviz worker (stopped past its deadline).
  private static func drawn(_ old: AppModel, _ new: AppModel, _ format: OutputFormat, executable: String)
    throws(CommandLineError) -> [UInt8]
  {
    let renderer = DiagramRenderer(engine: .pool(RenderPool(executable: executable, workers: 1)))
    do {
      return try renderer.diff(old: old, new: new, format: format).bytes
    } catch {
      throw .render(error.localizedDescription)
    }
  }

  private static func side(_ path: String, app: String?, pictures: Bool, console: Console)
    throws(CommandLineError) -> AppModel
  {
    let read = try TraceLoading.modelOrTraces(path, command: "diff", console: console).model
    let chosen: AppModel
    do {
      chosen = try RenderCommand.chooseApp(in: read, named: app)
    } catch .usage(let message, _) {
      throw .usage(
        "\(path): \(message.replacingOccurrences(of: "--app", with: "--old-app/--new-app"))", command: "diff")
    }
    guard pictures else { return chosen }
    // The compared app's screenshots, checked as a build checks them: the HTML shows those that
    // changed, and each that cannot be shown is a `bad-image` beside the traces' other problems.
    let compared = NavigationModel(apps: [chosen], diagnostics: [])
    let checked = ScreenPictures.check(compared, makesThumbnails: false)
    if !checked.problems.isEmpty {
      console.err(checked.problems.sorted().map { $0.formatted + "\n" }.joined())
    }
    return compared.withPictures(checked).apps[0]
  }
}
