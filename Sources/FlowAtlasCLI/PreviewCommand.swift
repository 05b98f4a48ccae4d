import FlowAtlasBytes
import FlowAtlasSite
import Foundation

/// `flowatlas preview`: the site, built again whenever an input changes, until stopped.
///
/// It watches every input a build reads (``PreviewInputs``, through ``FileWatcher``), waits for a
/// burst of changes to settle (``ChangeBurst``), and runs `flowatlas build` with its own arguments
/// (``PreviewBuild``), so every rebuild is incremental and atomic as `build` is, and prints what
/// `build` prints. After each build it tells the pages open in a browser (``SitePreview``), and
/// prints one line on standard output, `build N: exit S after T s[; what changed]`, which a script
/// (or a test) can wait for. A stop signal ends the build running; the site is then the last one
/// built, without the preview's files and with nothing beside it, and the preview ends by that
/// signal (``StopSignal``).
package enum PreviewCommand {
  static func run(_ arguments: ParsedArguments, console: Console, executable: String) throws(CommandLineError)
    -> ExitStatus
  {
    let output = arguments.value("--output") ?? "site"
    try OutputFile.checkFolderPath(output, command: "preview")
    _ = try BuildCommand.jobs(arguments, command: "preview")
    var inputs = try PreviewInputs(arguments, output: output)
    let watcher: FileWatcher
    do {
      watcher = try FileWatcher(
        roots: inputs.roots.map(\.path), ignoring: inputs.ignores, polling: arguments.has("--poll"))
    } catch {
      throw .inputOutput("the inputs cannot be watched: \(error.description)")
    }
    StopSignal.install(waking: watcher.wakeDescriptor)
    var preview = Preview(
      inputs: inputs, output: output, console: console,
      build: PreviewBuild(executable: executable, arguments: buildArguments(arguments)))
    // What a preview killed without warning left in the site.
    SitePreview.remove(from: preview.site)
    let how =
      watcher.mechanism == .polling
      ? "by looking every \(watcher.interval) ms" + (watcher.fallbackReason.map { " (\($0))" } ?? "")
      : "with \(watcher.mechanism.rawValue)"
    console.err(
      Printable.line(
        "flowatlas: preview: watching \(inputs.describe(inputs.roots.map(\.path))) \(how); Ctrl-C stops")
        + "\n")
    var mechanism = watcher.mechanism
    var burst = ChangeBurst()
    burst.settle = max(burst.settle, UInt64(watcher.interval) * 1_000_000)
    preview.build(changed: [])
    // The screenshots the build read count, whatever their names and wherever they are (beside a
    // trace given by name, its folder is not watched): found in its record after each build.
    func followPictures() {
      let pictures = inputs.takePictures(readBy: output)
      let meanwhile = watcher.add(roots: pictures.watch).filter(inputs.matters).map(\.path)
      burst.note(meanwhile + pictures.changed, at: Preview.now())
    }
    followPictures()
    // Run by the SwiftPM plugin (in a process group of its own, which Ctrl-C does not reach): it
    // stops once the plugin is gone, looking once a second, as by a hangup.
    let parent = ProcessInfo.processInfo.environment[Self.stopWithParentKey] == "1" ? getppid() : nil
    while StopSignal.received == 0 {
      var timeout = burst.waitMilliseconds(at: Preview.now())
      if parent != nil { timeout = timeout < 0 ? 1000 : min(timeout, 1000) }
      let changes = watcher.wait(milliseconds: timeout)
      if let parent, getppid() != parent {
        StopSignal.ask(SIGHUP)
        break
      }
      if watcher.mechanism != mechanism {
        mechanism = watcher.mechanism
        console.err(
          Printable.line(
            "flowatlas: preview: watching by looking every \(watcher.interval) ms from now on: "
              + (watcher.fallbackReason ?? "")) + "\n")
      }
      burst.note(changes.filter(inputs.matters).map(\.path), at: Preview.now())
      if StopSignal.received == 0, burst.isDue(at: Preview.now()) {
        preview.build(changed: burst.take())
        followPictures()
      }
    }
    preview.stop()
  }

  /// Set by the SwiftPM plugin in the preview's environment: stop when the process that started it ends.
  package static let stopWithParentKey = "FLOWATLAS_STOP_WITH_PARENT"

  /// The `flowatlas build` command line of the preview's: every option `build` takes, as given,
  /// then its inputs (after `--`, so that none is read as an option).
  static func buildArguments(_ arguments: ParsedArguments) -> [String] {
    var words = ["build"]
    for option in Commands.build.options {
      if option.takesValue {
        words += (arguments.values[option.name] ?? []).map { "\(option.name)=\($0)" }
      } else if arguments.has(option.name) {
        words.append(option.name)
      }
    }
    return words + ["--"] + arguments.positionals
  }
}

