/// A picture's small copy, for galleries and flow pages: at most ``box`` pixels each way, the
/// picture shrunk by a whole factor, each pixel the average of the block it stands for (a block
/// at the right or bottom edge averages the pixels it has). Transparent pixels are laid on white
/// first. All in integers, from the decoded pixels, and encoded by ``PNGEncoder``: the same
/// picture gives the same bytes on any machine, whatever the image library's release.
package enum Thumbnail {
  /// The most pixels a thumbnail has each way: a phone's screenshot shrinks about 6 times.
  package static let box = (width: 240, height: 480)

  /// The whole factor a picture of `width` × `height` shrinks by.
  package static func factor(width: Int, height: Int) -> Int {
    max(1, (width + box.width - 1) / box.width, (height + box.height - 1) / box.height)
  }

  /// The thumbnail of `pixels` (8-bit sRGB rows, `bands` 3, or 4 with alpha) as a PNG.
  package static func png(of pixels: [UInt8], width: Int, height: Int, bands: Int) -> [UInt8] {
    pixels.withUnsafeBytes { png(of: $0, width: width, height: height, bands: bands) }
  }

  /// Makes a CMYK picture's `pixels` (8-bit cyan, magenta, yellow and black ink, as a JPEG holds
  /// them) opaque red, green and blue, in place, for ``png(of:width:height:bands:)`` with 4 bands:
  /// each colour (255 − ink)·(255 − black) / 255, rounded, in integers. Not colour-managed, so the
  /// same on every machine, where a conversion through an ICC profile follows the colour library's
  /// release; a screenshot is never CMYK, and the page shows the picture itself as the browser
  /// draws it. In place: a picture of 40 million pixels gets no second buffer.
  /// Where `inverted`, the picture stores each ink as 255 − ink (as Adobe's programs write CMYK
  /// JPEGs, with their APP14 marker).
  package static func makeRGB(ofCMYK pixels: UnsafeMutableRawBufferPointer, inverted: Bool) {
    // 255 − ink is what the colour keeps: the stored value itself where inks are inverted.
    let kept: (UInt8) -> Int = inverted ? { Int($0) } : { 255 - Int($0) }
    var index = 0
    while index + 4 <= pixels.count {
      let white = kept(pixels[index + 3])
      for channel in index..<index + 3 {
        pixels[channel] = UInt8((kept(pixels[channel]) * white + 127) / 255)
      }
      pixels[index + 3] = 255
      index += 4
    }
  }

  /// `colour` of a pixel of `alpha`, laid on white: c·a + 255·(255 − a), over 255, rounded (the
  /// colour itself where opaque).
  @inline(__always)
  static func onWhite(_ colour: Int, alpha: Int) -> Int { (colour * alpha + 255 * (255 - alpha) + 127) / 255 }

  /// The thumbnail of the pixels in `pixels`, where the image library put them (a phone's
  /// screenshot is 12 MB: not copied).
  package static func png(of pixels: UnsafeRawBufferPointer, width: Int, height: Int, bands: Int) -> [UInt8] {
    // Unchecked reads below: the buffer must hold every pixel.
    precondition(
      width > 0 && height > 0 && (bands == 3 || bands == 4) && pixels.count >= width * height * bands,
      "pixels do not match the size")
    var maker = Maker(width: width, height: height, bands: bands)
    let rowBytes = width * bands
    for row in 0..<height {
      maker.add(row: UnsafeRawBufferPointer(rebasing: pixels[row * rowBytes..<(row + 1) * rowBytes]))
    }
    return maker.png()
  }

  /// A thumbnail made row by row, as a decoder gives them (top first): a row of a picture can
  /// be averaged while it is in the processor's cache, and the picture is never held whole.
  /// The same bytes as ``png(of:width:height:bands:)`` (which feeds it).
  package struct Maker {
    private let width: Int
    private let height: Int
    private let bands: Int
    private let factor: Int
    private let smallWidth: Int
    /// The thumbnail's red, green and blue, one row of blocks after another.
    private var rgb: [UInt8]
    /// Per pixel of a row and channel (`bands` a pixel), the sum of the rows of the row of blocks
    /// read so far, each pixel laid on white: added to a whole row at a time, which the compiler
    /// does many bytes an instruction; grouped into blocks once their last row is read. Empty for
    /// a picture wider than ``widestSummedByColumn``, whose blocks are summed as each row comes
    /// (``blocks``): 16 bytes a column would be 640 MB for a hostile picture of 40 million × 1.
    private var columns: [UInt32]
    /// Per block of the row of blocks and channel, its sum so far, where ``columns`` is empty.
    private var blocks: [Int]
    /// The widest picture summed by column: a tablet's screenshot is 2,732 pixels wide.
    static let widestSummedByColumn = 16_384
    /// Rows given so far.
    private var rows = 0

    /// A maker for a picture of `width` × `height` 8-bit sRGB pixels of `bands` channels (3, or 4
    /// with alpha).
    package init(width: Int, height: Int, bands: Int) {
      precondition(width > 0 && height > 0 && (bands == 3 || bands == 4), "not a picture's size")
      (self.width, self.height, self.bands) = (width, height, bands)
      factor = Thumbnail.factor(width: width, height: height)
      smallWidth = (width + factor - 1) / factor
      rgb = [UInt8](repeating: 0, count: smallWidth * ((height + factor - 1) / factor) * 3)
      let byColumn = width <= Self.widestSummedByColumn
      columns = [UInt32](repeating: 0, count: byColumn ? width * bands : 0)
      blocks = [Int](repeating: 0, count: byColumn ? 0 : smallWidth * 3)
    }

    /// Whether every row was given.
    package var isComplete: Bool { rows == height }

    /// Adds the next row of pixels (`width` × `bands` bytes). Not generic: a collection's element
    /// read through a generic function of another module is a call each, and a picture has
    /// millions.
    package mutating func add(row pixels: UnsafeRawBufferPointer) {
      // Unchecked reads below: the row must hold every pixel.
      precondition(rows < height && pixels.count >= width * bands, "a row too many, or too short")
      guard !columns.isEmpty else { return addByBlock(row: pixels) }
      let (count, bands) = (width * bands, self.bands)
      columns.withUnsafeMutableBufferPointer { columns in
        // An opaque row (a screenshot's, almost always) is added as it is; a row with a pixel that
        // is not, pixel by pixel, each laid on white first.
        var opaque = true
        if bands == 4 {
          // Two pixels a word: their alphas and-ed, the colours masked off at the end.
          var alphas = UInt64.max
          let whole = count / 8 * 8
          for start in stride(from: 0, to: whole, by: 8) {
            alphas &= UInt64(littleEndian: pixels.loadUnaligned(fromByteOffset: start, as: UInt64.self))
          }
          if whole < count { alphas &= UInt64(pixels[whole + 3]) << 24 | 0xFFFF_FFFF_00FF_FFFF }
          opaque = alphas | 0x00FF_FFFF_00FF_FFFF == .max
        }
        if opaque {
          for index in 0..<count { columns[index] &+= UInt32(pixels[index]) }
          return
        }
        for start in stride(from: 0, to: count, by: 4) {
          let alpha = Int(pixels[start + 3])
          for channel in start..<start + 3 {
            columns[channel] &+= UInt32(Thumbnail.onWhite(Int(pixels[channel]), alpha: alpha))
          }
        }
      }
      rows += 1
      if rows % factor == 0 || rows == height { finishBlockRow() }
    }

    /// ``add(row:)`` for a picture too wide to sum by column: each block's pixels of the row summed
    /// in registers, then into ``blocks``.
    private mutating func addByBlock(row pixels: UnsafeRawBufferPointer) {
      let (width, bands, factor) = (self.width, self.bands, self.factor)
      blocks.withUnsafeMutableBufferPointer { blocks in
        var source = 0
        for blockColumn in 0..<smallWidth {
          var (red, green, blue) = (0, 0, 0)
          for _ in blockColumn * factor..<min(width, (blockColumn + 1) * factor) {
            let alpha = bands == 4 ? Int(pixels[source + 3]) : 255
            red += Thumbnail.onWhite(Int(pixels[source]), alpha: alpha)
            green += Thumbnail.onWhite(Int(pixels[source + 1]), alpha: alpha)
            blue += Thumbnail.onWhite(Int(pixels[source + 2]), alpha: alpha)
            source += bands
          }
          blocks[blockColumn * 3] += red
          blocks[blockColumn * 3 + 1] += green
          blocks[blockColumn * 3 + 2] += blue
        }
      }
      rows += 1
      if rows % factor == 0 || rows == height { finishBlockRow() }
    }

    /// The averages of the row of blocks just read, into the thumbnail; the sums emptied.
    private mutating func finishBlockRow() {
      let blockRow = (rows - 1) / factor
      let rowsInBlock = rows - blockRow * factor
      let (width, bands, factor, smallWidth) = (self.width, self.bands, self.factor, self.smallWidth)
      let byColumn = !columns.isEmpty
      columns.withUnsafeMutableBufferPointer { columns in
        blocks.withUnsafeMutableBufferPointer { blocks in
          rgb.withUnsafeMutableBufferPointer { rgb in
            for blockColumn in 0..<smallWidth {
              let (first, end) = (blockColumn * factor, min(width, (blockColumn + 1) * factor))
              let count = rowsInBlock * (end - first)
              for channel in 0..<3 {
                var sum = 0
                if byColumn {
                  for column in first..<end { sum += Int(columns[column * bands + channel]) }
                } else {
                  sum = blocks[blockColumn * 3 + channel]
                }
                rgb[(blockRow * smallWidth + blockColumn) * 3 + channel] = UInt8((sum + count / 2) / count)
              }
            }
          }
          blocks.update(repeating: 0)
        }
        columns.update(repeating: 0)
      }
    }

    /// The thumbnail as a PNG, once every row was given.
    package func png() -> [UInt8] {
      precondition(isComplete, "rows are missing")
      return PNGEncoder.encode(width: smallWidth, height: (height + factor - 1) / factor, rgb: rgb)
    }
  }
}
