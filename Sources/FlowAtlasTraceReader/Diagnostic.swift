import FlowAtlasBytes
import FlowAtlasTrace

/// A problem found in a trace, with where it is and how to fix it.
///
/// Diagnostics print as `file:line: warning: message [code]`, the form editors and CI annotate.
package struct Diagnostic: Hashable, Sendable, Codable, Comparable {
  /// The codes of the spec's "Diagnostics" table; each has one severity.
  package enum Code: String, Hashable, Sendable, Codable, CaseIterable {
    case missingHeader = "missing-header"
    case unsupportedVersion = "unsupported-version"
    case malformedLine = "malformed-line"
    case truncated = "truncated"
    case unknownEvent = "unknown-event"
    case seqOrder = "seq-order"
    case unknownScreen = "unknown-screen"
    case unknownCoordinator = "unknown-coordinator"
    case emptyStack = "empty-stack"
    case notOnStack = "not-on-stack"
    case coordinatorLeak = "coordinator-leak"
    case orphanedCoordinator = "orphaned-coordinator"
    case detachUnknown = "detach-unknown"
    case duplicateRun = "duplicate-run"
    case deeplinkIgnored = "deeplink-ignored"
    case badImage = "bad-image"

    package var severity: Severity {
      switch self {
      case .missingHeader, .unsupportedVersion, .malformedLine, .unknownScreen: .error
      case .truncated, .unknownEvent, .seqOrder, .unknownCoordinator, .emptyStack, .notOnStack,
        .coordinatorLeak, .orphanedCoordinator, .detachUnknown, .duplicateRun, .deeplinkIgnored,
        .badImage:
        .warning
      }
    }
  }

  package enum Severity: String, Hashable, Sendable, Codable {
    case error, warning
  }

  package var code: Code
  package var severity: Severity { code.severity }
  /// The trace's path as the reader was given it.
  package var file: String
  /// 1-based; blank lines count.
  package var line: Int
  /// What is wrong and how to fix it, in one sentence.
  package var message: String

  package init(code: Code, file: String, line: Int, message: String) {
    self.code = code
    self.file = file
    self.line = line
    self.message = message
  }

  /// `file:line: error|warning: message [code]`, one line whatever the file's name or the
  /// message hold (their control characters are escaped: see ``Printable``).
  package var formatted: String {
    Printable.line("\(file):\(line): \(severity.rawValue): \(message) [\(code.rawValue)]")
  }

  /// The export order: by file, line, code.
  package static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
    if lhs.file != rhs.file { return lhs.file < rhs.file }
    if lhs.line != rhs.line { return lhs.line < rhs.line }
    if lhs.code.rawValue != rhs.code.rawValue { return lhs.code.rawValue < rhs.code.rawValue }
    return lhs.message < rhs.message
  }

  private enum CodingKeys: String, CodingKey { case code, severity, file, line, message }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(code, forKey: .code)
    try container.encode(severity, forKey: .severity)
    try container.encode(file, forKey: .file)
    try container.encode(line, forKey: .line)
    try container.encode(message, forKey: .message)
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    code = try container.decode(Code.self, forKey: .code)
    file = try container.decode(String.self, forKey: .file)
    line = try container.decode(Int.self, forKey: .line)
    message = try container.decode(String.self, forKey: .message)
  }
}
