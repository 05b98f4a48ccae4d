import FlowAtlasBytes
import FlowAtlasLock
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The loop of a render worker process (`flowatlas __render-worker`): reads
/// ``RenderJob``s from stdin, draws each with ``Graphviz``, writes the result
/// to stdout, until stdin closes.
///
/// ``RenderPool`` starts workers so that a layout that runs too long or
/// crashes Graphviz can be stopped by killing the process.
package enum RenderWorker {
  /// The descriptor a pool's worker holds its lifeline on: a socket whose other end only the
  /// pool's process holds. It reads as ended when that process ends or stops the worker.
  package static let lifelineDescriptor: Int32 = 3
  /// Set in a pool worker's environment to ``lifelineDescriptor``.
  package static let lifelineVariable = "FLOWATLAS_WORKER_LIFELINE"

  /// Ends this process as soon as the lifeline `descriptor` reads as ended: a worker never
  /// outlives the `flowatlas` that started it (once, one went on at 95% CPU and 3.8 GB for
  /// minutes after its parent was stopped). A thread of its own waits on it, since the main
  /// thread may be inside a layout that cannot be interrupted.
  package static func exitWhenLifelineEnds(_ descriptor: Int32) {
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK else { return }
    Thread.detachNewThread {
      var byte: UInt8 = 0
      while true {
        let count = read(descriptor, &byte, 1)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { _exit(0) }
      }
    }
  }

  /// The stack Graphviz lays out on, whatever `ulimit -s` says: its layout recurses through the
  /// boxes and row crossings of a diagram, and on the main thread's stack the limit decided
  /// between a crash and a drawing (a graph of 1,499 boxes was killed by signal 11 under the
  /// usual 8 MB). Diagrams are admitted by size (``DiagramRenderer/admits(_:)``), so this is far
  /// more than any needs; it is address space, taken only as it is used.
  package static let layoutStackSize = 512 << 20

  /// Serves jobs until end of input, on a thread of ``layoutStackSize``.
  ///
  /// - Returns: As ``serve(input:output:)``.
  package static func serveOnALargeStack(input: Int32 = 0, output: Int32 = 1) -> Int32 {
    let status = Lock<Int32>(0)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      status.withLock { $0 = serve(input: input, output: output) }
      done.signal()
    }
    thread.stackSize = layoutStackSize
    thread.start()
    done.wait()
    return status.withLock { $0 }
  }

  /// Serves jobs until end of input.
  ///
  /// - Parameters:
  ///   - input: The file descriptor requests arrive on (stdin).
  ///   - output: The file descriptor responses go to (stdout); nothing else may write to it.
  /// - Returns: The process exit status: 0 at end of input, 65 for a malformed
  ///   request, 74 when the output closed.
  package static func serve(input: Int32 = 0, output: Int32 = 1) -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    // Answer on a private copy of the output, and point stdout at stderr: a
    // stray print (ours or a library's) must not corrupt the frames.
    var channel = output
    if output == 1 {
      let copy = dup(1)
      if copy >= 0 {
        channel = copy
        dup2(2, 1)
      }
    }
    while true {
      guard let header = FileDescriptorIO.read(input, count: 4) else { return 0 }
      let length = WorkerFrame.length(header)
      guard length > 0, length <= WorkerFrame.maxPayload,
        let code = FileDescriptorIO.read(input, count: 1),
        let dot = FileDescriptorIO.read(input, count: length - 1),
        let job = WorkerFrame.decodeRequest(format: code[0], dot: dot)
      else { return 65 }
      let result: Result<[UInt8], RenderError>
      do {
        result = .success(try Graphviz.render(dotBytes: job.dotBytes, format: job.format))
      } catch {
        result = .failure(error)
      }
      let response = WorkerFrame.response(result)
      guard FileDescriptorIO.write(channel, response.head), FileDescriptorIO.write(channel, response.body)
      else {
        return 74
      }
    }
  }
}
