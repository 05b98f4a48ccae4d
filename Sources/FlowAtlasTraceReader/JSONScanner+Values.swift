import FlowAtlasBytes

/// Turning scanned tokens into Swift values, only for the keys a reader needs.
extension JSONScanner {
  /// The token's bytes (for a string, those between the quotes).
  @inline(__always)
  package func view(_ token: JSONToken) -> ByteView { bytes.view(token.start..<token.end) }

  /// True when a plain string token's text is exactly `text`.
  @inline(__always)
  package func equals(_ token: JSONToken, _ text: StaticString) -> Bool {
    view(token).elementsEqual(text)
  }

  /// The text of a string token (plain or escaped), already validated by the scan.
  package func string(_ token: JSONToken) -> String {
    if token.kind == .plainString {
      return String(decoding: view(token), as: UTF8.self)
    }
    var out: [UInt8] = []
    out.reserveCapacity(token.end - token.start)
    var i = token.start
    while i < token.end {
      let b = bytes[i]
      guard b == 0x5C else {
        out.append(b)
        i += 1
        continue
      }
      let e = bytes[i + 1]
      i += 2
      switch e {
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = hex4(at: i)
        i += 4
        if (0xD800...0xDBFF).contains(scalar) {
          // A high surrogate pairs with a following \uDC00…\uDFFF; alone it is not a character.
          if i + 5 < token.end, bytes[i] == 0x5C, bytes[i + 1] == UInt8(ascii: "u") {
            let low = hex4(at: i + 2)
            if (0xDC00...0xDFFF).contains(low) {
              scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
              i += 6
            } else {
              scalar = 0xFFFD
            }
          } else {
            scalar = 0xFFFD
          }
        } else if (0xDC00...0xDFFF).contains(scalar) {
          scalar = 0xFFFD
        }
        appendUTF8(Unicode.Scalar(scalar) ?? "\u{FFFD}", to: &out)
      default: out.append(e)  // '"', '\\' and '/' stand for themselves.
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  private func hex4(at i: Int) -> UInt32 {
    var value: UInt32 = 0
    for k in 0..<4 { value = value << 4 | (Self.hexValue(bytes[i + k]) ?? 0) }
    return value
  }

  private func appendUTF8(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
    for unit in UTF8.encode(scalar)! { out.append(unit) }
  }

  /// The value of an integer token, or nil when it does not fit in `Int`.
  package func integer(_ token: JSONToken) -> Int? {
    guard token.kind == .integer else { return nil }
    var i = token.start
    let negative = bytes[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    if token.end - i <= 18 {
      // Eighteen digits cannot overflow: no checks needed.
      var value = 0
      while i < token.end {
        value = value &* 10 &+ Int(bytes[i] &- UInt8(ascii: "0"))
        i += 1
      }
      return negative ? -value : value
    }
    var value = 0
    while i < token.end {
      let digit = Int(bytes[i] &- UInt8(ascii: "0"))
      let (m, o1) = value.multipliedReportingOverflow(by: 10)
      let (s, o2) = negative ? m.subtractingReportingOverflow(digit) : m.addingReportingOverflow(digit)
      if o1 || o2 { return nil }
      value = s
      i += 1
    }
    return value
  }

  /// The value of a number token (integer or not), correctly rounded.
  package func double(_ token: JSONToken) -> Double? {
    guard token.kind == .integer || token.kind == .number else { return nil }
    // Fast path (Clinger): up to 15 significant digits and a small power of ten are exact
    // in a Double, so one multiplication or division rounds correctly.
    var i = token.start
    let negative = bytes[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    var mantissa: UInt64 = 0
    var digits = 0
    var scale = 0
    var fast = true
    while i < token.end, bytes[i] &- UInt8(ascii: "0") < 10 {
      mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- UInt8(ascii: "0"))
      if mantissa != 0 { digits += 1 }
      i += 1
    }
    if i < token.end, bytes[i] == UInt8(ascii: ".") {
      i += 1
      while i < token.end, bytes[i] &- UInt8(ascii: "0") < 10 {
        mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- UInt8(ascii: "0"))
        if mantissa != 0 { digits += 1 }
        scale -= 1
        i += 1
      }
    }
    if i < token.end { fast = false }  // An exponent: leave it to the slow path.
    if fast, digits <= 15, scale >= -22 {
      var value = Double(mantissa)
      if scale < 0 { value /= Self.powersOfTen[-scale] }
      return negative ? -value : value
    }
    return Double(String(decoding: view(token), as: UTF8.self))
  }

  private static let powersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
  }

  /// The token as compact JSON text: its bytes without whitespace outside strings.
  package func compactText(_ token: JSONToken) -> String {
    if token.isString {
      return String(decoding: bytes.view(token.start - 1..<token.end + 1), as: UTF8.self)
    }
    var out: [UInt8] = []
    var inString = false
    var i = token.start
    while i < token.end {
      let b = bytes[i]
      if inString {
        out.append(b)
        if b == 0x5C {
          out.append(bytes[i + 1])
          i += 1
        } else if b == 0x22 {
          inString = false
        }
      } else if b == 0x22 {
        inString = true
        out.append(b)
      } else if !(b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D) {
        out.append(b)
      }
      i += 1
    }
    return String(decoding: out, as: UTF8.self)
  }
}
