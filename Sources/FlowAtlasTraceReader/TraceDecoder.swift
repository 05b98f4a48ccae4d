import FlowAtlasBytes
import FlowAtlasTrace

/// The state of reading one trace: splits bytes into lines, checks each line in the
/// spec's order, keeps the screen and coordinator tables, and feeds a consumer.
///
/// ``TraceReader`` drives it from file chunks or from memory; it never sees a file.
package struct TraceDecoder {
  enum Phase { case awaitingHeader, events, rejected }

  /// The trace's path as the reader was given it, for diagnostics.
  let file: String
  private(set) var phase = Phase.awaitingHeader
  /// The number of the last line split off so far.
  private(set) var lineNumber = 0
  /// Lines that parsed as an object with an integer `seq` and a known event name.
  var events = 0
  /// The trace's strings, with the screens introduced and coordinators started so far.
  var symbols = SymbolTable()
  var lastSeq: Int?
  /// The header's line, once one is accepted.
  private(set) var headerLineNumber = 1

  init(file: String) {
    self.file = file
  }

  /// Splits `bytes` into lines and decodes each complete one.
  ///
  /// - Parameters:
  ///   - atEnd: True for the file's last bytes: a final line without a newline is decoded too.
  ///   - searched: How many leading bytes are known to hold no newline (the rest kept from the
  ///     previous call), so that a line longer than a chunk is not searched again and again.
  /// - Returns: How many bytes were used; the caller keeps the rest for the next call.
  mutating func consume<C: TraceConsumer>(
    _ bytes: ByteView, atEnd: Bool, searched: Int = 0, into consumer: inout C
  ) -> Int {
    var start = 0
    var from = min(searched, bytes.count)
    while let end = bytes.firstIndex(of: 0x0A, from: from) {
      lineNumber += 1
      line(bytes.view(start..<end), unterminated: false, into: &consumer)
      start = end + 1
      from = start
    }
    if atEnd, start < bytes.count {
      lineNumber += 1
      line(bytes.view(from: start), unterminated: true, into: &consumer)
      start = bytes.count
    }
    return start
  }

  /// Counts and reports a line the reader skipped unread because it is too long.
  mutating func overlongLine<C: TraceConsumer>(maximumLength: Int, into consumer: inout C) {
    lineNumber += 1
    let size = "longer than \(maximumLength) bytes"
    switch phase {
    case .rejected: return
    case .awaitingHeader:
      phase = .rejected
      report(
        .missingHeader,
        "the first line is not a trace header: it is \(size) (is this a trace file?); begin the file "
          + "with \(Self.headerExample) (the file is skipped)",
        into: &consumer)
    case .events:
      report(
        .malformedLine, "the line is \(size); write one event per line (the line is skipped)",
        into: &consumer)
    }
  }

  /// Ends the file: reports a missing header and delivers the summary.
  mutating func finish<C: TraceConsumer>(into consumer: inout C) {
    if phase == .awaitingHeader {
      let what = lineNumber == 0 ? "the file is empty" : "the file has only blank lines"
      consumer.diagnostic(
        Diagnostic(
          code: .missingHeader, file: file, line: 1,
          message:
            "\(what), so it has no trace header; begin it with \(Self.headerExample) (the file is skipped)"
        ))
      phase = .rejected
    }
    consumer.end(
      TraceSummary(
        file: file, events: events, lastLine: lineNumber, rejected: phase == .rejected,
        headerLine: headerLineNumber))
  }

  static let headerExample = #"{"flowatlas":"trace","version":1,"app":"…","run":"…"}"#

  private mutating func line<C: TraceConsumer>(
    _ whole: ByteView, unterminated: Bool, into consumer: inout C
  ) {
    var line = whole
    // CRLF ends a line too.
    if line.count > 0, line[line.count - 1] == 0x0D { line = line.view(0..<line.count - 1) }
    if lineNumber == 1, line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF {
      line = line.view(from: 3)  // A byte-order mark before the first line is ignored.
    }
    switch phase {
    case .rejected: return
    case .awaitingHeader:
      guard !Self.isBlank(line) else { return }
      headerLine(JSONScanner(line), unterminated: unterminated, into: &consumer)
    case .events:
      if line.isEmpty || (line[0] != UInt8(ascii: "{") && Self.isBlank(line)) { return }
      guard line.count < JSONScanner.maximumLength else {
        report(.malformedLine, "the line is longer than 2 GiB; write one event per line", into: &consumer)
        return
      }
      eventLine(JSONScanner(line), unterminated: unterminated, into: &consumer)
    }
  }

  private static func isBlank(_ line: ByteView) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }

  mutating func report<C: TraceConsumer>(
    _ code: Diagnostic.Code, _ message: String, into consumer: inout C
  ) {
    consumer.diagnostic(Diagnostic(code: code, file: file, line: lineNumber, message: message))
  }

  /// Decodes the first non-blank line, which must be the header.
  private mutating func headerLine<C: TraceConsumer>(
    _ scanner: JSONScanner, unterminated: Bool, into consumer: inout C
  ) {
    switch Self.header(scanner) {
    case .success(let header):
      phase = .events
      headerLineNumber = lineNumber
      consumer.header(header)
    case .failure(.newerVersion(let version)):
      phase = .rejected
      report(
        .unsupportedVersion,
        "\(file) is trace format version \(version), but this reader knows versions up to "
          + "\(TraceHeader.currentVersion); the file is skipped: upgrade FlowAtlas to read it",
        into: &consumer)
    case .failure(.invalid(let why)):
      phase = .rejected
      let cut = unterminated ? " (the line ends without a newline: was the writer cut off?)" : ""
      report(
        .missingHeader,
        "the first line is not a trace header: \(why)\(cut); begin the file with "
          + "\(Self.headerExample) (the file is skipped)",
        into: &consumer)
    }
  }

  /// Text from the trace as it appears in a message: in JSON quotes with control characters
  /// escaped, so a hostile id cannot break the `file:line: message` line, and cut short.
  package static func quoted(_ text: String) -> String {
    let limit = 60
    let short = text.count > limit ? String(text.prefix(limit)) + "…" : text
    var bytes: [UInt8] = []
    TraceRecordEncoder.appendString(short, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A description of a syntax error for a message: what was expected and the 1-based column.
  static func describe(_ error: JSONSyntaxError) -> String {
    "\(error.problem) at column \(error.offset + 1)"
  }

  /// A number as written, its first 24 characters and an ellipsis where it is longer (a message
  /// names it, and a trace's number may run for megabytes).
  static func numberText(_ token: JSONToken, in scanner: JSONScanner) -> String {
    let text = scanner.string(token)
    return text.utf8.count <= 24 ? text : String(text.prefix(24)) + "…"
  }

  /// How a value's type reads in a message.
  static func kindName(_ token: JSONToken) -> String {
    switch token.kind {
    case .absent: "missing"
    case .plainString, .escapedString: "a string"
    case .integer, .number: "a number"
    case .trueValue, .falseValue: "a boolean"
    case .null: "null"
    case .object: "an object"
    case .array: "an array"
    }
  }
}
