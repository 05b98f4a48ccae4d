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
      (8, "is not a PNG or a JPEG"), (10, "libvips cannot decode it"), (12, "is 50000 × 50000 pixels"),
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
    #expect(
      pictures.count == 2 && pictures.contains { $0.hasSuffix(".png") }
        && pictures.contains { $0.hasSuffix(".jpg") })
    for screen in ["notes", "cut", "bomb", "exif", "away", "up"] {
      let page = try String(
        contentsOfFile: site + "/shop/screen-\(screen)-view-controller.html", encoding: .utf8)
      #expect(!page.contains(#"<figure class="screenshot">"#), "\(screen)")
    }
    // What the build decoded is recorded, for the next one not to decode it again.
    let record = try String(contentsOfFile: site + "/.flowatlas-cache/pictures", encoding: .utf8)
    #expect(record.split(separator: "\n").count == 3 && record.contains(" 12 20\n"), "\(record)")
    let problems = try String(contentsOfFile: site + "/shop/problems.html", encoding: .utf8)
    #expect(problems.components(separatedBy: "bad-image").count - 1 >= 6)
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
      for name in try FileManager.default.contentsOfDirectory(atPath: site + "/images") {
        var info = stat()
        #expect(lstat(site + "/images/" + name, &info) == 0)
        found[name] = UInt64(info.st_ino)
      }
      return found
    }
    let before = try inodes()
    _ = try writeTrace(shopTrace, named: "other.jsonl", in: folder)
    #expect(try await runFlowatlas(["build", folder.path, "--output", site, "--jobs", "1"]).status == 0)
    #expect(try inodes() == before && before.count == 2)
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
