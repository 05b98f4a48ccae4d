// FlowAtlas's one door to the system's file notifications: inotify on Linux, kqueue on Darwin,
// and polling where the system gives none (or the person asks for it). The only file that holds
// their pointer code; it imports the C library alone (not Foundation), so
// `scripts/check-apple-adapters` type-checks its Darwin side against a stand-in of Darwin's
// declarations.
#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Which paths under some roots changed: files and folders made, written, removed or renamed.
///
/// - Linux: inotify (`inotify(7)`), one watch per folder, added to each folder as it appears, so
///   that a folder a UI test makes and fills at once is seen whole. A file given as a root, and a
///   folder root that may go and come back, are watched through their parent folder.
/// - Darwin: kqueue (`kqueue(2)`), one `O_EVTONLY` descriptor per folder and file; an event only
///   says that something moved, and what changed is found by comparing each entry's `stat` with
///   the last (as polling does), so a file replaced by rename is seen as well as one written.
/// - Polling, every ``interval`` milliseconds, comparing `stat`s: for file systems whose changes
///   are made elsewhere (NFS, SMB, 9p, virtiofs: the kernel is told nothing), when the system runs
///   out of watches, or when asked (`--poll`).
///
/// Used from one thread; ``wake(_:)`` may be called from any, and from a signal handler.
package final class FileWatcher {
  package enum Mechanism: String, Sendable {
    case inotify, kqueue, polling
  }

  /// A path that changed, built from the root it is under.
  package struct Change: Hashable, Sendable {
    package var path: String
    package var isFolder: Bool

    package init(path: String, isFolder: Bool) {
      self.path = path
      self.isFolder = isFolder
    }
  }

  /// Why a watcher could not be made at all.
  package struct Failure: Error, Sendable {
    package var description: String
  }

  package private(set) var mechanism: Mechanism
  /// Why the system's notifications are not in use (nil while they are, or when polling was asked).
  package private(set) var fallbackReason: String?
  /// How often polling looks, in milliseconds.
  package let interval: Int32
  /// One byte written here ends a ``wait(milliseconds:)`` at once.
  package let wakeDescriptor: Int32
  private let wakeReader: Int32
  private(set) var roots: [String]
  /// ``roots``, to look a path up at once (an event asks, and a preview may add a root per picture).
  private var rootSet: Set<String>
  let ignores: (String) -> Bool
  /// The inotify or kqueue descriptor; -1 while polling.
  private var queue: Int32 = -1
  /// What a watch (inotify) or a descriptor (kqueue) is on.
  private struct Watch {
    var path: String
    /// inotify: every entry of the folder counts (a folder of a root's tree), not only the
    /// roots' names (a root's parent).
    var wholeFolder: Bool
    /// kqueue: the file the descriptor holds; a new one at the same path needs a new descriptor.
    var inode: UInt64 = 0
  }
  private var watched: [Int32: Watch] = [:]
  /// kqueue and polling: each entry's `stat` when last looked at; inotify: each file's, to tell a
  /// file closed or touched without a change from one written.
  private var stamps: [String: Stamp] = [:]

  /// Starts watching `roots`.
  /// - Parameters:
  ///   - roots: absolute paths of files and folders; a folder is watched with everything in it.
  ///   - ignores: paths never watched nor reported (the site being written, its staging folders).
  ///   - polling: polls even where the system gives notifications.
  ///   - interval: polling's period in milliseconds.
  /// - Throws: ``Failure`` when not even the pipe that wakes it can be made.
  package init(
    roots: [String], ignoring ignores: @escaping (String) -> Bool, polling: Bool, interval: Int32 = 250
  ) throws(Failure) {
    self.roots = roots
    rootSet = Set(roots)
    self.ignores = ignores
    self.interval = interval
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw Failure(description: "cannot make a pipe (\(Self.errorText()))") }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, O_NONBLOCK)
    }
    (wakeReader, wakeDescriptor) = (ends[0], ends[1])
    mechanism = .polling
    if polling {
      startPolling(because: nil)
      return
    }
    if let remote = roots.lazy.compactMap({ root in Self.remoteFileSystem(of: root).map { (root, $0) } })
      .first
    {
      startPolling(
        because: "\(remote.0) is on \(remote.1), which tells this system nothing of changes made elsewhere")
      return
    }
    #if canImport(Darwin)
      queue = kqueue()
      guard queue >= 0 else {
        startPolling(because: "kqueue failed (\(Self.errorText()))")
        return
      }
      mechanism = .kqueue
      var event = Self.event(Int32(wakeReader), filter: EVFILT_READ, notes: 0)
      _ = kevent64(queue, &event, 1, nil, 0, 0, nil)
      Self.raiseDescriptorLimit()
      _ = rescan()
    #else
      queue = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard queue >= 0 else {
        startPolling(because: "inotify is unavailable (\(Self.errorText()))")
        return
      }
      mechanism = .inotify
      for root in roots { _ = watchRoot(root) }
    #endif
  }

  deinit {
    if queue >= 0 { close(queue) }
    #if canImport(Darwin)
      for descriptor in watched.keys { close(descriptor) }
    #endif
    close(wakeReader)
    close(wakeDescriptor)
  }

  /// Watches `paths` too (absolute; files or folders whose folder exists), from now on: what a
  /// build was found to read outside the roots (a screenshot beside a trace given by name). A
  /// change to a new path made before is not reported (the caller compares it with what was read).
  /// - Returns: changes to the other roots found while adding them (kqueue looks at every entry
  ///   then), which the next ``wait(milliseconds:)`` would otherwise not report.
  @discardableResult
  package func add(roots paths: [String]) -> [Change] {
    let fresh = paths.filter { path in !rootSet.contains(path) && !ignores(path) }
    guard !fresh.isEmpty else { return [] }
    roots += fresh
    rootSet.formUnion(fresh)
    // Polling and kqueue compare stats: the new roots' are taken now, so only later changes show.
    if mechanism != .inotify {
      for root in fresh { stamps.merge(scan(root: root)) { _, new in new } }
    }
    switch mechanism {
    case .polling: break
    case .inotify:
      #if !canImport(Darwin)
        for root in fresh { _ = watchRoot(root) }
      #endif
    case .kqueue:
      #if canImport(Darwin)
        return rescan()
      #endif
    }
    return []
  }

  /// Writes the byte that ends a wait; only what a signal handler may call.
  package static func wake(_ descriptor: Int32) {
    var byte: UInt8 = 1
    _ = write(descriptor, &byte, 1)
  }

  /// Waits for changes, at most `timeout` milliseconds (-1: until there are some, or a wake).
  /// - Returns: what changed, or nothing (time is up, a wake, or only ignored paths moved).
  package func wait(milliseconds timeout: Int32) -> [Change] {
    if mechanism == .polling {
      _ = Self.waitReadable(wakeReader, timeout: timeout < 0 ? interval : min(timeout, interval), queue: -1)
      drainWake()
      return poll()
    }
    #if canImport(Darwin)
      var events = [kevent64_s](repeating: kevent64_s(), count: 64)
      var limit = timespec(
        tv_sec: Int(max(timeout, 0) / 1000), tv_nsec: Int(max(timeout, 0) % 1000) * 1_000_000)
      let count =
        timeout < 0
        ? kevent64(queue, nil, 0, &events, Int32(events.count), 0, nil)
        : kevent64(queue, nil, 0, &events, Int32(events.count), 0, &limit)
      drainWake()
      guard count > 0, events.prefix(Int(count)).contains(where: { $0.filter == Int16(EVFILT_VNODE) }) else {
        return []
      }
      return rescan()
    #else
      let ready = Self.waitReadable(wakeReader, timeout: timeout, queue: queue)
      drainWake()
      return ready ? readEvents() : []
    #endif
  }

  private func drainWake() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while read(wakeReader, &bytes, bytes.count) > 0 {}
  }

  private func startPolling(because reason: String?) {
    if queue >= 0 { close(queue) }
    #if canImport(Darwin)
      for descriptor in watched.keys { close(descriptor) }
    #endif
    queue = -1
    watched = [:]
    mechanism = .polling
    fallbackReason = reason
    stamps = scanAll()
  }

  private func poll() -> [Change] {
    let now = scanAll()
    defer { stamps = now }
    return Self.differences(from: stamps, to: now)
  }

  // MARK: inotify

  #if !canImport(Darwin)
    private static let mask = UInt32(
      IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
        | IN_DELETE_SELF | IN_MOVE_SELF)

    /// Watches a root: a folder with everything in it, and its parent for the root's name (so a
    /// file replaced by rename, or a folder removed and made again, is still seen).
    private func watchRoot(_ root: String) -> [Change] {
      let parent = Self.parent(of: root)
      let descriptor = inotify_add_watch(queue, parent, Self.mask)
      if descriptor >= 0, watched[descriptor] == nil {
        watched[descriptor] = Watch(path: parent, wholeFolder: false)
      }
      guard let stamp = Self.stamp(root, following: true) else { return [] }
      guard stamp.isFolder else {
        stamps[root] = stamp
        return []
      }
      return watchTree(root)
    }

    /// Watches `folder` and every folder in it; returns everything found there, which may have
    /// been made before the watch was.
    private func watchTree(_ folder: String) -> [Change] {
      guard mechanism == .inotify, !ignores(folder) else { return [] }
      let descriptor = inotify_add_watch(queue, folder, Self.mask | UInt32(IN_ONLYDIR))
      guard descriptor >= 0 else {
        if errno == ENOSPC {
          startPolling(
            because: "the system's limit of inotify watches is reached (sysctl fs.inotify.max_user_watches)")
        }
        return []
      }
      watched[descriptor] = Watch(path: folder, wholeFolder: true)
      var found: [Change] = []
      for (name, isFolder) in Self.entries(of: folder) {
        let path = Self.join(folder, name)
        guard !ignores(path) else { continue }
        found.append(Change(path: path, isFolder: isFolder))
        if isFolder {
          found += watchTree(path)
        } else {
          stamps[path] = Self.stamp(path, following: false)
        }
      }
      return found
    }

    private func unwatchTree(_ folder: String) {
      for (descriptor, entry) in watched where entry.wholeFolder && Self.isInside(entry.path, folder) {
        inotify_rm_watch(queue, descriptor)
        watched[descriptor] = nil
      }
      stamps = stamps.filter { !Self.isInside($0.key, folder) }
    }

    /// Reads every pending event: `struct inotify_event` is a descriptor, a mask, a cookie, the
    /// name's length, then the name (padded with NULs).
    private func readEvents() -> [Change] {
      var changes: [Change] = []
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      var overflowed = false
      while mechanism == .inotify {
        let count = read(queue, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        var offset = 0
        while offset + 16 <= count {
          let (descriptor, mask, length) = buffer.withUnsafeBytes { raw in
            (
              raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
              raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
              Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            )
          }
          let name = String(
            decoding: buffer[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 },
            as: UTF8.self)
          offset += 16 + length
          if mask & UInt32(IN_Q_OVERFLOW) != 0 { overflowed = true }
          if let change = handle(descriptor, mask: mask, name: name, into: &changes) {
            changes.append(change)
          }
        }
      }
      if overflowed, mechanism == .inotify {
        // Events were lost: every root counts as changed, and folders made meanwhile get watches.
        for root in roots {
          changes.append(Change(path: root, isFolder: true))
          changes += watchRoot(root)
        }
      }
      return changes
    }

    private func handle(_ descriptor: Int32, mask: UInt32, name: String, into changes: inout [Change])
      -> Change?
    {
      guard let watch = watched[descriptor] else { return nil }
      let (folder, wholeFolder) = (watch.path, watch.wholeFolder)
      if !wholeFolder, mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
        // A root's parent went (`rm -rf TestOutput && mkdir -p TestOutput/traces`): nothing is
        // left to see the root come back by, so looking takes over, from its parent's parent up.
        startPolling(because: "\(folder), the folder that holds what is watched, was removed or moved")
        return Change(path: folder, isFolder: true)
      }
      if mask & UInt32(IN_IGNORED) != 0 {
        watched[descriptor] = nil
        return nil
      }
      guard !name.isEmpty else {
        // The watched folder itself went (removed, or moved where its paths are not ours).
        guard wholeFolder, mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 else { return nil }
        unwatchTree(folder)
        return Change(path: folder, isFolder: true)
      }
      let path = Self.join(folder, name)
      guard wholeFolder || rootSet.contains(path), !ignores(path) else { return nil }
      let isFolder = mask & UInt32(IN_ISDIR) != 0
      if isFolder, mask & UInt32(IN_MOVED_FROM | IN_DELETE) != 0 { unwatchTree(path) }
      if isFolder, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { changes += watchTree(path) }
      if !isFolder, !fileChanged(path, mask: mask) { return nil }
      return Change(path: path, isFolder: isFolder)
    }

    /// Whether an event on the file at `path` is a change. A close or a change of attributes alone
    /// is none when the file's `stat` is what it was: a file opened for writing and closed
    /// unwritten, or a descriptor another process inherited (a program started while the file was
    /// being written, which holds it until it ends) closed long after the write that was seen.
    private func fileChanged(_ path: String, mask: UInt32) -> Bool {
      let now = Self.stamp(path, following: rootSet.contains(path))
      defer { stamps[path] = now }
      let onlyClosedOrTouched = mask & ~UInt32(IN_CLOSE_WRITE | IN_ATTRIB) == 0
      return !(onlyClosedOrTouched && now != nil && now == stamps[path])
    }
  #endif

  // MARK: kqueue

  #if canImport(Darwin)
    private static func event(_ descriptor: Int32, filter: Int32, notes: Int32) -> kevent64_s {
      var event = kevent64_s()
      event.ident = UInt64(descriptor)
      event.filter = Int16(filter)
      event.flags = UInt16(EV_ADD | EV_CLEAR)
      event.fflags = UInt32(notes)
      return event
    }

    /// Finds what changed since the last look, then watches what appeared and forgets what went:
    /// every entry under the roots, and each root's parent (a root made again, a file renamed over).
    /// Looks again while that watched something new: a folder a UI test makes and fills at once may
    /// have been filled between the look and its watch, which no event would tell.
    private func rescan() -> [Change] {
      var changes: [Change] = []
      while true {
        let (found, added) = rescanOnce()
        changes += found
        if added == 0 || mechanism != .kqueue { return changes }
      }
    }

    /// - Returns: what changed, and how many descriptors were added.
    private func rescanOnce() -> ([Change], Int) {
      let now = scanAll()
      let changes = Self.differences(from: stamps, to: now)
      stamps = now
      var wanted = Set(now.keys)
      for root in roots { wanted.insert(Self.parent(of: root)) }
      var have: Set<String> = []
      for (descriptor, watch) in watched {
        if wanted.contains(watch.path), Self.stamp(watch.path, following: true)?.inode == watch.inode {
          have.insert(watch.path)
        } else {
          close(descriptor)
          watched[descriptor] = nil
        }
      }
      let notes = NOTE_WRITE | NOTE_EXTEND | NOTE_ATTRIB | NOTE_DELETE | NOTE_RENAME | NOTE_LINK | NOTE_REVOKE
      var added = 0
      for path in wanted where !have.contains(path) {
        let descriptor = open(path, O_EVTONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
          if errno == EMFILE || errno == ENFILE {
            startPolling(because: "there are more files to watch than descriptors to watch them with")
            return (changes, 0)
          }
          if errno == ENOENT, roots.contains(where: { Self.parent(of: $0) == path }) {
            // A root's parent is gone: nothing is left to see the root come back by.
            startPolling(because: "\(path), the folder that holds what is watched, was removed or moved")
            return (changes, 0)
          }
          continue
        }
        added += 1
        var event = Self.event(descriptor, filter: EVFILT_VNODE, notes: notes)
        _ = kevent64(queue, &event, 1, nil, 0, 0, nil)
        var info = stat()
        _ = fstat(descriptor, &info)
        watched[descriptor] = Watch(path: path, wholeFolder: true, inode: UInt64(info.st_ino))
      }
      return (changes, added)
    }

    /// A descriptor per watched file: raises the soft limit (256 in a macOS shell) to the hard one.
    private static func raiseDescriptorLimit() {
      var limit = rlimit()
      guard getrlimit(RLIMIT_NOFILE, &limit) == 0 else { return }
      limit.rlim_cur = min(limit.rlim_max, 10_240)
      _ = setrlimit(RLIMIT_NOFILE, &limit)
    }
  #endif
}
