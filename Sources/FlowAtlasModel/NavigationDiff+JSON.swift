extension NavigationDiff {
  /// The diff as JSON, with the same field names and sort orders as `model.json`.
  package var json: String {
    var writer = JSONWriter()
    writer.object {
      $0.field("flowatlas") { $0.string("diff") }
      $0.field("version") { $0.number(1) }
      $0.field("old") { $0.string(oldApp) }
      $0.field("new") { $0.string(newApp) }
      $0.field("addedScreens") { $0.strings(addedScreens) }
      $0.field("removedScreens") { $0.strings(removedScreens) }
      $0.field("addedCoordinators") { $0.strings(addedCoordinators) }
      $0.field("removedCoordinators") { $0.strings(removedCoordinators) }
      $0.field("addedTransitions") { $0.array(addedTransitions) { writer, edge in edge.write(to: &writer) } }
      $0.field("removedTransitions") {
        $0.array(removedTransitions) { writer, edge in edge.write(to: &writer) }
      }
      $0.field("addedContainers") { $0.strings(addedContainers) }
      $0.field("removedContainers") { $0.strings(removedContainers) }
      $0.field("ownerChanges") {
        $0.array(ownerChanges) { writer, change in
          writer.object {
            $0.field("screen") { $0.string(change.screen) }
            $0.field("old") { $0.string(change.old) }
            $0.field("new") { $0.string(change.new) }
          }
        }
      }
    }
    return String(decoding: writer.bytes, as: UTF8.self) + "\n"
  }
}
