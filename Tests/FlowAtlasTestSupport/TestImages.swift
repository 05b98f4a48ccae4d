import CTurboJPEG
import FlowAtlasBytes
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
  /// (each with its filter byte), as ``PNGEncoder/file(width:height:depth:colourType:rows:chunks:)``
  /// writes it: for the kinds of PNG an app may write that FlowAtlas's own encoder does not
  /// (palettes, greys, 16 bits, transparency).
  /// - Parameters:
  ///   - chunks: chunks between the header and the data (`PLTE`, `tRNS`, `tEXt`), as type and data.
  ///   - damaged: the type of a chunk whose checksum is written wrong.
  ///   - ended: whether the file has its `IEND` chunk.
  package static func png(
    width: Int, height: Int, depth: UInt8, colourType: UInt8, rows: [UInt8],
    chunks: [(String, [UInt8])] = [], damaged: String? = nil, ended: Bool = true
  ) -> [UInt8] {
    var bytes = PNGEncoder.file(
      width: width, height: height, depth: depth, colourType: colourType, rows: rows, chunks: chunks)
    // Each chunk: its length, its type, its data, its checksum.
    var at = 8
    while let damaged, at + 8 <= bytes.count {
      let length = bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
      if bytes[(at + 4)..<(at + 8)].elementsEqual(damaged.utf8) { bytes[at + 8 + length + 3] ^= 1 }
      at += 12 + length
    }
    if !ended { bytes.removeLast(12) }
    return bytes
  }

  /// An interlaced (Adam7) PNG of `width` × `height` 8-bit red, green and blue `rgb` pixels,
  /// each pass's rows unfiltered.
  package static func interlacedPNG(width: Int, height: Int, rgb: [UInt8]) -> [UInt8] {
    // Each pass: its first column and row, and its steps across and down.
    let passes = [
      (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
    ]
    var rows: [UInt8] = []
    for (left, top, across, down) in passes where left < width && top < height {
      for row in stride(from: top, to: height, by: down) {
        rows.append(0)
        for column in stride(from: left, to: width, by: across) {
          rows += rgb[(row * width + column) * 3..<(row * width + column) * 3 + 3]
        }
      }
    }
    return PNGEncoder.file(
      width: width, height: height, depth: 8, colourType: 2, rows: rows, interlaced: true)
  }

  /// `png` with a chunk of `type` and `data` after its image data, before its end (`IEND`, its
  /// last 12 bytes): metadata a decoder meets only once every row is decoded.
  package static func addingChunk(_ type: String, _ data: [UInt8], beforeTheEndOf png: [UInt8]) -> [UInt8] {
    var chunk =
      (0..<4).map { UInt8(truncatingIfNeeded: data.count >> (24 - 8 * $0)) } + Array(type.utf8) + data
    let crc = crc32(chunk[4...])
    chunk += (0..<4).map { UInt8(truncatingIfNeeded: crc >> (24 - 8 * $0)) }
    return Array(png.dropLast(12)) + chunk + png.suffix(12)
  }

  /// `png` with the last `count` bytes of its (one) image data chunk gone, the chunk's length and
  /// checksum written to match: a picture whose pixels end early, every chunk sound.
  package static func cuttingImageData(of png: [UInt8], by count: Int) -> [UInt8] {
    var bytes = png
    var at = 8
    while at + 8 <= bytes.count {
      let length = bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
      guard bytes[(at + 4)..<(at + 8)].elementsEqual("IDAT".utf8) else {
        at += 12 + length
        continue
      }
      let shorter = length - count
      bytes.removeSubrange((at + 8 + shorter)..<(at + 12 + length))
      bytes.replaceSubrange(
        at..<(at + 4), with: (0..<4).map { UInt8(truncatingIfNeeded: shorter >> (24 - 8 * $0)) })
      let crc = crc32(bytes[(at + 4)..<(at + 8 + shorter)])
      bytes.insert(
        contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: crc >> (24 - 8 * $0)) }, at: at + 8 + shorter)
      break
    }
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
