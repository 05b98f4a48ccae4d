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
