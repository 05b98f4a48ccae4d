#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Blocking reads and writes of whole buffers on a file descriptor.
enum FileDescriptorIO {
  /// Exactly `count` bytes, or nil at end of input or on an error.
  static func read(_ fd: Int32, count: Int) -> [UInt8]? {
    var complete = true
    // Uninitialized, not zero-filled: the bytes are about to be read over.
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      while initialized < count {
        let got = systemRead(fd, buffer.baseAddress! + initialized, count - initialized)
        if got < 0 && errno == EINTR { continue }
        guard got > 0 else {
          complete = false
          return
        }
        initialized += got
      }
    }
    return complete ? bytes : nil
  }

  /// True when all of `bytes` was written.
  static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var done = 0
    while done < bytes.count {
      let wrote = bytes.withUnsafeBytes { buffer in
        systemWrite(fd, buffer.baseAddress! + done, bytes.count - done)
      }
      if wrote < 0 && errno == EINTR { continue }
      guard wrote > 0 else { return false }
      done += wrote
    }
    return true
  }

  static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.read(fd, buffer, count)
    #else
      Darwin.read(fd, buffer, count)
    #endif
  }

  static func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(fd, buffer, count)
    #else
      Darwin.write(fd, buffer, count)
    #endif
  }
}
