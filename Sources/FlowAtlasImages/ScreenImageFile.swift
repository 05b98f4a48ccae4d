import CSpng
import CTurboJPEG
import FlowAtlasBytes

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A screenshot a trace names (`screen.image`), read and checked: a PNG or JPEG inside the
/// trace's folder, of a size a page can show, that its decoder decodes to its last pixel
/// (libspng for a PNG, libjpeg-turbo's TurboJPEG for a JPEG).
///
/// Images are hostile input, and big. The path is resolved with every symbolic link followed
/// and must stay inside the trace's folder; the file must be a regular file of at most
/// ``maximumBytes``; its first bytes must say PNG or JPEG; a JPEG's metadata blocks (EXIF, ICC,
/// comments) may hold at most ``maximumMetadataBytes``; the header's size may not pass
/// ``maximumPixels`` (a decompression bomb is refused before a pixel is decoded), nor differ
/// from the size the trace gives; and the decoder must decode every pixel without an error or a
/// warning (a file cut short fails here). Anything else is an ``ImageProblem``, never a crash.
package struct ScreenImageFile: Sendable, Equatable {
  package enum Format: String, Sendable { case png, jpeg }

  /// What a site names its copy with: `png` or `jpg`.
  package var fileExtension: String { format == .png ? "png" : "jpg" }

  package let format: Format
  package let width: Int
  package let height: Int
  /// The file's bytes, as checked.
  package let bytes: [UInt8]
  /// `Fingerprint.sha256` of ``bytes``: what names the picture in a site, chosen by hostile bytes.
  package let hash: String
  /// A small copy, for galleries and flow pages (``Thumbnail``), as a PNG: made from the pixels
  /// decoded to check the file, so it costs no second decode. Nil where the pixels were not
  /// decoded (an earlier build did), or none was asked for.
  package let thumbnail: [UInt8]?

  /// The most pixels an image may have: a screenshot of the largest iPad is 5.6 million.
  package static let maximumPixels = 40_000_000
  /// The largest file read.
  package static let maximumBytes = 64 << 20
  /// The most bytes a JPEG's metadata blocks may hold together.
  package static let maximumMetadataBytes = 1 << 20

  /// The image at `file`, relative to `folder` (the trace's), checked.
  /// - Parameters:
  ///   - width: the width the trace gives, if any: the file must have it.
  ///   - height: the height the trace gives, if any.
  ///   - decoded: the size of a picture of these bytes (by their hash) that an earlier build
  ///     decoded to its last pixel, if any: when the header still says that size, the pixels are
  ///     not decoded again. Every other check is made all the same.
  ///   - makesThumbnail: whether to make its thumbnail while decoding (a baseline's pictures, and
  ///     a diff's, are only shown whole).
  package static func load(
    _ file: String, in folder: String, width: Int? = nil, height: Int? = nil,
    decoded: (String) -> (width: Int, height: Int)? = { _ in nil }, makesThumbnail: Bool = true
  ) -> Result<ScreenImageFile, ImageProblem> {
    let bytes: [UInt8]
    switch contents(of: file, in: folder) {
    case .success(let read): bytes = read
    case .failure(let problem): return .failure(problem)
    }
    let format: Format
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      format = .png
    } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
      format = .jpeg
      let metadata = bytes.withUnsafeBytes { jpegSegments($0).metadata }
      guard metadata <= maximumMetadataBytes else { return .failure(.metadataTooLarge(bytes: metadata)) }
    } else {
      return .failure(.notPNGOrJPEG)
    }
    let hash = Fingerprint.sha256(bytes)
    return decode(bytes, format: format, unless: decoded(hash), makesThumbnail: makesThumbnail).flatMap {
      size, thumbnail in
      if let width, width != size.width {
        return .failure(.otherSize(claimed: (width, height), actual: size))
      }
      if let height, height != size.height {
        return .failure(.otherSize(claimed: (width, height), actual: size))
      }
      return .success(
        ScreenImageFile(
          format: format, width: size.width, height: size.height, bytes: bytes, hash: hash,
          thumbnail: thumbnail))
    }
  }

  /// Whether `file` in `folder` is a regular file that every link it goes through keeps inside.
  package static func contained(_ file: String, in folder: String) -> Result<Void, ImageProblem> {
    resolved(file, in: folder).flatMap { path in
      var info = stat()
      guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
        return .failure(.unreadable("not a regular file"))
      }
      return .success(())
    }
  }

  /// The path `file` in `folder` leads to, every link followed, when it stays inside `folder`.
  static func resolved(_ file: String, in folder: String) -> Result<String, ImageProblem> {
    guard let root = realpath(folder, nil) else { return .failure(.unreadable("its trace's folder is gone")) }
    let base = String(cString: root)
    free(root)
    guard let resolved = realpath(base + "/" + file, nil) else {
      return .failure(.unreadable(String(cString: strerror(errno))))
    }
    let path = String(cString: resolved)
    free(resolved)
    // The folder itself (`.`, `sub/..`): no file, and not outside.
    guard path != base else { return .failure(.unreadable("not a regular file")) }
    // Byte by byte: `hasPrefix` would take another folder whose name is this one's in another
    // Unicode normal form for this one.
    guard path.utf8.starts(with: (base == "/" ? "/" : base + "/").utf8) else {
      return .failure(.outsideTheFolder)
    }
    return .success(path)
  }

  /// The bytes of `file` in `folder`, read only when every link it goes through stays inside.
  static func contents(of file: String, in folder: String) -> Result<[UInt8], ImageProblem> {
    let path: String
    switch resolved(file, in: folder) {
    case .success(let found): path = found
    case .failure(let problem): return .failure(problem)
    }
    // Opened as every input a build reads is: no link followed, never blocking, bounded.
    return RegularFile.read(path, limit: maximumBytes).mapError { .unreadable($0.reason) }
  }

  /// What a JPEG's segments before its image data say: how many bytes its metadata segments
  /// (APP0 to APP15 and comments) hold, and whether one is Adobe's (an APP14 of at least 12
  /// bytes that begins `Adobe`, as libjpeg recognises it: a CMYK picture's inks are then stored
  /// inverted).
  static func jpegSegments(_ bytes: UnsafeRawBufferPointer) -> (metadata: Int, adobe: Bool) {
    var total = 0
    var adobe = false
    var index = 2
    while index + 4 <= bytes.count, bytes[index] == 0xFF {
      let marker = bytes[index + 1]
      if marker == 0xFF {
        index += 1
        continue
      }
      if (0xD0...0xD9).contains(marker) || marker == 0x01 {
        index += 2
        continue
      }
      if marker == 0xDA { break }  // start of scan: the image data follows
      let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
      if (0xE0...0xEF).contains(marker) || marker == 0xFE { total += length }
      if marker == 0xEE, length - 2 >= 12, index + 9 <= bytes.count,
        bytes[(index + 4)..<(index + 9)].elementsEqual("Adobe".utf8)
      {
        adobe = true
      }
      index += 2 + length
    }
    return (total, adobe)
  }

  /// The libraries pictures are checked with, and which release of each: what they accept
  /// follows them, so a build's record of its settings names them. libspng says its release;
  /// TurboJPEG does not, so the file it was loaded from names it (with its size and time: a
  /// package's upgrade changes them).
  package static let decoders: String = {
    var names =
      "libspng \(String(cString: spng_version_string())) (zlib \(String(cString: flowatlas_png_zlib_version())))"
    // Where the file cannot be told, that is said: a build that tells it differs.
    var turboJPEG = "(not found)"
    if let file = loadedLibrary(named: "libturbojpeg"), let path = realpath(file, nil) {
      defer { free(path) }
      turboJPEG = String(cString: path)
      var info = stat()
      if stat(path, &info) == 0 {
        #if canImport(Darwin)
          let modified = info.st_mtimespec.tv_sec
        #else
          let modified = info.st_mtim.tv_sec
        #endif
        turboJPEG += " (\(info.st_size) bytes, \(modified))"
      }
    }
    return names + ", TurboJPEG " + turboJPEG
  }()

  /// The file of the library this process loaded whose name begins with `name`, where it can be
  /// told: Linux lists what it mapped in `/proc/self/maps`, a Mac's dyld names its images. (Not
  /// `dladdr`: glibc declares it only under `_GNU_SOURCE`, which changes how a C module sees the
  /// system's headers.)
  private static func loadedLibrary(named name: String) -> String? {
    func named(_ path: Substring) -> Bool { path.split(separator: "/").last?.hasPrefix(name) == true }
    #if canImport(Darwin)
      for index in 0..<_dyld_image_count() {
        if let image = _dyld_get_image_name(index), named(String(cString: image)[...]) {
          return String(cString: image)
        }
      }
      return nil
    #else
      guard
        case .success(let maps) = RegularFile.read("/proc/self/maps", limit: 4 << 20, followingLinks: true)
      else { return nil }
      // `address perms offset device inode path`: the path is what follows the fifth field.
      for line in String(decoding: maps, as: UTF8.self).split(separator: "\n") {
        if let slash = line.firstIndex(of: "/"), named(line[slash...]) { return String(line[slash...]) }
      }
      return nil
    #endif
  }

  /// The size of the image `bytes` hold, after decoding every pixel, and its thumbnail made from
  /// them, unless its header gives the size `known` (an earlier build decoded these very bytes).
  /// Images decode on any thread (each with a decoder of its own); a failure is said in words of
  /// our own, never the library's, whose words change with its release.
  private static func decode(
    _ bytes: [UInt8], format: Format, unless known: (width: Int, height: Int)?, makesThumbnail: Bool
  ) -> Result<((width: Int, height: Int), thumbnail: [UInt8]?), ImageProblem> {
    bytes.withUnsafeBytes { bytes in
      guard let decoder = PixelDecoder(format, bytes) else {
        return .failure(.damaged("its header cannot be read"))
      }
      defer { decoder.close() }
      let size = decoder.size
      guard size.width.multipliedReportingOverflow(by: size.height).partialValue <= maximumPixels,
        size.width <= maximumPixels, size.height <= maximumPixels
      else { return .failure(.tooManyPixels(width: size.width, height: size.height)) }
      if let known, known == size { return .success((size, nil)) }
      return decoder.decodeEveryPixel(makingThumbnail: makesThumbnail).map { (size, $0) }
    }
  }

  /// A PNG of `width` × `height` pixels whose pattern differs with `seed`: a stand-in for a
  /// screenshot, for benchmarks. Red, green, blue and an opaque alpha, as UIKit writes a
  /// screenshot, compressed by zlib as an app's PNG is.
  package static func patternPNG(width: Int, height: Int, seed: Int) -> [UInt8]? {
    guard width > 0, height > 0, width.multipliedReportingOverflow(by: height).partialValue <= maximumPixels
    else {
      return nil
    }
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
      let green = UInt8((y + seed) % 251)
      for x in 0..<width {
        let at = (y * width + x) * 4
        let red = UInt8((x + seed) % 251)
        pixels[at] = red
        pixels[at + 1] = green
        pixels[at + 2] = red
      }
    }
    return pixels.withUnsafeBytes { rgba -> [UInt8]? in
      var bytes: UnsafeMutableRawPointer?
      var length = 0
      guard
        flowatlas_png_encode_rgba(rgba.baseAddress, UInt32(width), UInt32(height), &bytes, &length) == 0,
        let bytes
      else { return nil }
      defer { free(bytes) }
      return Array(UnsafeRawBufferPointer(start: bytes, count: length))
    }
  }
}

