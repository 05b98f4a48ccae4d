import FlowAtlasBytes
import FlowAtlasImages
import FlowAtlasTestSupport
import Foundation
import Testing

/// Screenshots are hostile input: each kind of bad file is one clear problem, never a crash or a
/// hang, and a good one is read with its size.
@Suite struct ScreenImageFileTests {
  static let png = TestImages.png
  static let jpeg = TestImages.jpeg

  /// A folder for one test, with `files` written in it; removed by the caller.
  func folder(_ files: [String: [UInt8]]) throws -> String {
    let url = try Scratch.folder("flowatlas-images")
    for (name, bytes) in files { try Data(bytes).write(to: url.appendingPathComponent(name)) }
    return url.path
  }

  func problem(_ file: String, in folder: String, width: Int? = nil, height: Int? = nil) -> String? {
    switch ScreenImageFile.load(file, in: folder, width: width, height: height) {
    case .success: return nil
    case .failure(let problem): return problem.message
    }
  }

  @Test func aPNGAndAJPEGAreReadWithTheirSize() throws {
    let folder = try folder(["a.png": Self.png, "b.jpg": Self.jpeg])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let png = try ScreenImageFile.load("a.png", in: folder, width: 12, height: 20).get()
    #expect(png.format == .png && png.width == 12 && png.height == 20 && png.bytes == Self.png)
    let jpeg = try ScreenImageFile.load("b.jpg", in: folder).get()
    #expect(jpeg.format == .jpeg && jpeg.width == 12 && jpeg.height == 20)
  }

