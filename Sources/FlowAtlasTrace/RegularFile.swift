#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file that must be a regular file: opened without following a symlink or blocking
/// (it may have been swapped for a FIFO or a link since it was listed), and bounded.
public enum RegularFile {
  /// Why a file was not read.
  public struct Problem: Error, Sendable {
    public var reason: String
  }

  /// The bytes of the regular file at `path`.
  /// - Parameter limit: the most bytes accepted; a larger file is a problem, not read whole.
  public static func read(_ path: String, limit: Int) -> Result<[UInt8], Problem> {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(Problem(reason: String(cString: strerror(errno)))) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      return .failure(Problem(reason: "not a regular file"))
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(Int(info.st_size), limit) + 1)
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(Problem(reason: String(cString: strerror(errno))))
      }
      if count == 0 { break }
      bytes += chunk[0..<count]
      if bytes.count > limit {
        return .failure(Problem(reason: "larger than \(limit >> 20) MiB"))
      }
    }
    return .success(bytes)
  }
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
