import Foundation

/// Writes a command's result to `--output` or to standard output.
enum OutputFile {
  /// Writes `bytes` to `path` atomically (a temporary sibling renamed into place), or to the
  /// console when `path` is nil. Binary formats refuse a terminal-bound standard output.
  static func write(_ bytes: [UInt8], to path: String?, console: Console, isText: Bool)
    throws(CommandLineError)
  {
    guard let path else {
      guard isText else {
        throw .usage("this format is binary: give --output <file>", command: "render")
      }
      console.out(String(decoding: bytes, as: UTF8.self))
      return
    }
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw .inputOutput("\(path): cannot write the output (\(error.localizedDescription))")
    }
  }
}
