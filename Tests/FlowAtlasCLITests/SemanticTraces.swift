import FlowAtlasBytes
import FlowAtlasTestSupport

/// Random traces that mean something: what an app with coordinators does, event by event,
/// kept consistent by a model of its navigation (coordinators started before they navigate and
/// finished once, a pop only where there is something to pop, a dismiss only over a presented
/// screen, tabs switched between routers that exist), so that the model, the site and every
/// command see runs an app could record, however unlikely, rather than bytes a reader rejects.
///
/// Names come from small pools with hostile members (markup, paths, names with no letter, names
/// that share a slug), so that slugs, escaping and files are fuzzed along with navigation.
struct SemanticTraces {
  var random: SeededRandom

  static let apps = ["Shop", "Shop", "Ñandú", "<b>App</b>", "../up"]
  static let coordinatorTypes = [
    "AppCoordinator", "AuthCoordinator", "CheckoutCoordinator", "authCoordinator", "—", "../../Evil\"C",
    "Settings Coordinator", "Ωmega",
  ]
  static let screenTypes = [
    "HomeViewController", "LoginViewController", "CartViewController", "DetailViewController", "★",
    "<script>alert(1)</script>", "Detail View Controller", "PaymentViewController", "SettingsView",
  ]
  static let words = ["tap", "Buy now", "done", "cancelled", "a\"quote", "|pipe|", "line\nbreak", "✓"]

  /// A running coordinator instance.
  private struct Running {
    var id: String
    var type: String
  }

  /// The traces of one corpus: 1 to 3 runs, of one or two apps.
  mutating func corpus() -> [(name: String, app: String, lines: [String])] {
    let count = Int.random(in: 1...3, using: &random)
    let apps = Array(
      Set(Self.apps).sorted().shuffled(using: &random).prefix(Int.random(in: 1...2, using: &random)))
    return (0..<count).map { index in
      let app = apps[index % apps.count]
      return ("run-\(index).jsonl", app, trace(app: app, run: "run \(index) \(pick(Self.words))"))
    }
  }

  private mutating func pick<T>(_ items: [T]) -> T { items.randomElement(using: &random)! }

  /// One run of about 20 to 120 events.
  mutating func trace(app: String, run: String) -> [String] {
    var lines = [
      #"{"flowatlas":"trace","version":1,"app":\#(JSONString.literal(app)),"run":\#(JSONString.literal(run))}"#
    ]
    func emit(_ fields: String) { lines.append(#"{"seq":\#(lines.count),\#(fields)}"#) }
    var screens = 0
    func screen(_ type: String) -> String {
      screens += 1
      return #"{"id":"s\#(screens)","type":\#(JSONString.literal(type))}"#
    }
    let tabs = Bool.random(using: &random)
    let routers = tabs ? ["tab1", "tab2"] : ["main"]
    // Each router's layers (the base stack, then each presented one), by screen id.
    var layers: [String: [[String]]] = Dictionary(uniqueKeysWithValues: routers.map { ($0, [[]]) })
    var current = routers[0]
    var running = [Running(id: "c1", type: pick(Self.coordinatorTypes))]
    var started = 1
    emit(#""event":"coordinator.start","coordinator":"c1","type":\#(JSONString.literal(running[0].type))"#)
    func router() -> String { tabs ? #","router":"\#(current)""# : "" }
    func by(_ coordinator: Running) -> String { #""coordinator":"\#(coordinator.id)""# }
    // The root screen first, as an app shows one.
    let first = screen(pick(Self.screenTypes))
    emit(#""event":"router.setRoot",\#(by(running[0]))\#(router()),"screen":\#(first)"#)
    layers[current]![0] = ["s\(screens)"]
    for _ in 0..<Int.random(in: 20...120, using: &random) {
      let who = pick(running)
      var top: [String] { layers[current]!.last! }
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<30:
        emit(#""event":"router.push",\#(by(who))\#(router()),"screen":\#(screen(pick(Self.screenTypes)))"#)
        layers[current]![layers[current]!.count - 1].append("s\(screens)")
      case 30..<42 where top.count > 1:
        let system = Bool.random(using: &random)
        let gesture =
          system
          ? #","initiator":"system","gesture":\#(JSONString.literal(pick(["backButton", "edgeSwipe"])))"# : ""
        emit(#""event":"router.pop",\#(by(who))\#(router())\#(gesture)"#)
        layers[current]![layers[current]!.count - 1].removeLast()
      case 42..<50:
        emit(#""event":"router.present",\#(by(who))\#(router()),"screen":\#(screen(pick(Self.screenTypes)))"#)
        layers[current]!.append(["s\(screens)"])
      case 50..<56 where layers[current]!.count > 1:
        emit(#""event":"router.dismiss",\#(by(who))\#(router())"#)
        layers[current]!.removeLast()
      case 56..<66 where running.count < 12:
        started += 1
        let child = Running(id: "c\(started)", type: pick(Self.coordinatorTypes))
        emit(
          #""event":"coordinator.start","coordinator":"\#(child.id)","type":\#(JSONString.literal(child.type)),"parent":"\#(who.id)""#
        )
        running.append(child)
      case 66..<72 where running.count > 1 && who.id != "c1":
        let output = Bool.random(using: &random) ? #","output":\#(JSONString.literal(pick(Self.words)))"# : ""
        emit(#""event":"coordinator.finish",\#(by(who))\#(output)"#)
        running.removeAll { $0.id == who.id }
      case 72..<82 where !top.isEmpty:
        let label = Bool.random(using: &random) ? #","label":\#(JSONString.literal(pick(Self.words)))"# : ""
        emit(
          #""event":"user.action","screen":"\#(top.last!)","action":\#(JSONString.literal(pick(Self.words)))\#(label)"#
        )
      case 82..<88 where tabs:
        current = current == "tab1" ? "tab2" : "tab1"
        if let shown = layers[current]!.last!.last {
          emit(
            #""event":"router.selectTab",\#(by(who)),"router":"\#(current)","tab":"\#(current)","screen":"\#(shown)""#
          )
        } else {
          emit(
            #""event":"router.selectTab",\#(by(who)),"router":"\#(current)","tab":"\#(current)","screen":\#(screen(pick(Self.screenTypes)))"#
          )
          layers[current]![0] = ["s\(screens)"]
        }
      case 88..<92 where top.count > 1:
        emit(#""event":"router.popToRoot",\#(by(who))\#(router())"#)
        layers[current]![layers[current]!.count - 1] = [top[0]]
      case 92..<95:
        emit(
          #""event":"deeplink.open","url":\#(JSONString.literal("app://\(pick(Self.words))")),\#(by(who))"#)
      case 95..<97:
        emit(#""event":"note","text":\#(JSONString.literal(pick(Self.words)))"#)
      default:
        emit(#""event":"router.setRoot",\#(by(who))\#(router()),"screen":\#(screen(pick(Self.screenTypes)))"#)
        layers[current] = [["s\(screens)"]]
      }
    }
    return lines
  }
}
