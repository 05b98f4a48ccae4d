import Foundation

/// A folder an interrupted build left beside an output that is still there after tidying,
/// because it holds files FlowAtlas did not write (a copy of the site set aside, whose site was
/// deleted since): they are the person's, so they are named, never deleted.
package struct LeftoverFolder: Equatable, Sendable {
  /// The folder.
  package var path: String
  /// How many files are still in it.
  package var count: Int
  /// The first few of them, relative to ``path``, sorted.
  package var examples: [String]
}

extension OutputFolder {
  /// Removes what interrupted builds of `output` left next to it: a staging folder whose lock
  /// no build holds (everything in it is FlowAtlas's, or a link to a file the live site keeps),
  /// and an old site set aside after an exchange (removed as ``removeOldSite(_:keeping:)`` does).
  ///
  /// A site set aside is put back only when that is certain to be what its build left undone:
  /// `output` is missing, and beside it are both halves of one exchange of the fallback's two
  /// renames (``exchange(_:_:aside:)``), the old site and the new one written whole, named
  /// after the same build, whose lock no build holds. A missing `output` without them is one
  /// the person removed, and stays removed.
  ///
  /// - Returns: the folders left because they hold files that are not FlowAtlas's.
  @discardableResult
  static func removeLeftovers(of output: URL) -> [LeftoverFolder] {
    let parent = output.deletingLastPathComponent()
    let (staging, old) = (stagingPrefix(of: output), oldPrefix(of: output))
    // Only names this type gives are looked at: the parent may be a folder of thousands (/tmp).
    guard
      var names = try? FileManager.default.contentsOfDirectory(atPath: parent.path).filter({
        $0.hasPrefix(staging) || $0.hasPrefix(old)
      })
    else { return [] }
    var info = stat()
    if lstat(output.path, &info) != 0, let aside = interruptedExchange(names, of: output),
      Foundation.rename(parent.appendingPathComponent(aside).path, output.path) == 0
    {
      names.removeAll { $0 == aside }
    }
    var kept: [LeftoverFolder] = []
    for name in names.sorted() {
      let url = parent.appendingPathComponent(name)
      if name.hasPrefix(staging), !name.hasSuffix(".lock") {
        let lock = url.path + ".lock"
        // No lock file: not a folder this type made; a lock held: a build is running.
        guard let descriptor = abandonedLock(lock) else { continue }
        defer { close(descriptor) }
        if manifest(in: url) != nil {
          // Written whole (or holding the site an exchange set aside): remove it as an old site.
          removeOldSite(url, keeping: output)
        } else {
          try? FileManager.default.removeItem(at: url)
        }
        // Kept while the folder is: it is how the next build knows the folder for one of these.
        if !FileManager.default.fileExists(atPath: url.path) { unlink(lock) }
      } else if name.hasPrefix(staging), name.hasSuffix(".lock") {
        let folder = String(url.path.dropLast(".lock".count))
        guard !FileManager.default.fileExists(atPath: folder), let descriptor = abandonedLock(url.path)
        else { continue }
        defer { close(descriptor) }
        unlink(url.path)
      } else if name.hasPrefix(old) {
        removeOldSite(url, keeping: output)
      } else {
        continue
      }
      if let left = leftover(url) { kept.append(left) }
    }
    return kept
  }

  /// The old site of an exchange that a kill stopped between its two renames, when `names`
  /// (beside `output`) hold it: `old-<id>` with a manifest, and `new-<id>`, the new site
  /// written whole, with its lock file and no build holding it.
  private static func interruptedExchange(_ names: [String], of output: URL) -> String? {
    let parent = output.deletingLastPathComponent()
    let (staging, old) = (stagingPrefix(of: output), oldPrefix(of: output))
    for aside in names.sorted() where aside.hasPrefix(old) {
      let pair = staging + aside.dropFirst(old.count)
      guard names.contains(pair), manifest(in: parent.appendingPathComponent(aside)) != nil,
        manifest(in: parent.appendingPathComponent(pair)) != nil,
        let descriptor = abandonedLock(parent.appendingPathComponent(pair).path + ".lock")
      else { continue }
      // Closed at once: the lock is taken again when the new half is removed, below.
      close(descriptor)
      return aside
    }
    return nil
  }

  /// What is still in the folder at `url` after tidying, if it is still there.
  private static func leftover(_ url: URL) -> LeftoverFolder? {
    var info = stat()
    guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
      let enumerator = FileManager.default.enumerator(atPath: url.path)
    else { return nil }
    var files: [String] = []
    while let path = enumerator.nextObject() as? String {
      var entry = stat()
      // The marker stays while anything else does, for a later build to finish the removal.
      guard path != marker else { continue }
      if lstat(url.path + "/" + path, &entry) == 0, entry.st_mode & S_IFMT != S_IFDIR { files.append(path) }
    }
    return LeftoverFolder(path: url.path, count: files.count, examples: Array(files.sorted().prefix(3)))
  }

  /// The lock file at `path`, open and locked by this process, when it exists and no build
  /// holds it; nil otherwise. The caller closes it.
  static func abandonedLock(_ path: String) -> Int32? {
    let descriptor = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      return nil
    }
    return descriptor
  }
}
