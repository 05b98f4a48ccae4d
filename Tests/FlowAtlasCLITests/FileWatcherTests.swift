import Foundation
import Testing

@testable import FlowAtlasCLI

/// The file watcher door, by inotify and by polling alike: what a UI test does to a trace folder
/// (a trace written, a folder made and filled at once, a file replaced by rename, removed) is
/// reported, by path, and what is ignored is not.
@Suite struct FileWatcherTests {
  /// Waits until `watcher` has reported every path of `wanted`, for at most 20 seconds.
  /// - Returns: everything it reported meanwhile.
  static func changes(
    of watcher: FileWatcher, until wanted: Set<String>, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Set<String> {
    let deadline = DispatchTime.now().uptimeNanoseconds + 20_000_000_000
    var seen: Set<String> = []
    while !wanted.isSubset(of: seen), DispatchTime.now().uptimeNanoseconds < deadline {
      seen.formUnion(watcher.wait(milliseconds: 200).map(\.path))
    }
    #expect(
      wanted.isSubset(of: seen), "missing \(wanted.subtracting(seen)) \(comment.map { "\($0)" } ?? "")",
      sourceLocation: sourceLocation)
    return seen
  }

  /// A folder under the temporary folder, as the preview gives roots: absolute, without links.
  static func folder() throws -> String {
    try temporaryFolder().resolvingSymlinksInPath().path
  }

  @Test(arguments: [false, true])
  func whatATestDoesToATraceFolderIsReported(polling: Bool) throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let site = root + "/site"
    let watcher = try FileWatcher(
      roots: [root], ignoring: { FileWatcher.isInside($0, site) }, polling: polling, interval: 50)
    #if os(Linux)
      let native = FileWatcher.Mechanism.inotify
    #else
      let native = FileWatcher.Mechanism.kqueue
    #endif
    #expect(watcher.mechanism == (polling ? .polling : native))

    // A trace written.
    try Data("{}\n".utf8).write(to: URL(fileURLWithPath: root + "/a.jsonl"))
    _ = Self.changes(of: watcher, until: [root + "/a.jsonl"], "a new trace")

    // A folder made and filled before a watch could be on it, then a file in it written: the
    // new folder is watched too.
    try FileManager.default.createDirectory(atPath: root + "/run/inner", withIntermediateDirectories: true)
    try Data("{}\n".utf8).write(to: URL(fileURLWithPath: root + "/run/inner/b.jsonl"))
    _ = Self.changes(of: watcher, until: [root + "/run", root + "/run/inner/b.jsonl"], "a new folder")
    let handle = try #require(FileHandle(forWritingAtPath: root + "/run/inner/b.jsonl"))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("{\"seq\":1}\n".utf8))
    try handle.close()
    _ = Self.changes(of: watcher, until: [root + "/run/inner/b.jsonl"], "a trace that grew")

    // Replaced by rename (an atomic write), then removed.
    try Data("{\"a\":1}\n".utf8).write(to: URL(fileURLWithPath: root + "/a.jsonl"), options: .atomic)
    _ = Self.changes(of: watcher, until: [root + "/a.jsonl"], "a trace replaced")
    try FileManager.default.removeItem(atPath: root + "/a.jsonl")
    _ = Self.changes(of: watcher, until: [root + "/a.jsonl"], "a trace removed")

    // What is ignored is never reported: the site's files, written before a sentinel.
    try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
    try Data("<p>\n".utf8).write(to: URL(fileURLWithPath: site + "/index.html"))
    try Data("{}\n".utf8).write(to: URL(fileURLWithPath: root + "/sentinel.jsonl"))
    let seen = Self.changes(of: watcher, until: [root + "/sentinel.jsonl"], "the sentinel")
    #expect(!seen.contains { FileWatcher.isInside($0, site) }, "\(seen)")

