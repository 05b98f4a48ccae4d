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

    package init(fileExtension: String, width: Int, height: Int, hasThumbnail: Bool) {
      self.fileExtension = fileExtension
      self.width = width
      self.height = height
      self.hasThumbnail = hasThumbnail
    }
  }

  package static let path = "\(PreviousSite.cacheFolder)/pictures"
  /// Names the build of FlowAtlas and the decoder: a record another build wrote (its
  /// thumbnails made otherwise, perhaps), or a build with another release of the image library
  /// (which may refuse what this one took, or the reverse), is not one, and its pictures are
  /// decoded and their thumbnails made again.
  static func header(decoder: String) -> String {
    CacheFormat.header("flowatlas-pictures") + " decoder \(decoder)"
  }

  /// The record of `model`'s pictures, decoded by `decoder` (a library and its release).
  package static func text(of model: NavigationModel, decoder: String) -> String {
    var lines: Set<String> = []
    for app in model.apps {
      for picture in app.shownPictures {
        lines.insert(
          "\(picture.hash) \(picture.fileExtension) \(picture.width) \(picture.height) "
            + (picture.hasThumbnail ? "thumbnail" : "-"))
      }
    }
    return ([header(decoder: decoder)] + lines.sorted()).joined(separator: "\n") + "\n"
  }

  /// The record in the site at `site`, empty when there is none, it is not one, or its pictures
  /// were decoded by another library or release than `decoder`.
  package static func read(site: String, decoder: String) -> [String: Decoded] {
    guard let data = FileManager.default.contents(atPath: site + "/" + path),
      let text = String(data: data, encoding: .utf8)
    else { return [:] }
    var lines = text.split(separator: "\n")
    guard lines.first == Substring(header(decoder: decoder)) else { return [:] }
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
