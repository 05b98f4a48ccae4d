import Foundation

/// Turns the paths a person gives into the trace files to read.
public enum TraceInputs {
  /// The trace files named by `paths`: a file is taken as is; a directory is
  /// searched recursively for `*.jsonl`. Sorted and without repeats, so the
  /// model never depends on the order paths were given in.
  /// - Parameter paths: files and directories, as the person gave them.
  /// - Returns: file paths, each built from the path given (never made absolute).
  /// - Throws: ``ModelError/missingInput(path:)`` naming the first path that does not exist.
  public static func files(in paths: [String]) throws -> [String] {
    let fileManager = FileManager.default
    var files: Set<String> = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw ModelError.missingInput(path: path)
      }
      guard isDirectory.boolValue else {
        files.insert(path)
        continue
      }
      let prefix = path.hasSuffix("/") ? path : path + "/"
      guard let enumerator = fileManager.enumerator(atPath: path) else {
        throw ModelError.unreadable(path: path, reason: "the folder cannot be listed")
      }
      for case let relative as String in enumerator where relative.hasSuffix(".jsonl") {
        var isFolder: ObjCBool = false
        let full = prefix + relative
        if fileManager.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
          files.insert(full)
        }
      }
    }
    return files.sorted()
  }
}
