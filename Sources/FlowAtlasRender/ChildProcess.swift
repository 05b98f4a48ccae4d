// FlowAtlas's one door to starting child processes and talking to them over a socket: the
// only file that knows how Linux and Darwin differ there. It imports the C library alone (not
// Foundation), so `scripts/check-apple-adapters` type-checks its Darwin side against a stand-in
// of Darwin's declarations.
#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Starting a child with `posix_spawn`, so that its resource use and its descriptors are ours
/// to decide, and a socket to it that never raises `SIGPIPE`.
///
/// - No descriptor leaks into a child but the ones its ``FileAction``s name. Linux: every
///   descriptor this door makes is close-on-exec from birth (`SOCK_CLOEXEC`). Darwin has no
///   `SOCK_CLOEXEC` (`socket(2)`); there the child is started with Apple's
///   `POSIX_SPAWN_CLOEXEC_DEFAULT` (`posix_spawnattr_setflags(3)`), which closes in the child
///   every descriptor the file actions do not name, whichever thread opened it.
/// - A peer that is gone is an error, not a signal. Linux: `send` with `MSG_NOSIGNAL`. Darwin
///   has no `MSG_NOSIGNAL` (`send(2)`); its socket option `SO_NOSIGPIPE` (`setsockopt(2)`) does
///   the same for every send on the socket.
package enum ChildProcess {
  /// What the child's descriptor `target` is, set up before it runs.
  package enum FileAction {
    /// A duplicate of our descriptor `source`.
    case duplicate(Int32, as: Int32)
    /// `path` opened with `flags` (and `mode`, when it creates the file).
    case open(String, as: Int32, flags: Int32, mode: UInt16 = 0)
  }

  /// Starts `executable` with `arguments` (after `argv[0]`, which is `executable`).
  /// - Parameters:
  ///   - searchesPath: Looks `executable` up on `PATH` as `posix_spawnp` does.
  ///   - environment: `NAME=value` strings, all the child gets.
  /// - Returns: The child's pid, or the error number `posix_spawn` gave.
  package static func spawn(
    _ executable: String, arguments: [String], environment: [String], actions: [FileAction],
    searchesPath: Bool = false
  ) -> Result<pid_t, SpawnError> {
    #if canImport(Darwin)
      var fileActions: posix_spawn_file_actions_t? = nil
      var attributes: posix_spawnattr_t? = nil
    #else
      var fileActions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&fileActions)
    defer { posix_spawn_file_actions_destroy(&fileActions) }
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // The child starts with no signal blocked: a thread of the pool (Dispatch's) may block
    // some, and a child inherits the mask, so SIGTERM to it once stayed pending for good.
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    #if canImport(Darwin)
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT | POSIX_SPAWN_SETSIGMASK))
    #else
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    #endif
    for action in actions {
      switch action {
      case .duplicate(let source, let target):
        posix_spawn_file_actions_adddup2(&fileActions, source, target)
      case .open(let path, let target, let flags, let mode):
        posix_spawn_file_actions_addopen(&fileActions, target, path, flags, mode_t(mode))
      }
    }
    let argv = ([executable] + arguments).map { strdup($0) }
    defer { argv.forEach { free($0) } }
    let envp = environment.map { strdup($0) }
    defer { envp.forEach { free($0) } }
    var pid: pid_t = 0
    let status = (argv + [nil]).withUnsafeBufferPointer { argvBuffer in
      (envp + [nil]).withUnsafeBufferPointer { envpBuffer in
        searchesPath
          ? posix_spawnp(
            &pid, executable, &fileActions, &attributes, argvBuffer.baseAddress!, envpBuffer.baseAddress!)
          : posix_spawn(
            &pid, executable, &fileActions, &attributes, argvBuffer.baseAddress!, envpBuffer.baseAddress!)
      }
    }
    return status == 0 ? .success(pid) : .failure(SpawnError(code: status))
  }

  /// A connected pair of stream sockets, both close-on-exec, on which a send to a peer that is
  /// gone fails with `EPIPE` instead of raising `SIGPIPE`.
  /// - Returns: The two descriptors, or nil with `errno` set.
  package static func socketPair() -> (Int32, Int32)? {
    var ends: [Int32] = [-1, -1]
    #if canImport(Darwin)
      guard socketpair(AF_UNIX, SOCK_STREAM, 0, &ends) == 0 else { return nil }
      var on: Int32 = 1
      for end in ends {
        // Close-on-exec for children started elsewhere (Foundation's Process); the children
        // this door starts inherit nothing unnamed anyway.
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        _ = setsockopt(end, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
      }
    #else
      let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
      guard socketpair(AF_UNIX, type, 0, &ends) == 0 else { return nil }
    #endif
    return (ends[0], ends[1])
  }

  /// Sends what it can of `bytes` from `start` on without blocking and without `SIGPIPE`.
  /// - Returns: The bytes sent, or -1 with `errno` set (`EPIPE` when the peer is gone).
  package static func sendWithoutBlocking(_ socket: Int32, _ bytes: [UInt8], from start: Int) -> Int {
    bytes.withUnsafeBytes { buffer in
      #if canImport(Darwin)
        send(socket, buffer.baseAddress! + start, buffer.count - start, MSG_DONTWAIT)
      #else
        send(socket, buffer.baseAddress! + start, buffer.count - start, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
      #endif
    }
  }
}

/// Why a child could not be started: `posix_spawn`'s error number, and its text.
package struct SpawnError: Error, CustomStringConvertible {
  package var code: Int32
  package var description: String { String(cString: strerror(code)) }
}
