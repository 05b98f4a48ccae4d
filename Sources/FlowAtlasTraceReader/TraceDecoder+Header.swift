import FlowAtlasBytes
import FlowAtlasTrace

/// Decoding the header line.
extension TraceDecoder {
  enum HeaderProblem: Error {
    /// Not a header; the text says why.
    case invalid(String)
    /// A header of a format version newer than this reader.
    /// The version's text as written (a version past 64 bits is newer than any this reads).
    case newerVersion(String)
  }

  /// The header on `scanner`'s line, or why it is not one.
  static func header(_ scanner: JSONScanner) -> Result<TraceHeader, HeaderProblem> {
    var scanner = scanner
    let view = scanner
    var members: [(key: String, value: JSONToken)] = []
    do throws(JSONSyntaxError) {
      try scanner.object { (key, value) throws(JSONSyntaxError) in
        members.append((view.string(key), value))
      }
      scanner.skipWhitespace()
      if scanner.index != scanner.count {
        throw JSONSyntaxError(offset: scanner.index, problem: "unexpected text after the object")
      }
    } catch {
      return .failure(.invalid("it is not a JSON object (\(describe(error)))"))
    }
    var fields: [String: JSONToken] = [:]
    for (key, value) in members { fields[key] = value }

    guard let kind = fields["flowatlas"], kind.isString, view.string(kind) == "trace" else {
      if fields["seq"] != nil || fields["event"] != nil {
        return .failure(.invalid("it is an event; the header must come first"))
      }
      return .failure(.invalid(#"`flowatlas` must be the string "trace""#))
    }
    guard let versionToken = fields["version"], let version = view.integer(versionToken) else {
      // An integer past 64 bits: newer than any this reads, or below the first.
      if let token = fields["version"], token.kind == .integer {
        let text = TraceDecoder.numberText(token, in: view)
        guard text.hasPrefix("-") else { return .failure(.newerVersion(text)) }
        return .failure(.invalid("`version` \(text) does not exist; the first version is 1"))
      }
      return .failure(.invalid("`version` must be an integer"))
    }
    if version > TraceHeader.currentVersion { return .failure(.newerVersion(String(version))) }
    guard version >= 1 else {
      return .failure(.invalid("`version` \(version) does not exist; the first version is 1"))
    }
    guard let app = fields["app"], app.isString else {
      return .failure(.invalid("`app` must be a string, not \(kindName(fields["app"] ?? .absent))"))
    }
    guard let run = fields["run"], run.isString else {
      return .failure(.invalid("`run` must be a string, not \(kindName(fields["run"] ?? .absent))"))
    }
    var title: String?
    if let token = fields["title"], token.kind != .null {
      guard token.isString else {
        return .failure(.invalid("`title` must be a string, not \(kindName(token))"))
      }
      title = view.string(token)
    }
    var metadata: [String: String] = [:]
    for (key, value) in fields {
      switch key {
      case "flowatlas", "version", "app", "run", "title": continue
      default: metadata[key] = value.isString ? view.string(value) : view.compactText(value)
      }
    }
    return .success(
      TraceHeader(
        version: version, app: view.string(app), run: view.string(run), title: title,
        metadata: metadata))
  }
}
