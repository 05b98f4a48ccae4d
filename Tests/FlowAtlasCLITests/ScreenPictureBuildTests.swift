import FlowAtlasBuild
import FlowAtlasBytes
import FlowAtlasImages
import FlowAtlasTestSupport
import Foundation
import Testing

@testable import FlowAtlasCLI

/// Screenshots through a whole build: the good ones shown on their screens' pages, each hostile
/// one a single `bad-image` at its line, the site complete either way, and a picture changed
/// behind an unchanged trace built again.
@Suite struct ScreenPictureBuildTests {
  /// A run of seven screens, each with a screenshot: two good (a PNG and a JPEG), the rest the
  /// hostile corpus. Returns the trace's path.
  static func corpus(in folder: URL) throws -> String {
    let shots = folder.appendingPathComponent("shots")
    let outside = folder.deletingLastPathComponent().appendingPathComponent(
      folder.lastPathComponent + "-outside")
    try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    let bomb = TestImages.png(claiming: 50_000, by: 50_000)
    var exif: [UInt8] = []
    for _ in 0..<20 { exif += [0xFF, 0xE1, 0xFD, 0xE8] + [UInt8](repeating: 0x41, count: 64_998) }
    let files: [(String, [UInt8])] = [
      ("home.png", TestImages.png), ("list.jpg", TestImages.jpeg), ("notes.png", Array("not a picture".utf8)),
      ("cut.png", Array(TestImages.png.prefix(200))), ("bomb.png", bomb),
      ("exif.jpg", Array(TestImages.jpeg.prefix(2)) + exif + TestImages.jpeg.dropFirst(2)),
    ]
    for (name, bytes) in files { try Data(bytes).write(to: shots.appendingPathComponent(name)) }
    try Data(TestImages.png).write(to: outside.appendingPathComponent("secret.png"))
    try FileManager.default.createSymbolicLink(
      at: shots.appendingPathComponent("away.png"),
      withDestinationURL: outside.appendingPathComponent("secret.png"))
    let screens = ["Home", "List", "Notes", "Cut", "Bomb", "Exif", "Away", "Up"]
    let images = [
      "shots/home.png", "shots/list.jpg", "shots/notes.png", "shots/cut.png", "shots/bomb.png",
      "shots/exif.jpg",
      "shots/away.png", "../shots/up.png",
    ]
    var lines = [
      #"{"flowatlas":"trace","version":1,"app":"Shop","run":"pictures"}"#,
      #"{"seq":1,"event":"coordinator.start","coordinator":"c1","type":"ShopCoordinator"}"#,
    ]
    for (index, (screen, image)) in zip(screens, images).enumerated() {
      let id = "s\(index)"
      let event = index == 0 ? "router.setRoot" : "router.push"
      lines.append(
        #"{"seq":\#(lines.count),"event":"\#(event)","coordinator":"c1","screen":{"id":"\#(id)","type":"\#(screen)ViewController"}}"#
      )
      lines.append(#"{"seq":\#(lines.count),"event":"screen.image","screen":"\#(id)","file":"\#(image)"}"#)
    }
    return try writeTrace(lines, named: "pictures.jsonl", in: folder)
  }

  @Test func eachHostileScreenshotIsOneBadImageAndTheSiteIsComplete() async throws {
    let folder = try temporaryFolder()
    defer {
      try? FileManager.default.removeItem(at: folder)
      try? FileManager.default.removeItem(atPath: folder.path + "-outside")
    }
    let trace = try Self.corpus(in: folder)
    let site = folder.appendingPathComponent("site").path
    let built = try await runFlowatlas(["build", trace, "--output", site, "--jobs", "1"])
    #expect(built.status == 0, "\(built.err)")
    let badImages = built.err.split(separator: "\n").filter { $0.hasSuffix("[bad-image]") }
    // One each: not a picture, cut short, a bomb, a huge EXIF block, a link out, and `..` (the reader's).
    #expect(badImages.count == 6, "\(built.err)")
    for (line, words) in [
      (8, "is not a PNG or a JPEG"), (10, "it cannot be decoded"), (12, "is 50000 × 50000 pixels"),
      (14, "its metadata blocks"), (16, "leads out of the trace's folder"), (18, "has a `..` component"),
    ] {
      #expect(
        badImages.contains { $0.contains("pictures.jsonl:\(line): warning: ") && $0.contains(words) },
        "\(line): \(built.err)")
    }
    // The good ones are shown, each once, under the hash of its bytes; every page is there.
    let home = try String(contentsOfFile: site + "/shop/screen-home-view-controller.html", encoding: .utf8)
    let list = try String(contentsOfFile: site + "/shop/screen-list-view-controller.html", encoding: .utf8)
    #expect(
      home.contains(#"<figure class="screenshot"><img src="../images/"#)
        && home.contains(#"width="12" height="20""#))
    #expect(list.contains(#".jpg" width="12" height="20""#))
    let pictures = try FileManager.default.contentsOfDirectory(atPath: site + "/images").sorted()
      .filter { $0 != "thumbnails" }
    #expect(
      pictures.count == 2 && pictures.contains { $0.hasSuffix(".png") }
        && pictures.contains { $0.hasSuffix(".jpg") })
    // And a thumbnail of each, a PNG.
    #expect(try FileManager.default.contentsOfDirectory(atPath: site + "/images/thumbnails").count == 2)
    for screen in ["notes", "cut", "bomb", "exif", "away", "up"] {
      let page = try String(
        contentsOfFile: site + "/shop/screen-\(screen)-view-controller.html", encoding: .utf8)
      #expect(!page.contains(#"<figure class="screenshot">"#), "\(screen)")
    }
    // What the build decoded is recorded, for the next one not to decode it again.
    let record = try String(contentsOfFile: site + "/.flowatlas-cache/pictures", encoding: .utf8)
    #expect(record.split(separator: "\n").count == 3 && record.contains(" 12 20 thumbnail\n"), "\(record)")
    let problems = try String(contentsOfFile: site + "/shop/problems.html", encoding: .utf8)
    #expect(problems.components(separatedBy: "bad-image").count - 1 >= 6)
    // `diff`, which checks both sides' pictures as a build does, says the same of each side.
    let diffed = try await runFlowatlas([
      "diff", trace, trace, "--format", "html", "--output", site + "/d.html",
    ])
    #expect(diffed.status == 0, "\(diffed.err)")
    let diffBadImages = diffed.err.split(separator: "\n").filter { $0.hasSuffix("[bad-image]") }
    #expect(diffBadImages.count == 12, "\(diffed.err)")
    #expect(Set(diffBadImages) == Set(badImages), "\(diffed.err)")
  }

  /// The trace unchanged, its picture edited: a change, built again to a fresh build's bytes.
  @Test func aPictureChangedBehindAnUnchangedTraceIsBuiltAgain() async throws {
    let folder = try temporaryFolder()
    defer {
      try? FileManager.default.removeItem(at: folder)
      try? FileManager.default.removeItem(atPath: folder.path + "-outside")
    }
    let trace = try Self.corpus(in: folder)
    let site = folder.appendingPathComponent("site").path
    #expect(try await runFlowatlas(["build", trace, "--output", site, "--jobs", "1"]).status == 0)
    // Another trace, no picture changed: the pictures are the previous site's files, linked.
    func inodes() throws -> [String: UInt64] {
      var found: [String: UInt64] = [:]
      let thumbnails = try FileManager.default.contentsOfDirectory(atPath: site + "/images/thumbnails")
      for name in try FileManager.default.contentsOfDirectory(atPath: site + "/images").filter({
        $0 != "thumbnails"
      }) + thumbnails.map({ "thumbnails/" + $0 }) {
        var info = stat()
        #expect(lstat(site + "/images/" + name, &info) == 0)
        found[name] = UInt64(info.st_ino)
      }
      return found
    }
    let before = try inodes()
    _ = try writeTrace(shopTrace, named: "other.jsonl", in: folder)
    #expect(try await runFlowatlas(["build", folder.path, "--output", site, "--jobs", "1"]).status == 0)
    #expect(try inodes() == before && before.count == 4)
    try FileManager.default.removeItem(at: folder.appendingPathComponent("other.jsonl"))
    #expect(try await runFlowatlas(["build", trace, "--output", site, "--jobs", "1"]).status == 0)
    // Only a good picture replaced by another: no problem changes, yet every page that shows it
    // (the screen's, the gallery, the journey player's steps) is a fresh build's.
    try Data(TestImages.jpeg).write(to: folder.appendingPathComponent("shots/home.png"))
    let replaced = try await runFlowatlas(["build", trace, "--output", site, "--jobs", "1"])
    #expect(!replaced.err.contains("is up to date"), "\(replaced.err)")
    let freshAfterReplace = folder.appendingPathComponent("fresh-replaced").path
    #expect(
      try await runFlowatlas(["build", trace, "--output", freshAfterReplace, "--jobs", "1"]).status == 0)
    let differing = Set(IncrementalRebuildTests.contents(of: site).keys)
      .union(IncrementalRebuildTests.contents(of: freshAfterReplace).keys)
      .filter {
        IncrementalRebuildTests.contents(of: site)[$0]
          != IncrementalRebuildTests.contents(of: freshAfterReplace)[$0]
      }
    #expect(differing.isEmpty, "\(differing.sorted())")
    // The bad one fixed.
    try Data(TestImages.jpeg).write(to: folder.appendingPathComponent("shots/notes.png"))
    let rebuilt = try await runFlowatlas(["build", trace, "--output", site, "--jobs", "1"])
    #expect(!rebuilt.err.contains("is up to date"), "\(rebuilt.err)")
    #expect(!rebuilt.err.contains("pictures.jsonl:8:"))
    let fresh = folder.appendingPathComponent("fresh").path
    #expect(try await runFlowatlas(["build", trace, "--output", fresh, "--jobs", "1"]).status == 0)
    #expect(IncrementalRebuildTests.contents(of: site) == IncrementalRebuildTests.contents(of: fresh))
    let notes = try String(contentsOfFile: site + "/shop/screen-notes-view-controller.html", encoding: .utf8)
    #expect(notes.contains(#".jpg" width="12" height="20""#))
    // Nothing changed since: up to date.
    let again = try await runFlowatlas(["build", trace, "--output", site, "--jobs", "1"])
    #expect(again.err.contains("is up to date"), "\(again.err)")
  }
}

