import FlowAtlasBytes
import FlowAtlasTrace
import Foundation

/// A flow's intended navigation, written by people: one file per coordinator type, named after
/// it, in a small Mermaid or DOT subset. It says which screen may lead to which, and on which
/// action; a check reports recorded transitions it does not allow and intended ones no run
/// exercised, and the flow's page shows how much of it the recorded runs covered.
///
/// Mermaid (`CheckoutCoordinator.mmd`):
/// ```
/// flowchart TD
///   %% a comment
///   start --> CartViewController
///   CartViewController -->|Checkout| AddressViewController
///   AddressViewController --> pay["Payments.PaymentViewController"]
/// ```
/// A node's label names a type an id cannot spell (a module's, as above, a nested or generic one).
/// DOT (`CheckoutCoordinator.dot`):
/// ```
/// digraph CheckoutCoordinator {
///   start -> CartViewController;
///   CartViewController -> AddressViewController [label="Checkout"];
/// }
/// ```
/// `start` is where the flow begins: as a run begins, or from another flow's screen (a child flow
/// pushed or presented over its parent's screen). An edge without an action allows any trigger. Only
/// forward transitions (`setRoot`, `push`, `present`, `selectTab`) are checked: going back
/// undoes a step and needs no contract.
package struct NavigationContract: Hashable, Sendable {
  /// One intended transition, with the line that declares it.
  package struct Edge: Hashable, Sendable {
    /// `nil` for `start`.
    package var from: String?
    package var to: String
    /// The action that triggers it; nil allows any.
    package var action: String?
    package var line: Int
  }

  /// The coordinator type the file is named after.
  package var coordinator: String
  package var file: String
  package private(set) var edges: [Edge]

  /// The file extensions a contract folder is searched for.
  package static let extensions: Set<String> = ["mmd", "mermaid", "dot", "gv"]

  /// This contract with each bare type name it gives that `app` has only qualified by a module
  /// (one `Module.Name` for the `Name` written, and no bare `Name`) named so: the spec compares a
  /// bare `Type` with the one `Module.Type` of that name, and a contract written without modules
  /// reads as its app's.
  package func resolved(in app: AppModel) -> NavigationContract {
    func resolve(_ name: String) -> String { app.typeName(name) ?? name }
    var copy = self
    copy.coordinator = resolve(coordinator)
    copy.edges = edges.map { edge in
      var edge = edge
      edge.from = edge.from.map(resolve)
      edge.to = resolve(edge.to)
      return edge
    }
    return copy
  }

  /// Parses `text`, a Mermaid contract, or a DOT one when `file` ends in `.dot` or `.gv`.
  /// - Throws: ``ContractError`` naming the file, the line and what is wrong with it.
  package init(text: String, file: String, coordinator: String) throws(ContractError) {
    self.coordinator = coordinator
    self.file = file
    let isDOT = file.hasSuffix(".dot") || file.hasSuffix(".gv")
    edges = isDOT ? try Self.dotEdges(text, file: file) : try Self.mermaidEdges(text, file: file)
  }

  private static func mermaidEdges(_ text: String, file: String) throws(ContractError) -> [Edge] {
    var written: [(line: Int, from: String, to: String, action: String?)] = []
    // What each id names: its label where one was given (at its first line), else the id itself.
    var labels: [String: (label: String, line: Int)] = [:]
    func note(_ node: ContractSyntax.NodeText, line: Int) throws(ContractError) {
      guard let label = node.label else { return }
      if let earlier = labels[node.id], earlier.label != label {
        throw ContractError(
          file: file, line: line,
          reason: Printable.line(
            "'\(node.id)' names \"\(earlier.label)\" at line \(earlier.line), and \"\(label)\" here"))
      }
      labels[node.id] = labels[node.id] ?? (label, line)
    }
    var sawHeader = false
    for (number, line) in ContractSyntax.lines(Array(text.utf8)) {
      if line.isEmpty || line.starts(with: "%%".utf8) { continue }
      guard sawHeader else {
        guard ContractSyntax.isMermaidHeader(line) else {
          throw ContractError(
            file: file, line: number, reason: "a Mermaid contract begins with 'flowchart TD' (or LR, TB …)")
        }
        sawHeader = true
        continue
      }
      switch ContractSyntax.mermaidLine(line) {
      case .edge(let from, let to, let action):
        try note(from, line: number)
        try note(to, line: number)
        written.append((number, from.id, to.id, action))
      case .node(let node):
        try note(node, line: number)
      case nil:
        throw ContractError(
          file: file, line: number,
          reason: "not an edge of the form 'A -->|action| B' or 'A --> B': \(shown(line))")
      }
    }
    guard sawHeader else { throw ContractError(file: file, line: nil, reason: "it is empty") }
    return written.map { written in
      // `start` is the flow's start, whatever shape or label it is drawn with (`start((start))`).
      edge(
        from: written.from == "start" ? "start" : labels[written.from]?.label ?? written.from,
        to: labels[written.to]?.label ?? written.to, action: written.action, line: written.line)
    }
  }

  private static func dotEdges(_ text: String, file: String) throws(ContractError) -> [Edge] {
    var edges: [Edge] = []
    var state = 0  // 0 before the header, 1 in the graph, 2 after its closing brace
    for (number, line) in ContractSyntax.lines(Array(text.utf8)) {
      if line.isEmpty || line.starts(with: "//".utf8) || line.starts(with: "#".utf8) { continue }
      switch state {
      case 0:
        guard ContractSyntax.isDOTHeader(line) else {
          throw ContractError(file: file, line: number, reason: "a DOT contract begins with 'digraph Name {'")
        }
        state = 1
      case 1 where line.elementsEqual("}".utf8) || line.elementsEqual("};".utf8):
        state = 2
      case 1:
        guard let found = ContractSyntax.dotEdge(line) else {
          throw ContractError(
            file: file, line: number,
            reason: "not an edge of the form 'A -> B [label=\"action\"];' or 'A -> B;': \(shown(line))")
        }
        edges.append(edge(from: found.from, to: found.to, action: found.action, line: number))
      default:
        throw ContractError(file: file, line: number, reason: "text after the graph's closing '}'")
      }
    }
    guard state == 2 else {
      throw ContractError(
        file: file, line: nil, reason: state == 0 ? "it is empty" : "the graph's '}' is missing")
    }
    return edges
  }

  /// The start of a line that is not a contract's, for a message.
  private static func shown(_ line: ArraySlice<UInt8>) -> String {
    Printable.line(String(String(decoding: line.prefix(320), as: UTF8.self).prefix(80)))
  }

  private static func edge(from: String, to: String, action: String?, line: Int) -> Edge {
    var action = action?.trimmingCharacters(in: .whitespaces)
    if let quoted = action, quoted.hasPrefix("\""), quoted.hasSuffix("\""), quoted.count >= 2 {
      action = String(quoted.dropFirst().dropLast())
    }
    return Edge(
      from: from == "start" ? nil : from, to: to,
      action: action?.isEmpty == true ? nil : action, line: line)
  }
}

