import Foundation

/// Why a model could not be built from the inputs given.
package enum ModelError: Error, Hashable, Sendable, LocalizedError {
  /// A path given as input does not exist.
  case missingInput(path: String)
  /// A trace file exists but could not be read.
  case unreadable(path: String, reason: String)
  /// A `model.json` given as input is not one this reader can use.
  case badModel(path: String, line: Int?, reason: String)
  /// A diagram's name (`render --diagram`) names no diagram of the app: why, for a person.
  case unknownDiagram(reason: String)

  package var errorDescription: String? {
    switch self {
    case .missingInput(let path):
      "\(path): no such file or directory; give trace files (.jsonl) or folders holding them"
    case .unreadable(let path, let reason):
      "\(path): cannot read the trace (\(reason)); check that the file exists and is readable"
    case .badModel(let path, let line, let reason):
      "\(path)\(line.map { ":\($0)" } ?? ""): not a model.json FlowAtlas can read: \(reason); write it with "
        + "'flowatlas model TRACES --output model.json'"
    case .unknownDiagram(let reason): reason
    }
  }
}
