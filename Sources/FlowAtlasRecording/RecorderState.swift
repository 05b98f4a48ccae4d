import FlowAtlasTrace

/// What a ``Recorder`` guards with its lock: the sequence number and the id tables.
///
/// Objects are keyed by identity and held weakly; an entry whose object died is stale, and
/// a new object at the same address gets a new id.
struct RecorderState: ~Copyable {
  let ids: RecordingIDs
  var seq = 0
  var isFinished = false
  var coordinatorCount = 0
  var screenCount = 0
  var routerCount = 0
  var containerCount = 0
  private var coordinators: [ObjectIdentifier: NamedObject] = [:]
  /// The coordinators whose start or attach the run recorded: those whose release it records.
  private var lifecycles: Set<String> = []
  /// Coordinators released with no `deinit` recorded (the app's own coordinators report none),
  /// found where their entries were swept or their addresses reused: recorded at the next look
  /// for released coordinators (``isReleaseCheckDue(after:)``).
  private var released: [String] = []
  private var eventsSinceReleaseCheck = 0
  /// Set by a coordinator's lifecycle event: the look for released coordinators follows it.
  var releaseCheckIsAsked = false
  /// Whether types are written with their modules (``Recorder/recordModules()``).
  var recordsModules = false
  /// The roots given to `follow` that have not reported their start yet.
  var followedRoots: [(key: ObjectIdentifier, type: String)] = []
  /// The window's root container, once one was recorded: a second appearance of the same root
  /// (a full-screen cover dismissed over it) is no new root.
  var windowRoot: ObjectIdentifier?
  /// A recorded container appeared in the app's window.
  var sawTheWindow = false
  /// The router of the run's first navigation controller.
  var firstNavigation: String?
  private var screens: [ObjectIdentifier: NamedObject] = [:]
  /// Plain wrappers the run showed as a screen (a `UINavigationController` itself, shown as its
  /// first screen), each with that screen's entry, kept though the screen is released.
  private var wrappers: [ObjectIdentifier: Wrapped] = [:]
  /// The app's own containers that showed a recorded container, with their routers' ids.
  private var containers: [ObjectIdentifier: NamedObject] = [:]
  /// Screenshots, once the app asked for them (`Recorder.takeScreenshots`).
  var screenshots: ScreenshotSettings?
  /// The screen types pictured so far.
  var picturedTypes: Set<String> = []
  /// The screen pictured last and the `seq` of its picture's event: shown again with nothing
  /// recorded since (a tab's navigation controller and its tab bar both say it appeared), it is
  /// the same showing, pictured once.
  var lastPictured: (screen: ObjectIdentifier, seq: Int)?
  /// Table size at which dead entries are swept, so a long run naming many short-lived
  /// objects does not grow without bound.
  private var sweepScreensAt = 1024
  private var sweepCoordinatorsAt = 1024

  init(ids: RecordingIDs) {
    self.ids = ids
  }

  /// What each container of the app's own shows, as the run recorded it last.
  private var containerRoots: [ObjectIdentifier: ObjectIdentifier] = [:]

  /// Notes `root` as what `parent`, a container of the app's own, shows: false where the run
  /// recorded it so already (it appears again, a full-screen cover dismissed over it).
  mutating func noteContainerRoot(_ root: ObjectIdentifier, of parent: ObjectHandle) -> Bool {
    let parentKey = parent.key
    guard containerRoots[parentKey] != root || containers[parentKey]?.names(parent) != true else {
      return false
    }
    containerRoots[parentKey] = root
    return true
  }

  /// The router id of `handle`'s container of the app's own, made on first sight.
  mutating func containerRouterID(for handle: ObjectHandle) -> String {
    routerID(of: handle) { state in
      state.containerCount += 1
      return state.ids.id(.containerRouter, state.containerCount)
    }
  }

  /// The router id the run gave `handle`, a view controller of the app's own that shows others,
  /// else one `make` makes now.
  private mutating func routerID(of handle: ObjectHandle, make: (inout Self) -> String) -> String {
    if let named = containers[handle.key], named.names(handle) { return named.id }
    let id = make(&self)
    containers[handle.key] = NamedObject(object: handle.object, id: id)
    return id
  }

  /// The router id of `handle`, a tab that is no navigation controller: a router of its own, made
  /// on first sight, which is also the router of what it shows as a container of the app's own
  /// (WooCommerce's tab container showing a navigation controller), so that what it shows is the
  /// tab's. `shown`, where given, is noted as what it shows already.
  mutating func tabRouterID(for handle: ObjectHandle, showing shown: ObjectIdentifier?) -> String {
    let id = routerID(of: handle) { state in
      state.routerCount += 1
      return state.ids.id(.router, state.routerCount)
    }
    if let shown { containerRoots[handle.key] = shown }
    return id
  }

