import FlowAtlasBuild
import FlowAtlasModel
import Foundation
import Testing

/// The site's record of the pictures its build decoded: read back by a build that decodes as that
/// one did, and by no other (another release of the image library may refuse what it took).
@Suite struct PictureRecordTests {
  static func model() -> NavigationModel {
    var screen = ScreenType(type: "HomeViewController", slug: "home", titles: [], owner: nil, visits: 1)
    screen.picture = CheckedPicture(
      hash: String(repeating: "ab", count: 32), fileExtension: "png", width: 390, height: 844,
      path: "home.png",
      hasThumbnail: true)
    let app = AppModel(
      name: "Shop", slug: "shop", runs: [], coordinators: [], screens: [screen], transitions: [], flows: [],
      diagnostics: [])
    return NavigationModel(apps: [app], diagnostics: [])
  }

  @Test func aRecordIsReadByTheDecoderThatWroteItAndNoOther() throws {
    let site = ReplayCacheTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: site) }
    try FileManager.default.createDirectory(
      at: site.appendingPathComponent(PreviousSite.cacheFolder), withIntermediateDirectories: true)
    let text = PictureRecord.text(of: Self.model(), decoder: "libspng 0.7.3")
    try Data(text.utf8).write(to: site.appendingPathComponent(PictureRecord.path))

    let read = PictureRecord.read(site: site.path, decoder: "libspng 0.7.3")
    #expect(
      read == [
        String(repeating: "ab", count: 32): PictureRecord.Decoded(
          fileExtension: "png", width: 390, height: 844, hasThumbnail: true)
      ])
    #expect(PictureRecord.read(site: site.path, decoder: "libspng 0.7.4").isEmpty, "another release")
    #expect(PictureRecord.read(site: site.path, decoder: "libspng 0.7").isEmpty, "a prefix of the release")
  }
}