  @Test func whatIsNotAPNGOrAJPEGIsRefused() throws {
    let gif = Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 40)
    let folder = try folder(["a.png": Array("<svg></svg>".utf8), "b.gif": gif, "empty.png": []])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for file in ["a.png", "b.gif", "empty.png"] {
      #expect(problem(file, in: folder) == "it is not a PNG or a JPEG", "\(file)")
    }
  }

  @Test(arguments: [0.3, 0.6, 0.9])
  func aFileCutShortIsRefused(kept: Double) throws {
    let folder = try folder([
      "a.png": Array(Self.png.prefix(Int(Double(Self.png.count) * kept))),
      "b.jpg": Array(Self.jpeg.prefix(Int(Double(Self.jpeg.count) * kept))),
    ])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for file in ["a.png", "b.jpg"] {
      #expect(problem(file, in: folder)?.hasPrefix("it cannot be decoded: ") == true, "\(file)")
    }
  }

  /// A header that says 50,000 × 50,000 over a few bytes of data: refused before decoding.
  @Test func aDecompressionBombIsRefusedBeforeAnyPixelIsDecoded() throws {
    let folder = try folder(["bomb.png": TestImages.png(claiming: 50_000, by: 50_000)])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(
      problem("bomb.png", in: folder)
        == "it is 50000 × 50000 pixels, more than 40000000 (a screenshot has a few million)")
  }

  /// A header that claims more pixels than the data holds.
  @Test func aFileThatLiesAboutItsSizeIsRefused() throws {
    let folder = try folder(["liar.png": TestImages.png(claiming: 400, by: 600)])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(problem("liar.png", in: folder)?.hasPrefix("it cannot be decoded: ") == true)
    let honest = try self.folder(["a.png": Self.png])
    defer { try? FileManager.default.removeItem(atPath: honest) }
    #expect(
      problem("a.png", in: honest, width: 1170, height: 2532)
        == "the trace says 1170 × 2532 pixels, the file has 12 × 20")
  }

  /// Twenty APP1 blocks of 65,000 bytes each: 1.3 MB of EXIF in front of a 12 × 20 picture.
  @Test func aJPEGWithAHugeEXIFBlockIsRefused() throws {
    var exif: [UInt8] = []
    for _ in 0..<20 {
      exif += [0xFF, 0xE1, 0xFD, 0xE8] + Array("Exif\0\0".utf8) + [UInt8](repeating: 0x41, count: 65_000 - 8)
    }
    let oneBlock = Array(exif.prefix(65_002))
    let folder = try folder([
      "exif.jpg": Array(Self.jpeg.prefix(2)) + exif + Self.jpeg.dropFirst(2),
      "camera.jpg": Array(Self.jpeg.prefix(2)) + oneBlock + Self.jpeg.dropFirst(2),
    ])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // One block, as a camera writes: read.
    #expect(problem("camera.jpg", in: folder) == nil)
    #expect(
      problem("exif.jpg", in: folder)
        == "its metadata blocks (EXIF, ICC, comments) hold 1300000 bytes, more than 1048576")
  }

  @Test func aLinkOutOfTheTracesFolderIsNotFollowed() throws {
    let outside = try folder(["secret.png": Self.png])
    defer { try? FileManager.default.removeItem(atPath: outside) }
    let folder = try folder(["here.png": Self.png])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder + "/shots", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/out.png", withDestinationPath: outside + "/secret.png")
    try FileManager.default.createSymbolicLink(atPath: folder + "/shots/away", withDestinationPath: outside)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/shots/in.png", withDestinationPath: "../here.png")
    #expect(problem("out.png", in: folder) == "it leads out of the trace's folder (through a symbolic link)")
    #expect(
      problem("shots/away/secret.png", in: folder)
        == "it leads out of the trace's folder (through a symbolic link)")
    #expect(problem("shots/in.png", in: folder) == nil)
  }

  @Test func whatIsNoRegularFileIsReportedWithoutWaiting() throws {
    let folder = try folder([:])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(mkfifo(folder + "/fifo.png", 0o600) == 0)
    try FileManager.default.createDirectory(atPath: folder + "/dir.png", withIntermediateDirectories: true)
    #expect(problem("fifo.png", in: folder) == "it cannot be read (not a regular file)")
    #expect(problem("dir.png", in: folder) == "it cannot be read (not a regular file)")
    // The trace's folder itself is no file, and not outside it.
    #expect(problem(".", in: folder) == "it cannot be read (not a regular file)")
    #expect(problem("dir.png/..", in: folder) == "it cannot be read (not a regular file)")
    #expect(problem("missing.png", in: folder) == "it cannot be read (No such file or directory)")
  }

  /// A picture an earlier build decoded (its bytes' hash in the site's record) is not decoded
  /// again while its header says the size recorded: a file cut after its header passes only then.
  @Test func aPictureDecodedBeforeIsNotDecodedAgainWhileItsHeaderAgrees() throws {
    let folder = try folder(["cut.png": Array(Self.png.prefix(200))])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let trusted = ScreenImageFile.load("cut.png", in: folder, decoded: { _ in (width: 12, height: 20) })
    #expect((try? trusted.get())?.width == 12)
    let disagreeing = ScreenImageFile.load("cut.png", in: folder, decoded: { _ in (width: 99, height: 99) })
    #expect(problem(of: disagreeing)?.hasPrefix("it cannot be decoded: ") == true)
    #expect(problem("cut.png", in: folder)?.hasPrefix("it cannot be decoded: ") == true)
  }

  /// Any damage is refused, not only damage to the pixels: a chunk whose checksum is wrong (an
  /// ancillary one, a comment, too), or a file whose end is missing.
  @Test func aDamagedChunkOrAMissingEndIsRefused() throws {
    let rows: [UInt8] = [0, 10, 20, 30, 0, 40, 50, 60]
    func picture(damaged: String? = nil, ended: Bool = true) -> [UInt8] {
      TestImages.png(
        width: 1, height: 2, depth: 8, colourType: 2, rows: rows,
        chunks: [("tEXt", Array("Comment\0hi".utf8))],
        damaged: damaged, ended: ended)
    }
    let folder = try folder([
      "good.png": picture(), "comment.png": picture(damaged: "tEXt"), "data.png": picture(damaged: "IDAT"),
      "unended.png": picture(ended: false),
    ])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(problem("good.png", in: folder) == nil)
    for file in ["comment.png", "data.png", "unended.png"] {
      #expect(
        problem(file, in: folder) == "it cannot be decoded: its pixels are cut short or damaged", "\(file)")
    }
  }

  /// A PNG's metadata is bounded as a JPEG's is, decompressed: a compressed text chunk of 2 KB
  /// that inflates to 2 MB (zlib's stream of 2 MB of zeros), before the rows or after them, a
  /// plain text chunk of 1.1 MB, and four of 300 KB each, are refused without their megabytes.
  @Test func aPNGWhoseMetadataInflatesPastTheLimitIsRefused() throws {
    let zeros: [UInt8] =
      [0x78, 0xDA, 0xED, 0xC1, 0x31, 0x01, 0x00, 0x00, 0x00, 0xC2, 0xA0, 0xF5, 0x4F, 0x6D, 0x0C, 0x1F, 0xA0]
      + [UInt8](repeating: 0, count: 2_032) + [0xBE, 0x06, 0x01, 0xE0, 0x00, 0x01]
    let comment = Array("Comment\0".utf8)
    let rows: [UInt8] = [0, 10, 20, 30]
    func picture(_ chunks: [(String, [UInt8])]) -> [UInt8] {
      TestImages.png(width: 1, height: 1, depth: 8, colourType: 2, rows: rows, chunks: chunks)
    }
    let folder = try folder([
      "bomb.png": picture([("zTXt", comment + [0] + zeros)]),
      "long.png": picture([("tEXt", comment + [UInt8](repeating: 0x61, count: 1_100 << 10))]),
      "many.png": picture(
        Array(repeating: ("tEXt", comment + [UInt8](repeating: 0x61, count: 300 << 10)), count: 4)),
      "short.png": picture([("tEXt", comment + Array("a screenshot".utf8))]),
      // After the rows: met once every row is decoded, a row at a time.
      "after.png": TestImages.addingChunk("zTXt", comment + [0] + zeros, beforeTheEndOf: picture([])),
    ])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(problem("short.png", in: folder) == nil)
    for file in ["bomb.png", "long.png", "many.png", "after.png"] {
      #expect(
        problem(file, in: folder)
          == "its metadata (text, an ICC profile, EXIF) holds more than 1048576 bytes, in a chunk or in all, decompressed",
        "\(file)")
    }
  }

  func problem(of result: Result<ScreenImageFile, ImageProblem>) -> String? {
    if case .failure(let problem) = result { return problem.message }
    return nil
  }
}

