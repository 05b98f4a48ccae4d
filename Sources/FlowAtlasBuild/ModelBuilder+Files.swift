import FlowAtlasModel
import FlowAtlasTraceReader

extension ModelBuilder {
  /// The model of the trace files `files`, read with the trace reader (hashing their bytes
  /// as they are read when a cache files replays under them).
  /// - Parameter files: trace paths (see ``TraceInputs/files(in:)``); order and repeats do not matter.
  /// - Returns: the model, every list sorted as the spec's "Model export" states.
  /// - Throws: the ``TraceReadError`` of the first file (in sorted order) that could not be
  ///   opened or read; problems inside traces are diagnostics in the model instead.
  package func build(files: [String]) throws -> NavigationModel {
    // Only a cache files replays under the hash of their bytes: without one, none is made.
    let hashes = keepsJourneys && cache != nil
    return try build(files: files) { file, replay in
      guard hashes else {
        try TraceReader(path: file).read(into: &replay)
        return ""
      }
      return try TraceReader(path: file).readHashing(into: &replay)
    }
  }
}
