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
    var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: chunkSize)
    var capacity = chunkSize
    defer { buffer.deallocate() }
    var filled = 0
    // The bytes kept from the previous chunk: part of a line, known to hold no newline.
    var kept = 0
    var total = 0
    while true {
      guard total <= maximumFileSize else {
        throw .tooLarge(file: displayPath, limit: maximumFileSize)
      }
      if filled == capacity, capacity >= maximumLineLength {
        decoder.overlongLine(maximumLength: maximumLineLength, into: &consumer)
        guard
          try skipToNextLine(
            descriptor, buffer, capacity: capacity, filled: &filled, total: &total, hashing: &hasher)
        else { break }
        kept = 0
        continue
      }
      if filled == capacity {
        // One line fills the buffer: grow it so the line fits (only for huge lines).
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
        larger.update(from: buffer, count: filled)
        buffer.deallocate()
        buffer = larger
        capacity *= 2
      }
      let count = systemRead(descriptor, buffer + filled, capacity - filled)
      if count < 0 {
        if errno == EINTR { continue }
        throw .cannotRead(file: displayPath, reason: Self.reason(errno))
      }
      hasher?.combine(UnsafeRawBufferPointer(start: buffer + filled, count: count))
      filled += count
      total += count
      let atEnd = count == 0
      let used = decoder.consume(buffer, count: filled, atEnd: atEnd, searched: kept, into: &consumer)
      if atEnd { break }
      if used > 0 {
        memmove(buffer, buffer + used, filled - used)
        filled -= used
      }
      kept = filled
    }
    decoder.finish(into: &consumer)
  }

  /// Reads and drops bytes up to and including the next newline, keeping what follows it.
  ///
  /// - Returns: False at the end of the file (nothing follows).
  private func skipToNextLine(
    _ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, capacity: Int, filled: inout Int,
    total: inout Int, hashing hasher: inout Fingerprint.Fast128?
  ) throws(TraceReadError) -> Bool {
    while true {
      guard total <= maximumFileSize else {
        throw .tooLarge(file: displayPath, limit: maximumFileSize)
      }
      let count = systemRead(descriptor, buffer, capacity)
      if count < 0 {
        if errno == EINTR { continue }
        throw .cannotRead(file: displayPath, reason: Self.reason(errno))
      }
      total += max(count, 0)
      if count > 0 { hasher?.combine(UnsafeRawBufferPointer(start: buffer, count: count)) }
      if count == 0 {
        filled = 0
        return false
      }
      if let newline = memchr(buffer, 0x0A, count) {
        let after = UnsafeMutablePointer<UInt8>(newline.assumingMemoryBound(to: UInt8.self)) - buffer + 1
        memmove(buffer, buffer + after, count - after)
        filled = count - after
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
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      _ = decoder.consume(base, count: buffer.count, atEnd: true, into: &consumer)
    }
    decoder.finish(into: &consumer)
  }

  private static func reason(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}

/// `read(2)`, named apart from ``TraceReader/read(into:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
