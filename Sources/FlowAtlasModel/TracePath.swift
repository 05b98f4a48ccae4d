/// A trace's path as a person gave it, read one way wherever paths are compared: its parts without
/// `.` and empty ones (`./traces//t.jsonl` is `traces`, `t.jsonl`), and the folder it is in.
package enum TracePath {
  /// `path`'s parts, without `.` components and the empty ones repeated slashes make.
  package static func parts(_ path: String) -> [Substring] { path.split(separator: "/").filter { $0 != "." } }

  /// `path` written plainly: `./traces//t.jsonl` is `traces/t.jsonl` (a leading `/` kept).
  package static func plain(_ path: String) -> String {
    (path.hasPrefix("/") ? "/" : "") + parts(path).joined(separator: "/")
  }

  /// The folder of a file, as its path was given: `.` for a bare name, `/` for one at the root.
  package static func folder(of file: String) -> String {
    guard let slash = file.lastIndex(of: "/") else { return "." }
    return slash == file.startIndex ? "/" : String(file[..<slash])
  }
}
