/// What changed in an app's navigation between two versions, for a design review:
/// screens, coordinators and transitions that appeared or disappeared, and screens
/// that moved to another flow.
///
/// Transitions are compared by identity (from, to, kind, coordinator), and those of both versions
/// by their triggers, not by count: how often a path was recorded depends on the journeys, not on
/// the design, while the action that takes it is the design.
package struct NavigationDiff: Hashable, Sendable {
  /// A screen whose owning flow changed.
  package struct OwnerChange: Hashable, Sendable {
    package var screen: String
    package var old: String?
    package var new: String?

    package init(screen: String, old: String?, new: String?) {
      self.screen = screen
      self.old = old
      self.new = new
    }
  }

  /// A screen of both versions whose picture is not the same (design review: before and after).
  package struct PictureChange: Hashable, Sendable {
    package var screen: String
    package var old: CheckedPicture
    package var new: CheckedPicture
  }

  /// A transition of both versions taken on other triggers, none of them the other version's: a
  /// button that became a gesture, an automatic step that now waits for a tap. (Where the triggers
  /// overlap, the runs took more or fewer of its ways, which says more of the journeys than of the
  /// design: the diagram marks it, no list does.)
  package struct TriggerChange: Hashable, Sendable {
    /// The new version's (its from, to, kind and coordinator are the old one's too).
    package var transition: Transition
    /// The triggers, sorted; empty where every time was automatic.
    package var old: [String]
    package var new: [String]
    /// Whether some times were automatic, beside the triggers.
    package var oldAutomatic: Bool
    package var newAutomatic: Bool
  }

  /// The ways a transition was taken, as a diff compares them: each action or gesture, a deep
  /// link (whatever its URL, which a journey chooses), and automatically.
  private enum Way: Hashable {
    case trigger(String)
    case deepLink
    case automatic
  }

  /// - Parameter links: the deep links of both versions' transition (a `model.json` does not
  ///   tell them from other triggers: the other side's say).
  private static func ways(_ transition: Transition, links: Set<String>) -> Set<Way> {
    var ways = Set(transition.triggers.filter { !links.contains($0) }.map(Way.trigger))
    if transition.triggers.contains(where: links.contains) { ways.insert(.deepLink) }
    if transition.automatic > 0 || transition.triggers.isEmpty { ways.insert(.automatic) }
    return ways
  }

  package var oldApp: String
  package var newApp: String
  /// Sorted.
  package private(set) var addedScreens: [String]
  package private(set) var removedScreens: [String]
  package private(set) var addedCoordinators: [String]
  package private(set) var removedCoordinators: [String]
  /// In export order; counts and triggers are the side's own.
  package private(set) var addedTransitions: [Transition]
  package private(set) var removedTransitions: [Transition]
  /// In export order.
  package private(set) var changedTriggers: [TriggerChange]
  /// Sorted by screen.
  package private(set) var ownerChanges: [OwnerChange]
  /// Container types (tab bar controllers, presented navigation controllers), sorted.
  package private(set) var addedContainers: [String]
  package private(set) var removedContainers: [String]
  /// Screens of both versions, each with a picture, whose pictures differ (by their bytes),
  /// sorted by screen. Not navigation: ``isEmpty`` does not count them.
  package private(set) var changedPictures: [PictureChange]

  /// True when the two versions navigate the same way.
  package var isEmpty: Bool {
    addedScreens.isEmpty && removedScreens.isEmpty && addedCoordinators.isEmpty
      && removedCoordinators.isEmpty && addedTransitions.isEmpty && removedTransitions.isEmpty
      && changedTriggers.isEmpty && ownerChanges.isEmpty && addedContainers.isEmpty
      && removedContainers.isEmpty
  }

  /// Compares `old` with `new`.
  /// - Parameters:
  ///   - old: the app before the change (e.g. the release branch's traces).
  ///   - new: the app after it.
  package init(old: AppModel, new: AppModel) {
    // A side recorded without modules names a type as the other's one `Module.Type` of that name.
    let (old, new) = (old.matchingModules(of: new), new.matchingModules(of: old))
    oldApp = old.name
    newApp = new.name
    let oldScreens = Set(old.screens.map(\.type))
    let newScreens = Set(new.screens.map(\.type))
    addedScreens = newScreens.subtracting(oldScreens).sorted()
    removedScreens = oldScreens.subtracting(newScreens).sorted()
    let oldCoordinators = Set(old.coordinators.map(\.type))
    let newCoordinators = Set(new.coordinators.map(\.type))
    addedCoordinators = newCoordinators.subtracting(oldCoordinators).sorted()
    removedCoordinators = oldCoordinators.subtracting(newCoordinators).sorted()
    let oldEdges = Set(old.transitions.map(\.identity))
    let newEdges = Set(new.transitions.map(\.identity))
    addedTransitions = new.transitions.filter { !oldEdges.contains($0.identity) }
    removedTransitions = old.transitions.filter { !newEdges.contains($0.identity) }
    let oldByIdentity = Dictionary(
      old.transitions.map { ($0.identity, $0) }, uniquingKeysWith: { first, _ in first })
    changedTriggers = new.transitions.compactMap { transition in
      // Which of several ways a journey took depends on the journey: only ways that share none
      // are another way (automatic counts as a way, so a step that now waits for a tap is one).
      // Going back is the system's or a button's as the person chooses, as contracts take it.
      guard !transition.kind.isBack, let before = oldByIdentity[transition.identity] else { return nil }
      let links = Set(before.deeplinks + transition.deeplinks)
      guard Self.ways(before, links: links).isDisjoint(with: Self.ways(transition, links: links)) else {
        return nil
      }
      return TriggerChange(
        transition: transition, old: before.triggers, new: transition.triggers,
        oldAutomatic: before.automatic > 0 || before.triggers.isEmpty,
        newAutomatic: transition.automatic > 0 || transition.triggers.isEmpty)
    }
    let oldContainers = Set(old.containers.map(\.type))
    let newContainers = Set(new.containers.map(\.type))
    addedContainers = newContainers.subtracting(oldContainers).sorted()
    removedContainers = oldContainers.subtracting(newContainers).sorted()
    ownerChanges = Self.ownerChanges(old: old, new: new)
    let oldPictures = Dictionary(
      old.screens.compactMap { screen in screen.picture.map { (screen.type, $0) } },
      uniquingKeysWith: { first, _ in first })
    changedPictures = new.screens.compactMap { screen in
      guard let after = screen.picture, let before = oldPictures[screen.type], before.hash != after.hash
      else {
        return nil
      }
      return PictureChange(screen: screen.type, old: before, new: after)
    }.sorted { $0.screen < $1.screen }
  }

  /// The screens of both versions now in another flow, by their names as given (the diff's own
  /// read them with modules matched; the diff diagram, as it draws them).
  ///
  /// A screen's owner is who showed it most often: where both coordinators showed it in both
  /// versions, only how often each was recorded changed, which is no move.
  package static func ownerChanges(old: AppModel, new: AppModel) -> [OwnerChange] {
    let oldOwners = Dictionary(
      old.screens.map { ($0.type, $0.owner) }, uniquingKeysWith: { first, _ in first })
    let (oldShowers, newShowers) = (showers(old), showers(new))
    return new.screens.compactMap { screen in
      guard let previous = oldOwners[screen.type], previous != screen.owner else { return nil }
      if let previous, let now = screen.owner, oldShowers[screen.type]?.contains(now) == true,
        newShowers[screen.type]?.contains(previous) == true
      {
        return nil
      }
      return OwnerChange(screen: screen.type, old: previous, new: screen.owner)
    }
  }

  /// Each screen type's coordinators that showed it (set it as a root, pushed or presented it).
  private static func showers(_ app: AppModel) -> [String: Set<String>] {
    var showers: [String: Set<String>] = [:]
    for transition in app.transitions
    where transition.kind == .push || transition.kind == .present
      || transition.kind == .setRoot
    {
      if let coordinator = transition.coordinator { showers[transition.to, default: []].insert(coordinator) }
    }
    return showers
  }
}
