#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads and writes of whole buffers on a file descriptor: the one place `read(2)` and `write(2)`
/// are handed raw memory. A call interrupted by a signal (`EINTR`) is made again.
package enum FileDescriptorIO {
  /// Exactly `count` bytes, or why not.
  /// - Parameter before: asked before each read; an error it returns ends the read with it
  ///   (a deadline passed, say), nil reads on.
  package static func read<Failure: Error>(
    _ fd: Int32, count: Int, before: () -> Failure?
  ) -> Result<[UInt8], ReadFailure<Failure>> {
    read(fd, upTo: count, before: before).flatMap { $0.count == count ? .success($0) : .failure(.ended) }
  }

  /// The next `count` bytes, or those left when the input ends first, or why not.
  /// - Parameter before: as for ``read(_:count:before:)``.
  package static func read<Failure: Error>(
    _ fd: Int32, upTo count: Int, before: () -> Failure?
  ) -> Result<[UInt8], ReadFailure<Failure>> {
    var failure: ReadFailure<Failure>?
    // Uninitialized, not zero-filled: the bytes are about to be read over.
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      while initialized < count {
        if let stop = before() {
          failure = .stopped(stop)
          return
        }
        let got = systemRead(fd, buffer.baseAddress! + initialized, count - initialized)
        if got < 0 && errno == EINTR { continue }
        if got < 0 { failure = .failed(errno) }
        guard got > 0 else { return }
        initialized += got
      }
    }
    return failure.map { .failure($0) } ?? .success(bytes)
  }

  /// Why ``read(_:count:before:)`` gave fewer bytes than asked.
  package enum ReadFailure<Stop: Error>: Error {
    /// The input ended first.
    case ended
    /// `read` failed with this `errno`.
    case failed(Int32)
    /// `before` said to stop.
    case stopped(Stop)
  }

  /// Exactly `count` bytes, or nil at end of input or on an error.
  package static func read(_ fd: Int32, count: Int) -> [UInt8]? {
    try? read(fd, count: count, before: { nil as Never? }).get()
  }

  /// What one `read` gives, into the start of `buffer`: how many bytes, 0 at end of input (or for
  /// an empty buffer), or -1 with `errno` set (`EAGAIN` where nothing is there yet to read without blocking).
  package static func readSome(_ fd: Int32, into buffer: inout [UInt8]) -> Int {
    guard !buffer.isEmpty else { return 0 }
    while true {
      let got = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
      if got < 0 && errno == EINTR { continue }
      return got
    }
  }

  /// Writes all of `bytes`: 0 when they were, else the `errno` of the write that failed (`EIO`
  /// for one that wrote nothing).
  package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
    var done = 0
    while done < bytes.count {
      let wrote = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + done, $0.count - done) }
      if wrote < 0 && errno == EINTR { continue }
      if wrote < 0 { return errno }
      if wrote == 0 { return EIO }
      done += wrote
    }
    return 0
  }

  /// True when all of `bytes` was written.
  package static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool { writeAll(fd, bytes) == 0 }
}

/// `read(2)` and `write(2)`, named apart from ``FileDescriptorIO``'s own `read` and `write`.
func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(fd, buffer, count)
}
func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
