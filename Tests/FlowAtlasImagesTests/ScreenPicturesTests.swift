import FlowAtlasBytes
import FlowAtlasImages
import FlowAtlasModel
import FlowAtlasTestSupport
import Foundation
import Testing

/// A model's screenshots checked together: each file once, and, given a spool, each picture's
/// bytes copied there as they were checked, so that the site copies them without reading and
/// hashing the trace's file a second time (which may have changed since).
@Suite struct ScreenPicturesTests {
  @Test func eachPictureIsCopiedIntoTheSpoolOnceAsItWasChecked() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowatlas-pictures-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("shots"), withIntermediateDirectories: true)
    // Two files of the same bytes (one picture) and a JPEG.
    try Data(TestImages.png).write(to: folder.appendingPathComponent("shots/home.png"))
    try Data(TestImages.png).write(to: folder.appendingPathComponent("shots/home-again.png"))
    try Data(TestImages.jpeg).write(to: folder.appendingPathComponent("shots/detail.jpg"))
    let trace = """
      {"flowatlas":"trace","version":1,"app":"Shots","run":"look"}
      {"seq":1,"event":"coordinator.start","coordinator":"c1","type":"AppCoordinator"}
      {"seq":2,"event":"router.setRoot","coordinator":"c1","screen":{"id":"s1","type":"HomeViewController"}}
      {"seq":3,"event":"screen.image","screen":"s1","file":"shots/home.png"}
      {"seq":4,"event":"router.push","coordinator":"c1","screen":{"id":"s2","type":"DetailViewController"}}
      {"seq":5,"event":"screen.image","screen":"s2","file":"shots/detail.jpg"}
      {"seq":6,"event":"router.push","coordinator":"c1","screen":{"id":"s3","type":"OtherViewController"}}
      {"seq":7,"event":"screen.image","screen":"s3","file":"shots/home-again.png"}

      """
    let path = folder.appendingPathComponent("look.jsonl").path
    let model = ModelBuilder(workers: 1).build(traces: [(path, Array(trace.utf8))])
    let spool = folder.appendingPathComponent("spool").path
    try FileManager.default.createDirectory(atPath: spool, withIntermediateDirectories: false)
    let checked = ScreenPictures.check(model, spool: spool)
    #expect(checked.problems.isEmpty, "\(checked.problems)")
    #expect(checked.copies == Set(checked.pictures["Shots"]?.values.map(\.path) ?? []))
    #expect(checked.copies.count == 2)
    let pictures = try #require(checked.pictures["Shots"])
    #expect(pictures.count == 3)
    for (type, picture) in pictures {
      #expect(picture.path == spool + "/" + picture.hash + "." + picture.fileExtension, "\(type)")
      let copy = try #require(FileManager.default.contents(atPath: picture.path))
      #expect(Fingerprint.sha256(Array(copy)) == picture.hash)
    }
    // One copy per picture, whatever the number of files.
    #expect(try FileManager.default.contentsOfDirectory(atPath: spool).count == 2)
    // The record of inputs still names the traces' files.
    #expect(checked.files.allSatisfy { $0.hasPrefix(folder.path + "/shots/") } && checked.files.count == 3)

    // Without a spool, each picture is where the trace named it.
    let plain = ScreenPictures.check(model)
    #expect(plain.copies.isEmpty)
    #expect(plain.pictures["Shots"]?["HomeViewController"]?.path == folder.path + "/shots/home.png")
  }
}
