import FlowAtlasBuild
import FlowAtlasBytes
import FlowAtlasImages
import FlowAtlasModel
import FlowAtlasRender
import FlowAtlasSite
import FlowAtlasTrace
import Foundation

/// `flowatlas build`: the static site.
package enum BuildCommand {
  static func run(_ arguments: ParsedArguments, console: Console, executable: String) throws(CommandLineError)
    -> ExitStatus
  {
    let workers = try jobs(arguments)
    let strict = arguments.has("--strict")
    let output = arguments.value("--output") ?? "site"
    try OutputFile.checkFolderPath(output, command: "build")
    // Held until this function returns: nothing of `output` is read before another build into
    // it has finished.
    let lock = try OutputLock(output, console: console)
    defer { lock.release() }
    let notes = arguments.value("--notes")
    let files = try TraceLoading.files(from: arguments.positionals, command: "build", console: console)
    let baselinePath = arguments.value("--baseline")
    // What the baseline is read from: the model.json, or its trace files.
    let baselineFiles = try baselinePath.map { path throws(CommandLineError) in
      TraceLoading.isModelFile(path)
        ? [path] : try TraceLoading.files(from: [path], command: "build", console: console)
    }
    let contractFolder = arguments.value("--contract")
    var contracts: [NavigationContract] = []
    if let contractFolder {
      do {
        let found = try NavigationContract.load(folder: contractFolder)
        contracts = found.contracts
        TraceLoading.warn(aboutContracts: found.skipped, console: console)
      } catch {
        throw .inputOutput(error.localizedDescription)
      }
    }
    // Its workers start only once the site is known to need building (below).
    var drawing = DiagramOptions()
    drawing.screenThumbnails = arguments.has("--thumbnails")
    let provider = GraphvizDiagrams(executable: executable, workers: workers, options: drawing)
    var inputs: BuildInputs
    do {
      // What the diagrams are drawn with is the provider's to say: the same words key its cache.
      inputs = try BuildInputs(
        tool: ["diagrams \(provider.cacheIdentity)", "pictures \(Self.pictureDecoder)"], files: files,
        notes: notes, baseline: (baselineFiles ?? []) + contracts.map(\.file))
    } catch {
      throw .inputOutput(error.localizedDescription)
    }
    let index = (output as NSString).appendingPathComponent("index.html")
    let verbose = arguments.has("--verbose")
    // Entries of the previous build's caches that are there but cannot be used: made again,
    // and said (listed with --verbose).
    let cacheReport = CacheReport()
    warn(about: SiteBuilder.tidy(URL(fileURLWithPath: output, isDirectory: true)), console: console)
    let last = BuildInputs.load(from: output, report: cacheReport)
    // The screenshots the last build read: changed, they are a change too.
    inputs.add(images: last?.inputs.images ?? [])
    if var last, inputs.matches(last.inputs) {
      // Nothing this build would read has changed since the site in `output` was built.
      if inputs.files != last.inputs.files {
        // Only times changed: record them, so that the next rebuild need not read the files.
        last.inputs = inputs
        BuildInputs.save(last, in: output)
      }
      console.err(last.diagnostics.map { $0 + "\n" }.joined())
      if let notes, let found = try? NotesFolder.scan(notes) { warn(about: found.skipped, console: console) }
      console.err(
        "flowatlas: \(output) is up to date: no trace, note or setting changed since it was built\n")
      console.out(index + "\n")
      return strict && last.hasErrors ? .strictFailure : .success
    }
    MallocTuning.keepLargeBuffersInTheHeap()
    // The site will be built: its render workers start now, and are ready when it draws.
    provider.startWorkers()
    // Hashed before they are read for the model, so the record cannot describe bytes newer
    // than the site's.
    // The screenshots the previous build read that are still those files: not read again.
    let unchangedImages = last.map { inputs.unchangedHashes(of: "image", since: $0.inputs) } ?? [:]
    inputs.adopt(unchangedImages)
    inputs.hashAll()
    // A trace whose bytes the previous build replayed is not read again; new replays go to
    // disk as they are made, so memory does not grow with the traces' events.
    let outputURL = URL(fileURLWithPath: output, isDirectory: true)
    let scratch: ScratchFolder
    do {
      scratch = try ScratchFolder(beside: outputURL)
    } catch {
      throw .inputOutput(error.localizedDescription)
    }
    defer { scratch.remove() }
    let replays = ReplayCache(
      previous: SiteBuilder.replayFolder(of: outputURL), hashes: inputs.traceHashes, scratch: scratch.url,
      report: cacheReport)
    let traces = try TraceLoading.model(
      of: files, keepsJourneys: true, cache: replays, printsDiagnostics: false, console: console)
    // The screenshots the runs name, read and checked: each screen's picture, or a bad-image.
    // Those the previous site shows were decoded by its build: not decoded again.
    // A picture whose thumbnail the previous site no longer holds as written is decoded again,
    // to make it again.
    // Each picture is examined (`stat`) before it is read: one rewritten meanwhile is recorded as it
    // was before, so the next build sees the change (examined after, it would pair the new file's
    // time with the old bytes' hash, and the next build would call the site up to date).
    inputs.add(images: ScreenPictures.paths(in: traces))
    let record = PictureRecord.read(site: output, decoder: Self.pictureDecoder)
    let kept = SiteBuilder.keptThumbnails(in: output, of: record.filter(\.value.hasThumbnail).keys)
    let recorded = record.filter { hash, decoded in !decoded.hasThumbnail || kept.contains(hash) }
    // Each picture read is copied into the scratch folder as it is checked: the site takes
    // those bytes, not the file again (read and hashed a second time).
    let spool = scratch.url.appendingPathComponent("pictures").path
    let pictures = ScreenPictures.check(
      traces, decoded: recorded.mapValues { ($0.fileExtension, $0.width, $0.height, $0.hasThumbnail) },
      unchanged: unchangedImages,
      spool: (try? FileManager.default.createDirectory(atPath: spool, withIntermediateDirectories: false))
        .map { spool })
    let model = traces.withPictures(pictures)
    console.err(model.diagnostics.map { $0.formatted + "\n" }.joined())
    let compared = try baselinesWithPictures(
      for: model, from: baselinePath, command: "build", console: console
    ) { inputs.add(images: $0) }
    let baselines = compared.apps
    // The baseline's pictures are inputs too: the Changes page shows them.
    inputs.setImages(pictures.files + compared.images)
    // Hashed as they were checked: not read a second time.
    inputs.adopt(pictures.hashes)
    inputs.adopt(compared.hashes)
    // A picture refused (or not read) has no hash of bytes that were read: recorded as unverified,
    // so that a next build whose `stat` of it differs reads it again, rather than trust a hash of
    // bytes written after the check.
    inputs.markUnhashedImagesUnverified()
    inputs.hashAll()
    let summary = try build(
      model, into: output, notes: notes, replays: replays, baselines: baselines, contracts: contracts,
      provider: provider, cacheReport: cacheReport, thumbnails: pictures.thumbnails,
      pictureCopies: pictures.copies)
    warn(about: summary.skippedNotes, console: console)
    tell(cacheReport, replays: replays, summary: summary, verbose: verbose, console: console)
    let diagnostics = model.diagnostics.map(\.formatted)
    if !(diagnostics + summary.pages).contains(where: { $0.contains("\n") || $0.contains("\r") }) {
      BuildInputs.save(
        .init(
          inputs: inputs, diagnostics: diagnostics,
          hasErrors: model.diagnostics.contains { $0.severity == .error },
          pages: summary.pages),
        in: output)
    }
    console.out(index + "\n")
    return TraceLoading.status(for: model, strict: strict)
  }

  /// Each app of `model` and the app of the same name in the baseline at `path` (a model.json or
  /// traces), to compare it with; a warning names the apps the baseline lacks.
  static func baselines(
    for model: NavigationModel, from path: String?, command: String, console: Console
  ) throws(CommandLineError) -> [String: AppModel] {
    try baselinesWithPictures(for: model, from: path, command: command, console: console).apps
  }

  /// ``baselines(for:from:command:console:)``, with the screenshots a baseline of traces names
  /// read and checked (each screen's picture, for the Changes page's before and after; a picture
  /// that cannot be shown is left out silently, as the baseline's other problems are), and the
  /// files they are, for the record of inputs.
  /// - Parameter examine: given the baseline's pictures before they are read, for the record of
  ///   inputs to examine them first (as the build's own).
  static func baselinesWithPictures(
    for model: NavigationModel, from path: String?, command: String, console: Console,
    examine: ([String]) -> Void = { _ in }
  ) throws(CommandLineError) -> (apps: [String: AppModel], images: [String], hashes: [String: String]) {
    guard let path else { return ([:], [], [:]) }
    let read = try TraceLoading.modelOrTraces(
      path, command: command, printsDiagnostics: false, console: console
    ).model
    examine(ScreenPictures.paths(in: read))
    let checked = ScreenPictures.check(read, makesThumbnails: false)
    let baseline = read.withPictures(checked, problems: false)
    var baselines: [String: AppModel] = [:]
    for app in model.apps { baselines[app.name] = model.baselineApp(for: app, in: baseline) }
    let missing = model.apps.map(\.name).filter { baselines[$0] == nil }
    if !missing.isEmpty {
      console.err(
        Printable.line(
          "flowatlas: warning: the baseline has no app named \(missing.map { "'\($0)'" }.joined(separator: ", ")); "
            + "no Changes page for \(missing.count == 1 ? "it" : "them")") + "\n")
    }
    return (baselines, checked.files, checked.hashes)
  }

  /// Says what the previous build's cache gave (with `--verbose`), and which of its entries could
  /// not be used: each with `--verbose`, else in one warning, so that damage never goes unseen.
  private static func tell(
    _ report: CacheReport, replays: ReplayCache, summary: SiteSummary, verbose: Bool, console: Console
  ) {
    let damages = report.damages
    if verbose {
      let kept = replays.entries.values.filter { if case .kept = $0 { true } else { false } }.count
      console.err(
        "flowatlas: cache: \(replays.entries.count - kept) of \(replays.entries.count) traces replayed, "
          + "\(kept) reused; \(summary.diagramsDrawn) diagrams drawn, \(summary.diagramsReused) reused\n")
      for damage in damages {
        console.err(Printable.line("flowatlas: cache: \(damage.entry): \(damage.problem)") + "\n")
      }
    } else if !damages.isEmpty {
      let count = Set(damages.map(\.entry)).count
      console.err(
        "flowatlas: warning: \(count) \(count == 1 ? "entry" : "entries") of the previous "
          + "build's cache could not be used and \(count == 1 ? "was" : "were") made again "
          + "(--verbose lists them)\n")
    }
  }

  /// Names each folder beside the output that an interrupted build set aside and that still
  /// holds files flowatlas did not write: never deleted, never put back (docs/building.md).
  static func warn(about leftovers: [LeftoverFolder], console: Console) {
    for leftover in leftovers {
      let files =
        leftover.examples.joined(separator: ", ") + (leftover.count > leftover.examples.count ? ", …" : "")
      console.err(
        Printable.line(
          "flowatlas: warning: \(leftover.path): an interrupted build set a copy of the output aside here, "
            + "and the output was removed since, so it was not put back; \(leftover.count) "
            + "\(leftover.count == 1 ? "file" : "files") in it flowatlas did not write (\(files)) stay: "
            + "keep what you need, then delete the folder") + "\n")
    }
  }

  /// Prints one warning per note the site passes over.
  private static func warn(about notes: [NotesFolder.Skipped], console: Console) {
    for note in notes {
      console.err("flowatlas: warning: \(Printable.path(note.path)): \(note.reason); the note is left out\n")
    }
  }

  /// Builds the site for `model`, which holds its journeys, into `output`, its diagrams drawn
  /// by `workers` workers of `executable`.
  /// - Returns: what the site builder wrote (its pages).
  @discardableResult
  package static func build(
    _ model: NavigationModel, into output: String, notes: String?, executable: String, workers: Int,
    baselines: [String: AppModel] = [:], contracts: [NavigationContract] = [],
    thumbnails: [String: [UInt8]] = [:]
  ) throws(CommandLineError) -> SiteSummary {
    try build(
      model, into: output, notes: notes, replays: nil, baselines: baselines, contracts: contracts,
      provider: GraphvizDiagrams(executable: executable, workers: workers), thumbnails: thumbnails)
  }

  /// Builds the site for `model` into `output`, its diagrams drawn by `provider` (whose
  /// workers may have started already).
  /// - Parameters:
  ///   - replays: the cache the model was built with, which holds its journeys and is kept in the
  ///     site for the next build; nil for a model that holds its journeys.
  ///   - thumbnails: the thumbnails made while checking the pictures, by the picture's sha256.
  ///   - pictureCopies: the copies of the pictures written as they were checked (their `path`).
  static func build(
    _ model: NavigationModel, into output: String, notes: String?, replays: ReplayCache?,
    baselines: [String: AppModel], contracts: [NavigationContract], provider: GraphvizDiagrams,
    cacheReport: CacheReport? = nil, thumbnails: [String: [UInt8]] = [:], pictureCopies: Set<String> = []
  ) throws(CommandLineError) -> SiteSummary {
    if let notes {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: notes, isDirectory: &isDirectory), isDirectory.boolValue
      else {
        // A missing input is an input/output error (exit 3), as a missing trace or contract is.
        throw .inputOutput("\(Printable.path(notes)): no such folder of notes (--notes)")
      }
    }
    var builder = SiteBuilder(
      model: model, diagrams: provider,
      notes: notes.map { URL(fileURLWithPath: $0, isDirectory: true) }, replays: replays)
    builder.baselines = baselines
    builder.contracts = contracts
    builder.thumbnails = thumbnails
    builder.pictureCopies = pictureCopies
    builder.pictureDecoder = Self.pictureDecoder
    builder.cacheReport = cacheReport
    do {
      return try builder.build(into: URL(fileURLWithPath: output, isDirectory: true))
    } catch let error as SiteError {
      // A folder or file that cannot be written is an input/output error (exit 3), as --help says.
      switch error {
      case .writeFailed, .foreignOutputFolder, .outputIsNotAFolder, .otherKindOfOutput, .notesUnreadable,
        .personsFileInTheWay:
        throw .inputOutput(error.localizedDescription)
      default:
        throw .render(error.localizedDescription)
      }
    } catch {
      throw .render("\(output): the site could not be built (\(error.localizedDescription))")
    }
  }

  /// What decodes the pictures: libspng and TurboJPEG, and which release of each.
  static var pictureDecoder: String { ScreenImageFile.decoders }

  static func jobs(_ arguments: ParsedArguments, command: String = "build") throws(CommandLineError) -> Int {
    guard let text = arguments.value("--jobs") else { return ProcessInfo.processInfo.activeProcessorCount }
    guard let jobs = Int(text), (1...64).contains(jobs) else {
      throw .usage("--jobs \(text): give a number of processes from 1 to 64", command: command)
    }
    return jobs
  }
}
