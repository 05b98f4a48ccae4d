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
public enum RenderWorker {
  /// Serves jobs until end of input.
  ///
  /// - Parameters:
  ///   - input: The file descriptor requests arrive on (stdin).
  ///   - output: The file descriptor responses go to (stdout); nothing else may write to it.
  /// - Returns: The process exit status: 0 at end of input, 65 for a malformed
  ///   request, 74 when the output closed.
  public static func serve(input: Int32 = 0, output: Int32 = 1) -> Int32 {
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