/// One picture's decoder: libspng for a PNG, TurboJPEG for a JPEG, over the bytes FlowAtlas read
/// itself (so that what is checked is what is hashed and kept), which must outlive it.
private enum PixelDecoder {
  case png(OpaquePointer, size: (width: Int, height: Int))
  case jpeg(tjhandle, UnsafeRawBufferPointer, size: (width: Int, height: Int), inks: Inks?)

  /// How a CMYK picture holds its inks: inverted where Adobe's marker says so (as Photoshop
  /// writes them, and libjpeg's readers take them).
  enum Inks { case plain, inverted }

  /// A picture's decoded pixels, in a buffer to `free`: 8-bit rows of `bands` channels (red,
  /// green, blue, and alpha where there are 4), or, where `inverted` is not nil, a CMYK
  /// picture's four inks, stored inverted where it is true.
  struct Pixels {
    let start: UnsafeMutableRawPointer
    let count: Int
    let bands: Int
    let inverted: Bool?
  }

  /// The decoder of the picture `bytes` hold, its header read; nil where it cannot be.
  init?(_ format: ScreenImageFile.Format, _ bytes: UnsafeRawBufferPointer) {
    switch format {
    case .png:
      guard
        let context = flowatlas_png_open(bytes.baseAddress, bytes.count, ScreenImageFile.maximumMetadataBytes)
      else { return nil }
      var (width, height): (UInt32, UInt32) = (0, 0)
      guard flowatlas_png_size(context, &width, &height) == 0 else {
        spng_ctx_free(context)
        return nil
      }
      self = .png(context, size: (Int(width), Int(height)))
    case .jpeg:
      guard let decoder = tjInitDecompress() else { return nil }
      var (width, height, inks): (Int32, Int32, Int32) = (0, 0, 0)
      guard flowatlas_jpeg_size(decoder, bytes.baseAddress, bytes.count, &width, &height, &inks) == 0 else {
        tjDestroy(decoder)
        return nil
      }
      let adobe = ScreenImageFile.jpegSegments(bytes).adobe
      self = .jpeg(
        decoder, bytes, size: (Int(width), Int(height)), inks: inks == 0 ? nil : adobe ? .inverted : .plain)
    }
  }

