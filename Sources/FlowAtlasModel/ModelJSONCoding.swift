import FlowAtlasBytes
import FlowAtlasTraceReader

/// Writes a record (``ModelFile``, the diff's) as FlowAtlas's pretty JSON, by its synthesized
/// `Encodable` conformance: keys in the order the record declares them, 2-space indent,
/// `"key": value`, a `nil` as `null` (the synthesized code would leave the key out).
///
/// The record is first made a tree of values, then written by ``JSONWriter``: the same record
/// always gives the same bytes.
enum ModelJSONEncoder {
  static func bytes(_ value: some Encodable) -> [UInt8] {
    let root = JSONNode()
    do {
      try TreeEncoder(node: root).write(value)
    } catch {
      // The tree encoder throws nothing; a record whose own `encode(to:)` does is a programming error.
      preconditionFailure("\(type(of: value)) could not be written as JSON: \(error)")
    }
    var writer = JSONWriter()
    root.write(to: &writer)
    return writer.bytes
  }
}

/// A value of the tree a record is encoded to.
private final class JSONNode {
  enum Kind { case null, string, number, boolean, object, array }
  var kind = Kind.null
  var text = ""
  var number = 0
  var keys: [String] = []
  var children: [JSONNode] = []

  func write(to writer: inout JSONWriter) {
    switch kind {
    case .null: writer.string(nil)
    case .string: writer.string(text)
    case .number: writer.number(number)
    case .boolean: writer.boolean(number != 0)
    case .object:
      writer.object { writer in
        for (key, child) in zip(keys, children) { writer.field(key) { child.write(to: &$0) } }
      }
    case .array: writer.array(children) { writer, child in child.write(to: &writer) }
    }
  }
}

