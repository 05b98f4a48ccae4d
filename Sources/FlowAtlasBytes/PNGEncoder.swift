/// Encodes a picture FlowAtlas made (a wireframe, the model of UIKit's renderer, a screenshot's
/// thumbnail) as a PNG: 8-bit
/// RGB, each row filtered against the one above, deflated with the format's fixed codes and
/// only repeats of the previous byte. Such pictures are mostly runs of one colour, which that
/// makes small; the same pixels always give the same bytes, on any machine (no zlib, whose
/// output may change with its release).
///
/// It only writes: every picture FlowAtlas reads is decoded by libspng or libjpeg-turbo
/// (FlowAtlasImages).
/// Not for an app's screenshots: UIKit encodes those.
package enum PNGEncoder {
  /// - Parameters:
  ///   - width: Pixels across, at least 1.
  ///   - height: Pixels down, at least 1.
  ///   - rgb: `width × height × 3` bytes, row by row, red, green and blue of each pixel.
  /// - Returns: The PNG file's bytes.
  package static func encode(width: Int, height: Int, rgb: [UInt8]) -> [UInt8] {
    precondition(width > 0 && height > 0 && rgb.count == width * height * 3, "pixels do not match the size")
    // 8 bits, RGB.
    return file(
      width: width, height: height, depth: 8, colourType: 2,
      rows: filtered(width: width, height: height, rgb: rgb))
  }

  /// A PNG of `rows` as they are (each behind its filter byte), of any bit depth and colour type,
  /// with `chunks` (`PLTE`, `tRNS`, `tEXt`: type and data) between its header and its data,
  /// deflated as ``encode(width:height:rgb:)`` deflates: for tests of the kinds of PNG an app may
  /// write that FlowAtlas does not (palettes, greys, 16 bits, transparency, interlacing: then
  /// `rows` are those of Adam7's seven passes, one after another).
  package static func file(
    width: Int, height: Int, depth: UInt8, colourType: UInt8, rows: [UInt8], chunks: [(String, [UInt8])] = [],
    interlaced: Bool = false
  ) -> [UInt8] {
    var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header: [UInt8] = []
    header.appendBigEndian(UInt32(width))
    header.appendBigEndian(UInt32(height))
    header += [depth, colourType, 0, 0, interlaced ? 1 : 0]  // deflate, adaptive filtering
    file.appendChunk("IHDR", header)
    for (type, data) in chunks { file.appendChunk(type, data) }
    file.appendChunk("IDAT", zlib(rows))
    file.appendChunk("IEND", [])
    return file
  }

  /// Each row behind filter 2 ("Up"): a row like the one above is all zeros.
  private static func filtered(width: Int, height: Int, rgb: [UInt8]) -> [UInt8] {
    let stride = width * 3
    var rows: [UInt8] = []
    rows.reserveCapacity((stride + 1) * height)
    for row in 0..<height {
      rows.append(2)
      let start = row * stride
      for index in start..<(start + stride) {
        rows.append(row == 0 ? rgb[index] : rgb[index] &- rgb[index - stride])
      }
    }
    return rows
  }

  /// A zlib stream of one fixed-code deflate block: each byte a literal, or a repeat of the byte
  /// before it (distance 1) of 3 to 258 bytes.
  private static func zlib(_ data: [UInt8]) -> [UInt8] {
    var bits = BitWriter()
    bits.write(1, count: 1)  // the last block
    bits.write(1, count: 2)  // fixed codes
    var index = 0
    while index < data.count {
      let byte = data[index]
      bits.writeLiteral(Int(byte))
      index += 1
      var run = 0
      while index + run < data.count, data[index + run] == byte, run < 258 { run += 1 }
      if run >= 3 {
        bits.writeLength(run)
        bits.write(0, count: 5)  // distance code 0: one byte back
        index += run
      }
    }
    bits.writeLiteral(256)  // end of block
    var stream: [UInt8] = [0x78, 0x01]
    stream += bits.bytes()
    stream.appendBigEndian(adler32(data))
    return stream
  }

  private static func adler32(_ data: [UInt8]) -> UInt32 {
    var (a, b): (UInt32, UInt32) = (1, 0)
    // 5,552 bytes is the most that can be summed before `b` could pass 2³² (zlib's NMAX).
    var start = 0
    while start < data.count {
      let end = Swift.min(start + 5_552, data.count)
      for index in start..<end {
        a &+= UInt32(data[index])
        b &+= a
      }
      a %= 65_521
      b %= 65_521
      start = end
    }
    return b << 16 | a
  }

  /// CRC-32 of each byte value, for ``crc32(_:)``: the usual table.
  private static let crcTable: [UInt32] = (0..<256).map { value in
    var crc = UInt32(value)
    for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    return crc
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    crcTable.withUnsafeBufferPointer { table in
      for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
    return ~crc
  }
}

/// Deflate's bits: packed from the least significant bit of each byte; Huffman codes go most
/// significant bit first, everything else least significant first (RFC 1951, 3.1.1). Bits are
/// gathered in a word and written out a byte at a time.
private struct BitWriter {
  private var output: [UInt8] = []
  private var current: UInt64 = 0
  private var filled = 0

  /// Each fixed-code symbol (0–287) as its code's bits reversed (so that they go out least
  /// significant first) and its length.
  private static let symbols: [(bits: UInt64, count: Int)] = (0..<288).map { symbol in
    let (code, count) =
      switch symbol {
      case 0...143: (0x30 + symbol, 8)
      case 144...255: (0x190 + symbol - 144, 9)
      case 256...279: (symbol - 256, 7)
      default: (0xC0 + symbol - 280, 8)
      }
    var reversed = 0
    for bit in 0..<count where code >> bit & 1 == 1 { reversed |= 1 << (count - 1 - bit) }
    return (UInt64(reversed), count)
  }

  /// `count` (at most 32) bits of `value`, least significant first.
  mutating func write(_ value: Int, count: Int) {
    current |= (UInt64(value) & ((1 << UInt64(count)) - 1)) << UInt64(filled)
    filled += count
    while filled >= 8 {
      output.append(UInt8(truncatingIfNeeded: current))
      current >>= 8
      filled -= 8
    }
  }

  /// A literal byte (0–255) or the end of the block (256), by the fixed code table.
  mutating func writeLiteral(_ value: Int) {
    writeSymbol(value)
  }

  /// A length of 3 to 258, as its symbol (257–285) and extra bits.
  mutating func writeLength(_ length: Int) {
    let (symbol, base, extra) = Self.lengthCode(length)
    writeSymbol(symbol)
    write(length - base, count: extra)
  }

  private mutating func writeSymbol(_ symbol: Int) {
    let (bits, count) = Self.symbols[symbol]
    write(Int(bits), count: count)
  }

  private static func lengthCode(_ length: Int) -> (symbol: Int, base: Int, extra: Int) {
    if length == 258 { return (285, 258, 0) }
    if length <= 10 { return (254 + length, length, 0) }
    // From 11 on, each group of four symbols takes one more extra bit and twice the span.
    var (symbol, base, extra) = (265, 11, 1)
    while length >= base + 4 << extra {
      base += 4 << extra
      symbol += 4
      extra += 1
    }
    let offset = (length - base) >> extra
    return (symbol + offset, base + offset << extra, extra)
  }

  func bytes() -> [UInt8] { filled == 0 ? output : output + [UInt8(truncatingIfNeeded: current)] }
}

extension [UInt8] {
  fileprivate mutating func appendBigEndian(_ value: UInt32) {
    append(contentsOf: [
      UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF),
    ])
  }

  fileprivate mutating func appendChunk(_ type: String, _ data: [UInt8]) {
    appendBigEndian(UInt32(data.count))
    let typed = Array(type.utf8) + data
    append(contentsOf: typed)
    appendBigEndian(PNGEncoder.crc32(typed))
  }
}
