import FlowAtlasBytes
import FlowAtlasLock
import FlowAtlasModel
import FlowAtlasTrace
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a `flowatlas build` read, recorded next to the site so that an unchanged rebuild can
/// stop before reading a single trace.
///
/// The site itself already skips writing when its model is unchanged, but finding that out
/// means reading every trace. This record names each input file by path, size, modification
/// time, identity (device, inode and status-change time, which nobody can put back: a file
/// rewritten with its modification time restored, as archives with fixed times do, changed it)
/// and a hash of its bytes (and the notes, the build of FlowAtlas and how it draws), so the
/// common case of rebuilding docs nobody changed costs a few `stat` calls, and a file whose
/// time or identity changed but not its bytes (a `touch`, a fresh checkout) costs reading it
/// once. A path that is a symbolic link is examined and read through it: the file it leads to is
/// the input.
/// It also keeps the diagnostics of that build, to print them again, and the pages, to
/// notice one deleted. It lives in the site's cache folder, which the site's reproducible
/// bytes do not include.
package struct BuildInputs {
  /// What the site's bytes depend on outside FlowAtlas's code: how it draws and decodes.
  package let settings: [String]
  /// Every trace, note, baseline file and screenshot, sorted by kind and path.
  package private(set) var files: [Input]

  /// One input file as `stat` and its bytes describe it.
  package struct Input: Equatable {
    var kind: String
    var path: String
    var size: Int64
    var modified: Double
    /// The file's device, inode and status-change time: another file, or this one changed in
    /// any way, has another.
    var identity: String
    /// `Fingerprint.fast128` of the bytes, computed when first needed.
    var hash: String?

    /// Whether `now` (a later `stat`) shows this file unchanged: the same size, time and identity,
    /// and times that prove something (not written moments before they were taken).
    func isUnchanged(_ now: Input) -> Bool {
      !identity.hasPrefix(Self.racy) && (size, modified, identity) == (now.size, now.modified, now.identity)
    }

    /// The prefix of the identity of a file whose times prove nothing.
    static let racy = "racy:"
  }

  /// An input that cannot be examined.
  package struct Unreadable: Error {
    package var path: String
    package var reason: String
  }

  /// The inputs of a build (stat only; no file is read).
  /// - Parameters:
  ///   - settings: what else the output's bytes depend on (the tool's version, how it draws and
  ///     writes pages, the fonts).
  ///   - files: the trace files.
  ///   - notes: the notes read, and those passed over (so that fixing one counts as a change).
  ///   - baseline: the files a comparison is made with.
  /// - Throws: ``Unreadable`` when an input cannot be examined.
  package init(
    settings: [String], files: [String], notes: [String] = [], skippedNotes: [String] = [],
    baseline: [String] = []
  ) throws(Unreadable) {
    self.settings = settings
    var inputs: [Input] = []
    for file in files.sorted() { inputs.append(try Self.examine(file, kind: "trace")) }
    for note in notes { inputs.append(try Self.examine(note, kind: "note")) }
    // A note passed over is examined as it is, not through a link (a dangling one, a loop).
    for skipped in skippedNotes {
      inputs.append(try Self.examine(skipped, kind: "skipped note", followingLinks: false))
    }
    for file in baseline.sorted() { inputs.append(try Self.examine(file, kind: "baseline")) }
    self.files = inputs
  }

  /// Adds the screenshots a build read (or tried to): a picture edited, added where one was
  /// missing, or removed is then a change, as a trace is. Those of the previous build are added
  /// before comparing with its record, those of this build before saving its own.
  package mutating func add(images paths: [String]) {
    for path in paths.sorted() where !files.contains(where: { $0.kind == "image" && $0.path == path }) {
      files.append(Self.examineImage(path))
    }
  }

  /// The screenshot at `path` as `stat` shows it now, or as missing (a trace may name a file that
  /// is not there: its appearing is a change too).
  private static func examineImage(_ path: String) -> Input {
    (try? examine(path, kind: "image"))
      ?? Input(kind: "image", path: path, size: -1, modified: 0, identity: "missing", hash: "missing")
  }

  /// The files of `kind` this record names, by path.
  private func files(of kind: String) -> [String: Input] {
    var found: [String: Input] = [:]
    for file in files where file.kind == kind { found[file.path] = file }
    return found
  }

  /// The hash `recorded` gives each file of `kind` that is, by `stat`, still the file it
  /// recorded (size, modification time and identity): what need not be read again.
  package func unchangedHashes(of kind: String, since recorded: BuildInputs) -> [String: String] {
    let old = recorded.files(of: kind)
    var hashes: [String: String] = [:]
    for file in files where file.kind == kind {
      guard let before = old[file.path], let hash = before.hash, hash != "missing", before.isUnchanged(file)
      else { continue }
      hashes[file.path] = hash
    }
    return hashes
  }

  /// Those of `paths` (screenshots `recorded` names) that are, by `stat`, no longer the file it
  /// recorded: written, made or removed since (one missing then and now is unchanged).
  package static func changedImages(_ paths: [String], since recorded: BuildInputs) -> [String] {
    let old = recorded.files(of: "image")
    return paths.filter { path in
      guard let before = old[path] else { return false }
      let now = examineImage(path)
      if before.identity == "missing" || now.identity == "missing" { return before.identity != now.identity }
      // Times that prove nothing: the bytes say.
      return !before.isUnchanged(now) && hash(path, kind: "image") != before.hash
    }
  }

  /// The hash recorded for a file whose bytes were not hashed as they were read (a screenshot
  /// refused): never a file's hash, so a changed `stat` makes it a change.
  private static let unverified = "unverified"

  /// Records every screenshot not hashed yet as ``unverified``: those a build read but could not
  /// hash as it read them (refused), so that ``hashAll()`` never hashes bytes written after.
  package mutating func markUnhashedImagesUnverified() {
    for index in files.indices where files[index].kind == "image" && files[index].hash == nil {
      files[index].hash = Self.unverified
    }
  }

  /// Takes `hashes` (by path) for the files that have none yet: what ``unchangedHashes(of:since:)``
  /// found, so that ``hashAll()`` does not read those files again.
  package mutating func adopt(_ hashes: [String: String]) {
    for index in files.indices where files[index].hash == nil {
      files[index].hash = hashes[files[index].path]
    }
  }

  /// Makes `paths` the screenshots of the record, sorted, and drops the others (those no trace
  /// names any more): before saving a record.
  package mutating func setImages(_ paths: [String]) {
    let kept = Set(paths)
    files.removeAll { $0.kind == "image" && !kept.contains($0.path) }
    add(images: paths)
    let images = files.filter { $0.kind == "image" }.sorted { $0.path < $1.path }
    files = files.filter { $0.kind != "image" } + images
  }

  /// The screenshots the record names.
  package var images: [String] { files.filter { $0.kind == "image" }.map(\.path) }

  private init(settings: [String], files: [Input]) {
    self.settings = settings
    self.files = files
  }

  /// The file at `path`, through a symbolic link (the file it leads to is what the build reads)
  /// unless `followingLinks` is false.
  private static func examine(_ path: String, kind: String, followingLinks: Bool = true) throws(Unreadable)
    -> Input
  {
    var info = stat()
    guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else {
      throw Unreadable(path: path, reason: String(cString: strerror(errno)))
    }
    #if canImport(Darwin)
      let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
    #else
      let (modified, changed) = (info.st_mtim, info.st_ctim)
    #endif
    let modifiedTime = Double(modified.tv_sec) + Double(modified.tv_nsec) / 1e9
    let changedTime = Double(changed.tv_sec) + Double(changed.tv_nsec) / 1e9
    // Written so recently that a write within the same tick of the file system's clock (a few
    // milliseconds, two seconds on some) would leave the same times: its times prove nothing, so
    // it is recorded with an identity no later `stat` gives, and the next build compares its
    // bytes (git's "racily clean" entries).
    // (Only a regular file's bytes are read: a folder or FIFO passed over is recorded by its times.)
    let racy =
      info.st_mode & S_IFMT == S_IFREG
      && Date().timeIntervalSince1970 - max(modifiedTime, changedTime) < Self.racyWindow
    return Input(
      kind: kind, path: path, size: Int64(info.st_size), modified: modifiedTime,
      identity: (racy ? Input.racy : "")
        + "\(info.st_dev):\(info.st_ino):\(changed.tv_sec).\(changed.tv_nsec)")
  }

  /// How recent a change must be for a file's times to prove nothing (see ``examine(_:kind:followingLinks:)``).
  static let racyWindow = 2.5

  /// The hash of a file's bytes, through a symbolic link; nil when it cannot be read (then it
  /// counts as changed). A screenshot's is `sha256`, the name its bytes have in a site (hostile
  /// bytes could be made to share a `fast128`).
  private static func hash(_ path: String, kind: String) -> String? {
    guard kind == "image" else { return RegularFile.fast128(followingLinks: path) }
    return (try? RegularFile.read(path, limit: .max, followingLinks: true).get()).map(Fingerprint.sha256)
  }

  /// Each trace's hash by path, for a ``ReplayCache`` (after ``hashAll()``).
  package var traceHashes: [String: String] {
    var hashes: [String: String] = [:]
    for file in files where file.kind == "trace" { hashes[file.path] = file.hash }
    return hashes
  }

  /// Fills in every file's hash (before saving a record).
  package mutating func hashAll() {
    // On every core: it is the build's first work, before anything else can run.
    let missing = files.indices.filter { files[$0].hash == nil }
    let paths = missing.map { (files[$0].path, files[$0].kind) }
    let hashes = Lock([String?](repeating: nil, count: paths.count))
    DispatchQueue.concurrentPerform(iterations: paths.count) { index in
      let hash = Self.hash(paths[index].0, kind: paths[index].1)
      hashes.withLock { $0[index] = hash }
    }
    for (index, hash) in zip(missing, hashes.withLock { $0 }) { files[index].hash = hash }
  }

  /// Whether these inputs are the ones `recorded` describes: the same settings and files, each
  /// with the same size and either the same time and identity or the same bytes. Files whose
  /// time or identity changed are hashed (and keep the hash, so a caller can save the record
  /// with the new times).
  package mutating func matches(_ recorded: BuildInputs) -> Bool {
    guard settings == recorded.settings, files.count == recorded.files.count else { return false }
    for index in files.indices {
      let old = recorded.files[index]
      guard files[index].kind == old.kind, files[index].path == old.path, files[index].size == old.size
      else { return false }
      if old.isUnchanged(files[index]) {
        files[index].hash = old.hash
        continue
      }
      guard let hash = Self.hash(files[index].path, kind: files[index].kind), hash == old.hash else {
        return false
      }
      files[index].hash = hash
    }
    return true
  }

  /// The record's key lines: settings, then `kind path size modified hash`, tab-separated
  /// (paths may hold spaces).
  private var keyLines: [String] {
    settings
      + files.map {
        ["file", $0.kind, $0.path, String($0.size), String($0.modified), $0.identity, $0.hash ?? "-"].joined(
          separator: "\t")
      }
  }

  private static func parse(_ lines: [String]) -> BuildInputs? {
    var settings: [String] = []
    var files: [Input] = []
    for line in lines {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.first == "file" else {
        settings.append(line)
        continue
      }
      guard fields.count == 7, let size = Int64(fields[3]), let modified = Double(fields[4]) else {
        return nil
      }
      files.append(
        Input(
          kind: fields[1], path: fields[2], size: size, modified: modified, identity: fields[5],
          hash: fields[6] == "-" ? nil : fields[6]))
    }
    return BuildInputs(settings: settings, files: files)
  }

  /// What the last build into a folder recorded.
  package struct Record {
    package var inputs: BuildInputs
    package var diagnostics: [String]
    package var hasErrors: Bool
    package var pages: [String]

    package init(inputs: BuildInputs, diagnostics: [String], hasErrors: Bool, pages: [String]) {
      self.inputs = inputs
      self.diagnostics = diagnostics
      self.hasErrors = hasErrors
      self.pages = pages
    }
  }

  package static let header = CacheFormat.header("flowatlas-build-inputs")

  package static func path(in output: String) -> String {
    (output as NSString).appendingPathComponent("\(PreviousSite.cacheFolder)/inputs")
  }

  /// Writes the record of a build that just finished. A failure only costs the next rebuild
  /// its shortcut, so it is not an error.
  package static func save(_ record: Record, in output: String) {
    var lines = [header]
    lines += record.inputs.keyLines.map { "k " + $0 }
    lines += record.diagnostics.map { "d " + $0 }
    lines += record.pages.map { "p " + $0 }
    lines.append(record.hasErrors ? "errors yes" : "errors no")
    let url = URL(fileURLWithPath: path(in: output))
    try? FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url, options: .atomic)
  }

  /// The record of the last build into `output`, when its site is still whole.
  /// - Parameter report: where a record this version wrote that no longer parses is noted.
  package static func load(from output: String, report: CacheReport? = nil) -> Record? {
    let manager = FileManager.default
    guard manager.fileExists(atPath: (output as NSString).appendingPathComponent(".flowatlas-site")) else {
      return nil
    }
    let location = path(in: output)
    let instead = "the site is built again"
    guard let bytes = CacheReport.read(location, limit: 64 << 20, instead: instead, into: report) else {
      return nil
    }
    guard let text = String(validating: bytes, as: UTF8.self), let record = parse(text) else {
      report?.unparsable(location, bytes, header: header, instead: instead)
      return nil
    }
    // A page deleted by hand is a reason to build again.
    return PreviousSite.holdsAll(record.pages, in: URL(fileURLWithPath: output, isDirectory: true))
      ? record : nil
  }

  /// The record in `text`; nil when it is not one this version wrote whole.
  private static func parse(_ text: String) -> Record? {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.first == header, lines.last == "" else { return nil }
    lines.removeFirst()
    lines.removeLast()
    guard let last = lines.popLast(), last == "errors yes" || last == "errors no" else { return nil }
    var key: [String] = []
    var diagnostics: [String] = []
    var pages: [String] = []
    for line in lines {
      let body = String(line.dropFirst(2))
      switch line.prefix(2) {
      case "k ": key.append(body)
      case "d ": diagnostics.append(body)
      case "p ": pages.append(body)
      default: return nil
      }
    }
    guard !pages.isEmpty, let inputs = parse(key) else { return nil }
    return Record(inputs: inputs, diagnostics: diagnostics, hasErrors: last == "errors yes", pages: pages)
  }
}
