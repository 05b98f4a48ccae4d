import Dispatch
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
  /// follows it, the number of events that run had recorded then, and where the read happened:
  /// the main thread's turn and the task.
  final class Reader {
    weak var coordinator: AnyObject?
    weak var recorder: Recorder?
    let seq: Int
    let turn: Int
    let task: Int?

    init(coordinator: AnyObject, recorder: Recorder?, seq: Int, turn: Int, task: Int?) {
      self.coordinator = coordinator
      self.recorder = recorder
      self.seq = seq
      self.turn = turn
      self.task = task
    }
  }

  private struct Table: ~Copyable {
    var entries: [ObjectIdentifier: Entry] = [:]
    /// The read waiting in each run, by its recorder: runs recorded at once (tests) keep apart,
    /// but for a read by a coordinator no run follows, which ends them all.
    var readers: [ObjectIdentifier: Reader] = [:]
    /// The latest read of all, for the navigation controller that learns its run from it.
    var latest: Reader?
    /// Counts the main queue's turns since the first read: a read is spent when its turn ends.
    var turn = 0
    /// A block that ends the current turn is on the main queue.
    var turnEndIsQueued = false
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
  /// other event before, in the same task and before the main queue's turn ends, is the
  /// coordinator's.
  ///
  /// So a read does not outlive the code it was part of: navigation that comes after an
  /// `await`, in another task, or in a callback the main queue runs after the read's turn (a
  /// network completion) is the coordinator's only if it reads its router again there
  /// (`router.push(…)` does), and otherwise names no coordinator, rather than the one that
  /// happened to read last. The turn ends when the main queue reaches a block queued at the
  /// turn's first read: a callback already queued before that read, outside any task, still
  /// counts as the same turn (nothing tells it apart), and so does a read made off the main
  /// thread only until the main queue moves on.
  static func noteRead(by coordinator: ObjectHandle) {
    let recorder = table.withLock { $0.entry(for: coordinator)?.recorder }
    guard let recorder else {
      // A coordinator no run follows read its router: what comes next is not a followed one's.
      // An app that records nothing ends here, at one lock more.
      table.withLock { table in
        guard table.latest != nil || !table.readers.isEmpty else { return }
        table.latest = nil
        table.readers.removeAll()
      }
      return
    }
    // Read outside the table's lock: the recorder takes this lock under its own.
    let seq = recorder.eventCount
    let task = currentTask()
    let queueTurnEnd = table.withLock { table in
      let reader = Reader(
        coordinator: coordinator.object, recorder: recorder, seq: seq, turn: table.turn, task: task)
      table.latest = reader
      if table.readers.count >= 16 { table.readers = table.readers.filter { $0.value.recorder != nil } }
      table.readers[ObjectIdentifier(recorder)] = reader
      defer { table.turnEndIsQueued = true }
      return !table.turnEndIsQueued
    }
    if queueTurnEnd {
      DispatchQueue.main.async {
        table.withLock { table in
          table.turn += 1
          table.turnEndIsQueued = false
        }
      }
    }
  }

  /// The task running now, by identity; `nil` outside any task (a UIKit callback).
  private static func currentTask() -> Int? {
    withUnsafeCurrentTask { $0?.hashValue }
  }

  /// Whether `reader` was noted in this turn of the main queue and in the task running now.
  private static func isCurrent(_ reader: Reader, turn: Int, task: Int?) -> Bool {
    reader.turn == turn && reader.task == task
  }

  /// The coordinator whose read of its router waits for its router event, and the recorder that
  /// follows it (the read is kept): nil when no read waits, or another event has spent it.
  /// - Parameter recorder: The run to look in; `nil` for the latest read of any run.
  static func waitingRead(in recorder: Recorder? = nil) -> (coordinator: AnyObject, recorder: Recorder)? {
    let task = currentTask()
    let read = table.withLock { table in
      let reader = recorder.map { table.readers[ObjectIdentifier($0)] } ?? table.latest
      return reader.flatMap { reader in
        isCurrent(reader, turn: table.turn, task: task)
          ? reader.coordinator.map { ($0, reader.recorder, reader.seq) } : nil
      }
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
    let task = currentTask()
    return table.withLock { table in
      guard let reader = table.readers.removeValue(forKey: ObjectIdentifier(recorder)),
        reader.recorder === recorder,
        isCurrent(reader, turn: table.turn, task: task), let coordinator = reader.coordinator
      else { return nil }
      return (ObjectHandle(coordinator), reader.seq)
    }
  }
}
