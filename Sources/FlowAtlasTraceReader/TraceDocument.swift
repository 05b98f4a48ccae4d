import FlowAtlasTrace

/// A whole trace in memory: a ``TraceConsumer`` that keeps everything it is given.
///
/// For tests and small inputs; the model reads large corpora through its own consumer.
package struct TraceDocument: TraceConsumer, Hashable, Sendable {
  /// The header, or nil for a rejected file.
  package private(set) var header: TraceHeader?
  /// The usable records, in file order.
  package private(set) var records: [TraceRecord] = []
  /// Every problem found, in line order.
  package private(set) var diagnostics: [Diagnostic] = []
  /// Set once the file was read to its end.
  package private(set) var summary: TraceSummary?

  package init() {}

  /// Reads the trace at `path`.
  ///
  /// - Parameters:
  ///   - path: The file to read.
  ///   - displayPath: How diagnostics name the file (defaults to `path`).
  /// - Returns: Everything the reader delivered.
  /// - Throws: ``TraceReadError`` when the file cannot be opened or read.
  package static func read(path: String, displayPath: String? = nil) throws(TraceReadError) -> TraceDocument {
    var document = TraceDocument()
    try TraceReader(path: path, displayPath: displayPath).read(into: &document)
    return document
  }

  /// Reads a trace held in memory.
  ///
  /// - Parameters:
  ///   - bytes: The trace's bytes.
  ///   - path: How diagnostics name the trace.
  /// - Returns: Everything the reader delivered.
  package static func read(bytes: [UInt8], path: String = "trace.jsonl") -> TraceDocument {
    var document = TraceDocument()
    TraceReader.read(bytes: bytes, path: path, into: &document)
    return document
  }

  package mutating func header(_ header: TraceHeader) { self.header = header }
  package mutating func record(_ record: TraceRecord) { records.append(record) }
  package mutating func diagnostic(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }
  package mutating func end(_ summary: TraceSummary) { self.summary = summary }
}