  /// The id of a coordinator the run has named already (started, attached or asking), or nil.
  func knownCoordinatorID(for handle: ObjectHandle) -> String? {
    guard let named = coordinators[handle.key], named.names(handle) else { return nil }
    return named.id
  }

  mutating func coordinatorID(for handle: ObjectHandle) -> String {
    let key = handle.key
    if let named = coordinators[key], named.names(handle) { return named.id }
    if let dead = coordinators[key], dead.object == nil { noteReleased(dead.id) }
    if coordinators.count >= sweepCoordinatorsAt {
      for named in coordinators.values where named.object == nil { noteReleased(named.id) }
      coordinators = coordinators.filter { $0.value.object != nil }
      sweepCoordinatorsAt = max(1024, coordinators.count * 2)
    }
    coordinatorCount += 1
    let id = ids.id(.coordinator, coordinatorCount)
    coordinators[key] = NamedObject(object: handle.object, id: id)
    return id
  }

  /// The id of the coordinator that read its router (``RecordedRouter``) when this run had
  /// recorded `reader.seq` events, if it recorded none since: the one asking now.
  /// A coordinator that read its router before the run recorded its start is not named: the
  /// trace names only coordinators it started.
  mutating func coordinatorID(readBy reader: (coordinator: ObjectHandle, seq: Int)?) -> String? {
    guard let reader, reader.seq == seq else { return nil }
    return knownCoordinatorID(for: reader.coordinator)
  }

  /// The followed roots that never reported their start, by type.
  var followedButSilent: [String] { followedRoots.map(\.type) }

  /// The id of a coordinator being released, forgotten so its address can be reused.
  mutating func releaseCoordinator(_ key: ObjectIdentifier) -> String? {
    guard let id = coordinators.removeValue(forKey: key)?.id else { return nil }
    lifecycles.remove(id)
    return id
  }

  /// The id of a coordinator whose start or attach is being recorded.
  mutating func lifecycleID(for handle: ObjectHandle) -> String {
    let id = coordinatorID(for: handle)
    lifecycles.insert(id)
    return id
  }

  private mutating func noteReleased(_ id: String) {
    if lifecycles.remove(id) != nil { released.append(id) }
  }

  /// Whether to look for released coordinators after the event just recorded: a coordinator's
  /// lifecycle event (which sets ``releaseCheckIsAsked``), or every 16th event (a look costs a weak
  /// load per coordinator alive; the count, a few instructions per event).
  mutating func isReleaseCheckDue() -> Bool {
    eventsSinceReleaseCheck &+= 1
    guard releaseCheckIsAsked || eventsSinceReleaseCheck >= 16 else { return false }
    releaseCheckIsAsked = false
    eventsSinceReleaseCheck = 0
    return !lifecycles.isEmpty || !released.isEmpty
  }

  /// The coordinators the run recorded starting or attached that were released with no `deinit`
  /// recorded (the app's own coordinators, which report none: the spec's orphan rule then exempts
  /// them), in the order the run named them; forgotten.
  mutating func takeReleasedCoordinators() -> [String] {
    var dead: [ObjectIdentifier] = []
    for (key, named) in coordinators where named.object == nil { dead.append(key) }
    for key in dead {
      if let named = coordinators.removeValue(forKey: key) { noteReleased(named.id) }
    }
    guard !released.isEmpty else { return [] }
    defer { released = [] }
    return released.sorted { ($0.count, $0) < ($1.count, $1) }
  }

