import Foundation
import Testing

/// Golden files read from the source tree, so a re-record is seen by the next run without a
/// rebuild. `FLOWATLAS_RECORD=1` rewrites them and fails the test, so a re-record is never
/// silent.
package struct Golden: Sendable {
  /// Where the files are: a folder next to the test's source file.
  package let directory: URL

  /// - Parameters:
  ///   - folder: the folder's path relative to the directory of `file`.
  ///   - file: the test's source file; leave the default.
  package init(_ folder: String, besides file: StaticString = #filePath) {
    directory = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent(folder)
  }

  /// Whether this run re-records instead of comparing.
  package static var isRecording: Bool { ProcessInfo.processInfo.environment["FLOWATLAS_RECORD"] == "1" }

  /// The recorded text of `name`, nil when there is none.
  package func recorded(_ name: String) -> String? {
    try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
  }

  /// Compares `actual` with the golden file `name`, or records it.
  package func check(_ actual: String, name: String, sourceLocation: SourceLocation = #_sourceLocation) throws
  {
    if Self.isRecording {
      try record(actual, name: name, sourceLocation: sourceLocation)
      return
    }
    guard let expected = recorded(name) else {
      Issue.record("No golden file \(name): run with FLOWATLAS_RECORD=1", sourceLocation: sourceLocation)
      return
    }
    #expect(actual == expected, "\(name) differs from its golden file", sourceLocation: sourceLocation)
  }

  /// Writes `text` as the golden file `name` and fails the test, so the re-record is seen.
  package func record(_ text: String, name: String, sourceLocation: SourceLocation = #_sourceLocation) throws
  {
    try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    Issue.record(
      "Recorded \(name) in \(directory.lastPathComponent); unset FLOWATLAS_RECORD and run again",
      sourceLocation: sourceLocation)
  }
}
