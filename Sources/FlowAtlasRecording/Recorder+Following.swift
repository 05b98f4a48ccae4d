import FlowAtlasTrace

/// Recording an app whose coordinators are its own: they keep their protocol and their base
/// class, and report with a few marked lines (``RecordedChildren``, ``RecordedRouter``,
/// ``started(_:)``, ``finished(_:output:)``). See `docs/own-coordinators.md`.
extension Recorder {
  /// Follows `root`, the app's root coordinator, and the coordinators attached under it:
  /// call it where the app makes its root coordinator, before starting it.
  /// - Parameter root: The root coordinator, of any class.
  public func follow(_ root: AnyObject) {
    FollowedCoordinators.follow(ObjectHandle(root), by: self)
    noteFollowed(root)
  }

  /// Records `coordinator.start`: call it first thing in the coordinator's `start()`.
  ///
  /// One that no `@RecordedChildren` array holds is followed under the followed coordinator that
  /// holds it in a stored property; one started before anything holds it, under the followed
  /// coordinator whose read of its router waits (which made it with its router), else when it is
  /// attached, or at its next read of its router once a followed coordinator holds it, or, held by
  /// nothing a run follows (a screen that owns its coordinator), as a root at its first read in a
  /// later turn of the main queue.
  /// A coordinator that is running already (started and not finished) records nothing: an app
  /// whose `start` also routes (`start(with: option)`) calls it for every flow and deep link.
  /// - Parameter coordinator: The coordinator starting (`self`).
  public static func started(_ coordinator: AnyObject) {
    let reference = ObjectHandle(coordinator)
    guard let (recorder, parent) = FollowedCoordinators.start(of: reference) else { return }
    recorder.recordStart(of: reference, parent: parent)
  }

  /// Says that `coordinator` asks for the navigation that comes next, as a read of a
  /// ``RecordedRouter`` property says it: for navigation through what no such property gives (a
  /// screen's own `present`, as `SceneCoordinator`s present from the sender; a computed property;
  /// a weak one). The next router event, if its run records nothing before, in this task and this
  /// turn of the main queue, names it.
  ///
  /// ```swift
  /// Recorder.asking(self)  // FlowAtlas
  /// sender.present(viewController, animated: true)
  /// ```
  /// - Parameter coordinator: The coordinator asking (`self`).
  public static func asking(_ coordinator: AnyObject) {
    FollowedCoordinators.noteRead(by: ObjectHandle(coordinator))
  }

  /// Records `coordinator.finish`: call it where the coordinator's flow ends, before it tells
  /// its parent (by delegate or closure), so the parent's removal is recorded after it.
  /// - Parameters:
  ///   - coordinator: The coordinator finishing (`self`).
  ///   - output: The flow's result for its parent, as text (for example `loggedIn`), if any.
  public static func finished(_ coordinator: AnyObject, output: String? = nil) {
    let reference = ObjectHandle(coordinator)
    FollowedCoordinators.finish(of: reference)
    FollowedCoordinators.recorder(of: reference)?.recordFinish(of: reference, output: output)
  }

  /// Ends the current turn of the main queue for the reads of routers (``RecordedRouter``): a
  /// person's gesture comes in a turn of its own. For headless journeys, which run every gesture
  /// in one turn; on a device the main queue ends each turn.
  package static func endTurn() {
    FollowedCoordinators.endTurn()
  }

  /// The run a UIKit object records in when nothing else ties it to one (see
  /// ``FollowedCoordinators/runForUIKit()``).
  package static var runForUIKit: Recorder? { FollowedCoordinators.runForUIKit() }

  /// Forgets which run this thread followed last, so that UIKit objects made before the next
  /// ``follow(_:)`` record in no run until one ties them: what a new app process starts with. For
  /// tests, which follow many runs on one thread, some never finished.
  package static func forgetThisThreadsLatestRun() {
    FollowedCoordinators.forgetLatestRun()
  }

  /// Records what changed in `parent`'s children: a `detach` for each one no longer there,
  /// then an `attach` for each new one, following it in this run, and the children it held before
  /// anything followed it in turn. Where `parent` is not followed, its children wait for it.
  static func childrenChanged(of parent: AnyObject, from old: [AnyObject], to new: [AnyObject]) {
    let parentReference = ObjectHandle(parent)
    guard let recorder = FollowedCoordinators.recorder(of: parentReference) else {
      return FollowedCoordinators.noteChildren(new, ofUnfollowed: parentReference)
    }
    let oldKeys = Set(old.map(ObjectIdentifier.init))
    let newKeys = Set(new.map(ObjectIdentifier.init))
    for child in old where !newKeys.contains(ObjectIdentifier(child)) {
      recorder.recordDetach(of: ObjectHandle(child), from: parentReference)
    }
    for child in new where !oldKeys.contains(ObjectIdentifier(child)) {
      let childReference = ObjectHandle(child)
      guard
        let (recorder, startIsPending) = FollowedCoordinators.attach(childReference, to: parentReference)
      else { continue }
      recorder.recordAttach(of: childReference, to: parentReference)
      if startIsPending { recorder.recordStart(of: childReference, parent: parentReference) }
      attachWaitingChildren(of: childReference)
    }
  }

  /// Attaches the children `coordinator`, followed now, held before anything followed it.
  static func attachWaitingChildren(of coordinator: ObjectHandle) {
    let children = FollowedCoordinators.takeWaitingChildren(of: coordinator)
    if !children.isEmpty { childrenChanged(of: coordinator.object, from: [], to: children.map(\.object)) }
  }

  /// The recorder of the coordinator whose read of its router (``RecordedRouter``) waits for the
  /// router event it leads to: the app's code is navigating on that coordinator's behalf.
  package static var recorderOfWaitingRead: Recorder? { FollowedCoordinators.waitingRead()?.recorder }

  /// The coordinator whose read of its router (``RecordedRouter``) waits for its router event.
  package static var coordinatorOfWaitingRead: AnyObject? { FollowedCoordinators.waitingRead()?.coordinator }

  /// The coordinator whose read of its router waits for its router event in this run.
  package var coordinatorOfWaitingRead: AnyObject? { FollowedCoordinators.waitingRead(in: self)?.coordinator }

  /// Runs `record`, which records what nobody asked for now, keeping the read of a router that
  /// waits in this run for the navigation it leads to.
  package func keepingWaitingRead(_ record: () -> Void) {
    FollowedCoordinators.keepingWaitingRead(in: self, record)
  }

  /// Notes that `coordinator` read its router (see ``RecordedRouter``).
  package static func noteRead(by coordinator: AnyObject, value: AnyObject? = nil) {
    FollowedCoordinators.noteRead(by: ObjectHandle(coordinator), value: value)
  }
}
