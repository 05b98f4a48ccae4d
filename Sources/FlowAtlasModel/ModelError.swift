import Foundation

/// Why a model could not be built from the inputs given.
public enum ModelError: Error, Hashable, Sendable, LocalizedError {
  /// A path given as input does not exist.
  case missingInput(path: String)
  /// A trace file exists but could not be read.
  case unreadable(path: String, reason: String)

  public var errorDescription: String? {
    switch self {
    case .missingInput(let path):
      "\(path): no such file or directory; give trace files (.jsonl) or folders holding them"
    case .unreadable(let path, let reason):
      "\(path): cannot read the trace (\(reason)); check that the file exists and is readable"
    }
  }
}