private struct TreeEncoder: Encoder {
  let node: JSONNode
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// `value` into this encoder's node: a primitive as itself, anything else by its `encode(to:)`.
  func write(_ value: some Encodable) throws {
    switch value {
    case let text as String:
      node.kind = .string
      node.text = text
    case let number as Int:
      node.kind = .number
      node.number = number
    case let flag as Bool:
      node.kind = .boolean
      node.number = flag ? 1 : 0
    default:
      try value.encode(to: self)
    }
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    node.kind = .object
    return KeyedEncodingContainer(Keyed<Key>(node: node))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    node.kind = .array
    return List(node: node)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: node) }

  struct Keyed<Key: CodingKey>: NilWritingContainer {
    let node: JSONNode
    var codingPath: [any CodingKey] { [] }

    private func child(_ key: Key) -> JSONNode {
      let child = JSONNode()
      node.keys.append(key.stringValue)
      node.children.append(child)
      return child
    }

    mutating func encodeNil(forKey key: Key) throws { _ = child(key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      try TreeEncoder(node: child(key)).write(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
      -> KeyedEncodingContainer<NestedKey>
    {
      TreeEncoder(node: child(key)).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      TreeEncoder(node: child(key)).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { TreeEncoder(node: node) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { TreeEncoder(node: child(key)) }
  }

  struct List: UnkeyedEncodingContainer {
    let node: JSONNode
    var codingPath: [any CodingKey] { [] }
    var count: Int { node.children.count }

    private func element() -> JSONNode {
      let child = JSONNode()
      node.children.append(child)
      return child
    }

    mutating func encodeNil() throws { _ = element() }
    mutating func encode<T: Encodable>(_ value: T) throws { try TreeEncoder(node: element()).write(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      TreeEncoder(node: element()).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      TreeEncoder(node: element()).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { TreeEncoder(node: element()) }
  }

  struct Single: SingleValueEncodingContainer {
    let node: JSONNode
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { node.kind = .null }
    mutating func encode<T: Encodable>(_ value: T) throws { try TreeEncoder(node: node).write(value) }
  }
}

/// Reads a record (``ModelFile``) from JSON bytes by its synthesized `Decodable` conformance, in
/// one pass with the trace reader's scanner.
///
/// Foundation's `JSONDecoder` took about twenty times the file's size in memory (a 600 MB
/// baseline aborted under an 8 GB limit) and said only "not valid JSON", with no line, for what
/// is valid JSON a model cannot hold (nesting 1,000 deep, `1e400` for a count). Here every
/// problem is a ``JSONSyntaxError`` at a byte offset naming the place in the document
/// (`apps[0].transitions[2].count: …`); memory is the file and the record read from it. Keys a
/// record does not know are passed over (still checked to be JSON), as the spec asks of readers;
/// a key it needs that is missing, a key given twice, a value of another type, and a number that
/// is negative or not a whole number are refused. Keys are read in the order the record declares
/// them when the file has them in that order (as every file FlowAtlas writes does): a key that
/// comes early is remembered and read when asked for.
enum ModelJSONDecoder {
  /// - Parameters:
  ///   - noteObject: told the coding path and the byte offset of every object read.
  static func decode<Value: Decodable>(
    _ type: Value.Type, from bytes: [UInt8],
    noteObject: @escaping ([any CodingKey], Int) -> Void = { _, _ in }
  ) throws(JSONSyntaxError) -> Value {
    guard bytes.count <= JSONScanner.maximumLength else {
      throw JSONSyntaxError(offset: 0, problem: "larger than 2 GiB")
    }
    return try JSONScanner.scanning(bytes) { scanner throws(JSONSyntaxError) in
      guard let scanner else { throw JSONSyntaxError(offset: 0, problem: "the file is empty") }
      let reading = Reading(scanner: scanner, noteObject: noteObject)
      let value: Value
      do {
        value = try reading.value(Value.self, at: [])
      } catch let error as JSONSyntaxError {
        throw error
      } catch let DecodingError.dataCorrupted(context) {
        // A value of the right type its type refuses: an unknown transition kind.
        let field = context.codingPath.last.map { $0.intValue == nil ? $0.stringValue : "value" } ?? "value"
        throw JSONSyntaxError(
          offset: reading.lastValue,
          problem: "\(Reading.name(context.codingPath)): unknown \(field) \"\(reading.lastString)\"")
      } catch {
        throw JSONSyntaxError(offset: reading.lastValue, problem: "\(error)")
      }
      reading.scanner.skipWhitespace()
      guard reading.scanner.index == bytes.count else {
        throw JSONSyntaxError(offset: reading.scanner.index, problem: "text after the document's closing '}'")
      }
      return value
    }
  }
}

/// The scanner shared by every container of one read, and where the last value began.
private final class Reading {
  // One reader at a time, on one thread: the accesses need no run-time exclusivity check (a tenth
  // of a read).
  @exclusivity(unchecked) var scanner: JSONScanner
  var lastValue = 0
  /// The last string read, for a message about a value its type refuses.
  var lastString = ""
  /// Whether the value about to be read may be `null` (an optional key's): its message says so.
  var nullable = false

  /// What a message says was expected of the value about to be read, which ends `nullable`.
  func expected(_ what: String) -> String {
    defer { nullable = false }
    return nullable ? "expected \(what) or null" : "expected \(what)"
  }
  let noteObject: ([any CodingKey], Int) -> Void

  init(scanner: JSONScanner, noteObject: @escaping ([any CodingKey], Int) -> Void) {
    self.scanner = scanner
    self.noteObject = noteObject
  }

  /// A place in the document as messages name it: `the document`, `apps[0].screens[2].visits`.
  static func name(_ path: [any CodingKey]) -> String {
    guard !path.isEmpty else { return "the document" }
    var name = ""
    for key in path {
      if let index = key.intValue {
        name += "[\(index)]"
      } else {
        name += (name.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return name
  }

  /// Where the next value starts.
  var position: Int {
    scanner.skipWhitespace()
    return scanner.index
  }

  /// - Parameter path: made only for the message (most values read have none).
  func fail(_ path: @autoclosure () -> [any CodingKey], _ problem: String, at offset: Int) -> JSONSyntaxError
  {
    // Past the last byte: a file cut short (a copy or a write interrupted), said as such.
    let end = offset >= scanner.count ? " (the file ends here: is it cut short?)" : ""
    return JSONSyntaxError(offset: offset, problem: "\(Self.name(path())): \(problem)\(end)")
  }

  /// The value at the scanner's position, leaving the scanner just after it.
  func value<Value: Decodable>(_ type: Value.Type, at path: [any CodingKey]) throws -> Value {
    lastValue = position
    if Value.self == String.self { return try string(at: path) as! Value }
    if Value.self == Int.self { return try count(at: path) as! Value }
    let decoder = ValueDecoder(reading: self, codingPath: path)
    let value = try Value(from: decoder)
    try decoder.object?.finish()
    try decoder.list?.finish()
    return value
  }

  /// The next value, which must be of a kind `accepts` takes; else `path: expected <what>`.
  private func token(
    _ what: String, at path: @autoclosure () -> [any CodingKey], accepts: (JSONKind) -> Bool
  ) throws(JSONSyntaxError) -> JSONToken {
    let start = position
    lastValue = start
    let token = try scanner.value()
    let problem = expected(what)
    guard accepts(token.kind) else { throw fail(path(), problem, at: start) }
    return token
  }

  func string(at path: @autoclosure () -> [any CodingKey]) throws(JSONSyntaxError) -> String {
    let token = try token("a string", at: path()) { $0 == .plainString || $0 == .escapedString }
    lastString = scanner.string(token)
    return lastString
  }

  /// A whole number, never negative: every number of a model is a count, a line or a version.
  func count(at path: @autoclosure () -> [any CodingKey]) throws(JSONSyntaxError) -> Int {
    let token = try token("a whole number", at: path()) { $0 == .integer || $0 == .number }
    guard let value = scanner.integer(token) else {
      throw fail(path(), "not a whole number a model can hold", at: token.start)
    }
    guard value >= 0 else { throw fail(path(), "a count is never negative", at: token.start) }
    return value
  }

  func boolean(at path: @autoclosure () -> [any CodingKey]) throws(JSONSyntaxError) -> Bool {
    try token("true or false", at: path()) { $0 == .trueValue || $0 == .falseValue }.kind == .trueValue
  }

  /// Where the next member or element of an object or array starts, reading from `offset` past
  /// the comma before it (none before the `first`); nil at the closing `close`, which the scanner
  /// is then just after.
  func item(from offset: Int, first: Bool, closedBy close: Unicode.Scalar, of container: String)
    throws(JSONSyntaxError) -> Int?
  {
    scanner.index = offset
    var at = position
    let byte = scanner.byte(at: at)
    if byte == UInt8(ascii: close) {
      scanner.index = at + 1
      return nil
    }
    if !first {
      guard byte == UInt8(ascii: ",") else {
        throw JSONSyntaxError(
          offset: at, problem: byte == nil ? "the \(container) is not closed" : "expected ',' or '\(close)'")
      }
      scanner.index = at + 1
      at = position
    }
    return at
  }

  /// Whether the value at the scanner's position is `null` (then passed over).
  func null() throws(JSONSyntaxError) -> Bool {
    guard scanner.byte(at: position) == UInt8(ascii: "n") else { return false }
    _ = try scanner.value()
    return true
  }
}

/// The decoder of one value: it opens at most one container, which it finishes when the value's
/// `init(from:)` returns.
private final class ValueDecoder: Decoder {
  let reading: Reading
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  private(set) var object: ObjectReading?
  private(set) var list: ListReading?

  init(reading: Reading, codingPath: [any CodingKey]) {
    self.reading = reading
    self.codingPath = codingPath
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    if object == nil { object = try ObjectReading(reading: reading, path: codingPath) }
    return KeyedDecodingContainer(ObjectContainer<Key>(object: object!))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    if list == nil { list = try ListReading(reading: reading, path: codingPath) }
    return ListContainer(list: list!)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleContainer(reading: reading, codingPath: codingPath)
  }
}

/// An object being read: its members in the order written, keys read past remembered.
private final class ObjectReading {
  let reading: Reading
  let path: [any CodingKey]
  let start: Int
  /// Where the next member (or the closing brace) is.
  private var cursor: Int
  private var isFirst = true
  private var isClosed = false
  /// Keys read, with where their values start: a list, since an object of a model has a few keys
  /// (a set or a dictionary hashed each key, a tenth of a read).
  private var keys: [(key: String, value: Int)] = []
  /// The keys by name, once there are more than a few (a hostile object may have a million: a
  /// search of the list for each would take hours).
  private var index: [String: Int]?

  /// Where the value of an earlier key starts.
  private func value(of key: String) -> Int? {
    if let index { return index[key] }
    return keys.first { $0.key == key }?.value
  }

  init(reading: Reading, path: [any CodingKey]) throws(JSONSyntaxError) {
    self.reading = reading
    self.path = path
    start = reading.position
    let problem = reading.expected("an object")
    guard reading.scanner.byte(at: start) == UInt8(ascii: "{") else {
      throw reading.fail(path, problem, at: start)
    }
    cursor = start + 1
    reading.noteObject(path, start)
  }

  /// The next member's key and where its value starts; nil past the closing brace.
  private func next() throws(JSONSyntaxError) -> (key: String, value: Int)? {
    guard !isClosed else { return nil }
    guard let at = try reading.item(from: cursor, first: isFirst, closedBy: "}", of: "object") else {
      isClosed = true
      cursor = reading.scanner.index
      return nil
    }
    isFirst = false
    guard reading.scanner.byte(at: at) == UInt8(ascii: "\"") else {
      throw JSONSyntaxError(offset: at, problem: "expected a key in double quotes")
    }
    let keyToken = try reading.scanner.string()
    let key = reading.scanner.string(keyToken)
    // A key given twice would have its values read twice, and merged wrongly.
    guard value(of: key) == nil else {
      throw reading.fail(path, "the key \"\(key)\" is given twice", at: keyToken.start - 1)
    }
    let colon = reading.position
    guard reading.scanner.byte(at: colon) == UInt8(ascii: ":") else {
      throw JSONSyntaxError(offset: colon, problem: "expected ':' after the key")
    }
    reading.scanner.index = colon + 1
    let member = (key: key, value: reading.position)
    keys.append(member)
    if index != nil {
      index![key] = member.value
    } else if keys.count > 16 {
      index = Dictionary(keys.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }
    return member
  }

  /// The member whose key was read last, while its value is not yet read past.
  private var current: (key: String, value: Int)?

  /// Where the value of `key` starts, reading on to it; nil when the object has no such key.
  /// - Returns: also whether it is the next value in the text (read in place, then moved past).
  func find(_ key: String) throws(JSONSyntaxError) -> (offset: Int, inOrder: Bool)? {
    if let current {
      if current.key == key { return (current.value, true) }
      try pass(current)
    }
    if let offset = value(of: key) { return (offset, false) }
    while let member = try next() {
      if member.key == key {
        current = member
        return (member.value, true)
      }
      try pass(member)
    }
    return nil
  }

  /// Reads past a member's value, remembering where it is.
  private func pass(_ member: (key: String, value: Int)) throws(JSONSyntaxError) {
    reading.scanner.index = member.value
    _ = try reading.scanner.value()
    cursor = reading.scanner.index
    current = nil
  }

  /// Reads `key`'s value with `read`, leaving the scanner after the object's last member read.
  func read<Value>(_ key: some CodingKey, _ read: () throws -> Value) throws -> Value {
    guard let (offset, inOrder) = try find(key.stringValue) else {
      throw reading.fail(path, "missing key \"\(key.stringValue)\"", at: start)
    }
    let resume = reading.scanner.index
    reading.scanner.index = offset
    let value = try read()
    if inOrder {
      // Read in place: the member is done, and the next one follows.
      cursor = reading.scanner.index
      current = nil
    } else {
      reading.scanner.index = resume
    }
    return value
  }

  func contains(_ key: some CodingKey) -> Bool { (try? find(key.stringValue)) != nil }

  /// Reads past the members nobody asked for and the closing brace.
  func finish() throws(JSONSyntaxError) {
    if let current { try pass(current) }
    while let member = try next() { try pass(member) }
    reading.scanner.index = cursor
  }
}

private struct ObjectContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let object: ObjectReading
  var codingPath: [any CodingKey] { object.path }
  var allKeys: [Key] { [] }

  func contains(_ key: Key) -> Bool { object.contains(key) }

  func decodeNil(forKey key: Key) throws -> Bool {
    // Read past the value only when it is null: another is read by the decode that follows.
    guard let (offset, _) = try object.find(key.stringValue) else {
      throw object.reading.fail(codingPath, "missing key \"\(key.stringValue)\"", at: object.start)
    }
    guard object.reading.scanner.byte(at: offset) == UInt8(ascii: "n") else { return false }
    return try object.read(key) { try object.reading.null() }
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try object.read(key) { try object.reading.string(at: codingPath + [key]) }
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try object.read(key) { try object.reading.count(at: codingPath + [key]) }
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try object.read(key) { try object.reading.boolean(at: codingPath + [key]) }
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try object.read(key) { try object.reading.value(T.self, at: codingPath + [key]) }
  }

  // An absent key and `null` alike are nil, read in one look at the key.
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(type, key) }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(type, key) }
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(type, key) }
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try present(type, key) }

  private func present<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
    // Not `contains`, which must swallow a broken value on the way to the key.
    guard try object.find(key.stringValue) != nil else { return nil }
    return try object.read(key) {
      if try object.reading.null() { return nil }
      object.reading.nullable = true  // a value of another type is told that null would do
      return try object.reading.value(T.self, at: codingPath + [key])
    }
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    throw object.reading.fail(codingPath + [key], "nested containers are not read", at: object.start)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    throw object.reading.fail(codingPath + [key], "nested containers are not read", at: object.start)
  }

  func superDecoder() throws -> any Decoder {
    throw object.reading.fail(codingPath, "super decoders are not read", at: object.start)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder() }
}

/// A list being read, element by element in order.
private final class ListReading {
  let reading: Reading
  let path: [any CodingKey]
  private(set) var count = 0
  /// Where the next element (or the closing bracket) is.
  private var cursor: Int
  private(set) var isAtEnd = false

  init(reading: Reading, path: [any CodingKey]) throws(JSONSyntaxError) {
    self.reading = reading
    self.path = path
    let start = reading.position
    let problem = reading.expected("a list")
    guard reading.scanner.byte(at: start) == UInt8(ascii: "[") else {
      throw reading.fail(path, problem, at: start)
    }
    cursor = start + 1
    try advance()
  }

  /// Moves to the next element or past the closing bracket.
  private func advance() throws(JSONSyntaxError) {
    guard let at = try reading.item(from: cursor, first: count == 0, closedBy: "]", of: "array") else {
      isAtEnd = true
      cursor = reading.scanner.index
      return
    }
    cursor = at
  }

  /// Reads the next element with `read`, given a way to make the element's path.
  func next<Value>(_ read: (() -> [any CodingKey]) throws -> Value) throws -> Value {
    reading.scanner.index = cursor
    let index = count
    let value = try read { self.path + [Index(intValue: index)] }
    count += 1
    cursor = reading.scanner.index
    try advance()
    return value
  }

  /// Reads past the elements nobody asked for and the closing bracket.
  func finish() throws(JSONSyntaxError) {
    while !isAtEnd {
      reading.scanner.index = cursor
      _ = try reading.scanner.value()
      count += 1
      cursor = reading.scanner.index
      try advance()
    }
    reading.scanner.index = cursor
  }

  struct Index: CodingKey {
    var intValue: Int?
    var stringValue: String { "\(intValue!)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
  }
}

private struct ListContainer: UnkeyedDecodingContainer {
  let list: ListReading
  var codingPath: [any CodingKey] { list.path }
  var count: Int? { nil }
  var isAtEnd: Bool { list.isAtEnd }
  var currentIndex: Int { list.count }

  mutating func decodeNil() throws -> Bool {
    guard list.reading.scanner.byte(at: list.reading.position) == UInt8(ascii: "n") else { return false }
    return try list.next { _ in try list.reading.null() }
  }

  mutating func decode(_ type: String.Type) throws -> String {
    try list.next { path in try list.reading.string(at: path()) }
  }

  mutating func decode(_ type: Int.Type) throws -> Int {
    try list.next { path in try list.reading.count(at: path()) }
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try list.next { path in try list.reading.value(T.self, at: path()) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    throw list.reading.fail(codingPath, "nested containers are not read", at: list.reading.position)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw list.reading.fail(codingPath, "nested containers are not read", at: list.reading.position)
  }

  mutating func superDecoder() throws -> any Decoder {
    throw list.reading.fail(codingPath, "super decoders are not read", at: list.reading.position)
  }
}

private struct SingleContainer: SingleValueDecodingContainer {
  let reading: Reading
  let codingPath: [any CodingKey]

  /// Reads past a `null` (an `Optional`'s decoding asks, then reads the value only when it is none).
  func decodeNil() -> Bool {
    reading.scanner.byte(at: reading.position) == UInt8(ascii: "n") && (try? reading.null()) == true
  }
  func decode(_ type: String.Type) throws -> String { try reading.string(at: codingPath) }
  func decode(_ type: Int.Type) throws -> Int { try reading.count(at: codingPath) }
  func decode(_ type: Bool.Type) throws -> Bool { try reading.boolean(at: codingPath) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try reading.value(T.self, at: codingPath) }
}