  var size: (width: Int, height: Int) {
    switch self {
    case .png(_, let size), .jpeg(_, _, let size, _): size
    }
  }

  /// Decodes every pixel, and makes the picture's thumbnail from them where asked (nil
  /// otherwise); or says why not: the picture is cut short or damaged, or a PNG's metadata passes
  /// ``ScreenImageFile/maximumMetadataBytes``. A PNG that is not interlaced (a screenshot) is
  /// decoded a row at a time, each row averaged while it is in the processor's cache; any other
  /// picture whole.
  func decodeEveryPixel(makingThumbnail: Bool) -> Result<[UInt8]?, ImageProblem> {
    if case .png(let context, let size) = self {
      var (bands, rowLength): (Int32, Int) = (0, 0)
      let started = flowatlas_png_rows(context, &bands, &rowLength)
      if started == 0 {
        return Self.rows(of: context, size: size, bands: Int(bands), rowLength: rowLength, makingThumbnail)
      }
      if started != FLOWATLAS_PNG_INTERLACED { return .failure(Self.problem(started)) }
    }
    let pixels: Pixels
    switch self.pixels() {
    case .success(let decoded): pixels = decoded
    case .failure(let problem): return .failure(problem)
    }
    defer { free(pixels.start) }
    guard makingThumbnail else { return .success(nil) }
    // Read where the decoder put them: no copy of a picture's megabytes. A CMYK picture's inks
    // are made colours there first, by FlowAtlas's integers, not through a colour profile.
    let buffer = UnsafeMutableRawBufferPointer(start: pixels.start, count: pixels.count)
    if let inverted = pixels.inverted { Thumbnail.makeRGB(ofCMYK: buffer, inverted: inverted) }
    return .success(
      Thumbnail.png(
        of: UnsafeRawBufferPointer(buffer), width: size.width, height: size.height, bands: pixels.bands))
  }

