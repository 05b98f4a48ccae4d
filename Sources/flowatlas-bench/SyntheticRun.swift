import FlowAtlasTrace

/// Writes one seeded run of a ``SyntheticApp``: every event kind, stacks kept valid
/// (pops only what was pushed), with the occasional leaked child flow.
struct SyntheticRun {
  /// A coordinator instance that is running, with the stack of its own router.
  private struct Active {
    var id: String
    var spec: Int
    var router: String
    var stack: [String]
  }

  let app: SyntheticApp
  /// The trace file's bytes so far.
  private(set) var bytes: [UInt8] = []
  private let encoder = TraceRecordEncoder()
  private var seq = 0
  private var screenCounter = 0
  private var coordinatorCounter = 0
  private var flows: [Active] = []
  /// The root's two tabs: router ids and their stacks; `tab` is the selected one.
  private var tabs: [(router: String, stack: [String])] = []
  private var tab = 0

  init(app: SyntheticApp) { self.app = app }

  mutating func write(run: String, events: Int, random: inout SeededRandom) {
    encoder.encode(
      TraceHeader(
        app: app.name, run: run, title: "Synthetic run \(run)", metadata: ["device": "bench"]),
      into: &bytes)
    let root = newCoordinator()
    event(.coordinatorStart(coordinator: root, type: app.coordinators[0].type, parent: nil))
    flows = [Active(id: root, spec: 0, router: "tab-a", stack: [])]
    for router in ["tab-a", "tab-b"] {
      let screen = newScreen(of: 0, random: &random)
      event(.setRoot(screen: screen, coordinator: root, router: router, background: true))
      tabs.append((router, [screen.id]))
    }
    event(.selectTab(screen: .reference(tabs[0].stack[0]), coordinator: root, router: "tab-a", tab: "a"))
    while seq < events {
      step(random: &random)
    }
  }

  // The weights give every event kind, mostly pushes, pops and actions as in real apps.
  private mutating func step(random: inout SeededRandom) {
    let roll = Int.random(in: 0..<100, using: &random)
    let top = flows.count - 1
    let stack = top == 0 ? tabs[tab].stack : flows[top].stack
    let router = top == 0 ? tabs[tab].router : flows[top].router
    let coordinator = flows[top].id
    switch roll {
    case 0..<25:
      let action = ["tapNext", "tapRow", "swipe", "tapBack", "submit"].randomElement(using: &random)!
      event(.userAction(screen: .reference(stack.last!), action: action, label: "Tap “\(action)”"))
    case 25..<45:
      push(top: top, router: router, coordinator: coordinator, random: &random)
    case 45..<58 where stack.count > 1:
      event(.pop(coordinator: coordinator, router: router, screen: .reference(stack.last!)))
      setStack(top, Array(stack.dropLast()))
    case 58..<62 where stack.count > 2:
      event(.popToRoot(coordinator: coordinator, router: router))
      setStack(top, [stack[0]])
    case 62..<72 where !app.coordinators[flows[top].spec].children.isEmpty && flows.count < 6:
      let spec = app.coordinators[flows[top].spec].children.randomElement(using: &random)!
      let child = newCoordinator()
      let type = app.coordinators[spec].type
      event(.coordinatorStart(coordinator: child, type: type, parent: coordinator))
      event(.coordinatorAttach(coordinator: child, type: type, parent: coordinator))
      let screen = newScreen(of: spec, random: &random)
      let childRouter = "r-\(child)"
      event(.present(screen: screen, coordinator: child, router: childRouter, animated: true))
      flows.append(Active(id: child, spec: spec, router: childRouter, stack: [screen.id]))
    case 72..<82 where top > 0:
      let output = app.coordinators[flows[top].spec].outputs.randomElement(using: &random)!
      let parent = flows[top - 1].id
      event(.coordinatorFinish(coordinator: coordinator, output: output))
      event(.dismiss(coordinator: parent, router: router, screen: nil))
      // One child in a hundred is never detached: the leak the pattern warns about.
      if Int.random(in: 0..<100, using: &random) > 0 {
        event(.coordinatorDetach(coordinator: coordinator, parent: parent))
        event(.coordinatorDeinit(coordinator: coordinator))
      }
      flows.removeLast()
    case 82..<86 where top == 0:
      tab = 1 - tab
      event(
        .selectTab(
          screen: .reference(tabs[tab].stack.last!), coordinator: coordinator, router: tabs[tab].router,
          tab: "\(tab)"))
    case 86..<89:
      let target = app.coordinators[flows[top].spec].screens.randomElement(using: &random)!
      event(.deeplinkOpen(url: "synthetic://\(target.lowercased())?from=\(seq)", coordinator: flows[0].id))
    case 89..<91:
      event(.note(text: "Checkpoint \(seq): \"\(flows.count)\" flows open\\ok"))
    case 91..<95 where top == 0:
      let screen = newScreen(of: 0, random: &random)
      event(.setRoot(screen: screen, coordinator: coordinator, router: router, background: nil))
      setStack(top, [screen.id])
    default:
      push(top: top, router: router, coordinator: coordinator, random: &random)
    }
  }

  private mutating func push(top: Int, router: String, coordinator: String, random: inout SeededRandom) {
    let screen = newScreen(of: flows[top].spec, random: &random)
    event(.push(screen: screen, coordinator: coordinator, router: router, animated: true))
    setStack(top, (top == 0 ? tabs[tab].stack : flows[top].stack) + [screen.id])
  }

  private mutating func setStack(_ top: Int, _ stack: [String]) {
    if top == 0 { tabs[tab].stack = stack } else { flows[top].stack = stack }
  }

  private mutating func newCoordinator() -> String {
    coordinatorCounter += 1
    return "c\(coordinatorCounter)"
  }

  /// A new screen instance of one of the coordinator's types, in the object form that introduces it.
  private mutating func newScreen(of spec: Int, random: inout SeededRandom) -> ScreenMention {
    screenCounter += 1
    let type = app.coordinators[spec].screens.randomElement(using: &random)!
    let title = type.hasSuffix("0ViewController") ? "Überblick \"\(spec)\"" : "Screen \(type.count % 7)"
    return .introduce(Screen(id: "s\(screenCounter)", type: type, title: title))
  }

  private mutating func event(_ event: TraceEvent) {
    seq += 1
    encoder.encode(TraceRecord(seq: seq, time: Double(seq) / 4, event: event), into: &bytes)
  }
}
