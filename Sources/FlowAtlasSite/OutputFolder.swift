import FlowAtlasBytes
import Foundation

/// Writes a site atomically: into a staging folder next to `--output`, then exchanged with it in
/// one step, so that `--output` is whole at every instant (the old site, then the new).
///
/// A person's files are sacred. A folder is replaced only when its marker is a manifest this
/// FlowAtlas wrote (``SiteManifest``); files the site did not write (a `.git`, `CNAME`,
/// `.nojekyll` in a published site) are carried into the new site, and only what FlowAtlas wrote
/// is ever deleted.
enum OutputFolder {
  /// The file that says a folder is a FlowAtlas site a build may replace: its manifest.
  static let marker = ".flowatlas-site"

  /// Checks that a build may write to `output`.
  ///
  /// - Returns: the manifest of the FlowAtlas site in `output`, or nil when there is none yet
  ///   (no folder, or an empty one).
  /// - Parameter kind: what the command writes; a folder FlowAtlas wrote as the other kind is
  ///   not replaced.
  /// - Throws: ``SiteError/foreignOutputFolder(path:)`` for a non-empty folder whose marker is
  ///   missing or is not a manifest, ``SiteError/otherKindOfOutput(path:holds:)`` for one of the
  ///   other kind, ``SiteError/outputIsNotAFolder(path:)`` for a file.
  static func check(_ output: URL, kind: SiteManifest.Kind = .site) throws(SiteError) -> SiteManifest? {
    var info = stat()
    guard stat(output.path, &info) == 0 else { return nil }
    guard info.st_mode & S_IFMT == S_IFDIR else { throw .outputIsNotAFolder(path: output.path) }
    if let manifest = manifest(in: output) {
      guard manifest.kind == kind else {
        throw .otherKindOfOutput(path: output.path, holds: manifest.kind.name)
      }
      return manifest
    }
    let contents = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? ["?"]
    guard contents.isEmpty else { throw .foreignOutputFolder(path: output.path) }
    return nil
  }

  /// The manifest a folder's marker holds, if it is one (read as a regular file only).
  static func manifest(in folder: URL) -> SiteManifest? {
    let path = folder.appendingPathComponent(marker).path
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size < 64 << 20,
      let text = try? String(contentsOfFile: path, encoding: .utf8)
    else { return nil }
    return SiteManifest(text: text)
  }

  /// True for a relative path of plain names: no `..`, no absolute path, no odd characters
  /// (lowercase ASCII letters, digits, `-`, `.`, `_`, and `~` for DocC's `name~dark.svg`).
  static func isContained(_ path: String) -> Bool {
    let components = path.split(separator: "/", omittingEmptySubsequences: false)
    return !components.isEmpty
      && components.allSatisfy { component in
        !component.isEmpty && component != "." && component != ".."
          && component.utf8.allSatisfy {
            ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 || $0 == 46 || $0 == 95 || $0 == 126
          }
      }
  }

