import FlowAtlasTestSupport
import FlowAtlasTrace
import FlowAtlasTraceReader
import Testing

@testable import FlowAtlasModel

/// A container as the reader delivers it: a screen object with `hosts`.
func container(_ id: String, _ type: String, hosts: [String]) -> ScreenMention {
  .introduce(Screen(id: id, type: type, hosts: hosts))
}

/// Trace format revision 4: containers (a tab bar controller, a presented navigation controller),
/// `screen.update`, `module`, a repeated start, `duplicate-run`, `deeplink-ignored`.
@Suite("Revision 4: containers and what came with them")
struct ContainerTests {
  /// A tab bar controller set as the window's root after each tab's first screen was set off-screen.
  static func tabBarApp() -> ReplayScript {
    var script = ReplayScript()
    script.add(.coordinatorStart(coordinator: "app", type: "AppCoordinator", parent: nil))
    script.add(.coordinatorStart(coordinator: "tabs", type: "TabCoordinator", parent: "app"))
    script.add(.coordinatorStart(coordinator: "items", type: "ItemsCoordinator", parent: "tabs"))
    script.add(.setRoot(screen: screen("i", "Items"), coordinator: "items", router: "r1", background: true))
    script.add(.coordinatorStart(coordinator: "settings", type: "SettingsCoordinator", parent: "tabs"))
    script.add(
      .setRoot(screen: screen("s", "Settings"), coordinator: "settings", router: "r2", background: true))
    script.add(
      .setRoot(
        screen: container("t", "MainTabBarController", hosts: ["r1", "r2"]), coordinator: "tabs",
        router: "window", background: nil))
    return script
  }

