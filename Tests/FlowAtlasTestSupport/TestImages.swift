import CTurboJPEG
import Foundation

/// Two real screenshots, tiny: a 12 × 20 gradient written by libvips as a PNG and as a JPEG
/// (`vips_xyz`, cast to 8 bits, stripped), for tests that read, check or show pictures.
package enum TestImages {
  package static let png = [UInt8](
    Data(
      base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAwAAAAUCAQAAAAT+RSaAAAACXBIWXMAAAPoAAAD6AG1e1JrAAABIUlEQVQYlQ3QtQEDMRAAsGO037T/rkmrUgCAQMAgoGDgEJBQ0PB3REJGQUVDx8DEwkYAQiJiElIycgpKKmoCYGRiZmFlY+fg5OJmAEEhYRFRMXEJSSlpAVBUUlZRVVPX0NTSVgBDI2MTUzNzC0srawNwdHJ2cXVz9/D08naAwKDgkNCw8IjIqOgASExKTklNS8/IzMpOgMKi4pLSsvKKyqrqAmhsam5pbWvv6Ozq/p8MHDR4yNBhw0eMHDV6AEycNHnK1GnTZ8ycNXsCfPjRx598+tnnX3z51dcfwMJFi5csXbZ8xcpVqxfAxk2bt2zdtn3Hzl27N8DBQ4ePHD12/MTJU6cPwMVLl69cvXb9xs1bty/Aw0ePnzx99vzFy1ev3w+apg4RRxVlSAAAAABJRU5ErkJggg=="
    )!)
  package static let jpeg = [UInt8](
    Data(
      base64Encoded:
        "/9j/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAAUAAwBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/APn+iiiiiv/Z"
    )!)

  /// ``png`` with its header's size replaced, and the header's checksum made right: a file that
  /// claims another size than its data holds (or, at 50,000 × 50,000, a decompression bomb).
  package static func png(claiming width: UInt32, by height: UInt32) -> [UInt8] {
    var bytes = png
    let size = [width, height].flatMap { value in
      (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    }
    bytes.replaceSubrange(16..<24, with: size)
    let crc = crc32(bytes[12..<29])
    bytes.replaceSubrange(29..<33, with: (0..<4).map { UInt8(truncatingIfNeeded: crc >> (24 - 8 * $0)) })
    return bytes
  }

  /// A PNG of `width` × `height` pixels of any colour type and depth, from its unfiltered rows
  /// (each with its filter byte), stored without compression: for the kinds of PNG an app may
  /// write that FlowAtlas's own encoder does not (palettes, greys, 16 bits, transparency).
  /// - Parameters:
  ///   - chunks: chunks between the header and the data (`PLTE`, `tRNS`, `tEXt`), as type and data.
  ///   - damaged: the type of a chunk whose checksum is written wrong.
  ///   - ended: whether the file has its `IEND` chunk.
  package static func png(
    width: UInt32, height: UInt32, depth: UInt8, colourType: UInt8, rows: [UInt8],
    chunks: [(String, [UInt8])] = [], damaged: String? = nil, ended: Bool = true
  ) -> [UInt8] {
    func word(_ value: UInt32) -> [UInt8] {
      (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
      let body = Array(type.utf8) + data
      let crc = crc32(body[...]) ^ (type == damaged ? 1 : 0)
      return word(UInt32(data.count)) + body + word(crc)
    }
    // zlib's stream: its header, one stored block (rows of test pictures are small), Adler-32.
    precondition(rows.count < 65_536)
    var (a, b): (UInt32, UInt32) = (1, 0)
    for byte in rows {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    let length = UInt16(rows.count)
    let stream: [UInt8] =
      [
        0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF),
        UInt8(~length >> 8),
      ]
      + rows + word(b << 16 | a)
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    bytes += chunk("IHDR", word(width) + word(height) + [depth, colourType, 0, 0, 0])
    for (type, data) in chunks { bytes += chunk(type, data) }
    bytes += chunk("IDAT", stream)
    if ended { bytes += chunk("IEND", []) }
    return bytes
  }

  /// A grey JPEG of `pixels` (`width` × `height`), as TurboJPEG encodes it.
  package static func greyJPEG(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8]? {
    guard let encoder = tjInitCompress() else { return nil }
    defer { tjDestroy(encoder) }
    var jpeg: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let result = pixels.withUnsafeBufferPointer {
      tjCompress2(
        encoder, $0.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_GRAY.rawValue), &jpeg, &size,
        Int32(TJSAMP_GRAY.rawValue), 90, 0)
    }
    defer { tjFree(jpeg) }
    guard result == 0, let jpeg else { return nil }
    return Array(UnsafeBufferPointer(start: jpeg, count: Int(size)))
  }

  /// The grey of each pixel of the grey JPEG `bytes`, as TurboJPEG decodes it.
  package static func greyPixels(ofJPEG bytes: [UInt8], width: Int, height: Int) -> [UInt8]? {
    guard let decoder = tjInitDecompress() else { return nil }
    defer { tjDestroy(decoder) }
    var grey = [UInt8](repeating: 0, count: width * height)
    let result = bytes.withUnsafeBufferPointer { jpeg in
      grey.withUnsafeMutableBufferPointer {
        tjDecompress2(
          decoder, jpeg.baseAddress, UInt(jpeg.count), $0.baseAddress, Int32(width), 0, Int32(height),
          Int32(TJPF_GRAY.rawValue), 0)
      }
    }
    return result == 0 ? grey : nil
  }

  /// PNG's checksum (CRC-32, as zlib computes it).
  package static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
