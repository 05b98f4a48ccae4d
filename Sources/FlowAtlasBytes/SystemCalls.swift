#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// System calls whose C signatures take raw memory, besides `read` and `write`
/// (``FileDescriptorIO``): exchanging two paths atomically. (The file watcher, the child
/// processes, the lock and the stop signal are doors of their own to the C library.)
package enum SystemCalls {
  /// Exchanges the paths `first` and `second` in one step (each then names what the other did);
  /// false where the system or file system cannot.
  package static func exchange(_ first: String, _ second: String) -> Bool {
    #if os(Linux)
      guard let renameat2 = linuxRenameat2 else { return false }
      let renameExchange: UInt32 = 1 << 1
      return renameat2(AT_FDCWD, first, AT_FDCWD, second, renameExchange) == 0
    #elseif canImport(Darwin)
      return renamex_np(first, second, UInt32(RENAME_SWAP)) == 0
    #else
      return false
    #endif
  }

  #if os(Linux)
    /// glibc's `renameat2` (2.28 and later), looked up at run time: Swift's Glibc module does
    /// not declare it (it needs `_GNU_SOURCE`), and an older C library simply has none.
    private typealias Renameat2 =
      @convention(c) (
        Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32
      ) -> Int32
    private static let linuxRenameat2: Renameat2? = {
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
      return unsafeBitCast(symbol, to: Renameat2.self)
    }()
  #endif
}
