import FlowAtlasBuild
import FlowAtlasBytes
import FlowAtlasLock
import FlowAtlasTrace
import Foundation

extension OutputFolder {
  /// A new site being written: a staging folder next to `output` that ``commit(fingerprint:)``
  /// exchanges with it, and ``discard()`` removes.
  ///
  /// While it exists, a lock file beside it is held, so that another build's clean-up of
  /// leftovers (``OutputFolder/removeLeftovers(of:)``) never takes a folder a build still writes.
  /// ``write(_:pieces:)`` may be called from several threads at once, so pages are written as
  /// soon as they are made; every write is recorded (size and hash) for the manifest.
  final class Staging: Sendable {
    /// Where the site goes: `--output`, or the folder a symlink given as `--output` names.
    let output: URL
    let folder: URL
    /// The build's own name, shared by its staging folder and the old site it sets aside, so
    /// that the two halves of an exchange a kill interrupted are known for a pair
    /// (``OutputFolder/removeLeftovers(of:)``).
    private let id = UUID().uuidString.lowercased()
    private let lock: String
    private let lockDescriptor: Int32
    private let released = Lock(false)
    /// Removes the folder and its lock if a signal stops the command before they are in place
    /// or gone (``Interruption``).
    private let cleanup: Interruption.Registration
    /// Folders made so far, by path relative to ``folder``.
    private let made = Lock<Set<String>>([])
    private let written = Lock<[String: SiteManifest.Entry]>([:])
    /// What each written file is on this disk (``PreviousSite/identity(of:)``), by path.
    private let identities = Lock<[String: String]>([:])
    /// What the folder is, for its manifest.
    let kind: SiteManifest.Kind

