// The door's part that looks at files itself: `stat`s compared between looks (polling, and
// kqueue's finding of what changed), folders listed, the file system a root is on. Like
// FileWatcher.swift, it imports the C library alone.
#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

extension FileWatcher {
  /// What `stat` says of an entry, enough to tell that it changed: a file rewritten with its size
  /// and time put back has another status-change time; a file renamed over it, another inode.
  struct Stamp: Equatable {
    var isFolder: Bool
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var modifiedNanoseconds: Int
    var statusChanged: Int64
    var statusChangedNanoseconds: Int

    /// A folder changes when it is made, removed or replaced: its entries say the rest, and its
    /// own times move with every file made in it, wanted or not.
    func differs(from other: Stamp) -> Bool {
      isFolder && other.isFolder ? (device, inode) != (other.device, other.inode) : self != other
    }
  }

  /// The stamp of `path`, through a symbolic link when `following`; nil when it is not there.
  static func stamp(_ path: String, following: Bool) -> Stamp? {
    var info = stat()
    guard fstatat(AT_FDCWD, path, &info, following ? 0 : AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
    #if canImport(Darwin)
      let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
    #else
      let (modified, changed) = (info.st_mtim, info.st_ctim)
    #endif
    return Stamp(
      isFolder: info.st_mode & S_IFMT == S_IFDIR, device: UInt64(truncatingIfNeeded: info.st_dev),
      inode: UInt64(truncatingIfNeeded: info.st_ino), size: Int64(info.st_size),
      modified: Int64(modified.tv_sec),
      modifiedNanoseconds: Int(modified.tv_nsec), statusChanged: Int64(changed.tv_sec),
      statusChangedNanoseconds: Int(changed.tv_nsec))
  }

  /// Every entry under the roots, a root's symbolic link followed, none inside a root (a folder
  /// is searched without leaving it, as the build searches it).
  func scanAll() -> [String: Stamp] {
    var found: [String: Stamp] = [:]
    for root in roots { found.merge(scan(root: root)) { _, new in new } }
    return found
  }

  /// Every entry under `root` and itself, its symbolic link followed (none inside it).
  func scan(root: String) -> [String: Stamp] {
    var found: [String: Stamp] = [:]
    guard !ignores(root), let stamp = Self.stamp(root, following: true) else { return found }
    found[root] = stamp
    if stamp.isFolder { scan(root, into: &found) }
    return found
  }

  private func scan(_ folder: String, into found: inout [String: Stamp]) {
    for (name, _) in Self.entries(of: folder) {
      let path = Self.join(folder, name)
      guard !ignores(path), let stamp = Self.stamp(path, following: false) else { continue }
      found[path] = stamp
      if stamp.isFolder { scan(path, into: &found) }
    }
  }

  /// What was made, changed or removed between two scans, by path.
  static func differences(from old: [String: Stamp], to new: [String: Stamp]) -> [Change] {
    var changes: [Change] = []
    for (path, stamp) in new where old[path].map(stamp.differs(from:)) ?? true {
      changes.append(Change(path: path, isFolder: stamp.isFolder))
    }
    for (path, stamp) in old where new[path] == nil {
      changes.append(Change(path: path, isFolder: stamp.isFolder))
    }
    return changes.sorted { $0.path < $1.path }
  }

  /// The names in `folder` (not `.` and `..`), each with whether it is a folder (not a link to
  /// one); none when it cannot be listed.
  static func entries(of folder: String) -> [(name: String, isFolder: Bool)] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var entries: [(String, Bool)] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name != ".", name != ".." else { continue }
      var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
      if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
        // Some file systems do not say; lstat does.
        isFolder = stamp(join(folder, name), following: false)?.isFolder ?? false
      }
      entries.append((name, isFolder))
    }
    return entries
  }

  static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// True for `folder` itself and every path under it.
  static func isInside(_ path: String, _ folder: String) -> Bool {
    path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
  }

  /// Waits until `wake`, or `queue` (when not -1), can be read, at most `timeout` milliseconds.
  /// - Returns: whether `queue` can be read.
  static func waitReadable(_ wake: Int32, timeout: Int32, queue: Int32) -> Bool {
    var descriptors = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
    if queue >= 0 { descriptors.append(pollfd(fd: queue, events: Int16(POLLIN), revents: 0)) }
    // A signal that interrupts the wait also writes the wake byte: waiting again returns at once.
    var count = Int32(-1)
    while count < 0 {
      count = poll(&descriptors, nfds_t(descriptors.count), timeout)
      if count < 0 && errno != EINTR { return false }
    }
    return queue >= 0 && count > 0 && descriptors[1].revents != 0
  }

  static func errorText() -> String { String(cString: strerror(errno)) }

  /// The kinds of file system whose changes are made elsewhere (a server, the host of a virtual
  /// machine or container), of which this system's notifications say nothing.
  static let remoteKinds: Set<String> = [
    "nfs", "nfs4", "cifs", "smb3", "smbfs", "afpfs", "webdav", "9p", "virtiofs", "vboxsf", "prl_fs", "vmhgfs",
    "fuse.vmhgfs-fuse", "fuse.sshfs", "fuse.rclone", "ceph", "glusterfs", "afs", "lustre", "macfuse",
    "osxfuse",
  ]

  /// The kind of the file system `path` is on, when it is one of ``remoteKinds``.
  static func remoteFileSystem(of path: String) -> String? {
    #if canImport(Darwin)
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      defer { close(descriptor) }
      var info = statfs()
      guard fstatfs(descriptor, &info) == 0 else { return nil }
      let kind = withUnsafeBytes(of: info.f_fstypename) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      return remoteKinds.contains(kind) ? kind : nil
    #else
      // The mount whose point is the longest prefix of the path, from /proc/self/mountinfo:
      // "36 35 98:0 /root /mount/point options… - kind source options".
      guard let real = realpath(path, nil) else { return nil }
      let resolved = String(cString: real)
      free(real)
      var best: (point: String, kind: String)?
      for line in readSmallFile("/proc/self/mountinfo").split(separator: "\n") {
        let fields = line.split(separator: " ")
        guard fields.count > 4, let dash = fields.firstIndex(of: "-"), dash + 1 < fields.count else {
          continue
        }
        let point = unescapeOctal(fields[4])
        if isInside(resolved, point), point.count >= (best?.point.count ?? 0) {
          best = (point, String(fields[dash + 1]))
        }
      }
      return best.flatMap { remoteKinds.contains($0.kind) ? $0.kind : nil }
    #endif
  }

  #if !canImport(Darwin)
    private static func readSmallFile(_ path: String) -> String {
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return "" }
      defer { close(descriptor) }
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 16 * 1024)
      while bytes.count < 4 << 20 {
        let count = read(descriptor, &chunk, chunk.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        bytes += chunk[..<count]
      }
      return String(decoding: bytes, as: UTF8.self)
    }

    /// mountinfo writes a space in a mount point as `\040` (octal), and so on.
    private static func unescapeOctal(_ text: Substring) -> String {
      var bytes: [UInt8] = []
      var utf8 = Array(text.utf8)[...]
      while let byte = utf8.popFirst() {
        let digits = utf8.prefix(3)
        if byte == UInt8(ascii: "\\"), digits.count == 3, digits.allSatisfy({ (48...55).contains($0) }) {
          bytes.append(digits.reduce(0) { $0 &* 8 &+ ($1 - 48) })
          utf8 = utf8.dropFirst(3)
        } else {
          bytes.append(byte)
        }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  #endif
}
