#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization

/// One running render worker: its pid and the pipes to its stdin and stdout.
///
/// Used by one thread at a time: ``RenderPool`` takes it out of its idle list
/// before use and puts it back after, hence `@unchecked Sendable`.
final class WorkerProcess: @unchecked Sendable {
  let pid: pid_t
  private let requests: Int32
  private let responses: Int32
  private(set) var jobsDone = 0
  private var stopped = false

  /// Starts `executable` with `arguments`, its stderr discarded (Graphviz's own
  /// messages travel in responses; a few libraries print to stderr directly).
  init(executable: String, arguments: [String]) throws(RenderError) {
    guard access(executable, X_OK) == 0 else {
      throw .workerUnavailable(path: executable, message: "not an executable file")
    }
    // Pipes are close-on-exec, so a worker started later does not inherit
    // another's pipe and keep it open after that worker dies. Spawning under
    // one lock keeps our other threads from spawning between pipe and fcntl.
    (pid, requests, responses) = try Self.spawnLock.withLock { _ throws(RenderError) in
      try Self.spawn(executable: executable, arguments: arguments)
    }
  }

  private static let spawnLock = Mutex(())

  private static func spawn(executable: String, arguments: [String]) throws(RenderError) -> (pid_t, Int32, Int32) {
    var toWorker: [Int32] = [-1, -1]
    var fromWorker: [Int32] = [-1, -1]
    guard pipe(&toWorker) == 0 else {
      throw .workerUnavailable(path: executable, message: "pipe failed (errno \(errno))")
    }
    guard pipe(&fromWorker) == 0 else {
      close(toWorker[0])
      close(toWorker[1])
      throw .workerUnavailable(path: executable, message: "pipe failed (errno \(errno))")
    }
    for fd in toWorker + fromWorker { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toWorker[0], 0)
    posix_spawn_file_actions_adddup2(&actions, fromWorker[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

    let argv = ([executable] + arguments).map { strdup($0) }
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let status = (argv + [nil]).withUnsafeBufferPointer { argvBuffer in
      posix_spawn(&pid, executable, &actions, nil, UnsafeMutablePointer(mutating: argvBuffer.baseAddress!), nil)
    }
    close(toWorker[0])
    close(fromWorker[1])
    guard status == 0 else {
      close(toWorker[1])
      close(fromWorker[0])
      throw .workerUnavailable(path: executable, message: String(cString: strerror(status)))
    }
    return (pid, toWorker[1], fromWorker[0])
  }

  deinit { stop(force: true) }

  /// Sends `job` and waits at most `deadline` for the answer.
  ///
  /// - Returns: The drawing or the error; a timeout, crash or protocol error
  ///   also stops the worker (``isStopped``), which must then be replaced.
  func run(_ job: RenderJob, deadline: Duration) -> Result<[UInt8], RenderError> {
    guard let request = WorkerFrame.request(job) else { return .failure(.notAGraphvizFormat(job.format)) }
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: deadline)
    guard FileDescriptorIO.write(requests, request) else { return .failure(crashed()) }
    switch read(count: 4, until: end, deadline: deadline, clock: clock) {
    case .failure(let error): return .failure(error)
    case .success(let header):
      let length = WorkerFrame.length(header)
      guard length > 0, length <= WorkerFrame.maxPayload else {
        stop(force: true)
        return .failure(.workerFailed(message: "the worker sent a frame of \(length) bytes"))
      }
      switch read(count: length, until: end, deadline: deadline, clock: clock) {
      case .failure(let error): return .failure(error)
      case .success(let payload):
        jobsDone += 1
        return WorkerFrame.decodeResponse(payload, format: job.format)
      }
    }
  }

  var isStopped: Bool { stopped }

  /// Ends the worker: closing its stdin lets it exit by itself; `force` kills it
  /// first (a layout in progress cannot be interrupted any other way).
  ///
  /// - Returns: How it ended, for messages ("exited with status 1", "killed by signal 6").
  @discardableResult
  func stop(force: Bool) -> String {
    guard !stopped else { return "stopped" }
    stopped = true
    if force { kill(pid, SIGKILL) }
    close(requests)
    close(responses)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7F
    return signal == 0 ? "exited with status \((status >> 8) & 0xFF)" : "killed by signal \(signal)"
  }

  /// The worker closed its output: it crashed (Graphviz aborts on some graphs) or exited.
  private func crashed() -> RenderError {
    .workerFailed(message: "the render worker \(stop(force: false)) while drawing")
  }

  private func read(count: Int, until end: ContinuousClock.Instant, deadline: Duration, clock: ContinuousClock)
    -> Result<[UInt8], RenderError>
  {
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let left = clock.now.duration(to: end)
      guard left > .zero else {
        stop(force: true)
        return .failure(.timedOut(seconds: deadline.seconds))
      }
      var poller = pollfd(fd: responses, events: Int16(POLLIN), revents: 0)
      let millis = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
      let ready = poll(&poller, 1, max(millis, 1))
      if ready < 0 && errno == EINTR { continue }
      if ready == 0 { continue }
      let got = bytes.withUnsafeMutableBytes { buffer in
        FileDescriptorIO.systemRead(responses, buffer.baseAddress! + done, count - done)
      }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { return .failure(crashed()) }
      done += got
    }
    return .success(bytes)
  }
}

extension Duration {
  /// The duration in seconds, for messages.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
