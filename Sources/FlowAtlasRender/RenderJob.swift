/// One drawing for Graphviz: DOT text and the format to write.
package struct RenderJob: Hashable, Sendable {
  /// The DOT text in UTF-8, as it goes to the worker and to Graphviz.
  package var dotBytes: [UInt8]
  package var format: OutputFormat

  /// The DOT text.
  package var dot: String { String(decoding: dotBytes, as: UTF8.self) }

  package init(dot: String, format: OutputFormat) {
    self.init(dotBytes: Array(dot.utf8), format: format)
  }

  /// A job for DOT already written as UTF-8 (``Diagram/dotBytes``): no `String` is made of it.
  package init(dotBytes: [UInt8], format: OutputFormat) {
    self.dotBytes = dotBytes
    self.format = format
  }
}

/// The worker protocol: length-prefixed frames on the worker's stdin and stdout.
///
/// A frame is a 4-byte big-endian payload length, then the payload. A request's
/// payload is one format byte (`s`vg, `p`ng, p`d`f) then the DOT text in UTF-8;
/// a response's is one status byte (see ``Status``) then the drawing's bytes or,
/// for an error, Graphviz's message in UTF-8.
enum WorkerFrame {
  /// Larger frames are refused: no diagram we draw comes near it.
  static let maxPayload = 1 << 30

  enum Status: UInt8 {
    case ok = 0
    case invalidDOT = 1
    case layoutFailed = 2
    case renderFailed = 3
    case other = 4
  }

  /// A request's first five bytes (length and format code), sent before the job's DOT as it
  /// is, like ``response(_:)``: tens of megabytes of DOT are not copied into frames. Nil for a
  /// format Graphviz does not draw.
  static func requestHead(_ job: RenderJob) -> [UInt8]? {
    let code: UInt8
    switch job.format {
    case .svg: code = UInt8(ascii: "s")
    case .png: code = UInt8(ascii: "p")
    case .pdf: code = UInt8(ascii: "d")
    case .dot, .mermaid: return nil
    }
    return header(length: job.dotBytes.count + 1) + [code]
  }

  /// The job a request's format byte and DOT describe; nil for an unknown format.
  ///
  /// Frames are read in parts (length, the one-byte code, then the body straight into its own
  /// array) so that neither side copies a body to drop its first byte.
  static func decodeRequest(format code: UInt8, dot: [UInt8]) -> RenderJob? {
    let format: OutputFormat
    switch code {
    case UInt8(ascii: "s"): format = .svg
    case UInt8(ascii: "p"): format = .png
    case UInt8(ascii: "d"): format = .pdf
    default: return nil
    }
    return RenderJob(dotBytes: dot, format: format)
  }

  /// A response as its first five bytes (length and status) and its body, written one after
  /// the other: a drawing is not copied into a frame.
  static func response(_ result: Result<[UInt8], RenderError>) -> (head: [UInt8], body: [UInt8]) {
    let status: Status
    let body: [UInt8]
    switch result {
    case .success(let bytes): (status, body) = (.ok, bytes)
    case .failure(let error):
      let message: String
      switch error {
      case .invalidDOT(let text): (status, message) = (.invalidDOT, text)
      case .layoutFailed(let text): (status, message) = (.layoutFailed, text)
      case .renderFailed(_, let text): (status, message) = (.renderFailed, text)
      default: (status, message) = (.other, error.localizedDescription)
      }
      body = Array(message.utf8)
    }
    return (header(length: body.count + 1) + [status.rawValue], body)
  }

  /// The drawing or error a response's status byte and body describe.
  static func decodeResponse(status code: UInt8, body: consuming [UInt8], format: OutputFormat)
    -> Result<[UInt8], RenderError>
  {
    guard let status = Status(rawValue: code) else {
      return .failure(.workerFailed(message: "the worker sent an unreadable response"))
    }
    guard status != .ok else { return .success(body) }
    let text = String(decoding: body, as: UTF8.self)
    switch status {
    case .invalidDOT: return .failure(.invalidDOT(message: text))
    case .layoutFailed: return .failure(.layoutFailed(message: text))
    case .renderFailed: return .failure(.renderFailed(format: format, message: text))
    case .ok, .other: return .failure(.workerFailed(message: text))
    }
  }

  /// The 4-byte big-endian length that starts a frame.
  static func header(length: Int) -> [UInt8] {
    let length = UInt32(length)
    return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
  }

  static func length(_ header: [UInt8]) -> Int {
    header.reduce(0) { $0 << 8 | Int($1) }
  }
}