    // A folder moved away goes with everything in it.
    let away = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: away) }
    try FileManager.default.moveItem(atPath: root + "/run", toPath: away + "/run")
    _ = Self.changes(of: watcher, until: [root + "/run"], "a folder moved away")
  }

  /// A trace given by name is watched through its folder: replaced by rename, it is still seen,
  /// and its neighbours are not reported.
  @Test(arguments: [false, true])
  func aFileGivenByNameIsSeenWhenReplaced(polling: Bool) throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let trace = root + "/one.jsonl"
    try Data("{}\n".utf8).write(to: URL(fileURLWithPath: trace))
    let watcher = try FileWatcher(roots: [trace], ignoring: { _ in false }, polling: polling, interval: 50)
    for round in 1...2 {
      try Data("{\"round\":\(round)}\n".utf8).write(to: URL(fileURLWithPath: root + "/other.jsonl"))
      try Data("{\"round\":\(round)}\n".utf8).write(to: URL(fileURLWithPath: trace), options: .atomic)
      let seen = Self.changes(of: watcher, until: [trace], "round \(round)")
      #expect(!seen.contains(root + "/other.jsonl"), "\(seen)")
    }
  }

  /// A file closed without being written is no change: opened for writing and closed unwritten,
  /// or written before the watch by a descriptor another process inherited (a program a test
  /// started while the file was being written), closed long after. A file written again with its
  /// size and time put back still is one.
  @Test(arguments: [false, true])
  func aFileClosedUnwrittenIsNoChange(polling: Bool) throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let note = root + "/ShopCoordinator.md"
    let written = open(root + "/.note.tmp", O_WRONLY | O_CREAT, 0o644)
    try #require(written >= 0)
    #expect(write(written, "# Shop\n", 7) == 7)
    #expect(rename(root + "/.note.tmp", note) == 0)
    let watcher = try FileWatcher(roots: [root], ignoring: { _ in false }, polling: polling, interval: 50)

    close(written)
    let unwritten = open(note, O_WRONLY)
    try #require(unwritten >= 0)
    close(unwritten)
    try Data("{}\n".utf8).write(to: URL(fileURLWithPath: root + "/sentinel.jsonl"))
    let seen = Self.changes(of: watcher, until: [root + "/sentinel.jsonl"], "the sentinel")
    #expect(!seen.contains(note), "\(seen)")

    let before = try FileManager.default.attributesOfItem(atPath: note)[.modificationDate] as? Date
    try Data("# Show\n".utf8).write(to: URL(fileURLWithPath: note))
    try FileManager.default.setAttributes([.modificationDate: try #require(before)], ofItemAtPath: note)
    _ = Self.changes(of: watcher, until: [note], "the note written again, its time put back")
  }

  /// A file added to watch later (a screenshot beside a trace given by name) is seen when it
  /// changes, not before; its neighbours are not reported.
  @Test(arguments: [false, true])
  func aRootAddedLaterIsWatchedFromThen(polling: Bool) throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root + "/traces", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: root + "/shots", withIntermediateDirectories: true)
    let shot = root + "/shots/home.capture"
    try Data("one".utf8).write(to: URL(fileURLWithPath: shot))
    let watcher = try FileWatcher(
      roots: [root + "/traces"], ignoring: { _ in false }, polling: polling, interval: 50)
    // A trace written before the picture is added: reported, by the add or by the next wait.
    try Data("{}\n".utf8).write(to: URL(fileURLWithPath: root + "/traces/a.jsonl"))
    let trace = root + "/traces/a.jsonl"
    let added = Set(watcher.add(roots: [shot]).map(\.path))
    let before =
      added.contains(trace) ? added : added.union(Self.changes(of: watcher, until: [trace], "a trace"))
    #expect(!before.contains(shot), "what was there before is no change")
    try Data("two".utf8).write(to: URL(fileURLWithPath: shot))
    try Data("other".utf8).write(to: URL(fileURLWithPath: root + "/shots/other.capture"))
    let seen = Self.changes(of: watcher, until: [shot], "the added file written")
    #expect(!seen.contains(root + "/shots/other.capture"), "\(seen)")
  }

  /// The folder that holds the traces' folder is removed and made again (`rm -rf TestOutput &&
  /// mkdir -p TestOutput/traces`): the watcher says it polls from then on, and sees the new trace.
  @Test func aRootsParentRemovedAndMadeAgainIsStillWatched() throws {
    let top = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: top) }
    let root = top + "/TestOutput/traces"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    let watcher = try FileWatcher(roots: [root], ignoring: { _ in false }, polling: false, interval: 50)
    try FileManager.default.removeItem(atPath: top + "/TestOutput")
    _ = Self.changes(of: watcher, until: [root], "the root removed with its parent")
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    try Data("{}\n".utf8).write(to: URL(fileURLWithPath: root + "/a.jsonl"))
    _ = Self.changes(of: watcher, until: [root + "/a.jsonl"], "a trace in the folder made again")
    #expect(watcher.mechanism == .polling)
    #expect(watcher.fallbackReason?.contains(top + "/TestOutput") == true, "\(watcher.fallbackReason ?? "")")
  }

  /// A wake ends a wait that would last until a change.
  @Test func aWakeEndsAWait() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let watcher = try FileWatcher(roots: [root], ignoring: { _ in false }, polling: false)
    FileWatcher.wake(watcher.wakeDescriptor)
    #expect(watcher.wait(milliseconds: -1).isEmpty)
  }

  @Test func aRootOnANetworkShareIsPolled() {
    #expect(FileWatcher.remoteKinds.isSuperset(of: ["nfs", "nfs4", "cifs", "smbfs", "9p", "virtiofs"]))
    // This machine's temporary folder is local.
    #expect(FileWatcher.remoteFileSystem(of: NSTemporaryDirectory()) == nil)
  }
}
