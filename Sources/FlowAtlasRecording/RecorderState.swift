import FlowAtlasTrace

/// What a ``Recorder`` guards with its lock: the sequence number and the id tables.
///
/// Objects are keyed by identity and held weakly; an entry whose object died is stale, and
/// a new object at the same address gets a new id.
struct RecorderState: ~Copyable {
  struct Named {
    var reference: ObjectReference
    var id: String
  }

  struct NamedScreen {
    var reference: ObjectReference
    var screen: Screen
    /// False while only `user.action` named it: its next mention must be the object form.
    var isIntroduced = true
  }

  let ids: RecordingIDs
  var seq = 0
  var isFinished = false
  var coordinatorCount = 0
  var screenCount = 0
  var routerCount = 0
  var coordinators: [ObjectIdentifier: Named] = [:]
  var screens: [ObjectIdentifier: NamedScreen] = [:]
  /// Table size at which dead entries are swept, so a long run naming many short-lived
  /// screens does not grow without bound.
  private var sweepScreensAt = 1024
  private var sweepCoordinatorsAt = 1024

  init(ids: RecordingIDs) {
    self.ids = ids
  }

  mutating func coordinatorID(for object: ObjectReference) -> String {
    let key = object.key
    if let named = coordinators[key], named.reference.isSameObject(as: object) { return named.id }
    if coordinators.count >= sweepCoordinatorsAt {
      coordinators = coordinators.filter { $0.value.reference.isAlive }
      sweepCoordinatorsAt = max(1024, coordinators.count * 2)
    }
    coordinatorCount += 1
    let id = ids.id(.coordinator, coordinatorCount)
    coordinators[key] = Named(reference: object, id: id)
    return id
  }

  /// The id of a coordinator being released, forgotten so its address can be reused.
  mutating func releaseCoordinator(_ key: ObjectIdentifier) -> String? {
    coordinators.removeValue(forKey: key)?.id
  }

  /// How the next event mentions `object`: the whole screen on first sight or when its
  /// title changed, its id otherwise.
  mutating func mention(
    screen object: ObjectReference, type: any Any.Type, title: String?
  ) -> ScreenMention {
    let key = object.key
    if let named = screens[key], named.reference.isSameObject(as: object) {
      if named.isIntroduced, named.screen.title == title { return .reference(named.screen.id) }
      let screen = Screen(id: named.screen.id, type: String(describing: type), title: title)
      screens[key] = NamedScreen(reference: object, screen: screen)
      return .introduce(screen)
    }
    if screens.count >= sweepScreensAt {
      screens = screens.filter { $0.value.reference.isAlive }
      sweepScreensAt = max(1024, screens.count * 2)
    }
    screenCount += 1
    let screen = Screen(
      id: ids.id(.screen, screenCount), type: String(describing: type), title: title)
    screens[key] = NamedScreen(reference: object, screen: screen)
    return .introduce(screen)
  }

  /// The id of `object`, assigning one on first sight; a screen first named here is
  /// introduced by its next router event.
  mutating func screenID(for object: ObjectReference, type: any Any.Type) -> String {
    if let named = screens[object.key], named.reference.isSameObject(as: object) {
      return named.screen.id
    }
    screenCount += 1
    let screen = Screen(id: ids.id(.screen, screenCount), type: String(describing: type))
    screens[object.key] = NamedScreen(reference: object, screen: screen, isIntroduced: false)
    return screen.id
  }
}