  @Test func aTabBarShowsItsSelectedTabAndIsNoNode() {
    var script = Self.tabBarApp()
    script.add(.userAction(screen: "s", action: "tabSettings", label: nil))
    script.add(
      .selectTab(
        screen: screen("s", "Settings"), coordinator: "tabs", router: "r2", tab: "settings",
        initiator: .system(gesture: "tabBar")))
    script.add(.push(screen: screen("d", "Detail"), coordinator: "settings", router: "r2", animated: true))
    // A push on the tab not selected is off-screen: no transition, and the pending action stays.
    script.add(.userAction(screen: "d", action: "later", label: nil))
    script.add(.push(screen: screen("x", "Other"), coordinator: "items", router: "r1", animated: true))
    script.add(
      .selectTab(
        screen: screen("x", "Other"), coordinator: "tabs", router: "r1", tab: "items",
        initiator: .system(gesture: "tabBar")))
    let app = script.model()
    #expect(
      edges(app) == [
        "->Items:setRoot:TabCoordinator*1", "Detail>Other:selectTab:TabCoordinator*1[tabBar]",
        "Items>Settings:selectTab:TabCoordinator*1[tabBar]", "Settings>Detail:push:SettingsCoordinator*1",
      ])
    #expect(app.screens.map(\.type) == ["Detail", "Items", "Other", "Settings"])
    #expect(app.containers == [ContainerType(type: "MainTabBarController", owner: "TabCoordinator")])
    #expect(app.diagnostics.isEmpty)
  }

  @Test func aPresentedNavigationControllerTakesTheTapThatPresentedIt() {
    var script = Self.tabBarApp()
    script.add(.coordinatorStart(coordinator: "create", type: "CreateCoordinator", parent: "items"))
    script.add(.userAction(screen: "i", action: "tapAdd", label: nil))
    script.add(
      .present(
        screen: container("n", "UINavigationController", hosts: ["r3"]), coordinator: "items", router: "r1",
        animated: true))
    script.add(.setRoot(screen: screen("f", "Form"), coordinator: "create", router: "r3", background: nil))
    script.add(.push(screen: screen("p", "Picker"), coordinator: "create", router: "r3", animated: true))
    // The form's router has nothing presented: its dismiss takes the layer from its presenter.
    script.add(.dismiss(coordinator: "create", router: "r3", screen: nil))
    script.add(.coordinatorFinish(coordinator: "create", output: "saved"))
    let app = script.model()
    #expect(
      edges(app) == [
        "->Items:setRoot:TabCoordinator*1", "Form>Picker:push:CreateCoordinator*1",
        "Items>Form:present:CreateCoordinator*1[tapAdd]", "Picker>Items:dismiss:CreateCoordinator*1",
      ])
    #expect(app.diagnostics.isEmpty)
    #expect(app.containers.map(\.type) == ["MainTabBarController", "UINavigationController"])
  }

  @Test func aSheetSwipedAwayEmptiesItsRouterAndOrphansItsUnfinishedFlow() {
    var script = Self.tabBarApp()
    script.add(.coordinatorStart(coordinator: "create", type: "CreateCoordinator", parent: "items"))
    script.add(.setRoot(screen: screen("f", "Form"), coordinator: "create", router: "r3", background: true))
    script.add(
      .present(
        screen: container("n", "UINavigationController", hosts: ["r3"]), coordinator: "items", router: "r1",
        animated: true))
    script.add(
      .dismiss(coordinator: "items", router: "r1", screen: nil, initiator: .system(gesture: "swipeDown")))
    // Presented again, the navigation controller starts afresh: its router was emptied.
    script.add(.userAction(screen: "i", action: "tapAdd", label: nil))
    script.add(
      .present(
        screen: container("n", "UINavigationController", hosts: ["r3"]), coordinator: "items", router: "r1",
        animated: true))
    script.add(.setRoot(screen: screen("f2", "NewForm"), coordinator: "items", router: "r3", background: nil))
    let app = script.model()
    #expect(edges(app).contains("Form>Items:dismiss:ItemsCoordinator*1[swipeDown]"))
    #expect(edges(app).contains("Items>Form:present:ItemsCoordinator*1"))
    #expect(edges(app).contains("Items>NewForm:present:ItemsCoordinator*1[tapAdd]"), "\(edges(app))")
    let orphans = app.diagnostics.filter { $0.code == .orphanedCoordinator }
    #expect(orphans.map(\.line) == [12], "\(app.diagnostics)")
    #expect(orphans.first?.message.contains("CreateCoordinator") == true)
  }

  @Test func aCoordinatorThatShowsOnlyAContainerIsOrphanedWhenItGoes() {
    var script = Self.tabBarApp()
    script.add(.coordinatorStart(coordinator: "auth", type: "AuthCoordinator", parent: "app"))
    script.add(.setRoot(screen: screen("l", "Login"), coordinator: "auth", router: "window", background: nil))
    let app = script.model()
    let orphans = app.diagnostics.filter { $0.code == .orphanedCoordinator }
    // The tab coordinator put the container; its children put the tabs' screens, emptied with it.
    #expect(
      orphans.map { $0.message.prefix(while: { $0 != " " }) }.sorted() == [
        "ItemsCoordinator", "SettingsCoordinator", "TabCoordinator",
      ])
    #expect(Set(orphans.map(\.line)) == [10])
    #expect(edges(app).contains("Items>Login:setRoot:AuthCoordinator*1"))
  }

  @Test func aRootContainerShowingNothingKeepsTheTriggerForItsFirstScreen() {
    var script = ReplayScript()
    script.add(.deeplinkOpen(url: "app://items", coordinator: nil))
    script.add(
      .setRoot(
        screen: container("t", "Tabs", hosts: ["r1", "r2"]), coordinator: nil, router: "window",
        background: nil))
    script.add(.setRoot(screen: screen("s", "Settings"), coordinator: nil, router: "r2", background: nil))
    script.add(.setRoot(screen: screen("i", "Items"), coordinator: nil, router: "r1", background: nil))
    let app = script.model()
    // The second tab is not selected: its root is off-screen; the first tab's is what shows.
    #expect(edges(app) == ["->Items:setRoot:-*1[app://items]"])
    #expect(app.transitions[0].deeplinks == ["app://items"])
    #expect(app.diagnostics.isEmpty)
  }

  /// A tap on Login that sets a tab bar as the root before its tabs have a screen: nothing is current.
  static func loggedInToEmptyTabs() -> ReplayScript {
    var script = ReplayScript()
    script.add(.setRoot(screen: screen("l", "Login"), coordinator: nil, router: "window", background: nil))
    script.add(.userAction(screen: "l", action: "logIn", label: nil))
    script.add(
      .setRoot(
        screen: container("t", "Tabs", hosts: ["r1", "r2"]), coordinator: nil, router: "window",
        background: nil))
    return script
  }

  /// A tab bar set as the root before its tabs, and a sheet presented over it first: the sheet is
  /// the next screen to become current, and is reached by the action the tab bar's `setRoot` took.
  @Test func aScreenOverAnEmptyRootContainerTakesTheTriggerLeftPending() {
    var script = Self.loggedInToEmptyTabs()
    script.add(.present(screen: screen("w", "WhatsNew"), coordinator: nil, router: "window", animated: nil))
    #expect(edges(script.model()) == ["->Login:setRoot:-*1", "Login>WhatsNew:present:-*1[logIn]"])
  }

  /// A sheet over the empty tab bar took the tap; swiped away, it leaves nothing current, and the
  /// tab's first screen is reached by the swipe: one tap reaches one screen.
  @Test func aScreenThatTookTheTapEndsTheContainersEntry() {
    var script = Self.loggedInToEmptyTabs()
    script.add(.present(screen: screen("w", "WhatsNew"), coordinator: nil, router: "window", animated: nil))
    script.add(
      .dismiss(coordinator: nil, router: "window", screen: nil, initiator: .system(gesture: "swipeDown")))
    script.add(.setRoot(screen: screen("i", "Items"), coordinator: nil, router: "r1", background: nil))
    #expect(
      edges(script.model()) == [
        "->Login:setRoot:-*1", "Login>WhatsNew:present:-*1[logIn]", "WhatsNew>Items:setRoot:-*1[swipeDown]",
      ])
  }

  /// The container's first screen, set by a background event, takes the adding event's trigger,
  /// and uses it up: the next transition, with no action since, is automatic.
  @Test func aContainersFirstScreenUsesUpTheTriggerItTakes() {
    var script = Self.loggedInToEmptyTabs()
    script.add(.setRoot(screen: screen("i", "Items"), coordinator: nil, router: "r1", background: true))
    script.add(.push(screen: screen("d", "Detail"), coordinator: nil, router: "r1", animated: nil))
    #expect(
      edges(script.model()) == [
        "->Login:setRoot:-*1", "Items>Detail:push:-*1", "Login>Items:setRoot:-*1[logIn]",
      ])
  }

  @Test func eventsOnTheRouterOfAContainerOffTheStacksAreOffScreen() {
    var script = ReplayScript()
    script.add(.setRoot(screen: screen("a", "A"), coordinator: nil, router: "r1", background: nil))
    script.add(
      .present(screen: container("n", "Nav", hosts: ["r2"]), coordinator: nil, router: "r1", animated: nil))
    script.add(.setRoot(screen: screen("f", "F"), coordinator: nil, router: "r2", background: nil))
    script.add(.dismiss(coordinator: nil, router: "r2", screen: nil))
    script.add(.userAction(screen: "a", action: "go", label: nil))
    script.add(.push(screen: screen("g", "Ghost"), coordinator: nil, router: "r2", animated: nil))
    script.add(.push(screen: screen("b", "B"), coordinator: nil, router: "r1", animated: nil))
    #expect(
      edges(script.model()) == ["->A:setRoot:-*1", "A>B:push:-*1[go]", "A>F:present:-*1", "F>A:dismiss:-*1"])
  }

  @Test func aRouterThatPresentedAContainerPushesBeneathIt() {
    var script = ReplayScript()
    script.add(.setRoot(screen: screen("a", "A"), coordinator: nil, router: "r1", background: nil))
    script.add(
      .present(screen: container("n", "Nav", hosts: ["r2"]), coordinator: nil, router: "r1", animated: nil))
    script.add(.setRoot(screen: screen("f", "F"), coordinator: nil, router: "r2", background: nil))
    script.add(.push(screen: screen("b", "B"), coordinator: nil, router: "r1", animated: nil))
    script.add(.dismiss(coordinator: nil, router: "r1", screen: nil))
    let app = script.model()
    #expect(edges(app) == ["->A:setRoot:-*1", "A>F:present:-*1", "F>B:dismiss:-*1"])
  }

  @Test func aContainerHostingItsOwnRouterEndsAndShowsWhatLiesBeneath() {
    var script = ReplayScript()
    script.add(.setRoot(screen: screen("a", "A"), coordinator: nil, router: "r1", background: nil))
    script.add(
      .present(screen: container("n", "Loop", hosts: ["r1"]), coordinator: nil, router: "r1", animated: nil))
    script.add(.push(screen: screen("b", "B"), coordinator: nil, router: "r1", animated: nil))
    script.add(.setRoot(screen: screen("c", "C"), coordinator: nil, router: "r2", background: nil))
    let app = script.model()
    #expect(edges(app).first == "->A:setRoot:-*1")
    #expect(app.screens.map(\.type).contains("C"))
  }

  @Test func aRunningFlowStartedAgainAddsNothing() {
    var script = ReplayScript()
    script.add(.coordinatorStart(coordinator: "c", type: "AppCoordinator", parent: nil))
    script.add(.coordinatorStart(coordinator: "c", type: "AppCoordinator", parent: nil))
    script.add(.coordinatorStart(coordinator: "c", type: "AppCoordinator", parent: nil))
    script.add(.coordinatorFinish(coordinator: "c", output: nil))
    script.add(.coordinatorStart(coordinator: "c", type: "AppCoordinator", parent: nil))
    let app = script.model()
    #expect(app.coordinators.map(\.starts) == [2])
    let steps = app.runs[0].journey.steps.filter {
      if case .flowStarted = $0.kind { true } else { false }
    }
    #expect(steps.map(\.line) == [2, 6])
  }

  @Test func aDeepLinkThatShowsNothingIsIgnoredAtItsLine() {
    var script = ReplayScript()
    script.add(.setRoot(screen: screen("a", "A"), coordinator: nil, router: nil, background: nil))
    script.add(.deeplinkOpen(url: "app://nowhere", coordinator: nil))
    script.add(.deeplinkOpen(url: "app://b", coordinator: nil))
    script.add(.push(screen: screen("b", "B"), coordinator: nil, router: nil, animated: nil))
    script.add(.deeplinkOpen(url: "push:launch_id=signUp", coordinator: nil))
    script.add(.note(text: "nothing"))
    let app = script.model()
    let ignored = app.diagnostics.filter { $0.code == .deeplinkIgnored }
    #expect(ignored.map(\.line) == [3, 6])
    #expect(ignored.allSatisfy { $0.severity == .warning })
    #expect(ignored.last?.message.contains("push:launch_id=signUp") == true)
    // A deep link is a deep link whatever its text.
    #expect(app.transitions.first { $0.to == "B" }?.deeplinks == ["app://b"])
  }

  @Test func screenUpdateAddsATitleAndHostsChangeOnlyOffTheStacks() {
    var script = ReplayScript()
    script.add(.setRoot(screen: screen("a", "Login"), coordinator: nil, router: nil, background: nil))
    script.add(.screenUpdate(screen: Screen(id: "a", type: "Login", title: "Log in")))
    script.add(
      .present(screen: container("n", "Nav", hosts: ["r2"]), coordinator: nil, router: nil, animated: nil))
    script.add(.screenUpdate(screen: Screen(id: "n", type: "Nav", hosts: ["r3"])))
    let app = script.model()
    #expect(app.screen("Login")?.titles == ["Log in"])
    #expect(app.diagnostics.map(\.code) == [.malformedLine])
    #expect(app.diagnostics.first?.line == 5)
  }

  /// A screen set as the root with no `hosts`, given some by a `screen.update` while on the stack:
  /// skipped as `malformed-line`, so it stays a screen of the graph and hosts nothing.
  @Test func aScreenOnAStackDoesNotBecomeAContainer() {
    var script = ReplayScript()
    script.add(
      .setRoot(
        screen: screen("t", "MainTabBarController"), coordinator: nil, router: "window", background: nil))
    script.add(
      .screenUpdate(screen: Screen(id: "t", type: "MainTabBarController", hosts: ["home", "other"])))
    script.add(.setRoot(screen: screen("x", "Other"), coordinator: nil, router: "other", background: nil))
    let app = script.model()
    #expect(app.diagnostics.map(\.code) == [.malformedLine], "\(app.diagnostics)")
    #expect(app.diagnostics.first?.line == 3)
    #expect(app.containers.isEmpty)
    // "other" is hosted by nobody: its screen is shown.
    #expect(edges(app) == ["->MainTabBarController:setRoot:-*1", "MainTabBarController>Other:setRoot:-*1"])
  }

  @Test func aModuleQualifiesTheTypeEverywhere() {
    var script = ReplayScript()
    script.add(.coordinatorStart(coordinator: "c", type: "Flow", parent: nil, module: "Payments"))
    script.add(
      .setRoot(
        screen: .introduce(Screen(id: "a", type: "Settings", module: "Payments")), coordinator: "c",
        router: nil, background: nil))
    script.add(.push(screen: screen("b", "Settings"), coordinator: "c", router: nil, animated: nil))
    let app = script.model()
    #expect(app.screens.map(\.type) == ["Payments.Settings", "Settings"])
    #expect(app.coordinators.map(\.type) == ["Payments.Flow"])
    #expect(
      edges(app) == [
        "->Payments.Settings:setRoot:Payments.Flow*1", "Payments.Settings>Settings:push:Payments.Flow*1",
      ])
  }

  @Test func anActionMayIntroduceItsScreen() {
    var script = ReplayScript()
    script.add(.setRoot(screen: screen("a", "A"), coordinator: nil, router: nil, background: nil))
    script.add(.userAction(screen: screen("t", "TabContent", "Home"), action: "tap", label: nil))
    script.add(.push(screen: screen("b", "B"), coordinator: nil, router: nil, animated: nil))
    let app = script.model()
    #expect(edges(app) == ["->A:setRoot:-*1", "A>B:push:-*1[tap]"])
    let step = app.runs[0].journey.steps.first {
      if case .userAction = $0.kind { true } else { false }
    }
    #expect(step?.kind == .userAction(screen: "TabContent", action: "tap", label: nil))
  }

  @Test func aBackgroundPushLeavesThePendingTrigger() {
    var script = ReplayScript()
    script.add(.setRoot(screen: screen("a", "A"), coordinator: nil, router: "r1", background: nil))
    script.add(.userAction(screen: "a", action: "go", label: nil))
    script.add(
      .push(screen: screen("x", "X"), coordinator: nil, router: "r2", animated: nil, background: true))
    script.add(.push(screen: screen("b", "B"), coordinator: nil, router: "r1", animated: nil))
    #expect(edges(script.model()) == ["->A:setRoot:-*1", "A>B:push:-*1[go]"])
  }

  @Test func aTabCoveredByAScreenOfItsHolderIsOffScreen() {
    var script = Self.tabBarApp()
    // The window's router presents a plain screen over the tab bar: the tabs are covered.
    script.add(.present(screen: screen("l", "Login"), coordinator: "app", router: "window", animated: true))
    script.add(.userAction(screen: "l", action: "logIn", label: nil))
    script.add(.push(screen: screen("d", "Detail"), coordinator: "items", router: "r1", animated: true))
    script.add(.dismiss(coordinator: "app", router: "window", screen: nil))
    let app = script.model()
    // The push under the login screen is no transition and leaves the tap for the dismissal.
    #expect(
      edges(app) == [
        "->Items:setRoot:TabCoordinator*1", "Items>Login:present:AppCoordinator*1",
        "Login>Detail:dismiss:AppCoordinator*1[logIn]",
      ])
    #expect(app.diagnostics.isEmpty)
  }

  @Test func aTabSelectedBeforeItsContainerIsKnownStaysSelected() {
    var script = ReplayScript()
    script.add(.setRoot(screen: screen("i", "Items"), coordinator: nil, router: "r1", background: true))
    script.add(.setRoot(screen: screen("s", "Settings"), coordinator: nil, router: "r2", background: true))
    script.add(
      .selectTab(
        screen: screen("s", "Settings"), coordinator: nil, router: "r2", tab: "settings", background: true))
    script.add(
      .setRoot(
        screen: container("t", "Tabs", hosts: ["r1", "r2"]), coordinator: nil, router: "window",
        background: nil))
    #expect(edges(script.model()) == ["->Settings:setRoot:-*1"])
  }

  @Test func aContainerListingOtherRoutersOffTheStacksNoLongerHostsTheOldOnes() {
    var script = ReplayScript()
    script.add(.setRoot(screen: screen("a", "A"), coordinator: nil, router: "r1", background: nil))
    script.add(.screenUpdate(screen: Screen(id: "n", type: "Nav", hosts: ["r2"])))
    script.add(.screenUpdate(screen: Screen(id: "n", type: "Nav", hosts: ["r3"])))
    // r2 is hosted by nobody now: its events are shown.
    script.add(.push(screen: screen("b", "B"), coordinator: nil, router: "r2", animated: nil))
    let app = script.model()
    #expect(edges(app) == ["->A:setRoot:-*1", "A>B:push:-*1"])
    #expect(app.diagnostics.isEmpty)
  }

  @Test func screensOfAHiddenTabStillCountForOrphans() {
    var script = Self.tabBarApp()
    // Settings' coordinator pushes on its tab while it is not selected, then finishes its child.
    script.add(.coordinatorStart(coordinator: "edit", type: "EditCoordinator", parent: "settings"))
    script.add(.push(screen: screen("e", "Edit"), coordinator: "edit", router: "r2", animated: true))
    script.add(.pop(coordinator: "edit", router: "r2", screen: "e"))
    let app = script.model()
    // The tab bar is on a stack, so the hidden tab's screens count: the pop orphans the flow.
    let orphans = app.diagnostics.filter { $0.code == .orphanedCoordinator }
    #expect(orphans.map(\.line) == [11], "\(app.diagnostics)")
    #expect(orphans.first?.message.contains("EditCoordinator") == true)
  }

  /// A type of which one instance is a container and another a screen of its own (a plain
  /// `UINavigationController` presented beside the app's recorded ones): a node, which belongs to
  /// who showed it as a screen, however often its containers were shown; shown as a screen by no
  /// coordinator known, it keeps its containers' owner.
  @Test(arguments: ["home", nil] as [String?])
  func aTypeShownAsAScreenTooBelongsToWhoShowedItAsOne(pushedBy: String?) {
    var script = ReplayScript()
    script.add(.coordinatorStart(coordinator: "home", type: "HomeCoordinator", parent: nil))
    script.add(.coordinatorStart(coordinator: "compose", type: "ComposeCoordinator", parent: "home"))
    script.add(.setRoot(screen: screen("a", "Home"), coordinator: "home", router: "r1", background: nil))
    for _ in 0..<2 {
      script.add(
        .present(
          screen: container("n", "FlowController", hosts: ["r2"]), coordinator: "compose", router: "r1",
          animated: nil))
      script.add(.setRoot(screen: screen("f", "Form"), coordinator: "compose", router: "r2", background: nil))
      script.add(.dismiss(coordinator: "compose", router: "r1", screen: nil))
    }
    // Another instance of the type shows content of its own: the type is a node.
    script.add(
      .push(screen: screen("p", "FlowController"), coordinator: pushedBy, router: "r1", animated: nil))
    let app = script.model()
    #expect(app.screens.map(\.type) == ["FlowController", "Form", "Home"])
    #expect(
      app.screens.map(\.owner) == [
        pushedBy == nil ? "ComposeCoordinator" : "HomeCoordinator", "ComposeCoordinator", "HomeCoordinator",
      ])
    #expect(app.containers.isEmpty)
    #expect(edges(app).contains("Home>FlowController:push:\(pushedBy == nil ? "-" : "HomeCoordinator")*1"))
  }

  /// A container on a stack of a router it hosts (no app can, a trace can say it): it shows
  /// nothing, whether it sits there forty times or two routers host each other's containers, and
  /// the replay goes on (each showing was walked again below, in time that doubled per copy).
  @Test func aContainerOnAStackOfARouterItHostsShowsNothing() {
    var script = ReplayScript()
    script.add(
      .setRoot(screen: container("a", "Loop", hosts: ["r"]), coordinator: nil, router: "r", background: nil))
    for _ in 0..<40 { script.add(.push(screen: "a", coordinator: nil, router: "r", animated: nil)) }
    script.add(.present(screen: "a", coordinator: nil, router: "r", animated: nil))
    script.add(
      .setRoot(screen: container("b", "Left", hosts: ["r2"]), coordinator: nil, router: "r1", background: nil)
    )
    script.add(
      .setRoot(
        screen: container("c", "Right", hosts: ["r1"]), coordinator: nil, router: "r2", background: nil))
    script.add(.push(screen: "c", coordinator: nil, router: "r1", animated: nil))
    script.add(.setRoot(screen: screen("h", "Home"), coordinator: nil, router: "w", background: nil))
    script.add(.push(screen: screen("d", "Detail"), coordinator: nil, router: "w", animated: nil))
    let app = script.model()
    #expect(edges(app) == ["->Home:setRoot:-*1", "Home>Detail:push:-*1"])
    #expect(app.screens.map(\.type) == ["Detail", "Home"])
  }

  /// Whatever a trace does with ids, types and `hosts` (an id given again with another type, a
  /// container's type shown as a screen, routers hosting each other), every transition starts and
  /// ends at a screen of the model: the site draws and links each end, and refused to embed a
  /// diagram linking to a page it has not. Random traces of a few ids, types and routers, seeded.
  @Test func everyTransitionStartsAndEndsAtAScreenOfTheModel() {
    var random = SeededRandom(seed: 44)
    for round in 0..<400 {
      var lines = [#"{"flowatlas":"trace","version":1,"app":"A","run":"r"}"#]
      func pick(_ names: [String]) -> String { names.randomElement(using: &random)! }
      for seq in 1...Int.random(in: 2...10, using: &random) {
        let router = Bool.random(using: &random) ? "" : #","router":"\#(pick(["r0", "r1", "r2"]))""#
        var screen = #"{"id":"\#(pick(["s0", "s1", "s2"]))","type":"\#(pick(["A", "B", "T"]))""#
        if Int.random(in: 0..<3, using: &random) == 0 {
          screen += #","hosts":["\#(pick(["r0", "r1", "r2"]))"]"#
        }
        screen += "}"
        let event =
          switch Int.random(in: 0..<8, using: &random) {
          case 0: #""event":"router.setRoot","screen":\#(screen)\#(router)"#
          case 1, 2: #""event":"router.push","screen":\#(screen)\#(router)"#
          case 3: #""event":"router.present","screen":\#(screen)\#(router)"#
          case 4: #""event":"router.pop"\#(router)"#
          case 5: #""event":"router.dismiss"\#(router)"#
          case 6: #""event":"router.selectTab","screen":\#(screen),"tab":"t"\#(router)"#
          default: #""event":"screen.update","screen":\#(screen)"#
          }
        lines.append(#"{"seq":\#(seq),\#(event)}"#)
      }
      let trace = lines.joined(separator: "\n") + "\n"
      let model = ModelBuilder(workers: 1).build(traces: [("r.jsonl", Array(trace.utf8))])
      for app in model.apps {
        let screens = Set(app.screens.map(\.type))
        let ends = app.transitions.flatMap { [$0.from, $0.to].compactMap { $0 } }
        if let missing = ends.first(where: { !screens.contains($0) }) {
          Issue.record(
            "round \(round): a transition ends at \(missing), no screen of the model (\(random)):\n\(trace)")
          return
        }
      }
    }
  }
}
