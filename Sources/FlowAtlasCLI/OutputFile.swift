import FlowAtlasBuild
import FlowAtlasBytes
import FlowAtlasSite
import Foundation

/// Writes a command's result to `--output` or to standard output.
///
/// A person's files are sacred: an existing device, FIFO, socket or symlink named as the
/// output is written *through* (as root, replacing `/dev/null` with a regular file would break
/// every process on the machine); only a regular file, or a path that does not exist yet, is
/// replaced atomically, by a temporary sibling renamed into place and removed on any failure.
package enum OutputFile {
  /// Writes `bytes` to `path`, or to the console when `path` is nil or `-`. Binary formats
  /// refuse a terminal-bound standard output.
  /// - Throws: a usage error for an empty path or a binary format without a path, an
  ///   input/output error naming `path` when it cannot be written.
  package static func write(
    _ bytes: [UInt8], to path: String?, console: Console, isText: Bool, command: String
  ) throws(CommandLineError) {
    guard let path, path != "-" else {
      guard isText else {
        throw .usage("this format is binary: give --output <file>", command: command)
      }
      console.out(String(decoding: bytes, as: UTF8.self))
      return
    }
    try checkPath(path, command: command)
    var info = stat()
    let exists = lstat(path, &info) == 0
    let kind = info.st_mode & S_IFMT
    do throws(OutputError) {
      if exists, kind == S_IFDIR {
        throw OutputError(reason: "it is a folder; name a file")
      } else if exists, kind != S_IFREG {
        try writeThrough(bytes, to: path)
      } else {
        try replace(path, with: bytes, mode: exists ? info.st_mode & 0o7777 : 0o644)
      }
    } catch {
      throw .inputOutput("\(path): cannot write the output (\(error.reason))")
    }
  }

  /// Refuses an empty `--output`, which would otherwise mean the current folder.
  static func checkPath(_ path: String, command: String) throws(CommandLineError) {
    guard !path.isEmpty else {
      throw .usage("--output needs a path (or - for standard output)", command: command)
    }
  }

  /// Refuses an empty `--output` and `-` for a command that writes a folder: `-` means standard
  /// output to every other command, and a folder of that name would surprise (`./-` names one).
  static func checkFolderPath(_ path: String, command: String) throws(CommandLineError) {
    try checkPath(path, command: command)
    guard path != "-" else {
      throw .usage(
        "--output names a folder here, and - (standard output) cannot hold one: give a folder's path",
        command: command)
    }
  }

  /// Refuses an output file that is one of `inputs` (a trace, a `model.json`, or a file in a folder
  /// given), however it is reached (another spelling, a link): writing it would destroy what the
  /// command reads. Checked before anything is read.
  static func checkNotAnInput(_ path: String?, inputs: [String], command: String) throws(CommandLineError) {
    guard let path, !path.isEmpty, path != "-" else { return }
    var output = stat()
    guard stat(path, &output) == 0, output.st_mode & S_IFMT == S_IFREG else { return }
    let written = identity(of: path)
    // A folder's traces; a missing input is the reading's to report.
    let files = inputs + ((try? TraceInputs.scan(inputs))?.files ?? [])
    for file in files {
      if identity(of: file) == written {
        throw .usage(
          "--output \(Printable.path(path)) is the input \(Printable.path(file)): writing it would destroy "
            + "it; name another file", command: command)
      }
    }
  }

  /// The file `path` is (its device and inode), however spelled or linked; nil where there is none.
  static func identity(of path: String) -> [UInt64]? {
    var info = stat()
    return stat(path, &info) == 0 ? [UInt64(info.st_dev), UInt64(info.st_ino)] : nil
  }

  /// The format to write: `given` (`--format`), else the one `output`'s extension names among
  /// `formats` (`map.png`: png), else `fallback`. Said where the two disagree, or where the
  /// extension names no format, since the bytes would not be what the name promises.
  static func format(
    given: String?, output: String?, among formats: [String: String], fallback: String, console: Console
  ) -> String {
    guard let output, output != "-" else { return given ?? fallback }
    let name = (output as NSString).lastPathComponent
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return given ?? fallback }
    let implied = formats[name[name.index(after: dot)...].lowercased()]
    let format = given ?? implied ?? fallback
    if implied != format {
      console.err(
        Printable.line(
          "flowatlas: warning: writing \(format) into \(output), "
            + (implied.map { "whose name says \($0)" } ?? "whose extension names no format")) + "\n")
    }
    return format
  }

  struct OutputError: Error {
    var reason: String
    init(reason: String) { self.reason = reason }
    init(errno code: Int32) { reason = String(cString: strerror(code)) }
  }

  /// Opens `path` as it is (following a symlink, blocking on a FIFO until it has a reader)
  /// and writes into it.
  private static func writeThrough(_ bytes: [UInt8], to path: String) throws(OutputError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOCTTY | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw OutputError(errno: errno) }
    defer { close(descriptor) }
    try writeAll(bytes, to: descriptor)
  }

  /// Writes a temporary sibling of `path`, then renames it over `path`; the temporary file
  /// never outlives a failure.
  private static func replace(_ path: String, with bytes: [UInt8], mode: mode_t) throws(OutputError) {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    let prefix = "." + url.lastPathComponent + ".flowatlas-"
    removeAbandoned(in: folder, prefix: prefix)
    let temporary = folder + "/" + prefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    // Noted before it exists: a signal from here on removes it.
    let cleanup = Interruption.onInterrupt { unlink(temporary) }
    defer { Interruption.forget(cleanup) }
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw OutputError(errno: errno) }
    FaultPoint.pass()
    do throws(OutputError) {
      defer { close(descriptor) }
      try writeAll(bytes, to: descriptor)
      guard fsync(descriptor) == 0 else { throw OutputError(errno: errno) }
    } catch {
      unlink(temporary)
      throw error
    }
    // Renamed into place unless a signal came first (then the old file stays).
    let code = Interruption.committing(forgetting: cleanup) { rename(temporary, path) == 0 ? 0 : errno }
    guard code == 0 else {
      unlink(temporary)
      throw OutputError(errno: code)
    }
  }

  /// Removes the temporary files that writes of this output by processes now gone left
  /// (`kill -9` cannot be caught): `<prefix><pid>-<number>`, for a pid no process has.
  private static func removeAbandoned(in folder: String, prefix: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names where name.hasPrefix(prefix) {
      let rest = name.dropFirst(prefix.count).split(separator: "-")
      guard rest.count == 2, let pid = pid_t(rest[0]), pid > 0, UInt32(rest[1]) != nil else { continue }
      if kill(pid, 0) != 0 && errno == ESRCH {
        var info = stat()
        let path = folder + "/" + name
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { unlink(path) }
      }
    }
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(OutputError) {
    let failure = FileDescriptorIO.writeAll(descriptor, bytes)
    if failure != 0 { throw OutputError(errno: failure) }
  }
}
