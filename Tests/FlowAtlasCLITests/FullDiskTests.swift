import Foundation
import Testing

/// A disk that fills up and a parent folder that cannot be written: the real program fails
/// with a message naming the file and the reason, exits 3, and the previous output is whole.
@Suite(.serialized) struct FullDiskTests {
  static func which(_ program: String) -> String? {
    ["/usr/bin/", "/bin/", "/usr/sbin/", "/sbin/"].map { $0 + program }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// A site of the Shop trace in `site`, and a second trace that changes every page.
  static func previousSite(in folder: URL) async throws -> (site: String, old: String, new: String) {
    let (old, new) = try oldAndNewTraces(in: folder)
    let site = folder.appendingPathComponent("parent/site").path
    let first = try await runFlowatlas(["build", old, "--output", site, "--jobs", "1"])
    #expect(first.status == 0, "\(first.err)")
    return (site, old, new)
  }

  @Test func aFullDeviceGivenAsOutputIsReportedAndKeptADevice() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    for command in ["model", "render"] {
      let extra = command == "render" ? ["--diagram", "app", "--format", "dot"] : []
      let result = try await runFlowatlas([command, trace, "--output", "/dev/full"] + extra)
      #expect(result.status == 3, "\(command): \(result.err)")
      #expect(
        result.err.contains("/dev/full") && result.err.contains("No space left on device"), "\(result.err)")
    }
    var info = stat()
    #expect(lstat("/dev/full", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
  }

  /// The file-size limit (`prlimit --fsize`) makes every write past a few kilobytes fail as a
  /// full disk would, on any machine; where root may mount one, a real 1 MB tmpfs fills up too.
  @Test func aDiskThatFillsDuringABuildLeavesThePreviousSite() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (site, _, new) = try await Self.previousSite(in: folder)
    let before = FaultInjectionTests.snapshot(site)
    let prlimit = try #require(Self.which("prlimit"))
    let limited = try await runFlowatlas(
      ["build", new, "--output", site, "--jobs", "1"], wrapper: [prlimit, "--fsize=4096", "--"])
    #expect(limited.status == 3, "\(limited.err)")
    #expect(limited.err.contains(site) && limited.err.contains("File too large"), "\(limited.err)")
    #expect(FaultInjectionTests.snapshot(site) == before)
    let beside = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("parent").path)
    #expect(beside == ["site"], "no staging folder is left behind")

    // A real full file system, where this machine lets root mount a small one.
    let small = folder.appendingPathComponent("small").path
    try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
    guard getuid() == 0, let mount = Self.which("mount"),
      (try? run(mount, ["-t", "tmpfs", "-o", "size=1m", "tmpfs", small])) == 0
    else { return }
    defer { _ = try? run(Self.which("umount") ?? "umount", [small]) }
    try Data(repeating: 0x2E, count: 1_048_576 - 12_288).write(to: URL(fileURLWithPath: small + "/filler"))
    let full = try await runFlowatlas(["build", new, "--output", small + "/site", "--jobs", "1"])
    #expect(full.status == 3, "\(full.err)")
    #expect(full.err.contains(small + "/site") && full.err.contains("No space left on device"), "\(full.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: small) == ["filler"])
  }

  /// Root ignores permission bits, so as root the program runs as `nobody` (`setpriv`).
  @Test func anUnwritableParentFailsClearlyAndTouchesNothing() async throws {
    let folder = try temporaryFolder()
    defer {
      chmod(folder.appendingPathComponent("parent").path, 0o755)
      try? FileManager.default.removeItem(at: folder)
    }
    let (site, _, new) = try await Self.previousSite(in: folder)
    let parent = folder.appendingPathComponent("parent").path
    let before = FaultInjectionTests.snapshot(site)
    #expect(chmod(parent, 0o555) == 0)
    var wrapper: [String] = []
    if getuid() == 0 {
      let setpriv = try #require(Self.which("setpriv"))
      wrapper = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
    }
    for output in [site, parent + "/other-site"] {
      let result = try await runFlowatlas(
        ["build", new, "--output", output, "--jobs", "1"], wrapper: wrapper)
      #expect(result.status == 3, "\(output): \(result.err)")
      #expect(result.err.contains(output) && result.err.contains("Permission denied"), "\(result.err)")
    }
    #expect(FaultInjectionTests.snapshot(site) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: parent) == ["site"])
  }

  /// Runs a program to its end; returns its exit status.
  private func run(_ executable: String, _ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }
}
