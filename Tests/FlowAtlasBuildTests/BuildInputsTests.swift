import FlowAtlasBuild
import FlowAtlasBytes
import Foundation
import Testing

/// The record of what a build read: a screenshot is recorded as it was when examined, before the
/// build read it, so one rewritten while the build ran is a change to the next build; so is one
/// whose times prove nothing (written just before it was examined).
///
/// These act out the order `flowatlas build` follows (`BuildCommand` examines the pictures the
/// runs and the baseline name before checking them, and records a refused one as unverified);
/// `PreviewCommandTests.aScreenshotRewrittenWhileTheBuildRanIsBuiltAfterIt` drives a real build.
@Suite struct BuildInputsTests {
  enum Order {
    /// Examined, then read: what the build does.
    case examinedFirst
    /// Read, then examined (after someone rewrote it): what it did before.
    case examinedAfter
    /// Examined, read and refused (no hash of what was read): hashed when the record is saved.
    case refusedAndHashedLater
    /// Examined, read and refused: recorded as unverified, as the build does.
    case refusedAndUnverified
  }

  /// A picture new to a build, read and rewritten by someone while the build goes on (other
  /// bytes of the same size, its time an hour later), then recorded; the next build compares.
  /// - Returns: whether the next build finds its inputs unchanged.
  static func nextBuildFindsNothingChanged(_ order: Order) throws -> Bool {
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
    let written = Date(timeIntervalSinceNow: -7_200)
    try FileManager.default.setAttributes([.modificationDate: written], ofItemAtPath: picture)

    var inputs = try BuildInputs(settings: ["test"], files: [])
    if order != .examinedAfter { inputs.add(images: [picture]) }
    let read = Array(try Data(contentsOf: URL(fileURLWithPath: picture)))
    try Data("the picture edited, later".utf8 + [0x21]).write(to: URL(fileURLWithPath: picture))
    try FileManager.default.setAttributes(
      [.modificationDate: written.addingTimeInterval(3_600)], ofItemAtPath: picture)
    inputs.setImages([picture])
    switch order {
    case .examinedFirst, .examinedAfter: inputs.adopt([picture: Fingerprint.sha256(read)])
    case .refusedAndHashedLater: break
    case .refusedAndUnverified: inputs.markUnhashedImagesUnverified()
    }
    inputs.hashAll()
    BuildInputs.save(
      .init(inputs: inputs, diagnostics: [], hasErrors: false, pages: ["index.html"]), in: site)

    var next = try BuildInputs(settings: ["test"], files: [])
    let last = try #require(BuildInputs.load(from: site))
    next.add(images: last.inputs.images)
    return next.matches(last.inputs)
  }

  @Test func aPictureRewrittenWhileTheBuildReadItIsAChangeToTheNext() throws {
    #expect(try !Self.nextBuildFindsNothingChanged(.examinedFirst))
    #expect(try !Self.nextBuildFindsNothingChanged(.refusedAndUnverified))
    // Refused and hashed when the record was saved, the new bytes' hash went with the time taken
    // before them: the next build found nothing changed, and kept a site showing the old problem.
    #expect(try Self.nextBuildFindsNothingChanged(.refusedAndHashedLater))
    // Examined after the rewrite, its times are moments old, which prove nothing: its bytes are
    // compared, and differ.
    #expect(try !Self.nextBuildFindsNothingChanged(.examinedAfter))
  }

  /// A file written moments before it was examined is compared by its bytes: unchanged, they say
  /// so, and there is nothing to build.
  @Test func aFileWrittenJustBeforeItWasExaminedIsComparedByItsBytes() throws {
    let folder = ReplayCacheTests.temporaryFolder()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = folder.appendingPathComponent("a.jsonl").path
    try Data("{}\n".utf8).write(to: URL(fileURLWithPath: trace))
    var first = try BuildInputs(settings: ["test"], files: [trace])
    first.hashAll()
    var second = try BuildInputs(settings: ["test"], files: [trace])
    let unchanged = second.matches(first)
    #expect(unchanged)
    #expect(second.unchangedHashes(of: "trace", since: first).isEmpty, "not taken on its times")
  }
}
