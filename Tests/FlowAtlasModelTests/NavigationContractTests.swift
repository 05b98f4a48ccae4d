import FlowAtlasBuild
import FlowAtlasTrace
import Foundation
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

  /// A type a Mermaid id cannot spell (a module's, a generic one) is named by a node's label, as
  /// `flowatlas render --format mermaid` writes nodes, its entities read as characters.
  @Test func aMermaidLabelNamesATypeAnIdCannot() throws {
    let text = """
      flowchart TD
        root["Settings.RootViewController"]
        start --> root
        root -->|"Edit"| list(["ListViewController#lt;Item#gt;"])
        list -.-> done[Settings.DoneViewController]
        done ==>|Again| root
        list --> start2("A#35;1")
        start(("start")) -->|Deep| list
        list --> x["#+60;#0;"]
      """
    let contract = try NavigationContract(text: text, file: "S.mmd", coordinator: "SettingsCoordinator")
    #expect(
      Self.edges(contract) == [
        "start Settings.RootViewController * 3",
        "Settings.RootViewController ListViewController<Item> Edit 4",
        "ListViewController<Item> Settings.DoneViewController * 5",
        "Settings.DoneViewController Settings.RootViewController Again 6",
        "ListViewController<Item> A#1 * 7",
        // `start` is the flow's start whatever it is drawn as; a sign or a zero is no entity.
        "start ListViewController<Item> Deep 8",
        "ListViewController<Item> #+60;#0; * 9",
      ])
  }

  @Test(arguments: [
    (
      "c.mmd", "flowchart TD\n  a[\"X\"] --> b\n  a[\"Y\"] --> b\n", 3,
      "'a' names \"X\" at line 2, and \"Y\" here"
    ),
    ("c.mmd", "flowchart TD\n  a[\"X\") --> b\n", 2, "not an edge"),
    ("c.mmd", "flowchart TD\n  a[X --> b\n", 2, "not an edge"),
    ("c.mmd", "flowchart TD\n  a[] --> b\n", 2, "not an edge"),
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

  /// Each time is judged: runs that took an edge on its action do not hide another run that took
  /// it on another action, or with none.
  @Test func aTimeOnAnotherActionIsUnexpectedWhateverOtherRunsDid() throws {
    let contract = try NavigationContract(
      text: Self.mermaid, file: "CartCoordinator.mmd", coordinator: "CartCoordinator")
    let mixed = Transition(
      from: "Cart", to: "Address", kind: .push, coordinator: "CartCoordinator", count: 4,
      triggers: ["Checkout", "Skip"], automatic: 1)
    let app = AppModel(
      name: "Shop", slug: "shop", runs: [], coordinators: [], screens: [], transitions: [mixed], flows: [],
      diagnostics: [])
    let coverage = ContractCoverage(contract: contract, app: app)
    #expect(coverage.exercised.map(\.line) == [4])
    #expect(coverage.unexpected.map(\.to) == ["Address"])
    #expect(coverage.disallowed(mixed) == [nil, "Skip"])
    // An edge with no action allows every time.
    let any = Transition(
      from: "Payment", to: "Done", kind: .push, coordinator: "CartCoordinator", count: 2, triggers: ["Pay"],
      automatic: 1)
    #expect(coverage.disallowed(any).isEmpty)
  }

  /// A child flow presented over its parent's screen begins there: `start` names that entry, as it
  /// names a run's first screen; from one of the flow's own screens it is no entry.
  @Test func startNamesAnEntryFromAnotherFlowsScreen() throws {
    let contract = try NavigationContract(
      text: Self.mermaid, file: "CartCoordinator.mmd", coordinator: "CartCoordinator")
    let entry = Transition(
      from: "Product", to: "Cart", kind: .present, coordinator: "CartCoordinator", count: 1, triggers: ["Buy"]
    )
    let fromItsOwn = Transition(
      from: "Payment", to: "Cart", kind: .push, coordinator: "CartCoordinator", count: 1, triggers: ["Edit"])
    let flow = Flow(
      coordinator: "CartCoordinator", slug: "cart", screens: ["Address", "Cart", "Done", "Payment"],
      entries: [entry], internalTransitions: [fromItsOwn], exits: [], children: [], outputs: [])
    let app = AppModel(
      name: "Shop", slug: "shop", runs: [], coordinators: [], screens: [], transitions: [entry, fromItsOwn],
      flows: [flow], diagnostics: [])
    let coverage = ContractCoverage(contract: contract, app: app)
    #expect(coverage.exercised.map(\.line) == [3])
    #expect(coverage.disallowed(entry).isEmpty)
    #expect(coverage.unexpected.map(\.from) == ["Payment"])
  }
  /// A line of a megabyte, cut where the old regular expressions backtracked without end (an
  /// unclosed `-->|` before spaces took cubic time, spaces after `A -> B` quadratic): each is
  /// read in one pass and refused at its line.
  @Test(arguments: [
    ("c.mmd", "flowchart TD\n  A -->|" + String(repeating: " ", count: 1 << 20 - 64) + "\n", 2),
    ("c.mmd", "flowchart TD\n  A -->" + String(repeating: " ", count: 1 << 20 - 64) + "|x\n", 2),
    ("c.dot", "digraph G {\n  A -> B" + String(repeating: " ", count: 1 << 20 - 64) + "x\n}\n", 2),
    ("c.dot", "digraph" + String(repeating: " ", count: 1 << 20 - 64) + "G x\n}\n", 1),
  ])
  func aLineOfAnyLengthIsReadInOnePass(file: String, text: String, line: Int) {
    #expect {
      _ = try NavigationContract(text: text, file: file, coordinator: "C")
    } throws: { error in
      (error as? ContractError)?.line == line
    }
  }

  /// A long line that is an edge is one.
  @Test func aLongEdgeLineIsAnEdge() throws {
    let spaces = String(repeating: " ", count: 1 << 19)
    let contract = try NavigationContract(
      text: "flowchart TD\n  A -->|\(spaces)Pay\(spaces)|\(spaces)B\n", file: "c.mmd", coordinator: "C")
    #expect(Self.edges(contract) == ["A B Pay 2"])
  }

  /// Unicode spaces (a no-break space pasted from a wiki, an ideographic space) are spaces, as
  /// the regular expressions this parser replaced took them.
  @Test func unicodeSpacesAreSpaces() throws {
    let contract = try NavigationContract(
      text: "flowchart TD\n\u{A0}A\u{A0}-->|\u{3000}Pay\u{2003}|\u{3000}B\u{A0}\n", file: "c.mmd",
      coordinator: "C")
    #expect(Self.edges(contract) == ["A B Pay 2"])
  }

  /// Windows line endings (`core.autocrlf`): the same contract, and errors at their own line.
  /// Saved as Windows editors save UTF-8, with a byte-order mark: the same contract.
  @Test func aByteOrderMarkIsNotPartOfTheFirstLine() throws {
    for (text, file) in [(Self.mermaid, "CartCoordinator.mmd"), (Self.dot, "CartCoordinator.dot")] {
      let marked = try NavigationContract(text: "\u{FEFF}" + text, file: file, coordinator: "CartCoordinator")
      let plain = try NavigationContract(text: text, file: file, coordinator: "CartCoordinator")
      #expect(Self.edges(marked) == Self.edges(plain), "\(file)")
    }
  }

  @Test func crlfLinesReadAsLines() throws {
    let windows = { (text: String) in text.replacingOccurrences(of: "\n", with: "\r\n") }
    let mermaid = try NavigationContract(text: windows(Self.mermaid), file: "c.mmd", coordinator: "C")
    let dot = try NavigationContract(text: windows(Self.dot), file: "c.dot", coordinator: "C")
    #expect(
      Self.edges(mermaid)
        == Self.edges(try NavigationContract(text: Self.mermaid, file: "c.mmd", coordinator: "C")))
    #expect(
      Self.edges(dot) == Self.edges(try NavigationContract(text: Self.dot, file: "c.dot", coordinator: "C")))
    #expect {
      _ = try NavigationContract(
        text: windows("flowchart TD\n  A --> B\n  A -> B\n"), file: "c.mmd", coordinator: "C")
    } throws: { error in
      (error as? ContractError)?.line == 3
    }
  }

  /// Only the folder's own regular files are contracts: a link with a contract's name (which
  /// could lead anywhere) and a subfolder are passed over, as the documentation says, and named.
  @Test func linksAndSubfoldersInAContractFolderArePassedOverAndNamed() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contracts-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.mermaid.write(
      to: folder.appendingPathComponent("CartCoordinator.mmd"), atomically: true, encoding: .utf8)
    let outside = folder.appendingPathComponent("outside.txt")
    try "flowchart TD\n  start --> Elsewhere\n".write(to: outside, atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("LinkedCoordinator.mmd").path, withDestinationPath: outside.path)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("FolderCoordinator.mmd"), withIntermediateDirectories: true)
    let found = try NavigationContract.load(folder: folder.path)
    #expect(found.contracts.map(\.coordinator) == ["CartCoordinator"])
    // Each is said, since a check without it could pass.
    #expect(
      found.skipped.map { ($0.path as NSString).lastPathComponent + ": " + $0.reason } == [
        "FolderCoordinator.mmd: a folder, not a contract",
        "LinkedCoordinator.mmd: a symlink, not followed: contracts are read as files",
      ])
  }
}