/// A contract that cannot be read: its file, the line when one is to blame, and why.
package struct ContractError: Error, Hashable, Sendable, LocalizedError {
  package var file: String
  package var line: Int?
  package var reason: String

  package init(file: String, line: Int?, reason: String) {
    self.file = file
    self.line = line
    self.reason = reason
  }

  package var errorDescription: String? {
    Printable.line("\(file)\(line.map { ":\($0)" } ?? ""): not a contract FlowAtlas can read: \(reason)")
  }
}

/// How the recorded runs of one app measure up to a flow's contract.
package struct ContractCoverage: Hashable, Sendable {
  package var contract: NavigationContract
  /// The contract's edges some recorded transition took, in the contract's order.
  package private(set) var exercised: [NavigationContract.Edge] = []
  /// The contract's edges no recorded run took.
  package private(set) var uncovered: [NavigationContract.Edge] = []
  /// Recorded forward transitions of the flow some of whose times no edge allows (a trigger no
  /// edge names, or none where every edge names one).
  package private(set) var unexpected: [Transition] = []

  /// The screen types the contract's flow owns: a transition from any other screen (or from none,
  /// as a run begins) enters the flow, and is what `start` names.
  private let ownScreens: Set<String>

  /// Compares `contract` with `app`'s transitions of the contract's coordinator.
  package init(contract: NavigationContract, app: AppModel) {
    self.contract = contract
    ownScreens = Set(app.flow(contract.coordinator)?.screens ?? [])
    let recorded = app.transitions.filter { $0.coordinator == contract.coordinator && !$0.kind.isBack }
    // The flow may be entered by another coordinator's transition (a tab bar's `selectTab`, its
    // container's `setRoot`): `start` is exercised by it too, though only the flow's own are judged.
    let entries = (app.flow(contract.coordinator)?.entries ?? []).filter { !$0.kind.isBack }
    for edge in contract.edges {
      if (recorded + (edge.from == nil ? entries : [])).contains(where: { transition in
        joins(edge, transition) && (edge.action.map { transition.triggers.contains($0) } ?? true)
      }) {
        exercised.append(edge)
      } else {
        uncovered.append(edge)
      }
    }
    unexpected = recorded.filter { !disallowed($0).isEmpty }
  }

  /// Whether `edge` joins the screens `transition` joins: `start` joins every entry into the flow,
  /// from the run's beginning or from another flow's screen (a child flow presented over its
  /// parent's screen begins there).
  private func joins(_ edge: NavigationContract.Edge, _ transition: Transition) -> Bool {
    guard edge.to == transition.to else { return false }
    guard let from = edge.from else { return transition.from.map { !ownScreens.contains($0) } ?? true }
    return from == transition.from
  }

  /// The triggers of `transition`'s times that no edge of the contract allows, sorted, `nil` for the
  /// times it had none (automatic): an edge with an action allows the times on that action, one
  /// without allows every time. Each time is judged, so one run's other trigger is not hidden by
  /// another run that took the edge as the contract says.
  package func disallowed(_ transition: Transition) -> [String?] {
    let edges = contract.edges.filter { joins($0, transition) }
    guard !edges.contains(where: { $0.action == nil }) else { return [] }
    let actions = Set(edges.compactMap(\.action))
    let untriggered = transition.automatic > 0 || transition.triggers.isEmpty
    return (untriggered ? [nil] : []) + transition.triggers.filter { !actions.contains($0) }.map { $0 }
  }

  /// The share of the contract's edges exercised, in whole percent (100 for an empty contract).
  package var percent: Int {
    contract.edges.isEmpty ? 100 : exercised.count * 100 / contract.edges.count
  }
}
