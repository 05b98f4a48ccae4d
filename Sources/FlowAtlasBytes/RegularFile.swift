#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file that must be a regular file: opened without following a symlink or blocking
/// (it may have been swapped for a FIFO or a link since it was listed), and bounded.
package enum RegularFile {
  /// Why a file was not read.
  package struct Problem: Error, Sendable {
    public var reason: String
  }

  /// The bytes of the regular file at `path`.
  /// - Parameters:
  ///   - limit: the most bytes accepted; a larger file is a problem, not read whole.
  ///   - followingLinks: whether `path` may be reached through symbolic links.
  package static func read(_ path: String, limit: Int, followingLinks: Bool = false) -> Result<
    [UInt8], Problem
  > {
    withOpened(path, followingLinks: followingLinks) { descriptor, info in
      readAll(descriptor, size: Int(max(info.st_size, 0)), limit: limit)
    }
  }

  /// Writes `bytes` to a new file at `path` (never one that is there, nor through a link), readable
  /// by its owner alone. A file it could not write whole is removed.
  /// - Returns: whether the file holds `bytes`.
  package static func writeNew(_ bytes: [UInt8], to path: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    var whole = FileDescriptorIO.write(descriptor, bytes)
    if close(descriptor) != 0 { whole = false }
    if !whole { unlink(path) }
    return whole
  }

  /// The first `count` bytes (or fewer, for a shorter file) of the regular file at `path`,
  /// opened as ``read(_:limit:)`` opens it, or through symbolic links where `followingLinks`.
  package static func prefix(of path: String, count: Int, followingLinks: Bool = false) -> Result<
    [UInt8], Problem
  > {
    withOpened(path, followingLinks: followingLinks) { descriptor, _ in
      FileDescriptorIO.read(descriptor, upTo: count, before: { nil as Never? }).mapError { failure in
        guard case .failed(let code) = failure else { return Problem(reason: "cut short") }
        return Problem(reason: String(cString: strerror(code)))
      }
    }
  }

  /// ``Fingerprint/fast128(_:)-([UInt8])`` of the regular file at `path`, reached through any
  /// symbolic link (an input given through a link is the file it leads to), read a piece at a
  /// time so that memory does not grow with the file; nil when it cannot be read whole.
  package static func fast128(followingLinks path: String) -> String? {
    let hash = withOpened(path, followingLinks: true) { descriptor, info -> Result<String, Problem> in
      var hasher = Fingerprint.Fast128()
      // A piece of a megabyte at most, and one byte more than a smaller file (to see its end).
      var buffer = [UInt8](repeating: 0, count: min(1 << 20, max(Int(info.st_size), 0) + 1))
      while true {
        let got = FileDescriptorIO.readSome(descriptor, into: &buffer)
        if got < 0 { return .failure(Problem(reason: String(cString: strerror(errno)))) }
        if got == 0 { return .success(hasher.finalize()) }
        hasher.combine(buffer[..<got])
      }
    }
    return try? hash.get()
  }

  /// Opens `path` without following a symlink or blocking, checks that it is a regular file,
  /// and hands `body` the descriptor (closed after) and what `fstat` said of it.
  private static func withOpened<Value>(
    _ path: String, followingLinks: Bool = false, _ body: (Int32, stat) -> Result<Value, Problem>
  ) -> Result<Value, Problem> {
    let descriptor = open(path, O_RDONLY | (followingLinks ? 0 : O_NOFOLLOW) | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(Problem(reason: String(cString: strerror(errno)))) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      return .failure(Problem(reason: "not a regular file"))
    }
    return body(descriptor, info)
  }

  /// Reads to the end, into an array sized by `size` (what `stat` said), refusing past `limit`.
  private static func readAll(_ descriptor: Int32, size: Int, limit: Int) -> Result<[UInt8], Problem> {
    // Read straight into the array, sized by `stat` (one more byte tells a file that grew).
    let expected = min(size, limit) + 1
    var bytes = [UInt8](repeating: 0, count: expected)
    var filled = 0
    while true {
      // Grown since `stat`: read on, until the limit is passed.
      if filled == bytes.count { bytes += repeatElement(0, count: max(bytes.count, 1 << 16)) }
      let count = bytes.withUnsafeMutableBytes {
        systemRead(descriptor, $0.baseAddress! + filled, $0.count - filled)
      }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(Problem(reason: String(cString: strerror(errno))))
      }
      if count == 0 { break }
      filled += count
      if filled > limit { return .failure(Problem(reason: "larger than \(limit >> 20) MiB")) }
    }
    bytes.removeSubrange(filled...)
    return .success(bytes)
  }
}