/// The PNGs FlowAtlas draws headless (wireframes, the model of UIKit) decode whole in libspng,
/// which refuses a stream, a checksum or a size that is wrong: runs of every length the encoder
/// writes, rows like the ones above and unlike them, noise.
@Suite struct DrawnPNGTests {
  @Test(arguments: [(1, 1), (3, 1), (1, 700), (97, 13), (390, 844)])
  func aDrawnPictureIsReadByLibspngWithItsSize(width: Int, height: Int) throws {
    var random = SeededRandom(seed: UInt64(width * 1_000 + height))
    var rgb = [UInt8](repeating: 255, count: width * height * 3)
    for row in 0..<height where row % 7 == 3 {
      // A band of noise, then runs of 1 to 300 bytes of one value.
      var index = row * width * 3
      let end = index + width * 3
      while index < end {
        let run = Int(random.next() % 300) + 1
        let value = UInt8(truncatingIfNeeded: random.next())
        for at in index..<min(end, index + run) {
          rgb[at] = run < 5 ? UInt8(truncatingIfNeeded: random.next()) : value
        }
        index += run
      }
    }
    let png = PNGEncoder.encode(width: width, height: height, rgb: rgb)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowatlas-drawn-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(png).write(to: url.appendingPathComponent("drawn.png"))
    let read = try ScreenImageFile.load("drawn.png", in: url.path, width: width, height: height).get()
    #expect(read.format == .png && read.width == width && read.height == height)
  }
}

