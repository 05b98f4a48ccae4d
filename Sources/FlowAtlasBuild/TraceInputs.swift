import FlowAtlasModel
import Foundation

/// Turns the paths a person gives into the trace files to read.
///
/// A folder is searched without leaving it: a symlink in it is followed only to a regular
/// file inside the same folder. What cannot be read safely (a FIFO, a device, a socket, a
/// symlink out of the folder, a dangling symlink or a loop) is passed over and said so,
/// never opened, since opening a FIFO or reading `/dev/zero` would never end; so is a symlink
/// to a folder, whatever its name (never searched: it may lead out, or back in).
package enum TraceInputs {
  /// An input passed over while searching a folder, and why.
  package struct Skipped: Hashable, Sendable {
    /// The path as found, built from the folder given.
    package var path: String
    /// Why, in words: "a FIFO, not a regular file".
    package var reason: String

    package init(path: String, reason: String) {
      self.path = path
      self.reason = reason
    }
  }

  /// What a search found: the files to read, and what it passed over.
  package struct Found: Hashable, Sendable {
    /// Sorted, without repeats.
    package var files: [String]
    /// In the order met (folders are listed in name order).
    package var skipped: [Skipped]
  }

  /// The trace files named by `paths` (see ``scan(_:)``).
  /// - Parameter paths: files and directories, as the person gave them.
  /// - Returns: file paths, each built from the path given (never made absolute).
  /// - Throws: ``ModelError/missingInput(path:)`` naming the first path that does not exist.
  package static func files(in paths: [String]) throws -> [String] {
    try scan(paths).files
  }

  /// Searches `paths`: a file is taken as is (a person who names a FIFO means it); a
  /// directory is searched recursively for `*.jsonl`. Sorted and without repeats, so the
  /// model never depends on the order paths were given in.
  /// - Parameter paths: files and directories, as the person gave them.
  /// - Returns: the files to read, and the ones passed over with why.
  /// - Throws: ``ModelError/missingInput(path:)`` naming the first path that does not exist,
  ///   ``ModelError/unreadable(path:reason:)`` for a folder that cannot be listed.
  package static func scan(_ paths: [String]) throws -> Found {
    var files: Set<String> = []
    var skipped: [Skipped] = []
    for path in paths {
      var info = stat()
      guard stat(path, &info) == 0 else { throw ModelError.missingInput(path: path) }
      guard info.st_mode & S_IFMT == S_IFDIR else {
        files.insert(path)
        continue
      }
      guard let root = realPath(path) else {
        throw ModelError.unreadable(path: path, reason: "the folder cannot be resolved")
      }
      let prefix = path.hasSuffix("/") ? path : path + "/"
      try search(prefix, root: root, into: &files, skipping: &skipped)
    }
    return Found(files: onceEach(files.sorted()), skipped: skipped)
  }

  /// `sorted` with each file once: one reached by two spellings (`run.jsonl` and `./run.jsonl`,
  /// a folder given twice, a link to a trace the search also found) is kept as a spelling that is
  /// no symlink where there is one (a trace's pictures are found beside the path it is read
  /// from), else its shortest, the first in order of those. Read twice, its run was counted twice
  /// (and reported as a `duplicate-run`).
  private static func onceEach(_ sorted: [String]) -> [String] {
    var kept: [[UInt64]: (path: String, rank: (link: Int, length: Int))] = [:]
    var files: [String] = []
    for path in sorted {
      var info = stat()
      guard stat(path, &info) == 0 else {
        files.append(path)
        continue
      }
      var own = stat()
      let isLink = lstat(path, &own) == 0 && own.st_mode & S_IFMT == S_IFLNK
      let rank = (link: isLink ? 1 : 0, length: path.utf8.count)
      let identity = [UInt64(info.st_dev), UInt64(info.st_ino)]
      if let other = kept[identity], other.rank <= rank { continue }
      kept[identity] = (path, rank)
    }
    return (files + kept.values.map(\.path)).sorted()
  }

  private static func search(
    _ folder: String, root: String, into files: inout Set<String>, skipping skipped: inout [Skipped]
  ) throws {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    } catch {
      throw ModelError.unreadable(path: folder, reason: "the folder cannot be listed")
    }
    for name in names {
      let path = folder + name
      var info = stat()
      guard lstat(path, &info) == 0 else { continue }
      let isTrace = name.hasSuffix(".jsonl")
      switch info.st_mode & S_IFMT {
      case S_IFDIR:
        try search(path + "/", root: root, into: &files, skipping: &skipped)
      case S_IFREG:
        if isTrace { files.insert(path) }
      case S_IFLNK:
        guard isTrace else {
          // A link to a folder may hold traces: it is never followed, but said.
          if let reason = folderLinkProblem(path, root: root) {
            skipped.append(Skipped(path: path, reason: reason))
          }
          continue
        }
        if let reason = symlinkProblem(path, root: root) {
          skipped.append(Skipped(path: path, reason: reason))
        } else {
          files.insert(path)
        }
      default:
        if isTrace {
          skipped.append(Skipped(path: path, reason: kind(info.st_mode) + ", not a regular file"))
        }
      }
    }
  }

  /// Why the symlink at `path` must not be read, or nil when it leads to a regular file
  /// inside `root`.
  private static func symlinkProblem(_ path: String, root: String) -> String? {
    guard let target = realPath(path) else {
      return errno == ELOOP ? "a symlink loop" : "a dangling symlink (its target does not exist)"
    }
    guard holds(root, target) else {
      return "a symlink out of the input folder, not followed"
    }
    var info = stat()
    guard stat(target, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      return "a symlink to " + kind(info.st_mode) + ", not a regular file"
    }
    return nil
  }

  /// Why the symlink at `path`, not named as a trace, is said: it leads to a folder (which may
  /// hold traces, and is not searched), or loops; nil for one that leads to a file or nowhere.
  private static func folderLinkProblem(_ path: String, root: String) -> String? {
    guard let target = realPath(path) else { return errno == ELOOP ? "a symlink loop" : nil }
    var info = stat()
    guard stat(target, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
    if target == root || holds(target, root) {
      return "a symlink to a folder that holds it (a loop), not followed"
    }
    guard holds(root, target) else {
      return "a symlink to a folder out of the input folder, not followed"
    }
    return "a symlink to a folder, not followed (name the folder itself to read it)"
  }

  /// Whether the folder `folder` holds `path` (both resolved), somewhere beneath it.
  private static func holds(_ folder: String, _ path: String) -> Bool {
    path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Of `names`, entries of `folder` chosen by name, the regular files, and the others passed
  /// over with why: a folder a person keeps beside the traces (notes, contracts) is read as files
  /// only, never through a link, which may lead anywhere. Nothing is opened.
  /// - Parameter noun: what each file is (`note`, `contract`), for the reasons.
  package static func ownFiles(_ names: [String], in folder: String, of noun: String) -> (
    files: [(name: String, path: String)], skipped: [Skipped]
  ) {
    var files: [(String, String)] = []
    var skipped: [Skipped] = []
    for name in names {
      let path = (folder as NSString).appendingPathComponent(name)
      var info = stat()
      guard lstat(path, &info) == 0 else { continue }
      let reason: String
      switch info.st_mode & S_IFMT {
      case S_IFREG:
        files.append((name, path))
        continue
      case S_IFLNK: reason = "a symlink, not followed: \(noun)s are read as files"
      case S_IFDIR: reason = "a folder, not a \(noun)"
      case S_IFIFO: reason = "a FIFO, not a regular file"
      default: reason = "not a regular file"
      }
      skipped.append(Skipped(path: path, reason: reason))
    }
    return (files, skipped)
  }

  private static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFDIR: "a folder"
    default: "something"
    }
  }
}
