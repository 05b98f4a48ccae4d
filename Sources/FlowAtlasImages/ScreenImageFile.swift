import CVips
import FlowAtlasBytes
import FlowAtlasLock

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A screenshot a trace names (`screen.image`), read and checked: a PNG or JPEG inside the
/// trace's folder, of a size a page can show, that libvips decodes to its last pixel.
///
/// Images are hostile input, and big. The path is resolved with every symbolic link followed
/// and must stay inside the trace's folder; the file must be a regular file of at most
/// ``maximumBytes``; its first bytes must say PNG or JPEG; a JPEG's metadata blocks (EXIF, ICC,
/// comments) may hold at most ``maximumMetadataBytes``; the header's size may not pass
/// ``maximumPixels`` (a decompression bomb is refused before a pixel is decoded), nor differ
/// from the size the trace gives; and libvips must decode every pixel without an error or a
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
  /// decoded (an earlier build did), or libvips could not give them as sRGB (a colour space it
  /// cannot convert): the page then shows the file itself, shrunk.
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
      let metadata = jpegMetadataBytes(bytes)
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

  /// The bytes of a JPEG's metadata segments (APP0 to APP15 and comments) before its image data.
  static func jpegMetadataBytes(_ bytes: [UInt8]) -> Int {
    var total = 0
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
      index += 2 + length
    }
    return total
  }

  /// The libvips release pictures are checked with: what it accepts follows it, so a build's
  /// record of its settings names it.
  package static var libraryVersion: String { String(cString: vips_version_string()) }

  /// Whether libvips started (nil before the first image).
  private static let library = Lock<Bool?>(nil)

  /// The size of the image `bytes` hold, after decoding every pixel, and its thumbnail made from
  /// them, unless its header gives the size `known` (an earlier build decoded these very bytes).
  /// Images decode on any thread; a failure is said in words of our own, never libvips's: its
  /// error buffer is one for the process (another thread's message could be read), and its words
  /// change with its release.
  private static func decode(
    _ bytes: [UInt8], format: Format, unless known: (width: Int, height: Int)?, makesThumbnail: Bool
  ) -> Result<((width: Int, height: Int), thumbnail: [UInt8]?), ImageProblem> {
    let started = library.withLock { started in
      if started == nil { started = flowatlas_vips_start() == 0 }
      return started == true
    }
    guard started else { return .failure(.damaged("libvips could not start")) }
    return bytes.withUnsafeBytes { buffer in
      func load() -> UnsafeMutablePointer<VipsImage>? {
        format == .png
          ? flowatlas_vips_load_png(buffer.baseAddress, buffer.count)
          : flowatlas_vips_load_jpeg(buffer.baseAddress, buffer.count)
      }
      /// `image`'s pixels decoded to the last, without a thumbnail.
      func decodedWhole(_ image: UnsafeMutablePointer<VipsImage>, _ size: (width: Int, height: Int))
        -> Result<((width: Int, height: Int), thumbnail: [UInt8]?), ImageProblem>
      {
        flowatlas_vips_decode(image) == 0
          ? .success((size, nil)) : .failure(.damaged("its pixels are cut short or damaged"))
      }
      guard let image = load() else { return .failure(.damaged("its header cannot be read")) }
      defer { g_object_unref(image) }
      let size = (width: Int(vips_image_get_width(image)), height: Int(vips_image_get_height(image)))
      guard size.width.multipliedReportingOverflow(by: size.height).partialValue <= maximumPixels,
        size.width <= maximumPixels, size.height <= maximumPixels
      else { return .failure(.tooManyPixels(width: size.width, height: size.height)) }
      if let known, known == size { return .success((size, nil)) }
      if !makesThumbnail { return decodedWhole(image, size) }
      var pixels: UnsafeMutableRawPointer?
      var length = 0
      var (width, height, bands, cmyk): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
      if flowatlas_vips_pixels(image, &pixels, &length, &width, &height, &bands, &cmyk) == 0, let pixels {
        defer { g_free(pixels) }
        guard Int(width) == size.width, Int(height) == size.height,
          length == size.width * size.height * Int(bands)
        else { return .failure(.damaged("its pixels are cut short or damaged")) }
        // Read where libvips put them: no copy of a picture's megabytes. A CMYK picture's inks are
        // made colours there first, by FlowAtlas's integers (libvips's conversion follows lcms).
        if cmyk != 0 {
          Thumbnail.makeRGB(ofCMYK: UnsafeMutableRawBufferPointer(start: pixels, count: length))
        }
        let decoded = UnsafeRawBufferPointer(start: pixels, count: length)
        return .success(
          (size, Thumbnail.png(of: decoded, width: size.width, height: size.height, bands: Int(bands))))
      }
      // No thumbnail: the image is read again to learn whether its pixels decode at all (the
      // first reading went through them once, as libvips reads a file front to back).
      vips_error_clear()
      guard let again = load() else { return .failure(.damaged("its header cannot be read")) }
      defer { g_object_unref(again) }
      return decodedWhole(again, size)
    }
  }

  /// A PNG of `width` × `height` pixels whose pattern differs with `seed`: a stand-in for a
  /// screenshot, for benchmarks.
  package static func patternPNG(width: Int, height: Int, seed: Int) -> [UInt8]? {
    library.withLock { started -> [UInt8]? in
      if started == nil { started = flowatlas_vips_start() == 0 }
      guard started == true else { return nil }
      defer { vips_error_clear() }
      var bytes: UnsafeMutableRawPointer?
      var length = 0
      guard flowatlas_vips_pattern_png(Int32(width), Int32(height), Int32(seed), &bytes, &length) == 0,
        let bytes
      else { return nil }
      defer { g_free(bytes) }
      return Array(UnsafeRawBufferPointer(start: bytes, count: length))
    }
  }
}

/// Why a screenshot is refused: the text of its `bad-image` diagnostic.
package enum ImageProblem: Error, Sendable, Equatable {
  case outsideTheFolder
  case unreadable(String)
  case notPNGOrJPEG
  case metadataTooLarge(bytes: Int)
  case tooManyPixels(width: Int, height: Int)
  case damaged(String)
  case otherSize(claimed: (width: Int?, height: Int?), actual: (width: Int, height: Int))

  package static func == (left: ImageProblem, right: ImageProblem) -> Bool { left.message == right.message }

  package var message: String {
    switch self {
    case .outsideTheFolder: "it leads out of the trace's folder (through a symbolic link)"
    case .unreadable(let reason): "it cannot be read (\(reason))"
    case .notPNGOrJPEG: "it is not a PNG or a JPEG"
    case .metadataTooLarge(let bytes):
      "its metadata blocks (EXIF, ICC, comments) hold \(bytes) bytes, more than \(ScreenImageFile.maximumMetadataBytes)"
    case .tooManyPixels(let width, let height):
      "it is \(width) × \(height) pixels, more than \(ScreenImageFile.maximumPixels) (a screenshot has a few million)"
    case .damaged(let reason): "libvips cannot decode it: \(reason)"
    case .otherSize(let claimed, let actual):
      "the trace says \(claimed.width.map(String.init) ?? "?") × \(claimed.height.map(String.init) ?? "?") pixels, "
        + "the file has \(actual.width) × \(actual.height)"
    }
  }
}