/// The preview's state between builds.
private struct Preview {
  let inputs: PreviewInputs
  let output: String
  let console: Console
  let build: PreviewBuild
  let site: URL
  /// Builds run so far.
  private var count = 0
  /// When the latest build ended (``SitePreview/State/finished``).
  private var finished: Int64 = 0
  /// The latest reason the pages could not be told, said once until it changes.
  private var untold: String?

  init(inputs: PreviewInputs, output: String, console: Console, build: PreviewBuild) {
    self.inputs = inputs
    self.output = output
    self.console = console
    self.build = build
    site = URL(fileURLWithPath: output, isDirectory: true)
  }

  /// Where to open the site: its first page, with the word that makes a tab follow the builds.
  var address: String {
    URL(fileURLWithPath: output, isDirectory: true).standardizedFileURL.appendingPathComponent("index.html")
      .absoluteString + "?preview"
  }

  /// Runs one build, tells the pages, and prints its line.
  mutating func build(changed: [String]) {
    count += 1
    if !changed.isEmpty {
      console.err(Printable.line("flowatlas: preview: \(inputs.describe(changed)) changed; building") + "\n")
    }
    publish(SitePreview.State(build: count, busy: true, finished: finished))
    let started = Self.now()
    let outcome = build.run(console: console)
    let seconds = Double(Self.now() - started) / 1e9
    finished = Int64((Date().timeIntervalSince1970 * 1000).rounded(.up))
    // Ended by the stop: it says so itself, with the site as it was.
    guard StopSignal.received == 0 else { return }
    // A build a signal ended (a crash, a kill) leaves what the next one would remove.
    if outcome.status >= 128 { SiteBuilder.tidy(site) }
    publish(
      SitePreview.State(
        build: count, busy: false, finished: finished, status: outcome.status, problems: outcome.problems))
    if count == 1 {
      console.out(address + "\n")
      if !FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path) {
        console.err(
          Printable.line(
            "flowatlas: preview: there is no site to open yet (the first build failed); it will be at that "
              + "address once a build succeeds") + "\n")
      }
    }
    let what = changed.isEmpty ? "" : "; \(inputs.describe(changed)) changed"
    console.out(
      Printable.line(
        "build \(count): exit \(outcome.status) after \(String(format: "%.2f", seconds)) s\(what)")
        + "\n")
  }

  /// Tells the pages where the preview is, holding the site's lock so that no build of another
  /// command replaces the folder meanwhile.
  private mutating func publish(_ state: SitePreview.State) {
    do throws(CommandLineError) {
      let lock = try OutputLock(output, console: console)
      defer { lock.release() }
      do {
        try SitePreview.write(state, into: site)
      } catch {
        throw .inputOutput(error.localizedDescription)
      }
      untold = nil
    } catch {
      // Said before the build and after it, the same words twice: once is enough.
      guard untold != error.localizedDescription else { return }
      untold = error.localizedDescription
      console.err(
        Printable.line(
          "flowatlas: warning: \(error.localizedDescription); open pages do not follow the builds")
          + "\n")
    }
  }

  /// Removes what the build a signal ended left beside the site, and the preview's files from it,
  /// then ends by that signal.
  func stop() -> Never {
    SiteBuilder.tidy(site)
    SitePreview.remove(from: site)
    let built = FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path)
    console.err(
      Printable.line(
        "flowatlas: preview: stopped; "
          + (built
            ? "\(output) holds the last site built" : "no build succeeded, so there is no site in \(output)"))
        + "\n")
    StopSignal.end()
  }

  /// A monotonic clock, in nanoseconds.
  static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}
