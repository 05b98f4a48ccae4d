#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Memory of its own that bytes are read or written into, handed out as a ``ByteView``: the
/// trace reader reads a file into one a chunk at a time (keeping the line a chunk's end cut for
/// the next), the SVG sanitizer writes a drawing into one, a few bytes per append.
///
/// A noncopyable value that frees its memory when it ends. A view of it is good until the buffer
/// next changes; one made with a fixed capacity never moves its bytes (an append past it stops the
/// program), so views of what it holds stay good while it is only appended to (``removeFirst(_:)``,
/// ``removeAll()`` and ``read(from:)`` change what they show). Never append a view of the buffer to
/// itself: a growing buffer frees the bytes the view shows.
///
/// `public` with nothing public in it, so that its `@inlinable` appends inline across modules
/// (see ``ByteWord``): an `[UInt8]` with `reserveCapacity` measured slower for the sanitizer's
/// many small appends (BENCHMARKS.md).
@frozen
public struct ByteBuffer: ~Copyable {
  @usableFromInline var storage: UnsafeMutablePointer<UInt8>
  /// How many bytes it can hold before it grows.
  @usableFromInline var room: Int
  /// How many it holds: what was read or written and not yet dropped, from the start.
  @usableFromInline var held = 0
  @usableFromInline let growable: Bool

  /// - Parameters:
  ///   - capacity: the room to begin with (at least one byte is made).
  ///   - fixed: never grow: views of the bytes held stay good while it is only appended to.
  package init(capacity: Int, fixed: Bool = false) {
    room = max(capacity, 1)
    storage = UnsafeMutablePointer.allocate(capacity: room)
    growable = !fixed
  }

  deinit { storage.deallocate() }

  /// How many bytes it can hold before it grows.
  @inlinable package var capacity: Int { room }
  /// How many bytes it holds.
  @inlinable package var count: Int { held }
  /// Whether it holds all it can.
  @inlinable package var isFull: Bool { held == room }

  /// The bytes held, good until the buffer next changes (or, fixed, while it is only appended to).
  @inlinable package var view: ByteView { ByteView(start: storage, count: held) }

  /// The bytes held, as an array.
  package var bytes: [UInt8] { Array(view) }

  /// Doubles the room, keeping what it holds.
  package mutating func grow() { reserve(room) }

  /// Makes room for `extra` more bytes.
  @inlinable @inline(__always)
  package mutating func reserve(_ extra: Int) {
    guard held + extra > room else { return }
    enlarge(to: held + extra)
  }

  @usableFromInline mutating func enlarge(to needed: Int) {
    precondition(growable, "an append past a fixed ByteBuffer's capacity")
    room = max(room * 2, needed)
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: room)
    larger.moveInitialize(from: storage, count: held)
    storage.deallocate()
    storage = larger
  }

  /// Adds `bytes` after those held.
  @inlinable @inline(__always)
  package mutating func append(_ bytes: ByteView) {
    guard bytes.count > 0 else { return }
    reserve(bytes.count)
    (storage + held).initialize(from: bytes.start, count: bytes.count)
    held += bytes.count
  }

  /// Adds `byte` after those held.
  @inlinable @inline(__always)
  package mutating func append(_ byte: UInt8) {
    reserve(1)
    storage[held] = byte
    held += 1
  }

  /// One `read(2)` of `descriptor` into the room after what it holds (made again when a signal
  /// interrupts it): how many bytes it gave, 0 at the end of the file (or when full), or -1 with
  /// `errno` set.
  package mutating func read(from descriptor: Int32) -> Int {
    guard held < room else { return 0 }
    while true {
      let got = systemRead(descriptor, storage + held, room - held)
      if got < 0 && errno == EINTR { continue }
      if got > 0 { held += got }
      return got
    }
  }

  /// Drops the first `dropped` bytes held, moving the rest to the start.
  package mutating func removeFirst(_ dropped: Int) {
    precondition(dropped >= 0 && dropped <= held, "more dropped than a ByteBuffer holds")
    guard dropped > 0 else { return }
    memmove(storage, storage + dropped, held - dropped)
    held -= dropped
  }

  /// Drops everything held, keeping the room.
  package mutating func removeAll() { held = 0 }
}
