import FlowAtlasBytes
import FlowAtlasRender
import FlowAtlasTrace
import Foundation
import Testing

@testable import FlowAtlasCLI

/// Files people own: an output that is a device, a FIFO or a link is written through, never
/// replaced; a write that cannot finish fails cleanly; an input that cannot be read safely is
/// named and skipped. Nothing here touches the machine's own `/dev/null`: a device node made in
/// a temporary folder stands in for it, so a regression cannot damage the machine.
@Suite struct FilesPeopleOwnTests {
  func run(_ arguments: [String]) async -> (status: Int32, out: String, err: String) {
    let captured = CapturedConsole()
    let status = FlowAtlasCommand.main(
      arguments, console: captured.console, executable: builtExecutable)
    return (status, captured.out, captured.err)
  }

  func kind(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
  }

  @Test func anOutputThatIsADeviceIsWrittenThroughNotReplaced() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let device = folder.appendingPathComponent("null").path
    // The same device as /dev/null (its number read, nothing written); making one needs root,
    // as CI has.
    var null = stat()
    #expect(stat("/dev/null", &null) == 0)
    guard mknod(device, S_IFCHR | 0o666, null.st_rdev) == 0 else { return }
    for command in [["model", trace], ["render", trace, "--diagram", "app"], ["diff", trace, trace]] {
      let result = await run(command + ["--output", device])
      #expect(result.status == 0, "\(command[0]): \(result.err)")
      #expect(kind(device) == S_IFCHR, "\(command[0]) replaced the device")
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["buy.jsonl", "null"])
  }

  @Test func anOutputThatIsAFIFOOrASymlinkIsWrittenThrough() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let target = folder.appendingPathComponent("target.json").path
    let link = folder.appendingPathComponent("link.json").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let result = await flowatlas("model", trace, "--output", link)
    #expect(result.status == 0)
    #expect(kind(link) == S_IFLNK)
    #expect(try String(contentsOfFile: target, encoding: .utf8).contains(#""flowatlas": "model""#))

    let fifo = folder.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o644) == 0)
    // A reader on another thread, as `flowatlas model … --output pipe` has one in a shell,
    // started now: the writer's open waits for it, and must not wait for a test thread to
    // become free to start it.
    let reader = ThreadOfItsOwn { () -> Int in
      let descriptor = open(fifo, O_RDONLY)
      defer { close(descriptor) }
      var total = 0
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count <= 0 { return total }
        total += count
      }
    }
    let written = await flowatlas("model", trace, "--output", fifo)
    // Had the writer never opened the FIFO, this open lets the reader's return (it then reads
    // nothing, and the test fails rather than hangs).
    close(open(fifo, O_WRONLY | O_NONBLOCK))
    #expect(written.status == 0)
    #expect(try await reader.value > 100)
    #expect(kind(fifo) == S_IFIFO)
  }

  @Test func dashIsStandardOutputAndAnEmptyOutputIsRefused() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let dash = await flowatlas("model", trace, "--output", "-")
    #expect(dash.status == 0 && dash.out.contains(#""flowatlas": "model""#))
    for command in ["model", "build"] {
      let empty = await flowatlas(command, trace, "--output", "")
      #expect(empty.status == 2, "\(command)")
      #expect(empty.err.contains("--output needs a path"), "\(command)")
    }
  }

  /// An input named as the output (the trace itself, a file of a folder given, a link to it, the
  /// baseline `model.json` of a diff) is refused before anything is read, and left as it was.
  @Test func anOutputThatIsAnInputIsRefused() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let link = folder.appendingPathComponent("link.svg").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: trace)
    let model = folder.appendingPathComponent("model.json").path
    #expect(await flowatlas("model", trace, "--output", model).status == 0)
    let before = try [trace, model].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
    for arguments in [
      ["model", trace, "--output", trace],
      ["model", folder.path, "--output", folder.path + "/./buy.jsonl"],
      ["render", folder.path, "--diagram", "app", "--output", link],
      ["diff", model, trace, "--output", model],
    ] {
      let result = await flowatlas(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.err.contains("writing it would destroy it"), "\(arguments): \(result.err)")
    }
    #expect(try [trace, model].map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == before)
  }

  /// Without `--format`, the output's extension chooses it: `map.png` is a PNG, `review.html` HTML.
  @Test func anOutputsExtensionChoosesTheFormat() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let png = folder.appendingPathComponent("map.png").path
    #expect(await flowatlas("render", trace, "--diagram", "app", "--output", png).status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: png)).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    let html = folder.appendingPathComponent("review.html").path
    #expect(await flowatlas("diff", trace, trace, "--output", html).status == 0)
    #expect(try String(contentsOfFile: html, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    // A name that says another format, or none, is written as asked, and said.
    let mismatch = await flowatlas(
      "render", trace, "--diagram", "app", "--format", "svg", "--output", folder.path + "/a.png")
    #expect(
      mismatch.status == 0
        && mismatch.err.contains("warning: writing svg into \(folder.path)/a.png, whose name says png"))
    let unknown = await flowatlas("render", trace, "--diagram", "app", "--output", folder.path + "/map.jpg")
    #expect(unknown.status == 0 && unknown.err.contains("map.jpg, whose extension names no format"))
    let plain = await flowatlas("render", trace, "--diagram", "app", "--output", folder.path + "/map")
    #expect(plain.status == 0 && !plain.err.contains("warning"))
  }

  @Test func aFolderOutputIsNeverStandardOutput() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let dash = FileManager.default.currentDirectoryPath + "/-"
    let existed = FileManager.default.fileExists(atPath: dash)
    for command in ["build", "docc", "preview"] {
      let result = await flowatlas(command, trace, "--output", "-")
      #expect(result.status == 2, "\(command)")
      #expect(result.err.contains("--output names a folder here"), "\(command): \(result.err)")
    }
    #expect(FileManager.default.fileExists(atPath: dash) == existed)
  }

  @Test func underAFileSizeLimitTheWriteFailsCleanly() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let output = folder.appendingPathComponent("model.json").path
    // The real program under `ulimit -f 1` (512 bytes): model.json is larger, so the write
    // fails. Before the fix SIGXFSZ killed the process and left its temporary file. The test
    // runner ignores or blocks SIGXFSZ, and both carry across exec: the child gets the default
    // action and an empty mask back, as in a person's shell.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGXFSZ)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    let errors = folder.appendingPathComponent("stderr.txt").path
    let script = #"ulimit -f 1; exec "$0" model "$1" --output "$2" 2>"$3""#
    let arguments = ["/bin/sh", "-c", script, builtExecutable, trace, output, errors]
    var argv = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var child = pid_t()
    #expect(posix_spawn(&child, "/bin/sh", nil, &attributes, &argv, environ) == 0)
    var status: Int32 = 0
    waitpid(child, &status, 0)
    let signalled = status & 0x7F
    #expect(signalled == 0, "killed by signal \(signalled)")
    #expect((status >> 8) & 0xFF == 3)
    let message = try String(contentsOfFile: errors, encoding: .utf8)
    #expect(message.contains("model.json: cannot write the output"))
    try FileManager.default.removeItem(atPath: errors)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["buy.jsonl"])
  }

  @Test func inputsThatCannotBeReadSafelyAreReportedAndSkipped() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let traces = folder.appendingPathComponent("traces")
    try FileManager.default.createDirectory(at: traces, withIntermediateDirectories: true)
    _ = try writeTrace(shopTrace, named: "buy.jsonl", in: traces)
    _ = try writeTrace(shopTrace, named: "stored.trace", in: traces)
    let outside = try writeTrace(shopTrace, named: "outside.jsonl", in: folder)
    let outsideFolder = folder.appendingPathComponent("artifacts")
    try FileManager.default.createDirectory(at: outsideFolder, withIntermediateDirectories: true)
    _ = try writeTrace(shopTrace, named: "kept.jsonl", in: outsideFolder)
    try FileManager.default.createDirectory(
      at: traces.appendingPathComponent("sub"), withIntermediateDirectories: true)
    #expect(mkfifo(traces.appendingPathComponent("x.jsonl").path, 0o644) == 0)
    let links = [
      ("zero.jsonl", "/dev/zero"), ("out.jsonl", outside), ("gone.jsonl", "nowhere.jsonl"),
      ("loop.jsonl", "loop.jsonl"), ("inside.jsonl", "stored.trace"), ("again.jsonl", "buy.jsonl"),
      // Folders, named as folders are: one out of the input folder, one back into it, a loop.
      ("artifacts", outsideFolder.path), ("here", "."), ("inner", "sub"), ("round", "round"),
      ("notes.txt", "buy.jsonl"),
    ]
    for (name, target) in links {
      try FileManager.default.createSymbolicLink(
        atPath: traces.appendingPathComponent(name).path, withDestinationPath: target)
    }
    let result = await flowatlas("model", traces.path)
    #expect(result.status == 0)
    let prefix = traces.path + "/"
    #expect(result.err.contains("\(prefix)x.jsonl: a FIFO, not a regular file; skipped"))
    #expect(result.err.contains("\(prefix)zero.jsonl: a symlink out of the input folder, not followed"))
    #expect(result.err.contains("\(prefix)out.jsonl: a symlink out of the input folder, not followed"))
    #expect(result.err.contains("\(prefix)gone.jsonl: a dangling symlink"))
    #expect(result.err.contains("\(prefix)loop.jsonl: a symlink loop"))
    #expect(
      result.err.contains("\(prefix)artifacts: a symlink to a folder out of the input folder, not followed"))
    #expect(result.err.contains("\(prefix)here: a symlink to a folder that holds it (a loop), not followed"))
    #expect(result.err.contains("\(prefix)inner: a symlink to a folder, not followed"))
    #expect(!result.out.contains("kept.jsonl"))
    #expect(result.err.contains("\(prefix)round: a symlink loop"))
    // A link to a file that is no trace by its name is passed over without a word, as such a file is.
    #expect(!result.err.contains("notes.txt"))
    // The symlink to a trace inside the folder is read, as the trace itself is; one to a trace
    // the folder holds by its own name is that file, read once.
    #expect(result.out.contains(#""file": "\#(prefix)inside.jsonl""#))
    #expect(result.out.contains(#""file": "\#(prefix)buy.jsonl""#))
    #expect(!result.out.contains("again.jsonl"))
    #expect(!result.out.contains("outside.jsonl"))
  }

  @Test func printedPathsCannotForgeLines() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let name = "evil\nx.jsonl:1: error: forged [malformed-line]\u{1b}[2J.jsonl"
    _ = try writeTrace(shopTrace + [#"{"seq":9,"event":"router.push"}"#], named: name, in: folder)
    let result = await flowatlas("model", folder.path)
    let lines = result.err.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(
      result.err.contains("evil\\u{a}x.jsonl:1: error: forged [malformed-line]\\u{1b}[2J.jsonl:7: error:"))
  }
}

