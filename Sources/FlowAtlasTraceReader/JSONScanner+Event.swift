import FlowAtlasBytes
import FlowAtlasTrace

/// The event line's one-pass scan: known keys are kept, and so are the screen object's keys,
/// so that nothing on the line is scanned twice.
extension JSONScanner {
  /// Scans the whole line as one object into `fields`; a `screen` object's `id`, `type`,
  /// `title`, `module` and `hosts` go to `fields.screenID`, `fields.screenType` and so on.
  ///
  /// - Throws: ``JSONSyntaxError`` where the line stops being valid JSON.
  mutating func eventObject(into fields: inout EventFields) throws(JSONSyntaxError) {
    try members { (key, scanner) throws(JSONSyntaxError) in
      let known =
        key.kind == .plainString
        ? EventFields.Key.match(key, in: scanner) : EventFields.Key.named(scanner.string(key))
      scanner.skipWhitespace()
      if known == .screen, scanner.index < scanner.count, scanner.bytes[scanner.index] == UInt8(ascii: "{") {
        let start = scanner.index
        var id = JSONToken.absent
        var type = JSONToken.absent
        var title = JSONToken.absent
        var module = JSONToken.absent
        var hosts = JSONToken.absent
        try scanner.members { (key, scanner) throws(JSONSyntaxError) in
          let value = try scanner.value(depth: 2)
          // A key written with escapes is compared as text; a plain one byte by byte.
          let text = key.kind == .plainString ? nil : scanner.string(key)
          func named(_ name: StaticString) -> Bool {
            text.map { $0 == name.description } ?? scanner.equals(key, name)
          }
          if named("id") {
            id = value
          } else if named("type") {
            type = value
          } else if named("title") {
            title = value
          } else if named("module") {
            module = value
          } else if named("hosts") {
            hosts = value
          }
        }
        fields.screen = JSONToken(kind: .object, start: start, end: scanner.index)
        fields.screenID = id
        fields.screenType = type
        fields.screenTitle = title
        fields.screenModule = module
        fields.screenHosts = hosts
      } else {
        let value = try scanner.value(depth: 1)
        if let known { fields[known] = value }
      }
    }
    skipWhitespace()
    if index != count { throw JSONSyntaxError(offset: index, problem: "unexpected text after the object") }
  }
}
