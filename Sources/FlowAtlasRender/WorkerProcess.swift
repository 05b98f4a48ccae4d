import FlowAtlasBytes
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One running render worker: its pid and the socket that is its stdin and stdout.
///
/// Used by one thread at a time: ``RenderPool`` takes it out of its idle list
/// before use and puts it back after, hence `@unchecked Sendable`.
final class WorkerProcess: @unchecked Sendable {
  let pid: pid_t
  /// Our end of the socket that is the worker's stdin and stdout.
  private let channel: Int32
  /// Our end of the worker's lifeline (its descriptor ``RenderWorker/lifelineDescriptor``):
  /// closed when we stop it or when this process ends, however it ends (a `kill -9`
  /// included), and the worker then exits, even in the middle of a layout.
  private let lifeline: Int32
  private(set) var jobsDone = 0
  private var stopped = false

  /// Starts `executable` with `arguments`, its stderr discarded (Graphviz's own
  /// messages travel in responses; a few libraries print to stderr directly).
  init(executable: String, arguments: [String]) throws(RenderError) {
    guard access(executable, X_OK) == 0 else {
      throw .workerUnavailable(path: executable, message: "not an executable file")
    }
    (pid, channel, lifeline) = try Self.spawn(executable: executable, arguments: arguments)
  }

  private static func spawn(executable: String, arguments: [String]) throws(RenderError) -> (
    pid_t, Int32, Int32
  ) {
    // One socket pair, not pipes: a dead worker is an error on send, not a SIGPIPE in the
    // caller's process, and a worker started later does not inherit this one's end
    // (ChildProcess says how, on each system).
    guard let ends = ChildProcess.socketPair() else {
      throw .workerUnavailable(path: executable, message: "socketpair failed (errno \(errno))")
    }
    guard let life = ChildProcess.socketPair() else {
      close(ends.0)
      close(ends.1)
      throw .workerUnavailable(path: executable, message: "socketpair failed (errno \(errno))")
    }
    // The worker inherits our environment (fontconfig and Graphviz read it), and is told where
    // its lifeline is.
    var variables = ProcessInfo.processInfo.environment
    variables[RenderWorker.lifelineVariable] = String(RenderWorker.lifelineDescriptor)
    let environment = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let spawned = ChildProcess.spawn(
      executable, arguments: arguments, environment: environment,
      actions: [
        .duplicate(ends.1, as: 0), .duplicate(ends.1, as: 1), .open("/dev/null", as: 2, flags: O_WRONLY),
        .duplicate(life.1, as: RenderWorker.lifelineDescriptor),
      ])
    close(ends.1)
    close(life.1)
    switch spawned {
    case .success(let pid): return (pid, ends.0, life.0)
    case .failure(let error):
      close(ends.0)
      close(life.0)
      throw .workerUnavailable(path: executable, message: error.description)
    }
  }

  deinit { stop(force: true) }

