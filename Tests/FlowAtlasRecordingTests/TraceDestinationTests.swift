import FlowAtlasRecording
import Testing

/// Where a run's trace goes, from the launch environment: a UI test's folder first, then the
/// simulator's shared folder, then the app's caches; one file per run, named after it.
struct TraceDestinationTests {
  static let caches = "/var/mobile/Containers/Data/Application/A1/Library/Caches"

  @Test(
    arguments: [
      ([:], "\(caches)/FlowAtlas/Traces", TraceDestination.Source.caches),
      (
        ["SIMULATOR_SHARED_RESOURCES_DIRECTORY": "/Users/ci/Library/Developer/CoreSimulator/Devices/D/data/"],
        "/Users/ci/Library/Developer/CoreSimulator/Devices/D/data/FlowAtlas/Traces", .simulator
      ),
      (
        ["FLOWATLAS_TRACE_DIR": "/tmp/traces", "SIMULATOR_SHARED_RESOURCES_DIRECTORY": "/sim"], "/tmp/traces",
        .launchEnvironment
      ),
      (
        ["FLOWATLAS_TRACE_DIR": "", "SIMULATOR_SHARED_RESOURCES_DIRECTORY": "/sim"], "/sim/FlowAtlas/Traces",
        .simulator
      ),
    ] as [([String: String], String, TraceDestination.Source)])
  func theFolderComesFromTheEnvironmentInOrder(
    environment: [String: String], folder: String, source: TraceDestination.Source
  ) {
    let destination = TraceDestination(environment: environment, caches: Self.caches, run: "launch")
    #expect(destination.folder == folder)
    #expect(destination.source == source)
  }

  @Test func theRunIsNamedByTheTestAndEachRunHasItsOwnFile() {
    let named = TraceDestination(
      environment: [
        "FLOWATLAS_TRACE_DIR": "/tmp/t", "FLOWATLAS_RUN": "-[CheckoutUITests testBuyOneProduct]",
      ],
      caches: Self.caches, run: "launch")
    #expect(named.run == "-[CheckoutUITests testBuyOneProduct]")
    #expect(
      named.path(unique: "4242-1733050000")
        == "/tmp/t/checkoutuitests-testbuyoneproduct-4242-1733050000.jsonl")
    // Two runners with the same test name write two files.
    #expect(named.path(unique: "a") != named.path(unique: "b"))
    let unnamed = TraceDestination(environment: [:], caches: Self.caches, run: "launch")
    #expect(unnamed.run == "launch")
  }

  @Test(
    arguments: [
      ("Buy one product", "buy-one-product"), ("../../etc/passwd", "etc-passwd"), ("", "run"),
      ("Café ☕️", "caf"),
      ("a/b\\c\u{0}d", "a-b-c-d"), (String(repeating: "x", count: 200), String(repeating: "x", count: 80)),
    ])
  func aRunNameBecomesASafeFileName(run: String, expected: String) {
    #expect(TraceDestination.fileName(run) == expected)
    let path = TraceDestination(environment: ["FLOWATLAS_TRACE_DIR": "/t"], caches: "/c", run: run)
      .path(unique: "../x y")
    #expect(path == "/t/\(expected)-xy.jsonl", "a unique part cannot leave the folder either")
  }
}
