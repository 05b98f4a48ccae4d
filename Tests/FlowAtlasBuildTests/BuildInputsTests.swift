import FlowAtlasBuild
import FlowAtlasBytes
import Foundation
import Testing

/// The record of what a build read: a screenshot examined before the build reads it is recorded
/// as it was then, so one rewritten while the build ran is a change to the next build.
@Suite struct BuildInputsTests {
  /// What `flowatlas build` does with a picture new to it: examined, read and hashed (the check),
  /// rewritten by someone meanwhile (`rewrite`), then recorded; the next build compares.
  /// - Returns: whether the next build finds its inputs unchanged.
  static func nextBuildFindsNothingChanged(examinedFirst: Bool) throws -> Bool {
    let folder = ReplayCacheTests.temporaryFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let site = folder.appendingPathComponent("site").path
    try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
    // A site a build wrote, whole: its record is read only then.
    for file in [".flowatlas-site", "index.html"] {
      try Data().write(to: URL(fileURLWithPath: site + "/" + file))
    }
    let picture = folder.appendingPathComponent("home.png").path
    try Data("the picture the build read".utf8).write(to: URL(fileURLWithPath: picture))

    var inputs = try BuildInputs(settings: ["test"], files: [])
    if examinedFirst { inputs.add(images: [picture]) }
    let read = Array(try Data(contentsOf: URL(fileURLWithPath: picture)))
    // Rewritten while the build goes on: other bytes of the same size.
    try Data("the picture edited, later".utf8 + [0x21]).write(to: URL(fileURLWithPath: picture))
    inputs.setImages([picture])
    inputs.adopt([picture: Fingerprint.sha256(read)])
    inputs.hashAll()
    BuildInputs.save(
      .init(inputs: inputs, diagnostics: [], hasErrors: false, pages: ["index.html"]), in: site)

    var next = try BuildInputs(settings: ["test"], files: [])
    let last = try #require(BuildInputs.load(from: site))
    next.add(images: last.inputs.images)
    return next.matches(last.inputs)
  }

  @Test func aPictureRewrittenWhileTheBuildReadItIsAChangeToTheNext() throws {
    #expect(try !Self.nextBuildFindsNothingChanged(examinedFirst: true))
    // Examined only after it was read, the record paired the new file's time with the old bytes'
    // hash: the next build found nothing changed, and kept a site showing the old picture.
    #expect(try Self.nextBuildFindsNothingChanged(examinedFirst: false))
  }
}
