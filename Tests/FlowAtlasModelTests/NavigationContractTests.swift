import FlowAtlasTrace
import Testing

@testable import FlowAtlasModel

/// Contracts: a flow's intended navigation in Mermaid or DOT, and its coverage by recorded runs.
@Suite struct NavigationContractTests {
  static let mermaid = """
    %% the cart flow
    flowchart LR
      start --> Cart
      Cart -->|Checkout| Address
      Address -->|"Use this address"| Payment
      Payment --> Done

    """

  static let dot = """
    // the cart flow
    digraph CartCoordinator {
      start -> Cart;
      Cart -> Address [label="Checkout"];
      "Address" -> Payment [label="Use this address"]
      Payment -> Done;
    }
    """

  static func edges(_ contract: NavigationContract) -> [String] {
    contract.edges.map { "\($0.from ?? "start") \($0.to) \($0.action ?? "*") \($0.line)" }
  }

  @Test func mermaidAndDOTSayTheSame() throws {
    let fromMermaid = try NavigationContract(
      text: Self.mermaid, file: "c/CartCoordinator.mmd", coordinator: "CartCoordinator")
    let fromDOT = try NavigationContract(
      text: Self.dot, file: "c/CartCoordinator.dot", coordinator: "CartCoordinator")
    #expect(
      Self.edges(fromMermaid) == [
        "start Cart * 3", "Cart Address Checkout 4", "Address Payment Use this address 5", "Payment Done * 6",
      ])
    #expect(
      fromDOT.edges.map { [$0.from, $0.to, $0.action] }
        == fromMermaid.edges.map { [$0.from, $0.to, $0.action] })
  }

  @Test(arguments: [
    ("c.mmd", "graph\n", 1, "begins with 'flowchart TD'"),
    ("c.mmd", "flowchart TD\n  A --> B\n  A -> B\n", 3, "not an edge of the form 'A -->|action| B'"),
    ("c.mmd", "flowchart TD\n  A -->|x| B C\n", 2, "not an edge"),
    ("c.mmd", "flowchart TD\n  click A href \"javascript:alert(1)\"\n", 2, "not an edge"),
    ("c.dot", "graph G {\n}\n", 1, "begins with 'digraph Name {'"),
    ("c.dot", "digraph G {\n  A -> B [color=red];\n}\n", 2, "not an edge of the form"),
    ("c.dot", "digraph G {\n  A -> B;\n}\nA -> C;\n", 4, "after the graph's closing"),
  ])
  func aMalformedContractNamesItsLine(file: String, text: String, line: Int, reason: String) {
    #expect {
      _ = try NavigationContract(text: text, file: file, coordinator: "C")
    } throws: { error in
      guard let error = error as? ContractError else { return false }
      return error.file == file && error.line == line && error.reason.contains(reason)
        && (error.errorDescription ?? "").hasPrefix("\(file):\(line): ")
    }
  }

  @Test func anEmptyOrUnclosedContractIsNamed() {
    #expect(throws: ContractError(file: "e.mmd", line: nil, reason: "it is empty")) {
      _ = try NavigationContract(text: "%% nothing\n", file: "e.mmd", coordinator: "C")
    }
    #expect(throws: ContractError(file: "e.dot", line: nil, reason: "the graph's '}' is missing")) {
      _ = try NavigationContract(text: "digraph G {\n A -> B;\n", file: "e.dot", coordinator: "C")
    }
  }

  @Test func coverageCountsExercisedUncoveredAndUnexpected() throws {
    let contract = try NavigationContract(
      text: Self.mermaid, file: "CartCoordinator.mmd", coordinator: "CartCoordinator")
    func transition(_ from: String?, _ to: String, _ kind: TransitionKind = .push, _ triggers: [String] = [])
      -> Transition
    {
      Transition(from: from, to: to, kind: kind, coordinator: "CartCoordinator", count: 1, triggers: triggers)
    }
    let transitions = [
      transition(nil, "Cart", .setRoot),
      transition("Cart", "Address", .push, ["Checkout"]),
      // The right pair on the wrong action, and a pair the contract lacks.
      transition("Address", "Payment", .push, ["Skip"]),
      transition("Cart", "Payment", .push, ["Express"]),
      // Back steps need no edge.
      transition("Address", "Cart", .pop, ["backButton"]),
      // Another flow's transition is not this contract's business.
      Transition(from: "Payment", to: "Elsewhere", kind: .push, coordinator: "Other", count: 1, triggers: []),
    ]
    let app = AppModel(
      name: "Shop", slug: "shop", runs: [], coordinators: [], screens: [], transitions: transitions,
      flows: [],
      diagnostics: [])
    let coverage = ContractCoverage(contract: contract, app: app)
    #expect(coverage.exercised.map(\.line) == [3, 4])
    #expect(coverage.uncovered.map(\.line) == [5, 6])
    #expect(coverage.unexpected.map(\.to) == ["Payment", "Payment"])
    #expect(coverage.percent == 50)
  }
}
