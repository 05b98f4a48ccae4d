import FlowAtlasBytes
import FlowAtlasModel
import FlowAtlasTraceReader

/// Every screenshot a model's runs name, read and checked (``ScreenImageFile``): each screen's
/// picture, and a `bad-image` warning, at its `screen.image` line, for each that cannot be shown.
package struct ScreenPictures: Sendable {
  /// By app name, then screen type: the first picture of the screen that could be read, in run
  /// order, then trace order.
  package var pictures: [String: [String: CheckedPicture]] = [:]
  /// A `bad-image` for each screenshot refused.
  package var problems: [Diagnostic] = []
  /// Every file read or tried, as the build's record of inputs names it (through the trace's
  /// folder), so that a rebuild notices a picture changed, added or fixed.
  package var files: [String] = []

  /// Reads the screenshots `model` names.
  /// - Parameter decoded: the pictures an earlier build decoded (`PictureRecord`, in the site's cache), by the hash
  ///   of their bytes: not decoded again.
  package static func check(_ model: NavigationModel, decoded: [String: (width: Int, height: Int)] = [:])
    -> ScreenPictures
  {
    var found = ScreenPictures()
    // A file several runs name (a retried test) is read once.
    // Each file's picture without its bytes: a build holds one image's bytes at a time.
    var read: [String: Result<CheckedPicture, ImageProblem>] = [:]
    for app in model.apps {
      var byType: [String: CheckedPicture] = [:]
      for run in app.runs {
        let folder = folder(of: run.file)
        for picture in run.pictures {
          let path = folder + "/" + picture.file
          let result =
            read[path]
            ?? ScreenImageFile.load(picture.file, in: folder, decoded: { decoded[$0] }).map { image in
              CheckedPicture(
                hash: image.hash, fileExtension: image.format == .png ? "png" : "jpg",
                width: image.width, height: image.height, path: path)
            }
          if read[path] == nil {
            read[path] = result
            found.files.append(path)
          }
          func refuse(_ problem: ImageProblem) {
            found.problems.append(
              Diagnostic(
                code: .badImage, file: run.file, line: picture.line,
                message:
                  "screen.image's file \(TraceDecoder.quoted(picture.file)): \(problem.message); the screen is "
                  + "shown without it"))
          }
          switch result {
          case .success(let image):
            let claimed = (width: picture.width, height: picture.height)
            if claimed.width.map({ $0 != image.width }) ?? false
              || claimed.height.map({ $0 != image.height }) ?? false
            {
              refuse(.otherSize(claimed: claimed, actual: (image.width, image.height)))
              continue
            }
            guard byType[picture.screenType] == nil else { continue }
            byType[picture.screenType] = image
          case .failure(let problem):
            refuse(problem)
          }
        }
      }
      if !byType.isEmpty { found.pictures[app.name] = byType }
    }
    found.files.sort()
    return found
  }

  /// The folder of a trace, as its path was given.
  static func folder(of file: String) -> String {
    guard let slash = file.lastIndex(of: "/") else { return "." }
    return slash == file.startIndex ? "/" : String(file[..<slash])
  }
}