  /// Sends `job` and waits at most `deadline` for the answer.
  ///
  /// - Returns: The drawing or the error; a timeout, crash or protocol error
  ///   also stops the worker (``isStopped``), which must then be replaced.
  func run(_ job: RenderJob, deadline: Duration) -> Result<[UInt8], RenderError> {
    guard let head = WorkerFrame.requestHead(job) else { return .failure(.notAGraphvizFormat(job.format)) }
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: deadline)
    for part in [head, job.dotBytes] {
      if case .failure(let error) = send(part, until: end, deadline: deadline, clock: clock) {
        return .failure(error)
      }
    }
    switch read(count: 4, until: end, deadline: deadline, clock: clock) {
    case .failure(let error): return .failure(error)
    case .success(let header):
      let length = WorkerFrame.length(header)
      guard length > 0, length <= WorkerFrame.maxPayload else {
        stop(force: true)
        return .failure(.workerFailed(message: "the worker sent a frame of \(length) bytes"))
      }
      // The status byte apart, so that the body is read straight into its own array.
      let status: UInt8
      switch read(count: 1, until: end, deadline: deadline, clock: clock) {
      case .failure(let error): return .failure(error)
      case .success(let byte): status = byte[0]
      }
      switch read(count: length - 1, until: end, deadline: deadline, clock: clock) {
      case .failure(let error): return .failure(error)
      case .success(let body):
        jobsDone += 1
        return WorkerFrame.decodeResponse(status: status, body: body, format: job.format)
      }
    }
  }

  var isStopped: Bool { stopped }

  /// Ends the worker: closing its stdin lets it exit by itself; `force` kills it
  /// first (a layout in progress cannot be interrupted any other way). Without
  /// `force` it gets a second to exit before it is killed: stopping never hangs.
  ///
  /// - Returns: How it ended, for messages ("exited with status 1", "killed by signal 6").
  @discardableResult
  func stop(force: Bool) -> String {
    guard !stopped else { return "stopped" }
    stopped = true
    if force { kill(pid, SIGKILL) }
    close(channel)
    close(lifeline)
    var status: Int32 = 0
    if !force {
      var waited = 0
      while waitpid(pid, &status, WNOHANG) == 0 && waited < 1000 {
        usleep(2000)
        waited += 2
      }
      if waited >= 1000 { kill(pid, SIGKILL) } else { return Self.describe(status) }
    }
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return Self.describe(status)
  }

  private static func describe(_ status: Int32) -> String {
    let signal = status & 0x7F
    return signal == 0 ? "exited with status \((status >> 8) & 0xFF)" : "killed by signal \(signal)"
  }

  /// The worker closed its end: it crashed (Graphviz aborts on some graphs) or exited.
  private func crashed() -> RenderError {
    .workerFailed(message: "the render worker \(stop(force: false)) while drawing")
  }

  /// Writes all of `bytes` before `end`; a worker that is gone is an error, not a SIGPIPE.
  private func send(
    _ bytes: [UInt8], until end: ContinuousClock.Instant, deadline: Duration, clock: ContinuousClock
  ) -> Result<Void, RenderError> {
    var done = 0
    while done < bytes.count {
      if let error = wait(for: POLLOUT, until: end, deadline: deadline, clock: clock) {
        return .failure(error)
      }
      // Non-blocking: a worker that stops reading must not hold us past the deadline.
      let sent = ChildProcess.sendWithoutBlocking(channel, bytes, from: done)
      if sent < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) { continue }
      guard sent > 0 else { return .failure(crashed()) }
      done += sent
    }
    return .success(())
  }

  private func read(
    count: Int, until end: ContinuousClock.Instant, deadline: Duration, clock: ContinuousClock
  ) -> Result<[UInt8], RenderError> {
    // Most of a megabyte for a journey's SVG, read as it comes, each piece waited for.
    let read = FileDescriptorIO.read(channel, count: count) {
      wait(for: POLLIN, until: end, deadline: deadline, clock: clock)
    }
    return read.mapError { failure in
      if case .stopped(let error) = failure { return error }
      return crashed()
    }
  }

  /// Waits until the socket is ready for `events` (or closed); past `end` the
  /// worker is killed and the job has timed out.
  private func wait(
    for events: Int32, until end: ContinuousClock.Instant, deadline: Duration, clock: ContinuousClock
  ) -> RenderError? {
    while true {
      let left = clock.now.duration(to: end)
      guard left > .zero else {
        stop(force: true)
        return .timedOut(seconds: deadline.seconds)
      }
      var poller = pollfd(fd: channel, events: Int16(events), revents: 0)
      let millis = Int32(
        clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
      let ready = poll(&poller, 1, max(millis, 1))
      if ready > 0 { return nil }
      if ready < 0 && errno != EINTR { return crashed() }
    }
  }
}

extension Duration {
  /// The duration in seconds, for messages.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