  /// Where a site given as `output` goes: `output`, or the folder a symlink there names (a
  /// symlink given as --output is never replaced).
  static func resolved(_ output: URL) -> URL {
    let target = output.standardizedFileURL
    guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: target.path) else {
      return target
    }
    return URL(fileURLWithPath: destination, relativeTo: target.deletingLastPathComponent())
      .standardizedFileURL
  }

  /// The names this type gives next to `output`: staging folders (with their lock files) and old
  /// sites being removed.
  static func stagingPrefix(of output: URL) -> String { ".\(output.lastPathComponent).flowatlas-new-" }
  static func oldPrefix(of output: URL) -> String { ".\(output.lastPathComponent).flowatlas-old-" }

  /// Removes an old site set aside by an exchange: the files its manifest lists, FlowAtlas's own
  /// folder, and every other entry that the live site at `live` holds too (carried there as a
  /// hard link, or the same symlink). Anything else is the person's and stays.
  static func removeOldSite(_ old: URL, keeping live: URL) {
    // Without a manifest it can only be the empty folder a first build replaced.
    // The marker goes last: a build killed while removing leaves what remains still marked,
    // for the next build to finish.
    if let manifest = manifest(in: old),
      removeOwned(old.path, relative: "", manifest: manifest, live: (live.path, Self.manifest(in: live)))
    {
      unlink(old.appendingPathComponent(marker).path)
    }
    rmdir(old.path)
  }

  /// - Returns: whether the folder at `path` now holds nothing but, at the top, the marker.
  private static func removeOwned(
    _ path: String, relative: String, manifest: SiteManifest, live: (path: String, manifest: SiteManifest?)
  ) -> Bool {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return false }
    var empty = true
    for name in names {
      let full = path + "/" + name
      let inner = relative.isEmpty ? name : relative + "/" + name
      if inner == marker { continue }  // removed by the caller, last
      var info = stat()
      guard lstat(full, &info) == 0 else { continue }
      if info.st_mode & S_IFMT == S_IFDIR {
        if inner == SiteManifest.ownFolder {
          FaultPoint.pass()
          try? FileManager.default.removeItem(atPath: full)
        } else if removeOwned(full, relative: inner, manifest: manifest, live: live) {
          rmdir(full)
        } else {
          empty = false
        }
      } else if sameEntry(info, full, live.path + "/" + inner)
        || (manifest.files[inner] != nil && live.manifest?.files[inner] != nil)
        || manifest.wrote(inner, at: full)
      {
        // Carried into the live site; still what the old manifest says its build wrote; or a
        // page of ours the new site wrote again (an edited page is made again, as documented).
        // A listed file that is none of these (a hand-written marker's list) is the person's.
        unlink(full)
      } else {
        empty = false
      }
    }
    return empty
  }

  /// Whether `other` is the same file as `path` (one inode, as a carried hard link is) or the
  /// same symlink.
  static func sameEntry(_ info: stat, _ path: String, _ other: String) -> Bool {
    var otherInfo = stat()
    guard lstat(other, &otherInfo) == 0, otherInfo.st_mode & S_IFMT == info.st_mode & S_IFMT else {
      return false
    }
    if info.st_mode & S_IFMT == S_IFLNK {
      return (try? FileManager.default.destinationOfSymbolicLink(atPath: path))
        == (try? FileManager.default.destinationOfSymbolicLink(atPath: other))
    }
    return info.st_ino == otherInfo.st_ino && info.st_dev == otherInfo.st_dev
  }

  /// Exchanges `staging` and `output` in one step where the system can (`renameat2` with
  /// `RENAME_EXCHANGE` on Linux, `renamex_np` with `RENAME_SWAP` on macOS); elsewhere, moves the
  /// old site aside and the new one in, putting the old one back if the second step fails.
  /// - Returns: where the old site is now, or nil when there was none.
  static func exchange(_ staging: URL, _ output: URL, aside: URL) throws(SiteError) -> URL? {
    guard FileManager.default.fileExists(atPath: output.path) else {
      try rename(staging, output)
      return nil
    }
    if !forcesTwoRenames, SystemCalls.exchange(staging.path, output.path) { return staging }
    try rename(output, aside)
    FaultPoint.pass()
    do {
      try rename(staging, output)
    } catch {
      try? rename(aside, output)
      throw error
    }
    return aside
  }

  /// True with `FLOWATLAS_TWO_RENAMES=1`: the fault-injection test kills a build between the two
  /// renames of the fallback, which the atomic exchange does not have.
  private static let forcesTwoRenames = ProcessInfo.processInfo.environment["FLOWATLAS_TWO_RENAMES"] == "1"

  static func rename(_ from: URL, _ to: URL) throws(SiteError) {
    guard Foundation.rename(from.path, to.path) == 0 else {
      let reason = String(cString: strerror(errno))  // before `to.path`, which may set errno
      throw SiteError.writeFailed(path: to.path, reason: reason)
    }
  }
}
