import Dispatch
import FlowAtlasLock
import Foundation

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
    /// Its start was recorded and it has not finished: a second start (an app whose `start`
    /// also routes, `start(with: option)`) records nothing.
    var isRunning = false
    /// When it was followed, in the order of the table: the latest parent holding a child in a
    /// stored property is taken as its parent.
    var order = 0
    /// The main queue's turn in which it reported its start, while that start waits.
    var startTurn: Int?

    init(coordinator: AnyObject, recorder: Recorder?, parent: AnyObject?) {
      self.coordinator = coordinator
      self.recorder = recorder
      self.parent = parent
    }
  }

  /// The coordinator that last read its router (``RecordedRouter``), with the run that
  /// follows it, the number of events that run had recorded then, and where the read happened:
  /// the main thread's turn and the task.
  final class Reader: @unchecked Sendable {
    weak var coordinator: AnyObject?
    weak var recorder: Recorder?
    let seq: Int
    let turn: Int
    let task: Int?
    /// What the read gave, where it is an object: a child's navigation controller read to hand it
    /// to `present` is what the event shows, not who asks.
    weak var value: AnyObject?
    /// The read before it, still waiting then: the one asking, where this read was of the screen.
    /// (A class guarded by the table's lock, as every reader is: hence `@unchecked Sendable`.)
    var previous: Reader?

    init(coordinator: AnyObject?, recorder: Recorder?, seq: Int, turn: Int, task: Int?, value: AnyObject?) {
      self.coordinator = coordinator
      self.recorder = recorder
      self.seq = seq
      self.turn = turn
      self.task = task
      self.value = value
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

    /// Whether the caller is to queue the block that ends this turn: the first to ask in a turn
    /// is, and it is queued from then on.
    mutating func claimTurnEnd() -> Bool {
      defer { turnEndIsQueued = true }
      return !turnEndIsQueued
    }
    /// Table size at which dead entries are swept.
    var sweepAt = 256
    /// Entries made so far, for ``Entry/order``.
    var followed = 0

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
      followed += 1
      entry.order = followed
      entries[coordinator.key] = entry
    }
  }

  /// An app that does not record pays one uncontended lock per report and finds the table empty
  /// (and, for a change of a `@RecordedChildren` array, one more to keep its children weakly, since
  /// a run may follow its coordinator later).
  private static let table = Lock(Table())

  /// Follows `coordinator` as a root recorded by `recorder`.
  static func follow(_ coordinator: ObjectHandle, by recorder: Recorder) {
    table.withLock { table in
      table.insert(
        Entry(coordinator: coordinator.object, recorder: recorder, parent: nil), for: coordinator)
    }
    Thread.current.threadDictionary[latestRunKey] = LatestRun(recorder: recorder)
  }

  /// Forgets the run of the latest root followed on this thread.
  static func forgetLatestRun() {
    Thread.current.threadDictionary[latestRunKey] = nil
  }

  /// The run of the latest root followed on this thread, held weakly.
  private final class LatestRun: NSObject {
    weak var recorder: Recorder?
    init(recorder: Recorder) { self.recorder = recorder }
  }

  private static let latestRunKey = "FlowAtlas.FollowedCoordinators.latestRun"

  /// The run a UIKit object records in when nothing ties it to one: the run whose coordinator's
  /// read of its router waits (the app is navigating for it), else that of the latest root
  /// followed on this thread (an app's UI is on the main thread; a test's, on the thread it
  /// runs on), while it records.
  static func runForUIKit() -> Recorder? {
    if let recorder = waitingRead()?.recorder { return recorder }
    let latest = (Thread.current.threadDictionary[latestRunKey] as? LatestRun)?.recorder
    return latest.flatMap { $0.isRecording ? $0 : nil }
  }

  /// The children of coordinators no run follows yet, as their ``RecordedChildren`` arrays hold
  /// them now: attached once their parent is followed (a coordinator that makes its children in
  /// `init`, before its parent keeps it, or before the app follows its root).
  private static let waitingChildren = Lock(WaitingChildren())

  private struct WaitingChildren: ~Copyable {
    /// `@unchecked Sendable` as ``ObjectHandle`` is: it is compared and read under the lock only.
    struct Held: @unchecked Sendable {
      weak var parent: AnyObject?
      var children: [WeakObject]
    }
    struct WeakObject {
      weak var object: AnyObject?
    }
    var byParent: [ObjectIdentifier: Held] = [:]
    /// Table size at which entries of dead parents are swept.
    var sweepAt = 256
  }

  /// Notes `children`, what the array of `parent`, which no run follows, holds now.
  static func noteChildren(_ children: [AnyObject], ofUnfollowed parent: ObjectHandle) {
    let key = parent.key
    let held =
      children.isEmpty
      ? nil
      : WaitingChildren.Held(
        parent: parent.object, children: children.map { WaitingChildren.WeakObject(object: $0) })
    waitingChildren.withLock { table in
      if table.byParent.count >= table.sweepAt {
        table.byParent = table.byParent.filter { $0.value.parent != nil }
        table.sweepAt = max(256, table.byParent.count * 2)
      }
      table.byParent[key] = held
    }
  }

  /// Takes the children `parent`'s array held while no run followed it, those that live.
  static func takeWaitingChildren(of parent: ObjectHandle) -> [ObjectHandle] {
    let key = parent.key
    guard let held = waitingChildren.withLock({ $0.byParent.removeValue(forKey: key) }),
      held.parent === parent.object
    else { return [] }
    return held.children.compactMap { $0.object.map(ObjectHandle.init) }
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
      let known = table.entry(for: child)
      let pending = known?.startIsPending ?? false
      let entry = Entry(coordinator: child.object, recorder: recorder, parent: parent.object)
      // Started under this parent already (it started the child before keeping it): still running.
      entry.isRunning = pending || (known?.recorder != nil && known?.isRunning == true)
      table.insert(entry, for: child)
      return (recorder, pending)
    }
  }

  /// What `coordinator`'s start is recorded with: its run and its parent; or `nil` when nothing
  /// is to be recorded: it is running already (its start was recorded and it has not finished),
  /// or it is not followed yet, in which case the start waits for its attach.
  ///
  /// A coordinator no parent attached (no `@RecordedChildren` array holds it) is followed under
  /// the followed coordinator that holds it in a stored property (`let payments = Payments…`,
  /// a lazy or optional property, a plain array or dictionary of children): many apps keep their
  /// children so. One that nothing holds yet is followed under the followed coordinator whose
  /// read of its router waits (it made the child with its router, `Child(router: router)`, and
  /// keeps it once started: `child.start(); self.child = child`, or appends it after); else its
  /// start waits for an attach, or for a read of its router once a followed coordinator holds it.
  static func start(of coordinator: ObjectHandle) -> (recorder: Recorder, parent: ObjectHandle?)? {
    let known = table.withLock { table -> (recorder: Recorder, parent: ObjectHandle?)?? in
      guard let entry = table.entry(for: coordinator), let recorder = entry.recorder else {
        return .some(nil)
      }
      guard !entry.isRunning else { return nil }
      entry.startIsPending = false
      entry.isRunning = true
      return (recorder, entry.parent.map(ObjectHandle.init))
    }
    switch known {
    case .some(.some(let start)): return start
    case .none: return nil
    case .some(.none): break
    }
    // Looked for outside the lock: reading a coordinator's properties may run its code
    // (a custom mirror), which may report to the recorder.
    if let start = startUnderHolder(of: coordinator) { return start }
    if let (reader, _) = waitingRead(), reader !== coordinator.object,
      let start = startRunning(coordinator, under: ObjectHandle(reader))
    {
      return start
    }
    let queueTurnEnd = table.withLock { table in
      guard table.entry(for: coordinator) == nil else { return false }
      let entry = Entry(coordinator: coordinator.object, recorder: nil, parent: nil)
      entry.startIsPending = true
      entry.startTurn = table.turn
      table.insert(entry, for: coordinator)
      // Its turn ends, whether or not a followed coordinator reads in it: a coordinator a screen
      // owns, started while the followed ones are idle, is a root at its first read after.
      return table.claimTurnEnd()
    }
    if queueTurnEnd { queueTheTurnsEnd() }
    return nil
  }

  /// Follows `coordinator`, whose start waits, under the followed coordinator that holds it in a
  /// stored property, if one does now: what its start is recorded with.
  private static func startUnderHolder(of coordinator: ObjectHandle) -> (
    recorder: Recorder, parent: ObjectHandle
  )? {
    holder(of: coordinator).flatMap { startRunning(coordinator, under: $0) }
  }

  /// Follows `coordinator`, starting now, under `parent` where `parent` is followed: its run, and
  /// its parent, for its start.
  private static func startRunning(_ coordinator: ObjectHandle, under parent: ObjectHandle) -> (
    recorder: Recorder, parent: ObjectHandle
  )? {
    guard let attached = attach(coordinator, to: parent) else { return nil }
    table.withLock { table in
      table.entry(for: coordinator)?.isRunning = true
      table.entry(for: coordinator)?.startIsPending = false
    }
    return (attached.recorder, parent)
  }

  /// Notes that `coordinator` finished: a later start is a new run of its flow.
  static func finish(of coordinator: ObjectHandle) {
    table.withLock { $0.entry(for: coordinator)?.isRunning = false }
  }

  /// The followed coordinator, latest followed first, that holds `child` in a stored property.
  private static func holder(of child: ObjectHandle) -> ObjectHandle? {
    let parents = table.withLock { table in
      table.entries.values.filter {
        $0.recorder != nil && $0.coordinator != nil && $0.coordinator !== child.object
      }
      .sorted { $0.order > $1.order }.compactMap(\.coordinator)
    }
    return parents.first { holds($0, child.object) }.map(ObjectHandle.init)
  }

  /// Whether `object`'s stored properties hold `child`: directly, in an optional, or in a
  /// collection or value (a property wrapper's storage) up to a few levels down, never inside
  /// another object.
  private static func holds(_ object: AnyObject, _ child: AnyObject) -> Bool {
    func search(_ mirror: Mirror, depth: Int) -> Bool {
      var current: Mirror? = mirror
      while let level = current {
        for (_, value) in level.children {
          let valueMirror = Mirror(reflecting: value)
          if valueMirror.displayStyle == .class {
            if (value as AnyObject) === child { return true }
            continue
          }
          if depth < 3, !valueMirror.children.isEmpty, search(valueMirror, depth: depth + 1) { return true }
        }
        current = level.superclassMirror
      }
      return false
    }
    return search(Mirror(reflecting: object), depth: 0)
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
  static func noteRead(by coordinator: ObjectHandle, value: AnyObject? = nil) {
    let (followedBy, waitsToStart, startedEarlier) = table.withLock { table in
      let entry = table.entry(for: coordinator)
      return (
        entry?.recorder, entry?.startIsPending ?? false, entry?.startTurn.map { $0 != table.turn } ?? false
      )
    }
    var recorder = followedBy
    if recorder == nil, waitsToStart, let start = startUnderHolder(of: coordinator) {
      // It started before anything held it, and a followed coordinator keeps it now: its start,
      // late, then its navigation.
      start.recorder.recordStart(of: coordinator, parent: start.parent)
      recorder = start.recorder
    } else if recorder == nil, waitsToStart, startedEarlier, let run = runForUIKit() {
      // Started in an earlier turn and attached by no followed coordinator since: kept by what
      // no run follows (a screen that owns its coordinator, a window), it is a root of the run.
      table.withLock { table in
        table.insert(Entry(coordinator: coordinator.object, recorder: run, parent: nil), for: coordinator)
        table.entry(for: coordinator)?.isRunning = true
      }
      run.recordStart(of: coordinator, parent: nil)
      recorder = run
    }
    guard let recorder else {
      // A coordinator no run follows read its router: what comes next is not a followed one's.
      // An app that records nothing ends here, at one lock more.
      table.withLock { table in
        guard table.latest != nil || !table.readers.isEmpty else { return }
        table.latest = nil
        guard waitsToStart, let value else { return table.readers.removeAll() }
        // A child that started before anything held it (its parent made it with a navigation
        // controller of its own), whose router is read to be shown: `navigation.present(child.
        // navigation)`. The read before it is still the one asking, for that container, as under
        // a followed child's read; any other navigation names no coordinator.
        for (key, waiting) in table.readers where waiting.coordinator != nil {
          let read = Reader(
            coordinator: nil, recorder: waiting.recorder, seq: waiting.seq, turn: waiting.turn,
            task: waiting.task, value: value)
          read.previous = waiting
          table.readers[key] = read
        }
      }
      return
    }
    // Read outside the table's lock: the recorder takes this lock under its own.
    let seq = recorder.eventCount
    let task = currentTask()
    let queueTurnEnd = table.withLock { table in
      let reader = Reader(
        coordinator: coordinator.object, recorder: recorder, seq: seq, turn: table.turn, task: task,
        value: value)
      if let waiting = table.readers[ObjectIdentifier(recorder)], waiting.seq == seq,
        isCurrent(waiting, turn: table.turn, task: task), waiting.coordinator !== coordinator.object
      {
        waiting.previous = nil
        reader.previous = waiting
      }
      table.latest = reader
      if table.readers.count >= 16 { table.readers = table.readers.filter { $0.value.recorder != nil } }
      table.readers[ObjectIdentifier(recorder)] = reader
      return table.claimTurnEnd()
    }
    if queueTurnEnd { queueTheTurnsEnd() }
  }

  /// Queues the block that ends the main queue's turn (one at a time: the caller claimed it,
  /// under the table's lock, ``Table/claimTurnEnd()``).
  private static func queueTheTurnsEnd() {
    DispatchQueue.main.async {
      table.withLock { table in
        table.turn += 1
        table.turnEndIsQueued = false
      }
    }
  }

  /// Ends the main queue's turn now: what a person does comes in a turn of its own. Headless
  /// journeys run every gesture inside one block of the main queue, where the block queued to end
  /// the turn cannot run; the journeys' person (and the model of UIKit) end it before each gesture.
  static func endTurn() {
    table.withLock { table in
      table.turn += 1
      table.readers.removeAll()
      table.latest = nil
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
    // Compared outside the table's lock, as in noteRead: a read followed by another event is spent,
    // and so is one of a run that has finished (a task that ended may leave its identity to a new
    // one, as tests run one after another: its read is no one's).
    guard let (coordinator, recorder, seq) = read, let recorder, recorder.eventCount == seq,
      recorder.isRecording
    else { return nil }
    return (coordinator, recorder)
  }

  /// Runs `record`, which records what nobody asked for now (a dismissal made elsewhere, earlier,
  /// caught up with), keeping the read that waits in `recorder`'s run for the navigation it leads
  /// to: the events `record` adds do not spend it.
  static func keepingWaitingRead(in recorder: Recorder, _ record: () -> Void) {
    let waiting =
      waitingRead(in: recorder) == nil ? nil : table.withLock { $0.readers[ObjectIdentifier(recorder)] }
    record()
    guard let waiting, let coordinator = waiting.coordinator else { return }
    let seq = recorder.eventCount
    table.withLock { table in
      let renewed = Reader(
        coordinator: coordinator, recorder: recorder, seq: seq, turn: waiting.turn, task: waiting.task,
        value: waiting.value)
      renewed.previous = waiting.previous
      table.readers[ObjectIdentifier(recorder)] = renewed
      if table.latest === waiting { table.latest = renewed }
    }
  }

  /// The coordinator that read its router just before this router event of `recorder`'s run,
  /// if `recorder` follows it; the read is used up either way.
  /// - Parameter screen: The screen the event shows: a read that gave it (a child coordinator's
  ///   navigation controller, read to present it: `navigation.present(child.navigation, …)`),
  ///   or gave a router of the app's own that holds it (`router.present(child.toPresentable())`,
  ///   where the child's router hands out its navigation controller), is passed over for the
  ///   read before it, the coordinator asking.
  static func takeReader(for recorder: Recorder, showing screen: AnyObject? = nil) -> (
    coordinator: ObjectHandle, seq: Int
  )? {
    let task = currentTask()
    let taken = table.withLock { table -> (last: Reader, before: Reader?, gave: AnyObject?)? in
      guard let reader = table.readers.removeValue(forKey: ObjectIdentifier(recorder)),
        reader.recorder === recorder, isCurrent(reader, turn: table.turn, task: task)
      else { return nil }
      return (reader, reader.previous, reader.value)
    }
    guard let taken else { return nil }
    var reader = taken.last
    // Looked into outside the lock, as in `holder(of:)`: a router's properties may be its code.
    // Only a container is handed out so (a router that keeps what it pushes, as `RouterImp`'s
    // completions do, would hold every screen its own coordinator shows).
    if let screen, let before = taken.before, let gave = taken.gave,
      gave === screen || (screen is any RecordedContainer && holds(gave, screen))
    {
      reader = before
    }
    guard let coordinator = reader.coordinator else { return nil }
    return (ObjectHandle(coordinator), reader.seq)
  }
}