  /// Each row of a PNG whose row-by-row decoding `flowatlas_png_rows` started, top first, into
  /// one row's buffer, then every chunk after them to the end.
  private static func rows(
    of context: OpaquePointer, size: (width: Int, height: Int), bands: Int, rowLength: Int,
    _ makingThumbnail: Bool
  ) -> Result<[UInt8]?, ImageProblem> {
    var maker = makingThumbnail ? Thumbnail.Maker(width: size.width, height: size.height, bands: bands) : nil
    let row = UnsafeMutableRawBufferPointer.allocate(byteCount: max(rowLength, 1), alignment: 16)
    defer { row.deallocate() }
    for index in 0..<size.height {
      let error = spng_decode_row(context, row.baseAddress, rowLength)
      // Every row comes with 0 but the last, with "end of image"; any other answer is the picture's.
      guard error == (index == size.height - 1 ? Int32(SPNG_EOI.rawValue) : 0) else {
        return .failure(problem(error))
      }
      maker?.add(row: UnsafeRawBufferPointer(row))
    }
    let error = spng_decode_chunks(context)
    guard error == 0 else { return .failure(problem(error)) }
    return .success(maker?.png())
  }

  /// What libspng's `error` says of the picture, in words of our own.
  private static func problem(_ error: Int32) -> ImageProblem {
    error == Int32(SPNG_ECHUNK_LIMITS.rawValue)
      ? .metadataTooLarge(bytes: nil) : .damaged("its pixels are cut short or damaged")
  }

