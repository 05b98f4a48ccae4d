import Foundation

/// Why a trace could not be read at all. Problems inside a trace are ``Diagnostic``s, not errors.
public enum TraceReadError: Error, Hashable, Sendable, LocalizedError {
  /// The file could not be opened: missing, a directory, or not readable.
  case cannotOpen(file: String, reason: String)
  /// Reading the open file failed part way.
  case cannotRead(file: String, reason: String)

  /// The file the error is about, as the reader was given it.
  public var file: String {
    switch self {
    case .cannotOpen(let file, _), .cannotRead(let file, _): file
    }
  }

  public var errorDescription: String? {
    switch self {
    case .cannotOpen(let file, let reason):
      "cannot open trace \(file): \(reason); check that the path names a readable .jsonl file"
    case .cannotRead(let file, let reason):
      "cannot read trace \(file): \(reason); pass a readable .jsonl file (not a folder) and try again"
    }
  }
}
