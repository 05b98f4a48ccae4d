import FlowAtlasBytes
import Foundation

/// One file a build wrote: its size and the hash of its bytes (``Fingerprint/fast128(_:)-([UInt8])``),
/// as the site's manifest lists it.
package struct WrittenFile: Hashable, Sendable {
  package var size: Int
  package var hash: String

  package init(size: Int, hash: String) {
    self.size = size
    self.hash = hash
  }

  /// Whether the file at `location` is this one: a regular file (a symlink is not followed) of
  /// this size and hash.
  package func isAt(_ location: String) -> Bool {
    var info = stat()
    guard lstat(location, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == size,
      let bytes = try? RegularFile.read(location, limit: size).get()
    else { return false }
    return bytes.count == size && Fingerprint.fast128(bytes) == hash
  }
}

/// What the previous build left in a site's folder, as far as reusing it goes: the files its
/// manifest says it wrote, and what each of them was on this disk when it was written.
///
/// Every answer to "is this file still the one the previous build wrote?" is given here: a
/// file is reused only when it is the regular file, of the size and hash, that the manifest
/// lists; a file whose identity on disk (``identity(of:)``) is the one the build noted is
/// trusted without being read, any other is hashed.
package struct PreviousSite: Sendable {
  /// FlowAtlas's own folder in a site (caches, build record), which the site's reproducible
  /// bytes leave out.
  package static let cacheFolder = ".flowatlas-cache"
  /// Where a site notes what each of its files is on this disk: machine-local, like the build
  /// record, so that a rebuild can tell a page is untouched with one `lstat` instead of hashing it.
  package static let identitiesPath = "\(cacheFolder)/identities"

  /// The site's folder.
  package let url: URL
  /// What the manifest says the build wrote, by path relative to the site.
  package let files: [String: WrittenFile]
  /// What each file was on this disk, by path (``identity(of:)``).
  package let identities: [String: String]
  /// What each app folder's pages were made from, by folder (``AppPagesCache``).
  package let apps: [String: AppPagesCache.Record]

  /// The previous site in `url`, whose manifest lists `files`; its identities and page records
  /// are read from the site, and a file of them that is there but cannot be used is noted in
  /// `report`.
  package init(url: URL, files: [String: WrittenFile], report: CacheReport? = nil) {
    self.url = url
    self.files = files
    identities = Self.identities(in: url, report: report)
    apps = AppPagesCache.records(in: url, report: report)
  }

  /// Whether the manifest lists `path`.
  package func wrote(_ path: String) -> Bool { files[path] != nil }

  /// Whether every one of `paths` is still in the site in `folder` (a page or asset deleted by
  /// hand is a reason to write the site again).
  package static func holdsAll(_ paths: [String], in folder: URL) -> Bool {
    let manager = FileManager.default
    return paths.allSatisfy { manager.fileExists(atPath: folder.appendingPathComponent($0).path) }
  }

  /// The files the previous build wrote in `folder`, when each is still what the manifest says;
  /// nil when any is missing or changed, or the build wrote none there.
  func intactFiles(of folder: String) -> [(path: String, file: WrittenFile)]? {
    let listed = files.filter { $0.key.hasPrefix(folder + "/") }.sorted { $0.key < $1.key }
    guard !listed.isEmpty else { return nil }
    return intact(listed.map { ($0.key, $0.value) })
  }

  /// Those of `names` (files of the folder `folder`) the previous build wrote, when each is still
  /// what the manifest says and the first `required` are among them; nil otherwise.
  func intactFiles(_ names: [String], required: Int, of folder: String)
    -> [(path: String, file: WrittenFile)]?
  {
    var listed: [(path: String, file: WrittenFile)] = []
    for (index, name) in names.enumerated() {
      let path = folder + "/" + name
      guard let file = files[path] else {
        if index < required { return nil }
        continue
      }
      listed.append((path, file))
    }
    return intact(listed)
  }

  /// What the previous build wrote at `path`, when the file there is still that.
  package func intactFile(_ path: String) -> WrittenFile? {
    guard let file = files[path] else { return nil }
    return intact([(path, file)]).map { _ in file }
  }

  /// Whether the previous site holds a regular file at `path` (a cache entry its pages were
  /// made with); a symlink is not followed.
  func holdsRegularFile(_ path: String) -> Bool {
    var info = stat()
    return lstat(url.appendingPathComponent(path).path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
  }

  private func intact(_ listed: [(path: String, file: WrittenFile)]) -> [(path: String, file: WrittenFile)]? {
    for (path, file) in listed {
      let location = url.appendingPathComponent(path).path
      var info = stat()
      if let noted = identities[path], lstat(location, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
        Int(info.st_size) == file.size, noted == Self.identity(of: info)
      {
        continue
      }
      guard file.isAt(location) else { return nil }
    }
    return listed
  }

  /// A file's identity on this disk: device, inode, size, modification time and status-change
  /// time. A file edited, replaced or copied gets another, even when its size is kept and its
  /// modification time put back (`touch -r`): no one can set the status-change time. A hard
  /// link made or removed changes it too, so a build notes identities again once it has
  /// removed the old site.
  package static func identity(of info: stat) -> String {
    #if canImport(Darwin)
      let modified = info.st_mtimespec
      let changed = info.st_ctimespec
    #else
      let modified = info.st_mtim
      let changed = info.st_ctim
    #endif
    return "\(info.st_dev) \(info.st_ino) \(info.st_size) \(modified.tv_sec).\(modified.tv_nsec) "
      + "\(changed.tv_sec).\(changed.tv_nsec)"
  }

  /// Whether two identities are one file whose only change is its status-change time: the
  /// same device, inode, size and modification time.
  package static func sameContent(_ identity: String, _ other: String) -> Bool {
    identity.split(separator: " ").prefix(4) == other.split(separator: " ").prefix(4)
  }

  /// Whether this build of FlowAtlas (``CacheFormat``) wrote the site in `site`: the first line of
  /// its identities, which every incremental build writes, names it.
  package static func wasWrittenByThisBuild(_ site: URL) -> Bool {
    let line = Array((identitiesHeader + "\n").utf8)
    let path = site.appendingPathComponent(identitiesPath).path
    return (try? RegularFile.prefix(of: path, count: line.count).get()) == line
  }

  /// The identities file's first line.
  static let identitiesHeader = CacheFormat.header("flowatlas-identities")

  /// The identities file's text: its header, then `identity<TAB>path` per file, sorted by path.
  package static func identitiesText(_ identities: [String: String]) -> String {
    identitiesHeader + "\n" + identities.keys.sorted().map { "\(identities[$0]!)\t\($0)\n" }.joined()
  }

  /// The identities the site in `site` noted, by path; empty when there are none to read. A
  /// file this version wrote that cannot be read whole is noted in `report` (an older version's
  /// is only out of date): every page is then hashed, not trusted.
  static func identities(in site: URL, report: CacheReport?) -> [String: String] {
    let location = site.appendingPathComponent(identitiesPath).path
    let instead = "each page is hashed to tell it is unchanged"
    guard let bytes = CacheReport.read(location, limit: 64 << 20, instead: instead, into: report) else {
      return [:]
    }
    guard let identities = identities(parsing: bytes) else {
      report?.unparsable(location, bytes, header: identitiesHeader, instead: instead)
      return [:]
    }
    return identities
  }

  /// The identities in `bytes`; nil when they are not a file this version wrote whole.
  private static func identities(parsing bytes: [UInt8]) -> [String: String]? {
    guard let text = String(validating: bytes, as: UTF8.self), text.hasSuffix("\n") else { return nil }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    guard lines.first == Substring(identitiesHeader) else { return nil }
    lines.removeFirst()
    var identities: [String: String] = [:]
    for line in lines {
      // `identity<TAB>path`, the identity five numbers apart.
      guard let tab = line.firstIndex(of: "\t"),
        line[..<tab].utf8.count(where: { $0 == UInt8(ascii: " ") }) == 4
      else { return nil }
      identities[String(line[line.index(after: tab)...])] = String(line[..<tab])
    }
    return identities
  }
}
