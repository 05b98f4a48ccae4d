extension NavigationDiff {
  /// The diff as JSON, with the same field names and sort orders as `model.json`.
  package var json: String {
    let file = File(
      old: oldApp, new: newApp, addedScreens: addedScreens, removedScreens: removedScreens,
      addedCoordinators: addedCoordinators, removedCoordinators: removedCoordinators,
      addedTransitions: addedTransitions.map(ModelFile.TransitionEntry.init),
      removedTransitions: removedTransitions.map(ModelFile.TransitionEntry.init),
      changedTriggers: changedTriggers.map { change in
        File.TriggerChangeEntry(
          from: change.transition.from, to: change.transition.to, kind: change.transition.kind.rawValue,
          coordinator: change.transition.coordinator, old: change.old, oldAutomatic: change.oldAutomatic,
          new: change.new, newAutomatic: change.newAutomatic)
      },
      addedContainers: addedContainers, removedContainers: removedContainers,
      ownerChanges: ownerChanges.map { File.OwnerChangeEntry(screen: $0.screen, old: $0.old, new: $0.new) })
    return String(decoding: ModelJSONEncoder.bytes(file), as: UTF8.self) + "\n"
  }

  /// The diff's JSON, key by key in the order written.
  private struct File: Encodable {
    var flowatlas = "diff"
    var version = 1
    var old: String
    var new: String
    var addedScreens: [String]
    var removedScreens: [String]
    var addedCoordinators: [String]
    var removedCoordinators: [String]
    var addedTransitions: [ModelFile.TransitionEntry]
    var removedTransitions: [ModelFile.TransitionEntry]
    /// Transitions of both versions taken on other triggers, in export order.
    var changedTriggers: [TriggerChangeEntry]
    var addedContainers: [String]
    var removedContainers: [String]
    var ownerChanges: [OwnerChangeEntry]

    struct TriggerChangeEntry: Encodable {
      var from: String?
      var to: String
      var kind: String
      var coordinator: String?
      var old: [String]
      var oldAutomatic: Bool
      var new: [String]
      var newAutomatic: Bool
    }

    struct OwnerChangeEntry: Encodable {
      var screen: String
      var old: String?
      var new: String?
    }
  }
}