/// The notes folder: only regular files are read as notes; anything else is a warning.
@Suite struct NotesFolderTests {
  @Test func notesAreReadOnlyAsRegularFilesAndTheRestIsAWarning() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    let notes = folder.appendingPathComponent("notes")
    try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
    try Data("# Shop\n\nThe shop's **own** note.\n".utf8).write(
      to: notes.appendingPathComponent("ShopCoordinator.md"))
    try FileManager.default.createSymbolicLink(
      atPath: notes.appendingPathComponent("LoginCoordinator.md").path, withDestinationPath: "/etc/passwd")
    // A dangling link is passed over too (the record of inputs examined it through the link, and
    // refused the whole build).
    try FileManager.default.createSymbolicLink(
      atPath: notes.appendingPathComponent("GoneCoordinator.md").path, withDestinationPath: "Nowhere.md")
    #expect(mkfifo(notes.appendingPathComponent("PipeCoordinator.md").path, 0o644) == 0)
    try FileManager.default.createDirectory(
      at: notes.appendingPathComponent("FolderCoordinator.md"), withIntermediateDirectories: true)
    try Data([0x23, 0x20, 0xFF, 0xFE, 0x0A]).write(to: notes.appendingPathComponent("LatinCoordinator.md"))
    let site = folder.appendingPathComponent("site").path
    let result = await flowatlas("build", trace, "--notes", notes.path, "--output", site, "--jobs", "1")
    #expect(result.status == 0, "\(result.err)")
    let prefix = notes.path + "/"
    #expect(result.err.contains("\(prefix)LoginCoordinator.md: a symlink, not followed"))
    #expect(result.err.contains("\(prefix)GoneCoordinator.md: a symlink, not followed"))
    #expect(result.err.contains("\(prefix)PipeCoordinator.md: a FIFO, not a regular file"))
    #expect(result.err.contains("\(prefix)FolderCoordinator.md: a folder, not a note"))
    #expect(result.err.contains("\(prefix)LatinCoordinator.md: not valid UTF-8"))
    let pages = try FileManager.default.subpathsOfDirectory(atPath: site).filter { $0.hasSuffix(".html") }
    var shown = false
    for page in pages {
      let html = try String(contentsOfFile: site + "/" + page, encoding: .utf8)
      #expect(!html.contains("root:x:0:0"), "\(page) publishes /etc/passwd")
      shown = shown || html.contains("<strong>own</strong> note")
    }
    #expect(shown)
    // The up-to-date check examines the same notes, and does not hang on the FIFO either.
    let again = await flowatlas("build", trace, "--notes", notes.path, "--output", site, "--jobs", "1")
    #expect(again.status == 0)
    #expect(again.err.contains("is up to date"))
    #expect(again.err.contains("\(prefix)LoginCoordinator.md: a symlink, not followed"))
  }
}