/// Design review with pictures: a screen whose picture changed shows before and after, on the
/// Changes page of `build --baseline` and in `diff --format html`; one whose picture is the same
/// does not.
@Suite struct PictureChangesTests {
  /// One version of a two-screen app: Home and List, each with the picture given.
  static func version(_ name: String, home: [UInt8], list: [UInt8], in folder: URL) throws -> String {
    let version = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: version.appendingPathComponent("images"), withIntermediateDirectories: true)
    try Data(home).write(to: version.appendingPathComponent("images/home.png"))
    try Data(list).write(to: version.appendingPathComponent("images/list.jpg"))
    _ = try writeTrace(
      [
        #"{"flowatlas":"trace","version":1,"app":"Shop","run":"look"}"#,
        #"{"seq":1,"event":"coordinator.start","coordinator":"c1","type":"ShopCoordinator"}"#,
        #"{"seq":2,"event":"router.setRoot","coordinator":"c1","screen":{"id":"s1","type":"HomeViewController"}}"#,
        #"{"seq":3,"event":"screen.image","screen":"s1","file":"images/home.png"}"#,
        #"{"seq":4,"event":"router.push","coordinator":"c1","screen":{"id":"s2","type":"ListViewController"}}"#,
        #"{"seq":5,"event":"screen.image","screen":"s2","file":"images/list.jpg"}"#,
      ], named: "look.jsonl", in: version)
    return version.path
  }

  /// The same 12 × 20 PNG with one pixel's bytes changed (its checksums made right again):
  /// another picture that the decoder reads.
  static var otherPNG: [UInt8] {
    var bytes = TestImages.png
    // Flip a byte of the IDAT data would break the stream; a tEXt chunk changes the bytes instead.
    let text = Array("tEXtComment\u{0}after".utf8)
    var chunk: [UInt8] = [0, 0, 0, UInt8(text.count - 4)] + text
    let crc = TestImages.crc32(text[...])
    chunk += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    bytes.insert(contentsOf: chunk, at: 33)
    return bytes
  }

  @Test func aChangedPictureIsShownBeforeAndAfterOnTheChangesPageAndInTheDiff() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let old = try Self.version("old", home: TestImages.png, list: TestImages.jpeg, in: folder)
    let new = try Self.version("new", home: Self.otherPNG, list: TestImages.jpeg, in: folder)
    let site = folder.appendingPathComponent("site").path
    let built = try await runFlowatlas(["build", new, "--baseline", old, "--output", site, "--jobs", "1"])
    #expect(built.status == 0, "\(built.err)")
    #expect(!built.err.contains("bad-image"), "\(built.err)")
    let changes = try String(contentsOfFile: site + "/shop/changes.html", encoding: .utf8)
    #expect(changes.contains(#"id="pictures-changed""#))
    #expect(changes.contains(#"alt="HomeViewController, before (Shop)""#))
    #expect(changes.contains(#"alt="HomeViewController, after (Shop)""#))
    #expect(!changes.contains("ListViewController, before"))
    // Both pictures are in the site, each where the page looks for it.
    let sources = quoted(after: #"src="../images/"#, in: changes)
    #expect(sources.count == 2 && Set(sources).count == 2)
    for source in sources { #expect(FileManager.default.fileExists(atPath: site + "/images/" + source)) }

    let page = folder.appendingPathComponent("diff.html").path
    let diffed = try await runFlowatlas(["diff", old, new, "--format", "html", "--output", page])
    #expect(diffed.status == 0, "\(diffed.err)")
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.components(separatedBy: "data:image/png;base64,").count == 3)
    #expect(html.contains(#"alt="HomeViewController, before (Shop)""#))
    // The inlined bytes are the pictures themselves.
    #expect(html.contains(Data(Self.otherPNG).base64EncodedString()))

    // For a pull request, the Markdown names the screen that looks different, and only it.
    let review = folder.appendingPathComponent("diff.md").path
    let reviewed = try await runFlowatlas(["diff", old, new, "--output", review])
    #expect(reviewed.status == 0, "\(reviewed.err)")
    let markdown = try String(contentsOfFile: review, encoding: .utf8)
    #expect(markdown.contains("### Screens that look different\n\n"), "\(markdown)")
    #expect(markdown.contains("- `HomeViewController`\n") && !markdown.contains("- `ListViewController`"))
  }

  /// The baseline's picture is an input of the build: changed, the site is built again.
  @Test func aBaselinePictureChangedIsBuiltAgain() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let old = try Self.version("old", home: TestImages.png, list: TestImages.jpeg, in: folder)
    let new = try Self.version("new", home: Self.otherPNG, list: TestImages.jpeg, in: folder)
    let site = folder.appendingPathComponent("site").path
    _ = try await runFlowatlas(["build", new, "--baseline", old, "--output", site, "--jobs", "1"])
    // The baseline's Home now looks as the new one does: no picture changed any more.
    try Data(Self.otherPNG).write(to: URL(fileURLWithPath: old + "/images/home.png"))
    let rebuilt = try await runFlowatlas(["build", new, "--baseline", old, "--output", site, "--jobs", "1"])
    #expect(rebuilt.status == 0 && !rebuilt.err.contains("up to date"), "\(rebuilt.err)")
    let changes = try String(contentsOfFile: site + "/shop/changes.html", encoding: .utf8)
    #expect(!changes.contains("pictures-changed"))
  }
}

