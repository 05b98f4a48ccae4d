import Dispatch
import FlowAtlasBytes
import FlowAtlasLock
import FlowAtlasModel
import FlowAtlasTraceReader

/// Every screenshot a model's runs name, read and checked (``ScreenImageFile``): each screen's
/// picture, and a `bad-image` warning, at its `screen.image` line, for each that cannot be shown.
package struct ScreenPictures: Sendable {
  /// By app name, then screen type: the first picture of the screen that could be read, in run
  /// order, then trace order.
  package var pictures: [String: [String: CheckedPicture]] = [:]
  /// By the run's file, then the `screen.image` line: each picture that could be read, of the
  /// size the trace gives (what the run's journey player shows).
  package var runPictures: [String: [Int: CheckedPicture]] = [:]
  /// A `bad-image` for each screenshot refused.
  package var problems: [Diagnostic] = []
  /// Every file read or tried, as the build's record of inputs names it (through the trace's
  /// folder), so that a rebuild notices a picture changed, added or fixed.
  package var files: [String] = []
  /// The sha256 of each picture file read and shown, by path: the bytes that were checked, for
  /// the record of inputs, which need not read and hash them again.
  package var hashes: [String: String] = [:]
  /// The thumbnails made now, by the sha256 of their picture (a PNG each); those of pictures an
  /// earlier build decoded are in its site.
  package var thumbnails: [String: [UInt8]] = [:]
  /// The copies, written whole, of the pictures read now, as they were checked (`check`'s
  /// `spool`): each such picture's `path` is one of them, which the site takes without hashing
  /// it again.
  package var copies: Set<String> = []

  /// The path of every screenshot file `model`'s runs name, each once, as the record of inputs
  /// names it (through the trace's folder): to `stat` before they are read, so that a picture
  /// rewritten while a build reads it is a change to the next build.
  package static func paths(in model: NavigationModel) -> [String] { named(in: model).map(\.path) }

  /// Each screenshot file `model`'s runs name, once, in run order: its path through the trace's
  /// folder, the name the trace gives, and that folder.
  private static func named(in model: NavigationModel) -> [(path: String, file: String, folder: String)] {
    var files: [(path: String, file: String, folder: String)] = []
    var seen: Set<String> = []
    for app in model.apps {
      for run in app.runs {
        let folder = TracePath.folder(of: run.file)
        for picture in run.pictures where seen.insert(folder + "/" + picture.file).inserted {
          files.append((folder + "/" + picture.file, picture.file, folder))
        }
      }
    }
    return files
  }

  /// Reads the screenshots `model` names.
  /// - Parameters:
  ///   - decoded: the pictures an earlier build decoded (the site's `PictureRecord`), by the hash
  ///     of their bytes: not decoded again.
  ///   - unchanged: the hash of each file that is, by `stat`, still the one the earlier build read
  ///     (the record of inputs): when its picture was decoded, the file is not even read again,
  ///     only checked to be inside the trace's folder. Pass only those whose thumbnails (if they
  ///     have one) the site still holds.
  ///   - spool: a folder of the build's own (its scratch folder's) to copy each picture read into,
  ///     `<sha256>.<png|jpg>`, as it was checked: the site then copies that, not the file again.
  package static func check(
    _ model: NavigationModel,
    decoded: [String: (fileExtension: String, width: Int, height: Int, hasThumbnail: Bool)] = [:],
    unchanged: [String: String] = [:], makesThumbnails: Bool = true, spool: String? = nil
  ) -> ScreenPictures {
    // Each file once, however many runs name it (a retried test), on every core.
    let files = named(in: model)
    // Each file's picture without its bytes: a build holds one image's bytes per core at a time.
    let results = Lock([Result<CheckedPicture, ImageProblem>?](repeating: nil, count: files.count))
    let thumbnails = Lock([String: [UInt8]]())
    // The pictures (by hash) a worker copies, and those it copied whole.
    let copies = Lock((claimed: Set<String>(), whole: Set<String>()))
    DispatchQueue.concurrentPerform(iterations: files.count) { [files] index in
      let (path, file, folder) = files[index]
      let result = Self.picture(
        file, in: folder, path: path, decoded: decoded, unchanged: unchanged[path],
        makesThumbnails: makesThumbnails
      ) { image in
        if let thumbnail = image.thumbnail { thumbnails.withLock { $0[image.hash] = thumbnail } }
        guard let spool, copies.withLock({ $0.claimed.insert(image.hash).inserted }) else { return }
        if RegularFile.writeNew(image.bytes, to: Self.copy(of: image.hash, image.fileExtension, in: spool)) {
          copies.withLock { _ = $0.whole.insert(image.hash) }
        }
      }
      results.withLock { $0[index] = result }
    }
    var read: [String: Result<CheckedPicture, ImageProblem>] = [:]
    let copied = copies.withLock { $0.whole }
    var copyPaths: Set<String> = []
    for (index, result) in results.withLock({ $0 }).enumerated() {
      read[files[index].path] = result!.map { picture in
        guard let spool, copied.contains(picture.hash) else { return picture }
        var copy = picture
        copy.path = Self.copy(of: picture.hash, picture.fileExtension, in: spool)
        copyPaths.insert(copy.path)
        return copy
      }
    }

    var found = ScreenPictures()
    found.copies = copyPaths
    found.thumbnails = thumbnails.withLock { $0 }
    // Every file read or tried, but one that leads out of the folder: what is there is not an
    // input, and its bytes are never read, even to hash them.
    found.files = files.map(\.path).filter { path in
      if case .failure(.outsideTheFolder) = read[path]! { return false }
      return true
    }.sorted()
    for (path, result) in read {
      if case .success(let picture) = result { found.hashes[path] = picture.hash }
    }
    for app in model.apps {
      var byType: [String: CheckedPicture] = [:]
      for run in app.runs {
        let folder = TracePath.folder(of: run.file)
        for picture in run.pictures {
          func refuse(_ problem: ImageProblem) {
            found.problems.append(
              Diagnostic(
                code: .badImage, file: run.file, line: picture.line,
                message:
                  "screen.image's file \(TraceDecoder.quoted(picture.file)): \(problem.message); the screen is "
                  + "shown without it"))
          }
          switch read[folder + "/" + picture.file]! {
          case .success(let image):
            let claimed = (width: picture.width, height: picture.height)
            if claimed.width.map({ $0 != image.width }) ?? false
              || claimed.height.map({ $0 != image.height }) ?? false
            {
              refuse(.otherSize(claimed: claimed, actual: (image.width, image.height)))
              continue
            }
            found.runPictures[run.file, default: [:]][picture.line] = image
            guard byType[picture.screenType] == nil else { continue }
            byType[picture.screenType] = image
          case .failure(let problem):
            refuse(problem)
          }
        }
      }
      if !byType.isEmpty { found.pictures[app.name] = byType }
    }
    return found
  }

  /// One file's picture: from the records when the file is still the one an earlier build decoded
  /// (only its place is checked), else read, hashed and checked.
  private static func picture(
    _ file: String, in folder: String, path: String,
    decoded: [String: (fileExtension: String, width: Int, height: Int, hasThumbnail: Bool)],
    unchanged hash: String?, makesThumbnails: Bool, read: (ScreenImageFile) -> Void
  ) -> Result<CheckedPicture, ImageProblem> {
    if let hash, let size = decoded[hash] {
      return ScreenImageFile.contained(file, in: folder).map {
        CheckedPicture(
          hash: hash, fileExtension: size.fileExtension, width: size.width, height: size.height, path: path,
          hasThumbnail: size.hasThumbnail)
      }
    }
    return ScreenImageFile.load(
      file, in: folder, decoded: { decoded[$0].map { ($0.width, $0.height) } },
      makesThumbnail: makesThumbnails
    ).map {
      image in
      read(image)
      return CheckedPicture(
        hash: image.hash, fileExtension: image.fileExtension, width: image.width,
        height: image.height, path: path,
        hasThumbnail: image.thumbnail != nil || (decoded[image.hash]?.hasThumbnail ?? false))
    }
  }

  /// Where the copy of the picture of these bytes goes in `spool`.
  private static func copy(of hash: String, _ fileExtension: String, in spool: String) -> String {
    spool + "/" + hash + "." + fileExtension
  }
}

extension NavigationModel {
  /// The model with what `checked` found of its screenshots: each screen's picture, each run's
  /// own (what its journey player shows) and, unless `problems` is false (a baseline, whose
  /// problems are not this build's), a `bad-image` for each that cannot be shown.
  package func withPictures(_ checked: ScreenPictures, problems: Bool = true) -> NavigationModel {
    withPictures(checked.pictures, ofRuns: checked.runPictures, problems: problems ? checked.problems : [])
  }
}