/// Thumbnails: made from the pixels decoded to check the picture, at most 240 × 480, by a whole
/// factor, a PNG that libspng reads back; none where an earlier build decoded the picture.
@Suite struct ThumbnailTests {
  /// A column of 481 pixels (factor 2): blocks of black and white average to 128, the last block
  /// has one pixel; a transparent pixel is white, a half-transparent red pinkish.
  @Test func blocksAverageInIntegersOnWhite() throws {
    var pixels: [UInt8] = []
    for row in 0..<481 {
      pixels += row == 480 ? [10, 20, 30, 255] : (row % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255])
    }
    let png = Thumbnail.png(of: pixels, width: 1, height: 481, bands: 4)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowatlas-thumb-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(png).write(to: url.appendingPathComponent("t.png"))
    let read = try ScreenImageFile.load("t.png", in: url.path).get()
    #expect(read.width == 1 && read.height == 241)
    // The expected pixels, encoded by the same encoder: the arithmetic is what is checked.
    let expected = [UInt8]((0..<240).flatMap { _ in [128, 128, 128] as [UInt8] }) + [10, 20, 30]
    #expect(png == PNGEncoder.encode(width: 1, height: 241, rgb: expected))
    let flattened = Thumbnail.png(of: [0, 0, 0, 0, 255, 0, 0, 128], width: 2, height: 1, bands: 4)
    #expect(flattened == PNGEncoder.encode(width: 2, height: 1, rgb: [255, 255, 255, 255, 127, 127]))
  }

  /// Each channel is averaged on its own, opaque rows (read two pixels a word) and rows with a
  /// transparent pixel alike, and a picture too wide to sum by column (block by block): against
  /// the plain arithmetic, pixel by pixel.
  @Test(arguments: [
    (499, 977),  // factor 5: blocks of 5 × 5, the last column and row shorter
    (20_011, 3),  // factor 84: one row of blocks, summed block by block
  ])
  func everyChannelIsAveragedOnItsOwn(width: Int, height: Int) {
    var pixels: [UInt8] = []
    for index in 0..<width * height {
      // Now and then a pixel that is not opaque, so that some blocks take the slow way.
      pixels += [
        UInt8(index % 251), UInt8(index / width % 256), UInt8(index * 7 % 253), index % 97 == 0 ? 40 : 255,
      ]
    }
    let factor = Thumbnail.factor(width: width, height: height)
    let (small, tall) = ((width + factor - 1) / factor, (height + factor - 1) / factor)
    var expected: [UInt8] = []
    for blockRow in 0..<tall {
      for blockColumn in 0..<small {
        var sums = [0, 0, 0]
        var count = 0
        for row in blockRow * factor..<min(height, (blockRow + 1) * factor) {
          for column in blockColumn * factor..<min(width, (blockColumn + 1) * factor) {
            let at = (row * width + column) * 4
            let alpha = Int(pixels[at + 3])
            for channel in 0..<3 {
              sums[channel] += (Int(pixels[at + channel]) * alpha + 255 * (255 - alpha) + 127) / 255
            }
            count += 1
          }
        }
        expected += sums.map { UInt8(($0 + count / 2) / count) }
      }
    }
    // Compared whole, not printed: a failure would print two 40 KB arrays.
    let made = Thumbnail.png(of: pixels, width: width, height: height, bands: 4)
    let same = made == PNGEncoder.encode(width: small, height: tall, rgb: expected)
    #expect(same, "the thumbnail is not the average of each channel")
  }

  /// A CMYK JPEG (16 × 8: red ink on the left, half black on the right, as libvips wrote it, inverted under Adobe's marker) gets
  /// its thumbnail by FlowAtlas's integers, not through lcms and a CMYK profile, whose numbers
  /// follow their releases: red, and (255 − 128) of white.
  @Test func aCMYKPictureIsMadeRedGreenAndBlueInIntegers() throws {
    let jpeg = try #require(Data(base64Encoded: Self.cmykJPEG.joined()))
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowatlas-thumb-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    try jpeg.write(to: url.appendingPathComponent("cmyk.jpg"))
    let image = try ScreenImageFile.load("cmyk.jpg", in: url.path, width: 16, height: 8).get()
    let row: [UInt8] = (0..<16).flatMap { $0 < 8 ? [255, 0, 0] : [127, 127, 127] as [UInt8] }
    let rgb: [UInt8] = (0..<8).flatMap { _ in row }
    #expect(image.thumbnail == PNGEncoder.encode(width: 16, height: 8, rgb: rgb))
  }

  static let cmykJPEG: [String] = [
    "/9j/7gAOQWRvYmUAZAAAAAAA/+EAvEV4aWYAAElJKgAIAAAABgASAQMAAQAAAAEAAAAaAQUAAQAAAFYAAAAbAQUAAQAAAF4A",
    "AAAoAQMAAQAAAAIAAAATAgMAAQAAAAEAAABphwQAAQAAAGYAAAAAAAAAOGMAAOgDAAA4YwAA6AMAAAYAAJAHAAQAAAAwMjEw",
    "AZEHAAQAAAABAgMAAKAHAAQAAAAwMTAwAaADAAEAAAD//wAAAqAEAAEAAAAQAAAAA6AEAAEAAAAIAAAAAAAAAP/bAEMAAQEB",
    "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAf/AABQIAAgAEARD",
    "EQBNEQBZEQBLEQD/xAAfAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgv/xAC1EAACAQMDAgQDBQUEBAAAAX0BAgMABBEF",
    "EiExQQYTUWEHInEUMoGRoQgjQrHBFVLR8CQzYnKCCQoWFxgZGiUmJygpKjQ1Njc4OTpDREVGR0hJSlNUVVZXWFlaY2RlZmdo",
    "aWpzdHV2d3h5eoOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4eLj5OXm5+jp",
    "6vHy8/T19vf4+fr/2gAOBEMATQBZAEsAAD8A/v4r/P8A6/z/AOv7+KK/3+K/3+K/z/6//9k=",
  ]

  /// PNGs of every colour type an app may write are decoded to their colours: a palette with
  /// transparency, a grey with a transparent value, a 16-bit grey (its high byte), and a grey
  /// JPEG (its grey in red, green and blue).
  @Test func palettesGreysAndSixteenBitsGiveTheirColours() throws {
    let cases: [(String, [UInt8], [UInt8], bands: Int)] = [
      (
        "palette.png",
        TestImages.png(
          width: 2, height: 1, depth: 8, colourType: 3, rows: [0, 0, 1],
          chunks: [("PLTE", [255, 0, 0, 0, 0, 255]), ("tRNS", [255, 128])]),
        [255, 0, 0, 255, 0, 0, 255, 128], 4
      ),
      (
        "grey.png",
        TestImages.png(
          width: 2, height: 1, depth: 8, colourType: 0, rows: [0, 0, 0x80], chunks: [("tRNS", [0, 0])]),
        [0, 0, 0, 0, 128, 128, 128, 255], 4
      ),
      (
        "deep.png",
        TestImages.png(width: 2, height: 1, depth: 16, colourType: 0, rows: [0, 0x12, 0x34, 0xFF, 0]),
        [0x12, 0x12, 0x12, 0xFF, 0xFF, 0xFF], 3
      ),
    ]
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowatlas-kinds-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    for (file, bytes, pixels, bands) in cases {
      try Data(bytes).write(to: url.appendingPathComponent(file))
      let image = try ScreenImageFile.load(file, in: url.path, width: 2, height: 1).get()
      #expect(image.thumbnail == Thumbnail.png(of: pixels, width: 2, height: 1, bands: bands), "\(file)")
    }
    // A grey JPEG (TurboJPEG's, of a gradient): its grey, as TurboJPEG decodes it, in each of red,
    // green and blue.
    let (width, height) = (16, 8)
    let gradient = (0..<width * height).map { UInt8($0 % width * 16) }
    let jpeg = try #require(TestImages.greyJPEG(gradient, width: width, height: height))
    try Data(jpeg).write(to: url.appendingPathComponent("grey.jpg"))
    let thumbnail = try ScreenImageFile.load("grey.jpg", in: url.path).get().thumbnail
    let grey = try #require(TestImages.greyPixels(ofJPEG: jpeg, width: width, height: height))
    #expect(Set(grey).count > 8)
    #expect(
      thumbnail == Thumbnail.png(of: grey.flatMap { [$0, $0, $0] }, width: width, height: height, bands: 3))
  }

  /// A PNG is decoded a row at a time where it is not interlaced (a screenshot), whole where it
  /// is: both give the thumbnail of the same pixels, and either cut short is refused.
  @Test func interlacedOrNotAPictureGivesTheSameThumbnail() throws {
    let (width, height) = (37, 1003)
    let rgb: [UInt8] = (0..<width * height).flatMap { index -> [UInt8] in
      [UInt8(index % 251), UInt8(index / width % 256), UInt8(index % 7 * 30)]
    }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowatlas-adam7-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    let expected = Thumbnail.png(of: rgb, width: width, height: height, bands: 3)
    var rows: [UInt8] = []
    for row in 0..<height { rows += [0] + rgb[row * width * 3..<(row + 1) * width * 3] }
    let files: [String: [UInt8]] = [
      "rows.png": PNGEncoder.file(width: width, height: height, depth: 8, colourType: 2, rows: rows),
      "adam7.png": TestImages.interlacedPNG(width: width, height: height, rgb: rgb),
    ]
    for (file, bytes) in files {
      try Data(bytes).write(to: url.appendingPathComponent(file))
      #expect(try ScreenImageFile.load(file, in: url.path).get().thumbnail == expected, "\(file)")
      // Its image data ends early (the chunk's length and checksum made to match).
      try Data(TestImages.cuttingImageData(of: bytes, by: 6)).write(
        to: url.appendingPathComponent("cut-" + file))
      guard case .failure(.damaged) = ScreenImageFile.load("cut-" + file, in: url.path) else {
        Issue.record("\(file) cut short was accepted")
        continue
      }
    }
  }

  /// Every row is decoded, the last ones too, where the height is no multiple of the factor.
  @Test func aPictureCutShortInItsLastRowsIsRefused() throws {
    let png = try #require(ScreenImageFile.patternPNG(width: 1000, height: 1003, seed: 5))
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowatlas-thumb-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    // The end of the pixel data goes: rows 1000 to 1002, past the last whole block of 5.
    try Data(png.dropLast(2_000)).write(to: url.appendingPathComponent("cut.png"))
    guard case .failure(.damaged) = ScreenImageFile.load("cut.png", in: url.path) else {
      Issue.record("a picture cut short was accepted")
      return
    }
  }

  @Test(arguments: [(1170, 2532, 195, 422), (390, 844, 195, 422), (12, 20, 12, 20), (2000, 100, 223, 12)])
  func aPictureGetsAThumbnailOfAWholeFraction(width: Int, height: Int, thumbWidth: Int, thumbHeight: Int)
    throws
  {
    let png = try #require(ScreenImageFile.patternPNG(width: width, height: height, seed: 3))
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowatlas-thumb-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(png).write(to: url.appendingPathComponent("shot.png"))
    let image = try ScreenImageFile.load("shot.png", in: url.path).get()
    let thumbnail = try #require(image.thumbnail)
    try Data(thumbnail).write(to: url.appendingPathComponent("thumb.png"))
    let read = try ScreenImageFile.load("thumb.png", in: url.path).get()
    #expect(read.width == thumbWidth && read.height == thumbHeight)
    // The same picture, the same thumbnail.
    #expect(try ScreenImageFile.load("shot.png", in: url.path).get().thumbnail == thumbnail)
    // Decoded by an earlier build: no thumbnail is made.
    let known = try ScreenImageFile.load("shot.png", in: url.path, decoded: { _ in (width, height) }).get()
    #expect(known.thumbnail == nil)
  }
}
