import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTrace

/// One scripted run through an app: what the headless examples and `flowatlas` record.
///
/// `perform` drives real coordinators on routers made with the given ``Recorder``
/// (``Recorder/router(wrapping:id:)``, ``Recorder/launch(_:)``).
public struct ScriptedJourney: Sendable {
  /// The app the run belongs to.
  public var app: String
  /// The run's name, unique within the app.
  public var run: String
  /// One line for people.
  public var title: String
  /// Extra header keys (device, build …).
  public var metadata: [String: String]
  /// Drives the app through the journey.
  public var perform: @MainActor @Sendable (Recorder) throws -> Void

  /// Creates a journey.
  /// - Parameters:
  ///   - app: The app the run belongs to.
  ///   - run: The run's name, unique within the app.
  ///   - title: One line for people.
  ///   - metadata: Extra header keys.
  ///   - perform: Drives the app through the journey with the recorder it is given.
  public init(
    app: String, run: String, title: String, metadata: [String: String] = [:],
    perform: @escaping @MainActor @Sendable (Recorder) throws -> Void
  ) {
    self.app = app
    self.run = run
    self.title = title
    self.metadata = metadata
    self.perform = perform
  }

  /// The header this journey's trace begins with.
  public var header: TraceHeader {
    TraceHeader(app: app, run: run, title: title, metadata: metadata)
  }
}

extension ScriptedJourney {
  /// Runs the journey with a fresh deterministic Recorder writing to `sink` (header first,
  /// then events, finish).
  ///
  /// Ids are sequential and no times are written, so the same journey always gives the same
  /// records. The sink is finished even when `perform` throws.
  /// - Parameter sink: Where the trace goes.
  /// - Throws: Whatever `perform` throws.
  @MainActor
  package func record(to sink: any TraceSink) throws {
    let recorder = Recorder(header: header, sink: sink)
    defer { recorder.finish() }
    try perform(recorder)
  }

  /// Runs the journey as the sink-taking `record(to:)` does, into a trace file.
  /// - Parameter writer: The trace file's writer.
  /// - Throws: Whatever `perform` throws.
  @MainActor
  public func record(to writer: TraceWriter) throws {
    try record(to: writer as any TraceSink)
  }
}
