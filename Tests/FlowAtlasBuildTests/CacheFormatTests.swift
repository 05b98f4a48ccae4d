import FlowAtlasBytes
import FlowAtlasTestSupport
import Foundation
import Testing

@testable import FlowAtlasBuild

@Suite struct CacheFormatTests {
  /// An ELF file's head as a linker lays it out: the file header, then a loadable segment and a
  /// notes segment, whose notes are the ABI tag and then `id` as the GNU build ID.
  static func elf(buildID id: [UInt8], noteType: UInt32 = 3, noteName: String = "GNU") -> [UInt8] {
    func little(_ value: Int, _ size: Int) -> [UInt8] {
      (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
    func note(name: String, type: UInt32, desc: [UInt8]) -> [UInt8] {
      let name = Array(name.utf8) + [0]
      func padded(_ bytes: [UInt8]) -> [UInt8] {
        bytes + Array(repeating: 0, count: (4 - bytes.count % 4) % 4)
      }
      return little(name.count, 4) + little(desc.count, 4) + little(Int(type), 4) + padded(name)
        + padded(desc)
    }
    let notes =
      note(name: "GNU", type: 1, desc: [0, 0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0])
      + note(name: noteName, type: noteType, desc: id)
    let table = 64
    let notesAt = table + 2 * 56
    var header = [0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0] + [UInt8](repeating: 0, count: 8)
    header +=
      little(2, 2) + little(62, 2) + little(1, 4) + little(0x1000, 8) + little(table, 8) + little(0, 8)
    header +=
      little(0, 4) + little(64, 2) + little(56, 2) + little(2, 2) + little(64, 2) + little(0, 2)
      + little(0, 2)
    func segment(type: Int, offset: Int, size: Int) -> [UInt8] {
      little(type, 4) + little(4, 4) + little(offset, 8) + little(offset, 8) + little(offset, 8)
        + little(size, 8)
        + little(size, 8) + little(4, 8)
    }
    return header + segment(type: 1, offset: 0, size: notesAt + notes.count)
      + segment(type: 4, offset: notesAt, size: notes.count) + notes
  }

  @Test func theBuildIDIsReadFromTheNotesOfAnELFFile() {
    let id: [UInt8] = [
      0x18, 0xe0, 0x0d, 0x9c, 0x3f, 0xdc, 0x13, 0x95, 0x2b, 0x24, 0xd0, 0xd9, 0x72, 0x7f, 0xbd, 0x1a,
    ]
    #expect(CacheFormat.buildID(ofELF: Self.elf(buildID: id)) == "18e00d9c3fdc13952b24d0d9727fbd1a")
    // Another note of another owner or type is not it.
    #expect(CacheFormat.buildID(ofELF: Self.elf(buildID: id, noteType: 4)) == nil)
    #expect(CacheFormat.buildID(ofELF: Self.elf(buildID: id, noteName: "GNX")) == nil)
    #expect(CacheFormat.buildID(ofELF: Array("#!/bin/sh\n".utf8)) == nil)
  }

  /// Program headers said to lie anywhere, up to the end of the address space, give no ID.
  @Test func programHeadersPastTheHeadGiveNoID() {
    for table in [UInt64(200), 1 << 32, UInt64(Int.max) - 10, UInt64(Int.max), UInt64.max] {
      var elf = Self.elf(buildID: [1, 2, 3, 4])
      for index in 0..<8 { elf[32 + index] = UInt8(truncatingIfNeeded: table >> (8 * UInt64(index))) }
      #expect(CacheFormat.buildID(ofELF: elf) == nil, "\(table)")
    }
  }

  /// A Mac's executable is named by its `LC_UUID` load command.
  @Test func theUUIDIsReadFromTheLoadCommandsOfAMachOFile() {
    func little(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    let uuid: [UInt8] = Array(0x10..<0x20)
    // A segment command of 72 bytes, then the UUID's 24.
    let segment = little(0x19) + little(72) + [UInt8](repeating: 7, count: 64)
    let header =
      [0xcf, 0xfa, 0xed, 0xfe] + little(0x0100_000c) + little(0) + little(2) + little(2) + little(96)
      + little(0) + little(0)
    let macho = header + segment + little(0x1b) + little(24) + uuid
    #expect(CacheFormat.uuid(ofMachO: macho) == "101112131415161718191a1b1c1d1e1f")
    #expect(CacheFormat.uuid(ofMachO: Array(macho.dropLast(1))) == nil, "cut short")
    var zeroSized = macho
    zeroSized.replaceSubrange(36..<40, with: little(0))
    #expect(CacheFormat.uuid(ofMachO: zeroSized) == nil, "a command of no size")
    #expect(CacheFormat.uuid(ofMachO: Self.elf(buildID: uuid)) == nil)
    for length in 0...macho.count { _ = CacheFormat.uuid(ofMachO: Array(macho.prefix(length))) }
  }

  /// A head cut anywhere, or with any byte changed, gives an ID or none: never a crash.
  @Test func aDamagedHeadNeverCrashes() {
    let elf = Self.elf(buildID: Array(0..<20))
    for length in 0...elf.count { _ = CacheFormat.buildID(ofELF: Array(elf.prefix(length))) }
    var generator = SeededRandom(seed: 11)
    for _ in 0..<3_000 {
      var damaged = elf
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(
          in: 0...255, using: &generator)
      }
      _ = CacheFormat.buildID(ofELF: damaged)
    }
  }

  /// Without a build ID, the executable's bytes name it; unreadable, nothing does.
  @Test func anExecutableWithoutABuildIDIsNamedByItsBytes() throws {
    let folder = ReplayCacheTests.temporaryFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("tool").path
    let bytes = Self.elf(buildID: [1, 2, 3], noteType: 4) + Array("the code".utf8)
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    #expect(CacheFormat.identity(ofExecutableAt: path) == "bytes-" + Fingerprint.fast128(bytes))
    #expect(CacheFormat.identity(ofExecutableAt: folder.appendingPathComponent("gone").path) == nil)
    #expect(CacheFormat.identity(ofExecutableAt: nil) == nil)
  }

  #if os(Linux)
    /// Swift's Linux toolchain links with a build ID: the running tests are named by theirs.
    @Test func theRunningCodeIsNamedByItsBuildID() {
      #expect(CacheFormat.version.count >= 32 && CacheFormat.version.allSatisfy(\.isHexDigit))
    }
  #endif
}
