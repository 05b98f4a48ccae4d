import FlowAtlasBytes
import FlowAtlasModel
import FlowAtlasTrace
import FlowAtlasTraceReader

/// A replayed trace written as bytes and read back: what the ``ReplayCache`` keeps per trace,
/// so that a rebuild replays only the traces that changed.
///
/// The layout is private to these files and versioned by ``CacheFormat/version``: a header line,
/// the hash of the payload, then the payload, where every string is written once and named by
/// its number afterwards (a journey names the same few screens thousands of times). Reading
/// checks the hash and every length and count against the bytes left, so a truncated, edited
/// or foreign file reads as nil, never as a wrong run and never as a crash.
enum RunArchive {
  static let magic = Array((CacheFormat.header("flowatlas-replayed-run") + "\n").utf8)
  /// The largest tally an archive may hold: 2³⁶ events, more than a terabyte of trace. The sum
  /// of 2²⁶ runs' tallies still fits an `Int`.
  static let maximumTally = 1 << 36

  /// The archive of `run`.
  static func bytes(of run: ReplayedRun) -> [UInt8] {
    var writer = Writer()
    writer.write(run)
    let hash = Array((Fingerprint.fast128(writer.bytes) + "\n").utf8)
    return magic + hash + writer.bytes
  }

  /// The run `bytes` hold, or nil when they are not an intact archive of this version.
  /// - Parameter journey: false to read a summary: the run's journey stays in the archive
  ///   (counts and flagged instances are read), to be read with ``journey(from:)``.
  static func run(from bytes: [UInt8], journey: Bool = true) -> ReplayedRun? {
    guard let payload = payload(of: bytes) else { return nil }
    return run(fromPayload: payload, journey: journey)
  }

  /// The journey of the (one) run in an archive, or nil when it is not intact.
  static func journey(from bytes: [UInt8]) -> Journey? {
    guard let payload = payload(of: bytes) else { return nil }
    var reader = Reader(bytes: payload)
    guard let run = reader.replayedRun(journey: true), reader.atEnd, let only = run.run else { return nil }
    return only.journey
  }

  /// The payload of an intact archive of this version.
  private static func payload(of bytes: [UInt8]) -> ArraySlice<UInt8>? {
    let hashLength = 33
    guard bytes.count >= magic.count + hashLength, bytes.starts(with: magic) else { return nil }
    let payload = bytes[(magic.count + hashLength)...]
    let hash = Fingerprint.fast128(payload) + "\n"
    guard bytes[magic.count..<(magic.count + hashLength)].elementsEqual(hash.utf8) else { return nil }
    return payload
  }

  /// The run a payload holds, or nil when it does not parse (to its last byte, with the journey).
  static func run(fromPayload payload: ArraySlice<UInt8>, journey: Bool = true) -> ReplayedRun? {
    var reader = Reader(bytes: payload)
    guard let run = reader.replayedRun(journey: journey), !journey || reader.atEnd else { return nil }
    return run
  }
}