  /// Every pixel decoded, or why not: the picture is cut short or damaged, or a PNG's metadata
  /// passes ``ScreenImageFile/maximumMetadataBytes``.
  private func pixels() -> Result<Pixels, ImageProblem> {
    let damaged = ImageProblem.damaged("its pixels are cut short or damaged")
    var start: UnsafeMutableRawPointer?
    var count = 0
    switch self {
    case .png(let context, _):
      var bands: Int32 = 0
      let error = flowatlas_png_pixels(context, &start, &count, &bands)
      guard error == 0, let start else { return .failure(Self.problem(error)) }
      return .success(Pixels(start: start, count: count, bands: Int(bands), inverted: nil))
    case .jpeg(let decoder, let bytes, let size, let inks):
      guard
        flowatlas_jpeg_pixels(
          decoder, bytes.baseAddress, bytes.count, Int32(size.width), Int32(size.height), inks == nil ? 0 : 1,
          &start, &count) == 0, let start
      else { return .failure(damaged) }
      return .success(
        Pixels(start: start, count: count, bands: inks == nil ? 3 : 4, inverted: inks.map { $0 == .inverted })
      )
    }
  }

  func close() {
    switch self {
    case .png(let context, _): spng_ctx_free(context)
    case .jpeg(let decoder, _, _, _): tjDestroy(decoder)
    }
  }
}

/// Why a screenshot is refused: the text of its `bad-image` diagnostic.
package enum ImageProblem: Error, Sendable, Equatable {
  case outsideTheFolder
  case unreadable(String)
  case notPNGOrJPEG
  /// A JPEG's metadata blocks hold `bytes`; a PNG's metadata passed the limit as it was
  /// decompressed (`bytes` nil).
  case metadataTooLarge(bytes: Int?)
  case tooManyPixels(width: Int, height: Int)
  case damaged(String)
  case otherSize(claimed: (width: Int?, height: Int?), actual: (width: Int, height: Int))

  package static func == (left: ImageProblem, right: ImageProblem) -> Bool { left.message == right.message }

  package var message: String {
    switch self {
    case .outsideTheFolder: "it leads out of the trace's folder (through a symbolic link)"
    case .unreadable(let reason): "it cannot be read (\(reason))"
    case .notPNGOrJPEG: "it is not a PNG or a JPEG"
    case .metadataTooLarge(let bytes?):
      "its metadata blocks (EXIF, ICC, comments) hold \(bytes) bytes, more than \(ScreenImageFile.maximumMetadataBytes)"
    case .metadataTooLarge(nil):
      "its metadata (text, an ICC profile, EXIF) holds more than \(ScreenImageFile.maximumMetadataBytes) bytes, in a chunk or in all, decompressed"
    case .tooManyPixels(let width, let height):
      "it is \(width) × \(height) pixels, more than \(ScreenImageFile.maximumPixels) (a screenshot has a few million)"
    case .damaged(let reason): "it cannot be decoded: \(reason)"
    case .otherSize(let claimed, let actual):
      "the trace says \(claimed.width.map(String.init) ?? "?") × \(claimed.height.map(String.init) ?? "?") pixels, "
        + "the file has \(actual.width) × \(actual.height)"
    }
  }
}
