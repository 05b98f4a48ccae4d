import FlowAtlasTrace
import Foundation

/// Why a trace could not be read at all. Problems inside a trace are ``Diagnostic``s, not errors.
package enum TraceReadError: Error, Hashable, Sendable, LocalizedError {
  /// The file could not be opened: missing, a directory, or not readable.
  case cannotOpen(file: String, reason: String)
  /// Reading the open file failed part way.
  case cannotRead(file: String, reason: String)
  /// More than `limit` bytes: the path names an endless source (`/dev/zero`, a pipe that never
  /// closes) or a trace far larger than any run.
  case tooLarge(file: String, limit: Int)

  /// The file the error is about, as the reader was given it.
  package var file: String {
    switch self {
    case .cannotOpen(let file, _), .cannotRead(let file, _), .tooLarge(let file, _): file
    }
  }

  package var errorDescription: String? {
    switch self {
    case .cannotOpen(let file, let reason):
      "cannot open trace \(file): \(reason); check that the path names a readable .jsonl file"
    case .cannotRead(let file, let reason):
      "cannot read trace \(file): \(reason); pass a readable .jsonl file (not a folder) and try again"
    case .tooLarge(let file, let limit):
      "trace \(file) is larger than \(limit >> 20) MiB, so reading stopped; it is not a trace a run "
        + "wrote (a device or an endless pipe?), or split it into one file per run"
    }
  }
}
