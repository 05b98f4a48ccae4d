import FlowAtlasBytes
import FlowAtlasModel
import Foundation

/// The pictures a site shows, as its build decoded them, kept in its cache folder
/// (`.flowatlas-cache/pictures`): a rebuild does not decode them again. One line per picture,
/// `sha256 extension width height thumbnail` (`thumbnail` or `-`: whether the site holds its small
/// copy); a line that does not parse ends the record there. A picture
/// file that is, by `stat`, still the one the last build read (the record of inputs) is not read
/// again, only checked to be inside its trace's folder; any other is read, hashed and checked
/// (format, metadata, the header's size) again, and only its full decode is taken on trust,
/// from a file only a build writes, for bytes of the same sha256.
package enum PictureRecord {
  /// What the record says of a picture's bytes.
  package struct Decoded: Sendable, Equatable {
    package var fileExtension: String
    package var width: Int
    package var height: Int
    package var hasThumbnail: Bool
  }

  package static let path = "\(PreviousSite.cacheFolder)/pictures"
  /// Names the thumbnails' maker: a record an older FlowAtlas wrote (its thumbnails made
  /// otherwise) is not one, and its pictures are decoded and their thumbnails made again.
  static let header = "flowatlas-pictures 5 thumbnails \(Thumbnail.maker)"

  /// The record of `model`'s pictures.
  package static func text(of model: NavigationModel) -> String {
    var lines: Set<String> = []
    for app in model.apps {
      for screen in app.screens {
        guard let picture = screen.picture else { continue }
        lines.insert(
          "\(picture.hash) \(picture.fileExtension) \(picture.width) \(picture.height) "
            + (picture.hasThumbnail ? "thumbnail" : "-"))
      }
    }
    return ([header] + lines.sorted()).joined(separator: "\n") + "\n"
  }

  /// The record in the site at `site`, empty when there is none or it is not one.
  package static func read(site: String) -> [String: Decoded] {
    guard let data = FileManager.default.contents(atPath: site + "/" + path),
      let text = String(data: data, encoding: .utf8)
    else { return [:] }
    var lines = text.split(separator: "\n")
    guard lines.first == Substring(header) else { return [:] }
    lines.removeFirst()
    var decoded: [String: Decoded] = [:]
    for line in lines {
      let fields = line.split(separator: " ")
      guard fields.count == 5, fields[0].count == 64, fields[0].allSatisfy(\.isHexDigit),
        fields[1] == "png" || fields[1] == "jpg",
        let width = Int(fields[2]), let height = Int(fields[3]), width > 0, height > 0,
        width.multipliedReportingOverflow(by: height).partialValue <= 40_000_000,
        fields[4] == "thumbnail" || fields[4] == "-"
      else { break }
      decoded[String(fields[0])] = Decoded(
        fileExtension: String(fields[1]), width: width, height: height, hasThumbnail: fields[4] == "thumbnail"
      )
    }
    return decoded
  }
}
