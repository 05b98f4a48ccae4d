/// Where recorded events go: a file (``TraceWriter``) or memory (tests).
///
/// Recording assigns `seq` and time; a sink only stores. Implementations are
/// called from any thread and must never throw into the app.
package protocol TraceSink: AnyObject, Sendable {
  /// Called once, before any record.
  func begin(_ header: TraceHeader)
  /// One event, in `seq` order.
  func write(_ record: TraceRecord)
  /// The run ended: flush everything.
  func finish()
}
