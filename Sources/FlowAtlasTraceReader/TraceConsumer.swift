import FlowAtlasTrace

/// Receives what ``TraceReader`` reads from one trace, in file order.
///
/// Every ``ScreenMention`` in a delivered record is `.introduce` with the
/// screen's type and latest title resolved, so consumers need no screen table.
package protocol TraceConsumer {
  /// The header, once, before any record (never called for a rejected file).
  mutating func header(_ header: TraceHeader)
  /// A usable event, after the spec's skip and rewrite rules were applied.
  mutating func record(_ record: TraceRecord)
  /// A problem, at most one per line, in line order.
  mutating func diagnostic(_ diagnostic: Diagnostic)
  /// The end of the file.
  mutating func end(_ summary: TraceSummary)
}

/// What a reader knows once a file is read.
package struct TraceSummary: Hashable, Sendable {
  /// The file's path as the reader was given it.
  package var file: String
  /// Lines that parsed as an object with an integer `seq` and a known `event` name.
  package var events: Int
  /// The number of the file's last line (0 for an empty file).
  package var lastLine: Int
  /// True when `missing-header` or `unsupported-version` rejected the file.
  package var rejected: Bool
  /// The header's line (the first that is not blank), 1 where there is none.
  package var headerLine: Int

  package init(file: String, events: Int, lastLine: Int, rejected: Bool, headerLine: Int = 1) {
    self.file = file
    self.events = events
    self.lastLine = lastLine
    self.rejected = rejected
    self.headerLine = headerLine
  }
}
