import Dispatch
import FlowAtlasLock
import Foundation
import Testing

@testable import FlowAtlasRender

/// Hardening round 2, item 4: a render worker never outlives the process that started it.
/// After SIGTERM to `flowatlas render`, a worker once went on at 95% CPU with parent 1 for
/// minutes; its lifeline (a socket only the parent holds) now ends it, even mid-layout.
@Suite struct WorkerLifelineTests {
  /// The `flowatlas` binary SwiftPM built next to the test bundle.
  static let executable: String = {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    while folder.path != "/" {
      let candidate = folder.appendingPathComponent("flowatlas").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    return "flowatlas"
  }()

  /// A layout Graphviz takes minutes over: clusters with edge labels (see notes/graphviz.md).
  static let slowDOT: [UInt8] = {
    var dot = "digraph slow {\n"
    for cluster in 0..<40 {
      dot += "subgraph cluster_\(cluster) {\n"
      for node in 0..<25 { dot += "n\(cluster)_\(node);\n" }
      dot += "}\n"
    }
    for index in 0..<3_000 {
      let (a, b) = ((index * 7919) % 1_000, (index * 104_729 + 13) % 1_000)
      dot += "n\(a / 25)_\(a % 25) -> n\(b / 25)_\(b % 25) [label=\"edge \(index)\"];\n"
    }
    return Array((dot + "}\n").utf8)
  }()

  @Test func aWorkerWhoseLifelineEndsExitsEvenMidLayout() throws {
    let channel = try #require(ChildProcess.socketPair())
    let life = try #require(ChildProcess.socketPair())
    var environment = ProcessInfo.processInfo.environment
    environment[RenderWorker.lifelineVariable] = String(RenderWorker.lifelineDescriptor)
    let pid = try ChildProcess.spawn(
      Self.executable, arguments: ["__render-worker"],
      environment: environment.map { "\($0.key)=\($0.value)" },
      actions: [
        .duplicate(channel.1, as: 0), .duplicate(channel.1, as: 1),
        .open("/dev/null", as: 2, flags: O_WRONLY),
        .duplicate(life.1, as: RenderWorker.lifelineDescriptor),
      ]
    ).get()
    close(channel.1)
    close(life.1)
    defer { close(channel.0) }
    // A job it will still be laying out when its lifeline ends; our end of its stdin stays open.
    let job = RenderJob(dotBytes: Self.slowDOT, format: .svg)
    let head = try #require(WorkerFrame.requestHead(job))
    for part in [head, job.dotBytes] {
      #expect(part.withUnsafeBytes { write(channel.0, $0.baseAddress!, $0.count) } == part.count)
    }
    close(life.0)
    // A guard, not a wait to pass: were the lifeline ignored, the worker is killed after a
    // minute and the test fails.
    let killedByGuard = Lock(false)
    DispatchQueue.global().asyncAfter(deadline: .now() + 60) {
      killedByGuard.withLock { $0 = true }
      kill(pid, SIGKILL)
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    #expect(!killedByGuard.withLock { $0 }, "the worker outlived its lifeline")
    #expect(status & 0x7F == 0, "it exited by itself, not by a signal")
  }
}