/// SVG labels are measured with built-in metrics, so the machine's fonts are no input of the
/// site: after they change, the site is still up to date (and `SameBytesEverywhereTests` shows
/// its bytes are the same). Where pango measured SVG, the fonts' fingerprint would be an input.
@Suite struct FontsTests {
  static func build(_ arguments: [String], fonts: String?) async throws -> String {
    let result = try await runFlowatlas(arguments, environment: fonts.map { ["FONTCONFIG_FILE": $0] } ?? [:])
    #expect(result.status == 0, "\(result.err)")
    return result.err
  }

  @Test func otherFontsAreNoChangeForTheSite() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try writeTrace(shopTrace, named: "buy.jsonl", in: folder)
    // A fontconfig that knows only an empty folder: no fonts at all.
    let empty = folder.appendingPathComponent("no-fonts")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let config = folder.appendingPathComponent("fonts.conf")
    try Data(
      """
      <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">
      <fontconfig><dir>\(empty.path)</dir><cachedir>\(empty.path)</cachedir></fontconfig>
      """.utf8
    ).write(to: config)
    #expect(FontsFingerprint.compute(environment: ["FONTCONFIG_FILE": config.path]) != FontsFingerprint.value)
    let site = folder.appendingPathComponent("site").path
    let arguments = ["build", trace, "--output", site, "--jobs", "1"]
    _ = try await Self.build(arguments, fonts: nil)
    #expect(try await Self.build(arguments, fonts: nil).contains("is up to date"))
    #expect(FontsFingerprint.forSVG == "built-in text metrics")
    #expect(try await Self.build(arguments, fonts: config.path).contains("is up to date"))
  }
}
