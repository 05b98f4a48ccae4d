import FlowAtlasBytes
import FlowAtlasTrace

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads one trace file and delivers its header, records and diagnostics to a ``TraceConsumer``.
///
/// The file is read in chunks (1 MiB by default), never whole, and decoded by a hand-written
/// JSON scanner over the raw bytes. Problems inside the trace are ``Diagnostic``s delivered to
/// the consumer; only a file that cannot be opened or read throws.
///
/// ```swift
/// var trace = TraceDocument()
/// try TraceReader(path: "traces/buy.jsonl").read(into: &trace)
/// ```
package struct TraceReader: Sendable {
  /// The chunk size used unless one is given: large enough to amortize system calls.
  package static let defaultChunkSize = 1 << 20
  /// The longest line read unless told otherwise: 64 MiB, far beyond any real event.
  package static let defaultMaximumLineLength = 64 << 20
  /// The most bytes read from one file unless told otherwise: 8 GiB, about 70 million events.
  /// Past it the read stops with ``TraceReadError/tooLarge(file:limit:)``: a path that names
  /// `/dev/zero` or an endless pipe must not read forever.
  package static let defaultMaximumFileSize = 8 << 30

  /// The file to open.
  package var path: String
  /// The path diagnostics and the summary name (defaults to `path`).
  package var displayPath: String
  /// Bytes read at a time; a line longer than this grows the buffer to fit it.
  package var chunkSize: Int
  /// The longest line the reader holds in memory; a longer one is reported and skipped
  /// without being buffered, so a file with no newlines (a binary passed by mistake) cannot
  /// make the reader load it whole.
  package var maximumLineLength: Int
  /// The most bytes read from the file (see ``defaultMaximumFileSize``).
  package var maximumFileSize: Int

  /// - Parameters:
  ///   - path: The file to read.
  ///   - displayPath: How diagnostics name the file, for example relative to the working directory.
  ///   - chunkSize: Bytes read at a time (tests use tiny chunks to cross line boundaries).
  ///   - maximumLineLength: Lines longer than this are reported as malformed and skipped.
  package init(
    path: String, displayPath: String? = nil, chunkSize: Int = TraceReader.defaultChunkSize,
    maximumLineLength: Int = TraceReader.defaultMaximumLineLength,
    maximumFileSize: Int = TraceReader.defaultMaximumFileSize
  ) {
    self.path = path
    self.displayPath = displayPath ?? path
    self.chunkSize = max(1, chunkSize)
    self.maximumLineLength = max(self.chunkSize, maximumLineLength)
    self.maximumFileSize = max(0, maximumFileSize)
  }

  /// Reads the whole file into `consumer`, ending with `end(_:)`.
  ///
  /// - Parameter consumer: Receives the header, records, diagnostics and summary in file order.
  /// - Throws: ``TraceReadError`` when the file cannot be opened or read; nothing is
  ///   delivered after the error (`end` is not called).
  package func read<C: TraceConsumer>(into consumer: inout C) throws(TraceReadError) {
    var hasher: Fingerprint.Fast128?
    try read(into: &consumer, hashing: &hasher)
  }

  /// Reads the whole file into `consumer`, as ``read(into:)`` does, and hashes the bytes read.
  /// - Returns: ``Fingerprint/fast128(_:)-([UInt8])`` of exactly the bytes the consumer was
  ///   given (for a replay cache: the file may change while it is read, the hash cannot).
  package func readHashing<C: TraceConsumer>(into consumer: inout C) throws(TraceReadError) -> String {
    var hasher: Fingerprint.Fast128? = Fingerprint.Fast128()
    try read(into: &consumer, hashing: &hasher)
    return hasher!.finalize()
  }

  private func read<C: TraceConsumer>(into consumer: inout C, hashing hasher: inout Fingerprint.Fast128?)
    throws(TraceReadError)
  {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      throw .cannotOpen(file: displayPath, reason: Self.reason(errno))
    }
    defer { close(descriptor) }
    var decoder = TraceDecoder(file: displayPath)
    var buffer = ByteBuffer(capacity: chunkSize)
    // The bytes kept from the previous chunk: part of a line, known to hold no newline.
    var kept = 0
    var total = 0
    while true {
      guard total <= maximumFileSize else {
        throw .tooLarge(file: displayPath, limit: maximumFileSize)
      }
      if buffer.isFull, buffer.capacity >= maximumLineLength {
        decoder.overlongLine(maximumLength: maximumLineLength, into: &consumer)
        guard try skipToNextLine(descriptor, &buffer, total: &total, hashing: &hasher) else { break }
        kept = 0
        continue
      }
      // One line fills the buffer: grow it so the line fits (only for huge lines).
      if buffer.isFull { buffer.grow() }
      let before = buffer.count
      let count = buffer.read(from: descriptor)
      if count < 0 { throw .cannotRead(file: displayPath, reason: Self.reason(errno)) }
      hasher?.combine(buffer.view.view(from: before))
      total += count
      let atEnd = count == 0
      let used = decoder.consume(buffer.view, atEnd: atEnd, searched: kept, into: &consumer)
      if atEnd { break }
      buffer.removeFirst(used)
      kept = buffer.count
    }
    decoder.finish(into: &consumer)
  }

  /// Reads and drops bytes up to and including the next newline, keeping what follows it.
  ///
  /// - Returns: False at the end of the file (nothing follows).
  private func skipToNextLine(
    _ descriptor: Int32, _ buffer: inout ByteBuffer, total: inout Int,
    hashing hasher: inout Fingerprint.Fast128?
  ) throws(TraceReadError) -> Bool {
    while true {
      guard total <= maximumFileSize else {
        throw .tooLarge(file: displayPath, limit: maximumFileSize)
      }
      buffer.removeAll()
      let count = buffer.read(from: descriptor)
      if count < 0 { throw .cannotRead(file: displayPath, reason: Self.reason(errno)) }
      if count == 0 { return false }
      total += count
      hasher?.combine(buffer.view)
      if let newline = buffer.view.firstIndex(of: 0x0A, from: 0) {
        buffer.removeFirst(newline + 1)
        return true
      }
    }
  }

  /// Reads a trace held in memory, as ``read(into:)`` reads a file.
  ///
  /// - Parameters:
  ///   - bytes: The trace's bytes.
  ///   - path: How diagnostics and the summary name the trace.
  ///   - consumer: Receives the header, records, diagnostics and summary in order.
  package static func read<C: TraceConsumer>(bytes: [UInt8], path: String, into consumer: inout C) {
    var decoder = TraceDecoder(file: path)
    bytes.withByteView { view in _ = decoder.consume(view, atEnd: true, into: &consumer) }
    decoder.finish(into: &consumer)
  }

  private static func reason(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
