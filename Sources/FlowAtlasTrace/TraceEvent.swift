/// A screen instance as a trace names it: `{"id":"s1","type":"LoginViewController","title":"Log in"}`.
///
/// Ids name instances, not types: two `LoginViewController` instances have two ids and one `type`.
package struct Screen: Hashable, Sendable, Codable {
  /// The instance id, unique within one trace.
  package var id: String
  /// The screen's type name, for example `LoginViewController`.
  package var type: String
  /// The title people see, if any.
  package var title: String?
  /// The Swift module that declares ``type`` (revision 4), where the writer gives it: the
  /// screen's identity is then (`module`, `type`).
  package var module: String?
  /// The router ids this screen shows, when it is a container (revision 4): a tab bar
  /// controller, one per tab; a presented navigation controller, its own.
  package var hosts: [String]?

  package init(
    id: String, type: String, title: String? = nil, module: String? = nil, hosts: [String]? = nil
  ) {
    self.id = id
    self.type = type
    self.title = title
    self.module = module
    self.hosts = hosts
  }

  /// The type's identity as the model names it: `Module.Type` where a module is given.
  package var qualifiedType: String { module.map { "\($0).\(type)" } ?? type }
}

/// How an event mentions a screen: the whole object the first time, its id string later.
package enum ScreenMention: Hashable, Sendable, ExpressibleByStringLiteral {
  /// The object form, which introduces (or re-states) the screen.
  case introduce(Screen)
  /// The id form, which must name a screen introduced earlier in the trace.
  case reference(String)

  /// An id string literal is the id form.
  package init(stringLiteral id: String) { self = .reference(id) }

  /// The screen's id, whichever form was used.
  package var id: String {
    switch self {
    case .introduce(let screen): screen.id
    case .reference(let id): id
    }
  }
}

/// Who did a router event (revision 2, "Navigation nobody asked for").
package enum Initiator: Hashable, Sendable {
  /// The app's code asked its router (`initiator` absent, or anything but `"system"`).
  case app
  /// The system did it on a person's gesture: `backButton`, `edgeSwipe`, `backMenu`,
  /// `swipeDown`, `tabBar`, or another string; `nil` where the writer gives none.
  case system(gesture: String?)

  /// Whether the system did it.
  package var isSystem: Bool {
    if case .system = self { return true }
    return false
  }
}

