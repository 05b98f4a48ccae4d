extension NavigationDiff {
  /// One part of a review of the diff (its screens added, its transitions removed, …), as every
  /// rendering lists it: `diff`'s Markdown, the site's Changes page and `diff --format html`,
  /// DocC's changes article. The parts are listed once, here, in the order a review reads them,
  /// so a part the diff gains is shown by all of them (the Changes page and DocC's article once
  /// counted containers in their summary without listing them).
  package struct Section: Sendable {
    package enum Content: Sendable {
      /// Screen types; `present` when they are the new version's (a site has their pages).
      case screens([String], present: Bool)
      /// Coordinator types or container types: names alone.
      case types([String])
      case transitions([Transition])
      case moves([OwnerChange])
      /// Not navigation: screens whose pictures differ.
      case pictures([PictureChange])
    }

    package let title: String
    /// Its anchor on a page.
    package let id: String
    package let content: Content

    var isEmpty: Bool {
      switch content {
      case .screens(let names, _), .types(let names): names.isEmpty
      case .transitions(let transitions): transitions.isEmpty
      case .moves(let moves): moves.isEmpty
      case .pictures(let pictures): pictures.isEmpty
      }
    }
  }

  /// The parts that have something to list, in order: screens, flows and containers added and
  /// removed, transitions added and removed, screens that moved to another flow, screens that
  /// look different.
  package var sections: [Section] {
    [
      Section(title: "Screens added", id: "screens-added", content: .screens(addedScreens, present: true)),
      Section(
        title: "Screens removed", id: "screens-removed", content: .screens(removedScreens, present: false)),
      Section(title: "Flows added", id: "flows-added", content: .types(addedCoordinators)),
      Section(title: "Flows removed", id: "flows-removed", content: .types(removedCoordinators)),
      Section(title: "Containers added", id: "containers-added", content: .types(addedContainers)),
      Section(title: "Containers removed", id: "containers-removed", content: .types(removedContainers)),
      Section(title: "Transitions added", id: "transitions-added", content: .transitions(addedTransitions)),
      Section(
        title: "Transitions removed", id: "transitions-removed", content: .transitions(removedTransitions)),
      Section(
        title: "Screens that moved to another flow", id: "screens-moved", content: .moves(ownerChanges)),
      Section(
        title: "Screens that look different", id: "pictures-changed", content: .pictures(changedPictures)),
    ].filter { !$0.isEmpty }
  }
}
