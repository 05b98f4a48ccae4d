extension NavigationDiff {
  /// One part of a review of the diff (its screens added, its transitions removed, …), as every
  /// rendering lists it: `diff`'s Markdown, the site's Changes page and `diff --format html`,
  /// DocC's changes article. The parts are listed once, here, in the order a review reads them,
  /// so a part the diff gains is shown by all of them (the Changes page and DocC's article once
  /// counted containers in their summary without listing them).
  package struct Section: Hashable, Sendable {
    package enum Content: Hashable, Sendable {
      /// Screen types; `present` when they are the new version's (a site has their pages).
      case screens([String], present: Bool)
      /// Coordinator types.
      case flows([String])
      /// Container types: often the system's (`UITabBarController`), never a page or a symbol of the app.
      case containers([String])
      case transitions([Transition])
      case triggers([TriggerChange])
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
      case .screens(let names, _), .flows(let names), .containers(let names): names.isEmpty
      case .transitions(let transitions): transitions.isEmpty
      case .triggers(let changes): changes.isEmpty
      case .moves(let moves): moves.isEmpty
      case .pictures(let pictures): pictures.isEmpty
      }
    }
  }

  /// What a review says under "Screens that look different", where it cannot show the pictures.
  package static let picturesNote =
    "Their screenshots differ between the two versions; `flowatlas diff --format html` shows each before "
    + "and after."

  /// Every part's anchor, for a page to keep its other ids apart from them.
  package static let sectionIDs = Set(parts.map(\.id))

  /// The parts that have something to list, in order: screens, flows and containers added and
  /// removed, transitions added and removed, transitions taken on other triggers, screens that
  /// moved to another flow, screens that look different.
  package var sections: [Section] {
    Self.parts.map { Section(title: $0.title, id: $0.id, content: $0.content(self)) }.filter { !$0.isEmpty }
  }

  /// Every part: its title, its anchor, what it lists.
  private static let parts:
    [(title: String, id: String, content: @Sendable (NavigationDiff) -> Section.Content)] = [
      ("Screens added", "screens-added", { .screens($0.addedScreens, present: true) }),
      ("Screens removed", "screens-removed", { .screens($0.removedScreens, present: false) }),
      ("Flows added", "flows-added", { .flows($0.addedCoordinators) }),
      ("Flows removed", "flows-removed", { .flows($0.removedCoordinators) }),
      ("Containers added", "containers-added", { .containers($0.addedContainers) }),
      ("Containers removed", "containers-removed", { .containers($0.removedContainers) }),
      ("Transitions added", "transitions-added", { .transitions($0.addedTransitions) }),
      ("Transitions removed", "transitions-removed", { .transitions($0.removedTransitions) }),
      ("Transitions taken another way", "transitions-retriggered", { .triggers($0.changedTriggers) }),
      ("Screens that moved to another flow", "screens-moved", { .moves($0.ownerChanges) }),
      ("Screens that look different", "pictures-changed", { .pictures($0.changedPictures) }),
    ]
}
