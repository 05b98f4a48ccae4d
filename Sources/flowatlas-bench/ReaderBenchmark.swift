import FlowAtlasLock
import FlowAtlasTrace
import FlowAtlasTraceReader
import Foundation

/// `flowatlas-bench reader`: how fast ``TraceReader`` ingests traces, next to `jq -c .`.
///
/// ```
/// flowatlas-bench reader --generate DIR [--events N] [--files K]   write a corpus
/// flowatlas-bench reader FILE…                                     measure
/// ```
enum ReaderBenchmark {
  static func run(_ arguments: [String]) -> Int32 {
    if arguments.first == "--generate" {
      guard arguments.count >= 2 else { return usage() }
      let events = Int(value(of: "--events", in: arguments) ?? "") ?? 1_000_000
      let files = Int(value(of: "--files", in: arguments) ?? "") ?? 300
      return generate(into: arguments[1], events: events, files: files)
    }
    if arguments.first == "--diagnostics" {
      // Prints what the reader reports, as the command line will: for reviewing messages.
      for file in arguments.dropFirst() {
        do {
          for diagnostic in try TraceDocument.read(path: file).diagnostics { print(diagnostic.formatted) }
        } catch {
          print(error.localizedDescription)
        }
      }
      return 0
    }
    if arguments.first == "--profile" {
      // One pass, no jq: for `perf record`.
      let tally = readAll(Array(arguments.dropFirst()))
      print("\(tally.events) events")
      return 0
    }
    guard !arguments.isEmpty else { return usage() }
    return measure(arguments)
  }

  private static func usage() -> Int32 {
    let text = """
      USAGE: flowatlas-bench reader --generate DIR [--events N] [--files K]
             flowatlas-bench reader [--profile | --diagnostics] FILE...

      """
    FileHandle.standardError.write(Data(text.utf8))
    return 64
  }

  private static func value(of option: String, in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
  }

  /// Counts what the reader delivers, touching each record so nothing is optimized away.
  struct Tally: TraceConsumer {
    var records = 0
    var diagnostics = 0
    var events = 0
    var checksum = 0
    mutating func header(_ header: TraceHeader) { checksum &+= header.run.utf8.count }
    mutating func record(_ record: TraceRecord) {
      records += 1
      checksum &+= record.seq
    }
    mutating func diagnostic(_ diagnostic: Diagnostic) { diagnostics += 1 }
    mutating func end(_ summary: TraceSummary) { events += summary.events }
  }

  private static func measure(_ files: [String]) -> Int32 {
    let bytes = files.reduce(0) { total, file in
      total + ((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0)
    }
    let megabytes = Double(bytes) / 1_000_000
    print("corpus: \(files.count) files, \(String(format: "%.1f", megabytes)) MB")

    // Warm the page cache so both tools read from memory.
    _ = readAll(files)
    // Wall time suffers when other processes share the cores; CPU time does not, so both are shown.
    let oneCore = bestOf(3) { readAll(files) }
    print(
      "reader, 1 thread:  \(format(oneCore.seconds)) s wall (\(format(megabytes / oneCore.seconds)) MB/s), "
        + "\(format(oneCore.cpu)) s CPU (\(format(megabytes / oneCore.cpu)) MB per CPU second); "
        + "\(oneCore.result.events) events, \(oneCore.result.diagnostics) diagnostics")
    let twoCores = bestOf(3) { readAll(files, threads: 2) }
    print(
      "reader, 2 threads: \(format(twoCores.seconds)) s wall (\(format(megabytes / twoCores.seconds)) MB/s), "
        + "\(format(twoCores.cpu)) s CPU")

    let jq = bestOf(1) { runJQ(files) }
    print(
      "jq -c . > /dev/null: \(format(jq.seconds)) s wall (\(format(megabytes / jq.seconds)) MB/s), "
        + "\(format(jq.cpu)) s CPU (\(format(megabytes / jq.cpu)) MB per CPU second)")
    print(
      "ratio jq / reader: wall, 1 thread \(format(jq.seconds / oneCore.seconds))×; "
        + "wall, 2 threads \(format(jq.seconds / twoCores.seconds))×; CPU \(format(jq.cpu / oneCore.cpu))×")
    return 0
  }

  private static func readAll(_ files: [String], threads: Int = 1) -> Tally {
    let totals = Lock<Tally>(Tally())
    let next = Lock(0)
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      var tally = Tally()
      while true {
        let index = next.withLock { value in
          defer { value += 1 }
          return value
        }
        guard index < files.count else { break }
        do {
          try TraceReader(path: files[index]).read(into: &tally)
        } catch {
          FileHandle.standardError.write(Data("\(error.localizedDescription)\n".utf8))
        }
      }
      totals.withLock { total in
        total.records += tally.records
        total.diagnostics += tally.diagnostics
        total.events += tally.events
        total.checksum &+= tally.checksum
      }
    }
    return totals.withLock { $0 }
  }

