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
    /// Sorted; empty where every time was automatic.
    package var old: [String]
    package var new: [String]
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
    let oldTriggers = Dictionary(
      old.transitions.map { ($0.identity, $0.triggers) }, uniquingKeysWith: { first, _ in first })
    changedTriggers = new.transitions.compactMap { transition in
      // Which of several ways a journey took depends on the journey: only triggers that share none
      // are another way (an automatic step has none, so one that now waits for a tap is too).
      guard let before = oldTriggers[transition.identity], before != transition.triggers,
        Set(before).isDisjoint(with: transition.triggers)
      else { return nil }
      return TriggerChange(transition: transition, old: before, new: transition.triggers)
    }
    let oldOwners = Dictionary(
      old.screens.map { ($0.type, $0.owner) }, uniquingKeysWith: { first, _ in first })
    let oldContainers = Set(old.containers.map(\.type))
    let newContainers = Set(new.containers.map(\.type))
    addedContainers = newContainers.subtracting(oldContainers).sorted()
    removedContainers = oldContainers.subtracting(newContainers).sorted()
    ownerChanges = new.screens.compactMap { screen in
      guard let previous = oldOwners[screen.type], previous != screen.owner else { return nil }
      return OwnerChange(screen: screen.type, old: previous, new: screen.owner)
    }
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
}
