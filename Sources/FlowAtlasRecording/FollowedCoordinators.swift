import FlowAtlasLock

/// Which run records each coordinator of an app whose coordinators are its own (not
/// ``FlowAtlasPattern/Coordinator`` subclasses): the root given to ``Recorder/follow(_:)``,
/// and every child ``RecordedChildren`` saw attached under a followed parent.
///
/// One table for the process, because the app's code reports with nothing but `self`
/// (``Recorder/started(_:)``); it holds coordinators and recorders weakly, keyed by identity,
/// and an entry whose coordinator died is stale (a new object at its address is not followed).
enum FollowedCoordinators {
  /// One followed coordinator.
  final class Entry {
    weak var coordinator: AnyObject?
    /// The run recording it; `nil` while it is only known to have started, not yet attached.
    weak var recorder: Recorder?
    /// The coordinator that attached it, for its `coordinator.start`.
    weak var parent: AnyObject?
    /// It reported its start before a followed parent attached it: the start is recorded
    /// right after the attach.
    var startIsPending = false

    init(coordinator: AnyObject, recorder: Recorder?, parent: AnyObject?) {
      self.coordinator = coordinator
      self.recorder = recorder
      self.parent = parent
    }
  }

  /// The coordinator that last read its router (``RecordedRouter``), with the run that
  /// follows it and the number of events that run had recorded then.
  final class Reader {
    weak var coordinator: AnyObject?
    weak var recorder: Recorder?
    let seq: Int

    init(coordinator: AnyObject, recorder: Recorder?, seq: Int) {
      self.coordinator = coordinator
      self.recorder = recorder
      self.seq = seq
    }
  }

  private struct Table: ~Copyable {
    var entries: [ObjectIdentifier: Entry] = [:]
    var reader: Reader?
    /// Table size at which dead entries are swept.
    var sweepAt = 256

    func entry(for coordinator: ObjectHandle) -> Entry? {
      guard let entry = entries[coordinator.key], entry.coordinator === coordinator.object
      else { return nil }
      return entry
    }

    mutating func insert(_ entry: Entry, for coordinator: ObjectHandle) {
      if entries.count >= sweepAt {
        entries = entries.filter { $0.value.coordinator != nil }
        sweepAt = max(256, entries.count * 2)
      }
      entries[coordinator.key] = entry
    }
  }

  /// An app that does not record pays one uncontended lock per report and finds the table empty.
  private static let table = Lock(Table())

  /// Follows `coordinator` as a root recorded by `recorder`.
  static func follow(_ coordinator: ObjectHandle, by recorder: Recorder) {
    table.withLock { table in
      table.insert(
        Entry(coordinator: coordinator.object, recorder: recorder, parent: nil), for: coordinator)
    }
  }

  /// The run recording `coordinator`, if it is followed.
  static func recorder(of coordinator: ObjectHandle) -> Recorder? {
    return table.withLock { $0.entry(for: coordinator)?.recorder }
  }

  /// Follows `child`, attached under `parent`, in `parent`'s run.
  /// - Returns: That run, and whether `child` reported its start before, or `nil` when
  ///   `parent` is not followed.
  static func attach(_ child: ObjectHandle, to parent: ObjectHandle) -> (
    recorder: Recorder, startIsPending: Bool
  )? {
    return table.withLock { table in
      guard let recorder = table.entry(for: parent)?.recorder else { return nil }
      let pending = table.entry(for: child)?.startIsPending ?? false
      table.insert(
        Entry(coordinator: child.object, recorder: recorder, parent: parent.object), for: child)
      return (recorder, pending)
    }
  }

  /// What `coordinator`'s start is recorded with: its run and its parent; or `nil` when it is
  /// not followed yet, in which case the start waits for its attach.
  static func start(of coordinator: ObjectHandle) -> (recorder: Recorder, parent: ObjectHandle?)? {
    return table.withLock { table in
      if let entry = table.entry(for: coordinator), let recorder = entry.recorder {
        entry.startIsPending = false
        return (recorder, entry.parent.map(ObjectHandle.init))
      }
      let entry = Entry(coordinator: coordinator.object, recorder: nil, parent: nil)
      entry.startIsPending = true
      table.insert(entry, for: coordinator)
      return nil
    }
  }

  /// Notes that `coordinator` read its router: the next router event, if its run records no
  /// other event before, is the coordinator's.
  static func noteRead(by coordinator: ObjectHandle) {
    let recorder = table.withLock { $0.entry(for: coordinator)?.recorder }
    // Read outside the table's lock: the recorder takes this lock under its own.
    let seq = recorder?.eventCount ?? 0
    table.withLock { table in
      table.reader = Reader(coordinator: coordinator.object, recorder: recorder, seq: seq)
    }
  }

  /// The coordinator whose read of its router waits for its router event, and the recorder that
  /// follows it (the read is kept): nil when no read waits, or another event has spent it.
  static func waitingRead() -> (coordinator: AnyObject, recorder: Recorder)? {
    let read = table.withLock { table in
      table.reader.flatMap { reader in reader.coordinator.map { ($0, reader.recorder, reader.seq) } }
    }
    // Compared outside the table's lock, as in noteRead: a read followed by another event is spent.
    guard let (coordinator, recorder, seq) = read, let recorder, recorder.eventCount == seq else {
      return nil
    }
    return (coordinator, recorder)
  }

  /// The coordinator that read its router just before this router event of `recorder`'s run,
  /// if `recorder` follows it; the read is used up either way.
  static func takeReader(for recorder: Recorder) -> (coordinator: ObjectHandle, seq: Int)? {
    return table.withLock { table in
      defer { table.reader = nil }
      guard let reader = table.reader, reader.recorder === recorder,
        let coordinator = reader.coordinator
      else { return nil }
      return (ObjectHandle(coordinator), reader.seq)
    }
  }
}