  /// How the next event mentions `handle`'s screen: the whole screen on first sight, or when its
  /// title or the routers it hosts changed; its id otherwise.
  /// - Parameters:
  ///   - type: The screen's type name as the trace writes it.
  ///   - hosts: For a container (revision 4), the router ids it shows.
  ///   - shownBy: for an event that puts the screen on a stack, the coordinator that
  ///     did (read back by ``coordinator(showing:)``), noted in the same look-up: this is
  ///     recording's hot path.
  ///   - wrapper: the plain wrapper (a `UINavigationController` itself) shown as this screen, its
  ///     first: known by this screen from now on, whatever it holds later (``mentionLeaving``).
  mutating func mention(
    screen handle: ObjectHandle, type: RecordedType, title: String?, hosts: [String]? = nil,
    shownBy: String?? = nil, wrapper: ObjectHandle? = nil
  ) -> ScreenMention {
    let key = handle.key
    if let named = screens[key], named.names(handle), let known = named.screen {
      if let shownBy { named.shownBy = shownBy }
      if let wrapper { wrappers[wrapper.key] = Wrapped(wrapper: wrapper.object, screen: named) }
      if known.title == title, hosts == nil || known.hosts == hosts { return .reference(named.id) }
      let screen = Screen(
        id: named.id, type: known.type, title: title, module: known.module, hosts: hosts ?? known.hosts)
      named.screen = screen
      return .introduce(screen)
    }
    let screen = Screen(
      id: newScreenID(), type: type.name, title: title, module: writtenModule(of: type), hosts: hosts)
    let named = NamedObject(object: handle.object, id: screen.id, screen: screen)
    if let shownBy { named.shownBy = shownBy }
    screens[key] = named
    if let wrapper { wrappers[wrapper.key] = Wrapped(wrapper: wrapper.object, screen: named) }
    return .introduce(screen)
  }

  /// How an event that removes a screen mentions it: where it leaves as `wrapper` (a plain
  /// navigation controller, `handle` its first screen now) that the run showed as a screen (its
  /// first then, or itself, presented empty), as that screen, even one replaced or released since;
  /// else as ``mention(screen:type:title:hosts:shownBy:wrapper:)`` does.
  mutating func mentionLeaving(
    screen handle: ObjectHandle, type: RecordedType, title: String?, wrapper: ObjectHandle?
  ) -> ScreenMention {
    if let wrapper, let named = entry(of: wrapper) { return .reference(named.id) }
    return mention(screen: handle, type: type, title: title)
  }

  /// Forgets the screen `wrapper` was shown as, once it left: shown again, it is what it shows then.
  mutating func forget(wrapper: ObjectHandle) { wrappers[wrapper.key] = nil }

  /// `screen.update` for `handle`'s screen, when its title is now `title` (its view loaded and
  /// set it) and the trace gave another: nil for a screen this run never mentioned, or no news.
  mutating func titleUpdate(of handle: ObjectHandle, title: String?) -> TraceEvent? {
    guard let title, let named = screens[handle.key], named.names(handle), let known = named.screen,
      known.title != title
    else { return nil }
    let screen = Screen(id: named.id, type: known.type, title: title, module: known.module)
    named.screen = Screen(
      id: named.id, type: known.type, title: title, module: known.module, hosts: known.hosts)
    return .screenUpdate(screen: screen)
  }

  /// Whether the run has mentioned `handle`'s screen (and it is alive), or showed `handle` (a plain
  /// wrapper) as a screen.
  func knowsScreen(_ handle: ObjectHandle) -> Bool { entry(of: handle) != nil }

  /// The entry of `handle`'s screen: for a plain wrapper the run showed as a screen, that screen's
  /// (``mention(screen:type:title:hosts:shownBy:wrapper:)``), though it was once a screen itself
  /// (presented empty); else its own.
  private func entry(of handle: ObjectHandle) -> NamedObject? {
    if !wrappers.isEmpty, let wrapped = wrappers[handle.key], wrapped.wrapper === handle.object {
      return wrapped.screen
    }
    guard let named = screens[handle.key], named.names(handle) else { return nil }
    return named
  }

  /// The id of `handle`'s screen, if the run has mentioned it.
  func screenID(of handle: ObjectHandle) -> String? { entry(of: handle)?.id }

  /// The type of `handle`'s screen as the trace wrote it (`Module.Type` where it gave a module),
  /// if the run has mentioned it.
  func screenType(of handle: ObjectHandle) -> String? { entry(of: handle)?.screen?.qualifiedType }

  /// The module the trace writes for `type`: its own where the run records modules, but for the
  /// classes Objective-C declares (`__C`, no Swift module).
  func writtenModule(of type: RecordedType) -> String? {
    guard recordsModules, let module = type.module, module != "__C" else { return nil }
    return module
  }

  /// The coordinator that last showed `handle`'s screen, if it was shown here.
  func coordinator(showing handle: ObjectHandle) -> String? { entry(of: handle)?.shownBy }

  private mutating func newScreenID() -> String {
    if screens.count >= sweepScreensAt {
      screens = screens.filter { $0.value.object != nil }
      wrappers = wrappers.filter { $0.value.wrapper != nil }
      sweepScreensAt = max(1024, screens.count * 2)
    }
    screenCount += 1
    return ids.id(.screen, screenCount)
  }
}

/// A plain wrapper, held weakly, and the entry of the screen the run showed it as.
private struct Wrapped {
  weak var wrapper: AnyObject?
  let screen: NamedObject
}
