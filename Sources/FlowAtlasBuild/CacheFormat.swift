import FlowAtlasBytes
import Foundation

/// The one version of everything a build keeps between builds (the build record, the replayed
/// traces, the diagram cache, the app pages' records, the pictures' record, the pages'
/// identities): the code that is running, never a number someone bumps.
///
/// A cache is trusted only by the build of FlowAtlas that wrote it. Whatever decides a kept
/// entry's bytes (how a trace is replayed and archived, the page templates, the stylesheet, how
/// a drawing's texts are put back, how thumbnails are made) is compiled into the executable, so
/// its identity changes with any of them, and an upgraded FlowAtlas builds afresh rather than
/// trusting what an older one kept. What lies outside it (the Graphviz release and plugins, the
/// image decoders' releases, the traces, notes and options) stays in the keys of the entries it decides.
///
/// The identity is the linker's build ID of the running executable (GNU `--build-id`: a hash
/// of its contents, which Swift's Linux toolchain writes; a Mach-O's `LC_UUID` on a Mac), or,
/// without one, the hash of the executable's bytes. It is read from the image that runs (Linux's
/// `/proc/self/exe`, which still leads to it after an upgrade replaced or removed its file), and
/// is machine-local, like the caches: the site's own bytes never carry it. Code FlowAtlas loads
/// from outside its executable is named elsewhere (Graphviz in the renderer's identity, the image
/// decoders in the pictures' record, cmark-gfm by the notes' HTML it made), but for the Swift runtime,
/// which Linux loads from the toolchain: a toolchain replaced in place is not noticed.
package enum CacheFormat {
  /// The identity of the running code, for every cache file's first line.
  package static let version: String = identity(ofExecutableAt: executablePath) ?? unknown

  /// The first line of the cache file of kind `kind` (`flowatlas-app-pages`, say), as this
  /// build writes it: a file whose first line differs was kept by another build of FlowAtlas,
  /// and is out of date rather than damaged.
  package static func header(_ kind: String) -> String { "\(kind) \(version)" }

  /// Where the code that is running lies: the executable on Linux, the image holding this
  /// module elsewhere (an XCTest bundle runs inside Apple's `xctest`); read through links.
  private static var executablePath: String? {
    #if os(Linux)
      return "/proc/self/exe"
    #else
      return Bundle(for: Marker.self).executableURL?.path
    #endif
  }

  private final class Marker {}

  /// When the executable cannot be read: a name no other process has, so that nothing kept is
  /// ever trusted (every build is a fresh one).
  private static let unknown = "unknown-" + UUID().uuidString

  /// How much of the executable is read for its build ID: program headers and notes (or load
  /// commands) come first.
  static let headRead = 1 << 16

  /// The build ID of the executable at `path` (reached through links), or the hash of its
  /// bytes; nil when it cannot be read.
  package static func identity(ofExecutableAt path: String?) -> String? {
    guard let path else { return nil }
    if let head = try? RegularFile.prefix(of: path, count: headRead, followingLinks: true).get(),
      let id = buildID(ofELF: head) ?? uuid(ofMachO: head)
    {
      return id
    }
    guard let bytes = try? RegularFile.read(path, limit: 1 << 30, followingLinks: true).get() else {
      return nil
    }
    return "bytes-" + Fingerprint.fast128(bytes)
  }

  /// The `LC_UUID` of the 64-bit little-endian Mach-O file that `bytes` begin with, in hex; nil
  /// when `bytes` are not one (a universal file is hashed whole instead), or it has none.
  static func uuid(ofMachO bytes: [UInt8]) -> String? {
    let number = { (offset: Int) in Self.number(in: bytes, at: offset, size: 4) }
    // MH_MAGIC_64, little-endian.
    guard bytes.starts(with: [0xcf, 0xfa, 0xed, 0xfe]), let commands = number(16) else { return nil }
    var command = 32
    for _ in 0..<commands {
      guard let kind = number(command), let size = number(command + 4), size >= 8 else { return nil }
      // LC_UUID: the command's header, then the 16 bytes.
      if kind == 0x1b {
        guard size >= 24, command + 24 <= bytes.count else { return nil }
        return hex(bytes[(command + 8)..<(command + 24)])
      }
      command += size
    }
    return nil
  }

  /// The little-endian number of `size` bytes at `offset` in `bytes`; nil past their end.
  private static func number(in bytes: [UInt8], at offset: Int, size: Int) -> Int? {
    guard offset >= 0, size <= 8, offset <= bytes.count - size else { return nil }
    var value: UInt64 = 0
    for index in (0..<size).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
    return value > UInt64(Int.max) ? nil : Int(value)
  }

  private static func hex(_ bytes: ArraySlice<UInt8>) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  /// The GNU build ID in the notes of the 64-bit little-endian ELF file that `bytes` begin
  /// with, in hex; nil when `bytes` are not one, or its notes are not among them.
  static func buildID(ofELF bytes: [UInt8]) -> String? {
    func number(_ offset: Int, _ size: Int) -> Int? { Self.number(in: bytes, at: offset, size: size) }
    // `\x7fELF`, 64-bit, little-endian; its program headers among `bytes`.
    guard bytes.starts(with: [0x7f, 0x45, 0x4c, 0x46, 2, 1]), let table = number(32, 8), table <= bytes.count,
      let entrySize = number(54, 2), let entries = number(56, 2), entrySize >= 56
    else { return nil }
    for entry in 0..<entries {
      let header = table + entry * entrySize
      // A `PT_NOTE` segment: where it lies in the file, and its size.
      guard number(header, 4) == 4 else { continue }
      guard let start = number(header + 8, 8), let size = number(header + 32, 8), size <= bytes.count,
        start <= bytes.count - size
      else { continue }
      var note = start
      while note + 12 <= start + size, let nameSize = number(note, 4), let descSize = number(note + 4, 4),
        let type = number(note + 8, 4)
      {
        let name = note + 12
        let desc = name + (nameSize + 3) / 4 * 4
        let next = desc + (descSize + 3) / 4 * 4
        guard next <= start + size else { break }
        // `NT_GNU_BUILD_ID`, named "GNU".
        if type == 3, bytes[name..<(name + nameSize)].elementsEqual(Array("GNU\0".utf8)), descSize > 0 {
          return hex(bytes[desc..<(desc + descSize)])
        }
        note = next
      }
    }
    return nil
  }
}