    /// Creates the staging folder (and `output`'s parent, if needed), after removing what
    /// interrupted builds left.
    ///
    /// - Throws: ``SiteError/writeFailed(path:reason:)`` naming `output`.
    init(replacing output: URL, kind: SiteManifest.Kind = .site) throws(SiteError) {
      let target = OutputFolder.resolved(output)
      self.output = target
      self.kind = kind
      let parent = target.deletingLastPathComponent()
      folder = parent.appendingPathComponent(
        OutputFolder.stagingPrefix(of: target) + id, isDirectory: true)
      lock = folder.path + ".lock"
      // Noted before either exists: a signal from here on removes what there is of them.
      cleanup = Interruption.onInterrupt { [folder, lock] in Self.remove(folder.path, lock: lock) }
      do {
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
      } catch {
        Interruption.forget(cleanup)
        throw .writeFailed(path: target.path, reason: error.localizedDescription)
      }
      OutputFolder.removeLeftovers(of: target)
      lockDescriptor = open(lock, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      guard lockDescriptor >= 0, flock(lockDescriptor, LOCK_EX | LOCK_NB) == 0,
        mkdir(folder.path, 0o755) == 0
      else {
        let reason = String(cString: strerror(errno))
        Self.release(lockDescriptor, lock)
        Interruption.forget(cleanup)
        throw .writeFailed(path: target.path, reason: reason)
      }
    }

    /// Removes a staging folder and its lock file from the thread an interruption runs on,
    /// while the build's other threads may still be writing into it: none can make the folder
    /// again (``prepare(_:)`` makes folders only inside it), so a pass or two removes it for good.
    private static func remove(_ folder: String, lock: String) {
      var info = stat()
      for _ in 0..<100 where lstat(folder, &info) == 0 {
        try? FileManager.default.removeItem(atPath: folder)
      }
      unlink(lock)
    }

    deinit {
      releaseLock()
    }

    /// Removes and closes the lock file, once: when the build is over, whatever its end.
    /// - Parameter forgetting: false inside ``Interruption/committing(forgetting:_:)``, which
    ///   forgets the clean-up itself, in the same step as the lock file goes.
    private func releaseLock(forgetting: Bool = true) {
      let wasReleased = released.withLock { released in
        defer { released = true }
        return released
      }
      guard !wasReleased else { return }
      Self.release(lockDescriptor, lock)
      if forgetting { Interruption.forget(cleanup) }
    }

    private static func release(_ descriptor: Int32, _ lock: String) {
      guard descriptor >= 0 else { return }
      unlink(lock)
      close(descriptor)
    }

    /// Writes `text` as the file at `path`, relative to the site root.
    func write(_ path: String, _ text: String) throws(SiteError) {
      try write(path, pieces: [Array(text.utf8)])
    }

    /// Writes `bytes` as the file at `path`, relative to the site root.
    /// - Parameter owned: false for a file written once for the person to keep: the manifest
    ///   does not list it, so later runs carry it over (edited or not) and never delete it.
    /// - Returns: the hash of the bytes written (``Fingerprint/fast128(_:)-([UInt8])``).
    @discardableResult
    func write(_ path: String, _ bytes: [UInt8], owned: Bool = true) throws(SiteError) -> String {
      try write(path, pieces: [bytes], owned: owned)
    }

    /// Writes the pieces, in order, as the file at `path`, relative to the site root: a page is
    /// written from its parts without joining them first.
    ///
    /// - Throws: ``SiteError/invalidModel(reason:)`` when `path` is not one a site can hold,
    ///   ``SiteError/writeFailed(path:reason:)`` naming the file as it will be in `output`.
    /// - Returns: the hash of the bytes written, as the manifest lists it.
    @discardableResult
    func write(_ path: String, pieces: [[UInt8]], owned: Bool = true) throws(SiteError) -> String {
      let descriptor = try create(path)
      defer { close(descriptor) }
      var hasher = Fingerprint.Fast128()
      var size = 0
      for piece in pieces {
        try writeAll(piece, to: descriptor, path: path)
        hasher.combine(piece)
        size += piece.count
      }
      let entry = SiteManifest.Entry(size: size, hash: hasher.finalize())
      defer { FaultPoint.pass() }
      guard owned else { return entry.hash }
      written.withLock { $0[path] = entry }
      var info = stat()
      if fstat(descriptor, &info) == 0 { identities.withLock { $0[path] = PreviousSite.identity(of: info) } }
      return entry.hash
    }

    /// Notes what each file written so far outside FlowAtlas's own folder is on this disk
    /// (``PreviousSite/identitiesPath``), for the next build to trust it without reading it.
    func writeIdentities() throws(SiteError) {
      let noted = identities.withLock { $0 }.filter { !$0.key.hasPrefix(SiteManifest.ownFolder + "/") }
      try write(PreviousSite.identitiesPath, PreviousSite.identitiesText(noted))
    }

    /// Puts the previous site's file `original` at `path`: a hard link where the file system
    /// allows (a rebuild then does not write again the megabytes it reuses), else `bytes`, which
    /// `original` was checked to hold, written, or without them a copy of `original`. Not listed
    /// in the manifest: for FlowAtlas's own folder only.
    func place(_ path: String, linking original: URL, bytes: [UInt8]? = nil) throws(SiteError) {
      let url = try prepare(path)
      // Already there: two entries of the cache under one key hold the same bytes.
      guard link(original.path, url.path) != 0, errno != EEXIST else { return }
      if let bytes {
        try write(path, bytes)
        return
      }
      do {
        try FileManager.default.copyItem(at: original, to: url)
      } catch {
        throw .writeFailed(path: shown(path), reason: error.localizedDescription)
      }
    }

    /// Puts the previous site's page `original`, which still holds what `entry` describes, at
    /// `path` (a hard link, else a copy), and lists it in the manifest as this build's.
    func reuse(_ path: String, from original: URL, entry: SiteManifest.Entry) throws(SiteError) {
      try place(path, linking: original)
      written.withLock { $0[path] = entry }
      var info = stat()
      if lstat(folder.path + "/" + path, &info) == 0 {
        identities.withLock { $0[path] = PreviousSite.identity(of: info) }
      }
    }

    /// Opens a new file at `path` (relative to the site root) for writing, creating its folder.
    private func create(_ path: String) throws(SiteError) -> Int32 {
      let url = try prepare(path)
      // A file already there may be a hard link to the previous site's: never write through it.
      unlink(url.path)
      let file = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      guard file >= 0 else { throw failure(path) }
      return file
    }

    /// Where `path` (relative to the site root) goes in the staging folder, once its folder exists.
    private func prepare(_ path: String) throws(SiteError) -> URL {
      guard SiteManifest.isSitePath(path), path != OutputFolder.marker else {
        throw .invalidModel(reason: "the site path “\(path)” would leave the output folder")
      }
      if let slash = path.lastIndex(of: "/") {
        let directory = String(path[..<slash])
        if made.withLock({ !$0.contains(directory) }) {
          // One level at a time inside the staging folder, never the folder itself: once an
          // interruption has removed it, nothing makes it again.
          var inner = ""
          for component in directory.split(separator: "/") {
            inner += inner.isEmpty ? String(component) : "/" + component
            guard mkdir(folder.path + "/" + inner, 0o755) == 0 || errno == EEXIST else { throw failure(path) }
          }
          made.withLock { _ = $0.insert(directory) }
        }
      }
      return folder.appendingPathComponent(path, isDirectory: false)
    }

    /// How errors name a file: where it was going in `output`, not the hidden staging folder.
    private func shown(_ path: String) -> String {
      output.appendingPathComponent(path).path
    }

    /// The failure that `code` (by default `errno`) names, for the file at `path`. `errno` is read
    /// first: making the path's text calls Foundation, which may set it again (a full disk was
    /// once reported as "No such file or directory").
    private func failure(_ path: String, code: Int32 = errno) -> SiteError {
      let reason = String(cString: strerror(code))
      return .writeFailed(path: shown(path), reason: reason)
    }

    private func writeAll(_ bytes: [UInt8], to file: Int32, path: String) throws(SiteError) {
      let code = FileDescriptorIO.writeAll(file, bytes)
      guard code == 0 else { throw failure(path, code: code) }
    }

    /// Carries the files the site did not write (a `.git`, `CNAME`, `.nojekyll`) from the
    /// previous site into the new one, as hard links (a copy where the file system has none).
    /// A page of the previous site's manifest is left behind, even edited, where the new site
    /// writes it again (docs/building.md: "or when the new site writes that page again").
    ///
    /// - Throws: ``SiteError/personsFileInTheWay(path:)`` for a file the manifest never listed
    ///   where the new site writes a page (an app named `Blog` over `blog/index.html`, `recipes/`
    ///   over a file `recipes`): the person decides, the build does not.
    func carry(from previous: URL, manifest: SiteManifest) throws(SiteError) {
      _ = try carry(previous.path, relative: "", manifest: manifest)
    }

    /// - Returns: whether the folder at `path` held anything of FlowAtlas's (left behind).
    private func carry(_ path: String, relative: String, manifest: SiteManifest) throws(SiteError) -> Bool {
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return false }
      var heldOurs = false
      for name in names.sorted() {
        let inner = relative.isEmpty ? name : relative + "/" + name
        let from = path + "/" + name
        let to = folder.path + "/" + inner
        var existing = stat()
        let taken = lstat(to, &existing) == 0
        // FlowAtlas's own entries stay behind; so does a listed file that is still what the
        // previous build wrote. One listed but changed (or never ours) is the person's: carried.
        if inner == OutputFolder.marker || inner == SiteManifest.ownFolder { continue }
        if manifest.files[inner] != nil, taken || manifest.wrote(inner, at: from) {
          heldOurs = true
          continue
        }
        var info = stat()
        guard lstat(from, &info) == 0 else { continue }
        // Past the check above, a path the new site writes that held no file of ours (or a folder
        // where it writes a file) is the person's: never replaced without their say.
        let intoAFolder = taken && existing.st_mode & S_IFMT == S_IFDIR
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
          if taken && !intoAFolder { throw .personsFileInTheWay(path: shown(inner)) }
          if !taken, mkdir(to, info.st_mode & 0o7777) != 0 {
            throw failure(inner)
          }
          // A folder only FlowAtlas's files were in (a removed app's) is not made again empty;
          // one the person left empty is kept.
          if try carry(from, relative: inner, manifest: manifest) {
            heldOurs = true
            if !taken { rmdir(to) }  // fails, as it should, when something was carried into it
          }
          FaultPoint.pass()
        case _ where taken:
          throw .personsFileInTheWay(path: shown(inner))
        case S_IFLNK:
          let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: from)) ?? ""
          if symlink(target, to) != 0 {
            throw failure(inner)
          }
        default:
          if link(from, to) != 0 {
            do {
              try FileManager.default.copyItem(atPath: from, toPath: to)
            } catch {
              throw .writeFailed(path: shown(inner), reason: error.localizedDescription)
            }
          }
        }
      }
      return heldOurs
    }

    /// Writes the manifest, exchanges the new site with `output` in one step, then removes the
    /// old site (what FlowAtlas wrote there, and the files now carried into the new one).
    ///
    /// - Throws: ``SiteError/writeFailed(path:reason:)``; the previous site is then as it was
    ///   and the staging folder is gone.
    func commit(fingerprint: String) throws(SiteError) {
      let aside = output.deletingLastPathComponent().appendingPathComponent(
        OutputFolder.oldPrefix(of: output) + id)
      do {
        // FlowAtlas's own folder is wholly its own: listing its files would only make the
        // marker depend on the diagram cache.
        let files = written.withLock { $0 }.filter { !$0.key.hasPrefix(SiteManifest.ownFolder + "/") }
        try write(marker: SiteManifest(fingerprint: fingerprint, files: files, kind: kind).text)
        FaultPoint.pass()
      } catch {
        discard()
        throw error
      }
      // The exchange and the old site's removal are one step for an interruption: it comes
      // before (the exchange never happens, the staging folder goes) or waits for the end of it,
      // so a signal never leaves the old site beside the new one.
      do {
        try Interruption.committing(forgetting: cleanup) { () throws(SiteError) in
          let previous = try OutputFolder.exchange(folder, output, aside: aside)
          FaultPoint.pass()
          // From here the new site is in place; nothing below may fail the build.
          // The lock file goes in this step too: after it, an interruption has nothing to remove.
          defer { releaseLock(forgetting: false) }
          guard var old = previous else { return }
          if old == folder, (try? OutputFolder.rename(folder, aside)) != nil {
            // Renamed first, so that the lock file no longer names a folder that holds a site.
            old = aside
          }
          FaultPoint.pass()
          OutputFolder.removeOldSite(old, keeping: output)
        }
      } catch {
        discard()
        throw error
      }
      releaseLock()
      noteIdentitiesAgain()
    }

    /// Notes again the identities of the pages the old site shared by hard link: removing its
    /// names changed their status-change time, and a stale identity only costs the next build
    /// a hash of each. A file whose content identity changed meanwhile keeps the old note.
    private func noteIdentitiesAgain() {
      let noted = identities.withLock { $0 }.filter { !$0.key.hasPrefix(SiteManifest.ownFolder + "/") }
      guard !noted.isEmpty else { return }
      var fresh: [String: String] = [:]
      for (path, identity) in noted {
        var info = stat()
        guard lstat(output.path + "/" + path, &info) == 0 else { continue }
        let now = PreviousSite.identity(of: info)
        fresh[path] = PreviousSite.sameContent(identity, now) ? now : identity
      }
      let file = output.appendingPathComponent(PreviousSite.identitiesPath)
      guard FileManager.default.fileExists(atPath: file.path) else { return }
      try? Data(PreviousSite.identitiesText(fresh).utf8).write(to: file, options: .atomic)
    }

    private func write(marker text: String) throws(SiteError) {
      let path = folder.appendingPathComponent(OutputFolder.marker).path
      let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      guard file >= 0 else {
        throw failure(OutputFolder.marker)
      }
      defer { close(file) }
      try writeAll(Array(text.utf8), to: file, path: OutputFolder.marker)
    }

    /// Removes the staging folder: the build failed, the previous site stays.
    func discard() {
      try? FileManager.default.removeItem(at: folder)
      releaseLock()
    }
  }
}