  private static func runJQ(_ files: [String]) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/jq")
    process.arguments = ["-c", "."] + files
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    do {
      try process.run()
    } catch {
      return -1
    }
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Runs `body` `runs` times; the fastest wall time and the CPU time (this process and its
  /// children, so that jq counts) of that run.
  private static func bestOf<T>(_ runs: Int, _ body: () -> T) -> (seconds: Double, cpu: Double, result: T) {
    var best = (seconds: Double.infinity, cpu: Double.infinity)
    var result: T?
    for _ in 0..<runs {
      let start = DispatchTime.now().uptimeNanoseconds
      let cpuStart = cpuSeconds()
      let value = body()
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      let cpu = cpuSeconds() - cpuStart
      if seconds < best.seconds {
        best = (seconds, cpu)
        result = value
      }
    }
    return (best.seconds, best.cpu, result!)
  }

  private static func cpuSeconds() -> Double {
    var total = 0.0
    #if os(Linux)
      let whom = [Int32(RUSAGE_SELF.rawValue), Int32(RUSAGE_CHILDREN.rawValue)]
    #else
      let whom = [RUSAGE_SELF, RUSAGE_CHILDREN]
    #endif
    for who in whom {
      var usage = rusage()
      getrusage(who, &usage)
      total += Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
      total += Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }
    return total
  }

  private static func format(_ value: Double) -> String { String(format: "%.2f", value) }

  /// Writes `files` traces with `events` events in all: journeys through a shop-like app
  /// that use every event kind, written by ``TraceRecordEncoder``.
  private static func generate(into directory: String, events: Int, files: Int) -> Int32 {
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
      FileHandle.standardError.write(Data("\(error.localizedDescription)\n".utf8))
      return 1
    }
    let encoder = TraceRecordEncoder()
    let perFile = max(1, events / max(1, files))
    var generator = SystemRandomNumberGenerator()
    for file in 0..<files {
      var output: [UInt8] = []
      let header = TraceHeader(
        app: "Shop", run: "journey-\(file)", title: "Generated journey \(file)",
        metadata: ["device": "iPhone 15 Pro", "build": "1.4.2 (381)"])
      encoder.encode(header, into: &output)
      var journey = Journey()
      while journey.seq < perFile {
        for record in journey.step(using: &generator) { encoder.encode(record, into: &output) }
      }
      let path = (directory as NSString).appendingPathComponent(String(format: "run-%04d.jsonl", file))
      guard FileManager.default.createFile(atPath: path, contents: Data(output)) else {
        FileHandle.standardError.write(Data("cannot write \(path)\n".utf8))
        return 1
      }
    }
    print("wrote \(files) traces of about \(perFile) events to \(directory)")
    return 0
  }

  /// A scripted user wandering through flows: each step is one small, well-formed scene.
  struct Journey {
    var seq = 0
    /// Milliseconds, so that times print as short decimals as a real clock's would.
    var milliseconds = 0
    var screens = 0
    var coordinators = 1
    var started = false
    static let types = [
      "ProductListViewController", "ProductDetailViewController", "CartViewController",
      "CheckoutViewController", "PaymentViewController", "LoginViewController", "SettingsViewController",
    ]

    mutating func record(_ event: TraceEvent, using generator: inout SystemRandomNumberGenerator)
      -> TraceRecord
    {
      seq += 1
      milliseconds += Int.random(in: 1...2000, using: &generator)
      return TraceRecord(seq: seq, time: Double(milliseconds) / 1000, event: event)
    }

    mutating func screen(using generator: inout SystemRandomNumberGenerator) -> Screen {
      screens += 1
      let type = Self.types.randomElement(using: &generator)!
      return Screen(id: "s\(screens)", type: type, title: String(type.prefix(8)))
    }

    mutating func step(using generator: inout SystemRandomNumberGenerator) -> [TraceRecord] {
      var records: [TraceRecord] = []
      if !started {
        started = true
        records.append(
          record(.coordinatorStart(coordinator: "c1", type: "AppCoordinator", parent: nil), using: &generator)
        )
        let home = screen(using: &generator)
        records.append(
          record(
            .setRoot(screen: .introduce(home), coordinator: "c1", router: "main", background: nil),
            using: &generator))
        return records
      }
      coordinators += 1
      let child = "c\(coordinators)"
      let first = screen(using: &generator)
      let second = screen(using: &generator)
      let events: [TraceEvent] = [
        .userAction(screen: "s1", action: "openProduct", label: "Buy now"),
        .coordinatorStart(coordinator: child, type: "PurchaseCoordinator", parent: "c1"),
        .coordinatorAttach(coordinator: child, type: "PurchaseCoordinator", parent: "c1"),
        .push(screen: .introduce(first), coordinator: child, router: "main", animated: true),
        .push(screen: .introduce(second), coordinator: child, router: "main", animated: true),
        .userAction(screen: .reference(second.id), action: "pay", label: nil),
        .present(
          screen: .introduce(screen(using: &generator)), coordinator: child, router: "main", animated: true),
        .dismiss(coordinator: child, router: "main", screen: nil),
        .pop(coordinator: child, router: "main", screen: .reference(second.id)),
        .popToRoot(coordinator: child, router: "main"),
        .note(text: "checkout \(coordinators) done"),
        .coordinatorFinish(coordinator: child, output: "purchased"),
        .coordinatorDetach(coordinator: child, parent: "c1"),
      ]
      for event in events { records.append(record(event, using: &generator)) }
      return records
    }
  }
}