/// One event of trace format version 1, revision 4 (`../shared/spec/trace-format.md`, "Events").
///
/// `coordinator` and `router` are optional on router events: a writer may not know
/// who asked, and a trace with one navigation stack need not name its router. Every router
/// event says who did it (``Initiator``): the app, unless the system did it on a gesture; and
/// may say it prepared a router off-screen (`background`).
package enum TraceEvent: Hashable, Sendable {
  case coordinatorStart(coordinator: String, type: String, parent: String?, module: String? = nil)
  case coordinatorAttach(coordinator: String, type: String, parent: String, module: String? = nil)
  case coordinatorFinish(coordinator: String, output: String?)
  case coordinatorDetach(coordinator: String, parent: String)
  case coordinatorDeinit(coordinator: String)
  case setRoot(
    screen: ScreenMention, coordinator: String?, router: String?, background: Bool?,
    initiator: Initiator = .app)
  case push(
    screen: ScreenMention, coordinator: String?, router: String?, animated: Bool?,
    initiator: Initiator = .app, background: Bool? = nil)
  case pop(
    coordinator: String?, router: String?, screen: ScreenMention?, initiator: Initiator = .app,
    background: Bool? = nil)
  case popTo(
    screen: ScreenMention, coordinator: String?, router: String?, initiator: Initiator = .app,
    background: Bool? = nil)
  case popToRoot(coordinator: String?, router: String?, initiator: Initiator = .app, background: Bool? = nil)
  case present(
    screen: ScreenMention, coordinator: String?, router: String?, animated: Bool?,
    initiator: Initiator = .app, background: Bool? = nil)
  case dismiss(
    coordinator: String?, router: String?, screen: ScreenMention?, initiator: Initiator = .app,
    background: Bool? = nil)
  case selectTab(
    screen: ScreenMention, coordinator: String?, router: String?, tab: String,
    initiator: Initiator = .app, background: Bool? = nil)
  /// What the person did on a screen; the screen may be introduced here (revision 4).
  case userAction(screen: ScreenMention, action: String, label: String?)
  case deeplinkOpen(url: String, coordinator: String?)
  /// What became known of a screen after it first appeared: a title set when its view loaded,
  /// the routers a container hosts (revision 4).
  case screenUpdate(screen: Screen)
  /// What a screen looked like once shown (revision 4): an image at `file`, relative to the
  /// trace's folder, with its size in pixels where the writer gives it.
  case screenImage(screen: String, file: String, width: Int?, height: Int?)
  case note(text: String)

  /// The event's name on the wire, for example `router.push`.
  package var name: String {
    switch self {
    case .coordinatorStart: "coordinator.start"
    case .coordinatorAttach: "coordinator.attach"
    case .coordinatorFinish: "coordinator.finish"
    case .coordinatorDetach: "coordinator.detach"
    case .coordinatorDeinit: "coordinator.deinit"
    case .setRoot: "router.setRoot"
    case .push: "router.push"
    case .pop: "router.pop"
    case .popTo: "router.popTo"
    case .popToRoot: "router.popToRoot"
    case .present: "router.present"
    case .dismiss: "router.dismiss"
    case .selectTab: "router.selectTab"
    case .userAction: "user.action"
    case .deeplinkOpen: "deeplink.open"
    case .screenUpdate: "screen.update"
    case .screenImage: "screen.image"
    case .note: "note"
    }
  }

  /// Who did a router event; `nil` for every other event.
  package var initiator: Initiator? {
    switch self {
    case .setRoot(_, _, _, _, let initiator), .push(_, _, _, _, let initiator, _),
      .pop(_, _, _, let initiator, _), .popTo(_, _, _, let initiator, _), .popToRoot(_, _, let initiator, _),
      .present(_, _, _, _, let initiator, _), .dismiss(_, _, _, let initiator, _),
      .selectTab(_, _, _, _, let initiator, _):
      initiator
    default: nil
    }
  }

  /// Whether a router event says it prepared its router off-screen (`background: true`).
  package var isBackground: Bool {
    switch self {
    case .setRoot(_, _, _, let background, _), .push(_, _, _, _, _, let background),
      .pop(_, _, _, _, let background), .popTo(_, _, _, _, let background),
      .popToRoot(_, _, _, let background),
      .present(_, _, _, _, _, let background), .dismiss(_, _, _, _, let background),
      .selectTab(_, _, _, _, _, let background):
      background == true
    default: false
    }
  }

  /// Every event name this reader knows, in the spec's order.
  package static let knownNames: [String] = [
    "coordinator.start", "coordinator.attach", "coordinator.finish", "coordinator.detach",
    "coordinator.deinit", "router.setRoot", "router.push", "router.pop", "router.popTo",
    "router.popToRoot", "router.present", "router.dismiss", "router.selectTab", "user.action",
    "deeplink.open", "screen.update", "screen.image", "note",
  ]
}

/// One event line: the event with its sequence number, optional time and line number.
package struct TraceRecord: Hashable, Sendable {
  /// Strictly increasing within a trace (a `seq-order` line is still used).
  package var seq: Int
  /// Seconds since the run began, when the writer recorded it.
  package var time: Double?
  package var event: TraceEvent
  /// The 1-based line of the file this record came from (0 for records not read from a file).
  package var line: Int

  package init(seq: Int, time: Double? = nil, event: TraceEvent, line: Int = 0) {
    self.seq = seq
    self.time = time
    self.event = event
    self.line = line
  }
}
