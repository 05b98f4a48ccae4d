import FlowAtlasBytes
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `ByteView` and `ByteBuffer`: where the trace reader and the SVG sanitizer hold their bytes, the
/// only pointers outside the C doors (#44, item 7). Every read is checked.
@Suite struct ByteViewTests {
  @Test func aViewReadsTheBytesOfItsRangeAndFindsWithinIt() {
    let bytes = Array("a\nbc\nd".utf8)
    bytes.withByteView { view in
      #expect(Array(view) == bytes)
      let middle = view.view(2..<5)
      #expect(String(decoding: middle, as: UTF8.self) == "bc\n")
      #expect(middle.firstIndex(of: 0x0A, from: 0) == 2)
      #expect(middle.firstIndex(of: 0x0A, from: 3) == nil)
      #expect(view.firstIndex(of: 0x0A, from: 2) == 4)
      #expect(view.view(from: 6).isEmpty)
      #expect(middle.elementsEqual("bc\n"))
      #expect(!middle.elementsEqual("bc"))
      #expect(middle.elementsEqual(view.view(2..<5)) && !middle.elementsEqual(view.view(1..<4)))
    }
    [UInt8]().withByteView { empty in
      #expect(empty.isEmpty && empty.firstIndex(of: 0, from: 0) == nil && empty.elementsEqual(""))
    }
  }

  @Test func aWordIsTheEightBytesAtItsOffsetLowestFirst() {
    let bytes: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
    #expect(bytes.withByteView { $0.word(at: 1) } == 0x0908_0706_0504_0302)
  }

  @Test func aReadPastTheEndStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      _ = Array("abc".utf8).withByteView { $0.view(1..<3)[2] }
    }
    await #expect(processExitsWith: .failure) {
      _ = Array("abc".utf8).withByteView { $0.view(2..<4) }
    }
    await #expect(processExitsWith: .failure) {
      // Seven bytes hold no word.
      _ = Array("abcdefg".utf8).withByteView { $0.word(at: 0) }
    }
  }

  @Test func aBufferGrowsKeepingItsBytesAndDropsFromTheFront() {
    var buffer = ByteBuffer(capacity: 2)
    buffer.append(ByteView("abc"))
    buffer.append(UInt8(ascii: "d"))
    #expect(buffer.bytes == Array("abcd".utf8) && buffer.capacity >= 4)
    buffer.removeFirst(1)
    #expect(buffer.bytes == Array("bcd".utf8))
    buffer.removeAll()
    #expect(buffer.bytes.isEmpty)
  }

  @Test func aBufferReadsAFileDescriptorIntoItsRoom() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    #expect(FileDescriptorIO.write(ends[1], Array("one\ntwo".utf8)))
    close(ends[1])
    var buffer = ByteBuffer(capacity: 4)
    #expect(buffer.read(from: ends[0]) == 4)
    #expect(buffer.isFull && buffer.read(from: ends[0]) == 0)
    buffer.removeFirst(buffer.view.firstIndex(of: 0x0A, from: 0)! + 1)
    buffer.grow()
    #expect(buffer.read(from: ends[0]) == 3)
    #expect(buffer.read(from: ends[0]) == 0)
    #expect(buffer.bytes == Array("two".utf8))
  }

  /// A fixed buffer never moves its bytes, so views of them stay good (the sanitizer's decoded
  /// attribute values); an append past it is stopped rather than moving them.
  @Test func aFixedBufferNeverMovesItsBytes() async {
    var buffer = ByteBuffer(capacity: 4, fixed: true)
    buffer.append(ByteView("ab"))
    let first = buffer.view
    buffer.append(ByteView("cd"))
    #expect(String(decoding: first, as: UTF8.self) == "ab" && buffer.bytes == Array("abcd".utf8))
    await #expect(processExitsWith: .failure) {
      var buffer = ByteBuffer(capacity: 4, fixed: true)
      buffer.append(ByteView("abcde"))
    }
  }
}
