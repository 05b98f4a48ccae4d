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
  private(set) var text = ""
  private var seq = 0
  private var screenCounter = 0
  private var coordinatorCounter = 0
  private var flows: [Active] = []
  /// The root's two tabs: router ids and their stacks; `tab` is the selected one.
  private var tabs: [(router: String, stack: [String])] = []
  private var tab = 0
  private var screenTypes: [String: String] = [:]

  init(app: SyntheticApp) { self.app = app }

  mutating func write(run: String, events: Int, random: inout SeededRandom) {
    line(
      "{\"flowatlas\":\"trace\",\"version\":1,\"app\":\(quote(app.name)),\"run\":\(quote(run)),"
        + "\"title\":\(quote("Synthetic run \(run)")),\"device\":\"bench\"}")
    let root = newCoordinator()
    event("coordinator.start", "\"coordinator\":\(quote(root)),\"type\":\(quote(app.coordinators[0].type))")
    flows = [Active(id: root, spec: 0, router: "tab-a", stack: [])]
    for router in ["tab-a", "tab-b"] {
      let screen = newScreen(of: 0, random: &random)
      event("router.setRoot", "\"screen\":\(screen.json),\"coordinator\":\"\(root)\",\"router\":\"\(router)\",\"background\":true")
      tabs.append((router, [screen.id]))
    }
    event("router.selectTab", "\"screen\":\"\(tabs[0].stack[0])\",\"coordinator\":\"\(root)\",\"router\":\"tab-a\",\"tab\":\"a\"")
    while seq < events {
      step(random: &random)
    }
  }

  private mutating func step(random: inout SeededRandom) {
    let roll = Int.random(in: 0..<100, using: &random)
    let top = flows.count - 1
    let stack = top == 0 ? tabs[tab].stack : flows[top].stack
    let router = top == 0 ? tabs[tab].router : flows[top].router
    let coordinator = flows[top].id
    switch roll {
    case 0..<25:
      let action = ["tapNext", "tapRow", "swipe", "tapBack", "submit"].randomElement(using: &random)!
      event("user.action", "\"screen\":\"\(stack.last!)\",\"action\":\"\(action)\",\"label\":\(quote("Tap “\(action)”"))")
    case 25..<45:
      push(top: top, router: router, coordinator: coordinator, random: &random)
    case 45..<58 where stack.count > 1, 58..<62 where stack.count > 2:
      if roll < 58 {
        event("router.pop", "\"coordinator\":\"\(coordinator)\",\"router\":\"\(router)\",\"screen\":\"\(stack.last!)\"")
        setStack(top, Array(stack.dropLast()))
      } else {
        event("router.popToRoot", "\"coordinator\":\"\(coordinator)\",\"router\":\"\(router)\"")
        setStack(top, [stack[0]])
      }
    case 62..<72 where !app.coordinators[flows[top].spec].children.isEmpty && flows.count < 6:
      let spec = app.coordinators[flows[top].spec].children.randomElement(using: &random)!
      let child = newCoordinator()
      let type = quote(app.coordinators[spec].type)
      event("coordinator.start", "\"coordinator\":\"\(child)\",\"type\":\(type),\"parent\":\"\(coordinator)\"")
      event("coordinator.attach", "\"coordinator\":\"\(child)\",\"type\":\(type),\"parent\":\"\(coordinator)\"")
      let screen = newScreen(of: spec, random: &random)
      let childRouter = "r-\(child)"
      event("router.present", "\"screen\":\(screen.json),\"coordinator\":\"\(child)\",\"router\":\"\(childRouter)\",\"animated\":true")
      flows.append(Active(id: child, spec: spec, router: childRouter, stack: [screen.id]))
    case 72..<82 where top > 0:
      let output = app.coordinators[flows[top].spec].outputs.randomElement(using: &random)!
      let parent = flows[top - 1].id
      event("coordinator.finish", "\"coordinator\":\"\(coordinator)\",\"output\":\"\(output)\"")
      event("router.dismiss", "\"coordinator\":\"\(parent)\",\"router\":\"\(router)\"")
      if Int.random(in: 0..<100, using: &random) > 0 {
        event("coordinator.detach", "\"coordinator\":\"\(coordinator)\",\"parent\":\"\(parent)\"")
        event("coordinator.deinit", "\"coordinator\":\"\(coordinator)\"")
      }
      flows.removeLast()
    case 82..<86 where top == 0:
      tab = 1 - tab
      event("router.selectTab", "\"screen\":\"\(tabs[tab].stack.last!)\",\"coordinator\":\"\(coordinator)\",\"router\":\"\(tabs[tab].router)\",\"tab\":\"\(tab)\"")
    case 86..<89:
      let target = app.coordinators[flows[top].spec].screens.randomElement(using: &random)!
      event("deeplink.open", "\"url\":\(quote("synthetic://\(target.lowercased())?from=\(seq)")),\"coordinator\":\"\(flows[0].id)\"")
    case 89..<91:
      event("note", "\"text\":\(quote("Checkpoint \(seq): \"\(flows.count)\" flows open\\ok"))")
    case 91..<95 where top == 0:
      let screen = newScreen(of: 0, random: &random)
      event("router.setRoot", "\"screen\":\(screen.json),\"coordinator\":\"\(coordinator)\",\"router\":\"\(router)\"")
      setStack(top, [screen.id])
    default:
      push(top: top, router: router, coordinator: coordinator, random: &random)
    }
  }

  private mutating func push(top: Int, router: String, coordinator: String, random: inout SeededRandom) {
    let screen = newScreen(of: flows[top].spec, random: &random)
    event("router.push", "\"screen\":\(screen.json),\"coordinator\":\"\(coordinator)\",\"router\":\"\(router)\",\"animated\":true")
    setStack(top, (top == 0 ? tabs[tab].stack : flows[top].stack) + [screen.id])
  }

  private mutating func setStack(_ top: Int, _ stack: [String]) {
    if top == 0 { tabs[tab].stack = stack } else { flows[top].stack = stack }
  }

  private mutating func newCoordinator() -> String {
    coordinatorCounter += 1
    return "c\(coordinatorCounter)"
  }

  private mutating func newScreen(of spec: Int, random: inout SeededRandom) -> (id: String, json: String) {
    screenCounter += 1
    let type = app.coordinators[spec].screens.randomElement(using: &random)!
    let id = "s\(screenCounter)"
    let title = type.hasSuffix("0ViewController") ? "Überblick \"\(spec)\"" : "Screen \(type.count % 7)"
    return (id, "{\"id\":\"\(id)\",\"type\":\(quote(type)),\"title\":\(quote(title))}")
  }

  private mutating func event(_ name: String, _ fields: String) {
    seq += 1
    line("{\"seq\":\(seq),\"t\":\(seq / 4).\(seq % 4 * 25),\"event\":\"\(name)\",\(fields)}")
  }

  private mutating func line(_ json: String) {
    text += json
    text += "\n"
  }

  /// A JSON string literal.
  private func quote(_ value: String) -> String {
    var result = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case _ where scalar.value < 0x20: result += "\\u00" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