/// Thumbnails through builds: galleries and flow pages show each picture's thumbnail, made once;
/// a rebuild that does not decode the picture again keeps it, and one whose previous site lost it
/// makes it again.
@Suite struct ThumbnailBuildTests {
  /// A journey long enough for a second page of steps, whose first steps are actions on a screen
  /// shown on the first page: that page has the player's picture too, and starts on that screen's.
  @Test func aLaterPageOfStepsStartsOnThePictureOfTheScreenItIsOn() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("shots"), withIntermediateDirectories: true)
    try Data(TestImages.png).write(to: folder.appendingPathComponent("shots/home.png"))
    var lines = [
      #"{"flowatlas":"trace","version":1,"app":"Shop","run":"long-look"}"#,
      #"{"seq":1,"event":"coordinator.start","coordinator":"c1","type":"ShopCoordinator"}"#,
      #"{"seq":2,"event":"router.setRoot","coordinator":"c1","screen":{"id":"s1","type":"HomeViewController"}}"#,
      #"{"seq":3,"event":"screen.image","screen":"s1","file":"shots/home.png"}"#,
    ]
    // Steps 3 to 1,002: actions on Home; step 1,003 shows Settings, which has no picture.
    for _ in 0..<1_000 {
      lines.append(#"{"seq":\#(lines.count),"event":"user.action","screen":"s1","action":"look"}"#)
    }
    lines.append(
      #"{"seq":\#(lines.count),"event":"router.push","coordinator":"c1","screen":{"id":"s2","type":"SettingsViewController"}}"#
    )
    let trace = try writeTrace(lines, named: "long.jsonl", in: folder)
    let site = folder.appendingPathComponent("site").path
    let built = try await runFlowatlas(["build", trace, "--output", site, "--jobs", "1"])
    #expect(built.status == 0, "\(built.err)")
    let home = try String(contentsOfFile: site + "/shop/screen-home-view-controller.html", encoding: .utf8)
    let picture = try #require(quoted(after: #"<figure class="screenshot"><img src=""#, in: home).first)
    let first = try String(contentsOfFile: site + "/shop/journey-long-look.html", encoding: .utf8)
    let later = try String(contentsOfFile: site + "/shop/journey-long-look.steps-2.html", encoding: .utf8)
    for page in [first, later] {
      #expect(page.components(separatedBy: #"<figure class="player-picture" hidden="">"#).count == 2)
    }
    #expect(first.contains(#"<li id="step-2" data-transition="1" data-picture="\#(picture)""#))
    #expect(!first.contains("data-picture-before"), "the first page starts before any screen")
    #expect(
      later.contains(
        #"<ol class="steps" start="1001" data-transitions-before="1" data-picture-before="\#(picture)" data-picture-step-before="2">"#
      ), "\(later.prefix(4000))")
    #expect(later.contains(#"<li id="step-1003" data-transition="2" data-picture="" "#))
  }

  /// The player is a filmstrip of its own run: a screen shown twice, pictured each time, shows each
  /// showing's picture; shown a third time without one, the run's latest picture of it, captioned with
  /// the step it pictured; a run that took no picture of it shows another run's, with no step to name.
  /// Every picture a player shows is in the site.
  @Test func eachStepShowsThePictureItsOwnRunTook() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("shots"), withIntermediateDirectories: true)
    try Data(TestImages.png).write(to: folder.appendingPathComponent("shots/item-1.png"))
    try Data(TestImages.jpeg).write(to: folder.appendingPathComponent("shots/item-2.jpg"))
    let start = [
      #"{"seq":0,"event":"coordinator.start","coordinator":"c1","type":"ShopCoordinator"}"#,
      #"{"seq":0,"event":"router.setRoot","coordinator":"c1","screen":{"id":"s1","type":"HomeViewController"}}"#,
    ]
    func push(_ id: String) -> String {
      #"{"seq":0,"event":"router.push","coordinator":"c1","screen":{"id":"\#(id)","type":"ItemViewController"}}"#
    }
    let pop = #"{"seq":0,"event":"router.pop","coordinator":"c1"}"#
    func image(_ id: String, _ file: String) -> String {
      #"{"seq":0,"event":"screen.image","screen":"\#(id)","file":"shots/\#(file)"}"#
    }
    // Steps: 1 the flow starts, 2 Home, 3 Item (pictured), 4 Home, 5 Item (pictured again), 6 Home, 7 Item.
    // Numbered in order, after the header.
    func numbered(_ lines: [String]) -> [String] {
      lines.enumerated().map {
        $0.element.replacingOccurrences(of: #""seq":0,"#, with: #""seq":\#($0.offset),"#)
      }
    }
    let pictured = try writeTrace(
      numbered(
        [#"{"flowatlas":"trace","version":1,"app":"Shop","run":"a-pictured"}"#] + start
          + [
            push("s2"), image("s2", "item-1.png"), pop, push("s3"), image("s3", "item-2.jpg"), pop,
            push("s4"),
          ]),
      named: "a.jsonl", in: folder)
    let plain = try writeTrace(
      numbered([#"{"flowatlas":"trace","version":1,"app":"Shop","run":"b-plain"}"#] + start + [push("s2")]),
      named: "b.jsonl", in: folder)
    let site = folder.appendingPathComponent("site").path
    let built = try await runFlowatlas(["build", pictured, plain, "--output", site, "--jobs", "1"])
    #expect(built.status == 0 && built.err.isEmpty, "\(built.err)")
    let files = try FileManager.default.contentsOfDirectory(atPath: site + "/images").filter {
      $0 != "thumbnails"
    }
    let png = try #require(files.first { $0.hasSuffix(".png") })
    let jpeg = try #require(files.first { $0.hasSuffix(".jpg") })
    #expect(files.count == 2)
    #expect(try FileManager.default.contentsOfDirectory(atPath: site + "/images/thumbnails").count == 2)
    let own = try String(contentsOfFile: site + "/shop/journey-a-pictured.html", encoding: .utf8)
    for (step, file, pictured) in [(3, png, 3), (5, jpeg, 5), (7, jpeg, 5)] {
      #expect(
        own.contains(
          #"id="step-\#(step)" data-transition="\#(step - 1)" data-picture="../images/\#(file)" data-picture-step="\#(pictured)" "#
        ),
        "step \(step)")
    }
    let other = try String(contentsOfFile: site + "/shop/journey-b-plain.html", encoding: .utf8)
    #expect(other.contains(#"id="step-3" data-transition="2" data-picture="../images/\#(png)" class="#))
  }

  @Test func aThumbnailIsMadeOnceKeptByRebuildsAndMadeAgainWhenLost() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let shot = try #require(ScreenImageFileForTests.pattern)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
    try Data(shot).write(to: folder.appendingPathComponent("images/home.png"))
    var lines = [
      #"{"flowatlas":"trace","version":1,"app":"Shop","run":"look"}"#,
      #"{"seq":1,"event":"coordinator.start","coordinator":"c1","type":"ShopCoordinator"}"#,
      #"{"seq":2,"event":"router.setRoot","coordinator":"c1","screen":{"id":"s1","type":"HomeViewController"}}"#,
      #"{"seq":3,"event":"screen.image","screen":"s1","file":"images/home.png"}"#,
    ]
    let trace = try writeTrace(lines, named: "look.jsonl", in: folder)
    let site = folder.appendingPathComponent("site").path
    let first = try await runFlowatlas(["build", trace, "--output", site, "--jobs", "1"])
    #expect(first.status == 0, "\(first.err)")
    let gallery = try String(contentsOfFile: site + "/shop/gallery.html", encoding: .utf8)
    let source = try #require(quoted(after: #"src="../images/thumbnails/"#, in: gallery).first)
    let thumbnail = site + "/images/thumbnails/" + source
    let made = try Data(contentsOf: URL(fileURLWithPath: thumbnail))
    #expect(
      made.starts(with: [0x89, 0x50, 0x4E, 0x47]) && made.count < shot.count, "\(made.count) \(shot.count)")
    func inode() -> UInt64 {
      var info = stat()
      return lstat(thumbnail, &info) == 0 ? UInt64(info.st_ino) : 0
    }
    let linked = inode()

    // Another trace line: a rebuild, which takes the decode from the record and keeps the thumbnail.
    lines.append(#"{"seq":4,"event":"note","text":"again"}"#)
    _ = try writeTrace(lines, named: "look.jsonl", in: folder)
    let second = try await runFlowatlas(["build", trace, "--output", site, "--jobs", "1"])
    #expect(second.status == 0, "\(second.err)")
    // The previous site's file itself, linked: not made again.
    #expect(inode() == linked && linked != 0)

    // A thumbnail changed in place (an optimiser run over the site) is not kept: made again.
    try Data("not the thumbnail".utf8).write(to: URL(fileURLWithPath: thumbnail))
    lines.append(#"{"seq":5,"event":"note","text":"once more"}"#)
    _ = try writeTrace(lines, named: "look.jsonl", in: folder)
    let altered = try await runFlowatlas(["build", trace, "--output", site, "--jobs", "1"])
    #expect(altered.status == 0, "\(altered.err)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: thumbnail)) == made)

    // The thumbnail lost from the site: the next rebuild decodes the picture and makes it again.
    try FileManager.default.removeItem(atPath: thumbnail)
    lines.append(#"{"seq":6,"event":"note","text":"and again"}"#)
    _ = try writeTrace(lines, named: "look.jsonl", in: folder)
    let third = try await runFlowatlas(["build", trace, "--output", site, "--jobs", "1"])
    #expect(third.status == 0, "\(third.err)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: thumbnail)) == made)

    // A site whose record of decodes another FlowAtlas or decoder wrote is not taken: the picture
    // is decoded and its thumbnail made again, not kept. Each case edits the record's header, then
    // rebuilds after one more trace line.
    let record = site + "/.flowatlas-cache/pictures"
    // The build that wrote it is the program the test runs.
    let version = try #require(CacheFormat.identity(ofExecutableAt: builtExecutable))
    let build = "flowatlas-pictures \(version)"
    let header = build + " decoder \(ScreenImageFile.decoders)"
    for (number, (why, other)) in [
      // An older FlowAtlas, which may shrink pictures otherwise.
      (
        "by another build",
        header.replacingOccurrences(of: version, with: String(repeating: "0", count: version.count))
      ),
      // Another release of a decoder (the machine was upgraded), which may refuse what that one took.
      ("by another decoder", build + " decoder libspng 0.0.1"),
    ].enumerated() {
      let text = try String(contentsOfFile: record, encoding: .utf8)
      #expect(text.hasPrefix(header + "\n"), "\(why)")
      try (other + text.dropFirst(header.count)).write(toFile: record, atomically: true, encoding: .utf8)
      let kept = inode()
      lines.append(#"{"seq":\#(7 + number),"event":"note","text":"\#(why)"}"#)
      _ = try writeTrace(lines, named: "look.jsonl", in: folder)
      let rebuilt = try await runFlowatlas(["build", trace, "--output", site, "--jobs", "1"])
      #expect(rebuilt.status == 0, "\(why): \(rebuilt.err)")
      #expect(inode() != kept, "\(why): made again")
      #expect(try Data(contentsOf: URL(fileURLWithPath: thumbnail)) == made, "\(why)")
    }
  }
}

/// A screenshot of a phone's size for the CLI's tests, encoded by libspng.
enum ScreenImageFileForTests {
  static let pattern: [UInt8]? = ScreenImageFile.patternPNG(width: 1170, height: 2532, seed: 7)
}

/// What follows each `marker` in `text` up to the next `"`: an attribute's values, by where they start.
private func quoted(after marker: String, in text: String) -> [String] {
  text.components(separatedBy: marker).dropFirst().map { String($0.prefix { $0 != "\"" }) }
}
