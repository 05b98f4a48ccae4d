import FlowAtlasTrace
import Testing

@testable import FlowAtlasModel

@Suite("Triggers")
struct TriggerTests {
  @Test func theLatestActionSinceTheLastRouterEventWins() {
    var script = ReplayScript()
    script.add(.setRoot(screen: screen("1", "A"), coordinator: nil, router: nil, background: nil))
    script.add(.userAction(screen: "1", action: "scroll", label: nil))
    script.add(.userAction(screen: "1", action: "tapBuy", label: "Buy"))
    script.add(.push(screen: screen("2", "B"), coordinator: nil, router: nil, animated: nil))
    #expect(edges(script.model()) == ["->A:setRoot:-*1", "A>B:push:-*1[tapBuy]"])
  }

  @Test func anActionTriggersOnlyTheFirstRouterEventAfterIt() {
    var script = ReplayScript()
    script.add(.setRoot(screen: screen("1", "A"), coordinator: nil, router: nil, background: nil))
    script.add(.userAction(screen: "1", action: "next", label: nil))
    script.add(.push(screen: screen("2", "B"), coordinator: nil, router: nil, animated: nil))
    script.add(.push(screen: screen("3", "C"), coordinator: nil, router: nil, animated: nil))
    #expect(edges(script.model()) == ["->A:setRoot:-*1", "A>B:push:-*1[next]", "B>C:push:-*1"])
  }

  /// Revision 2: a background setRoot prepares a tab; the tap is the trigger of the switch.
  @Test func aBackgroundSetRootKeepsThePendingAction() {
    var script = ReplayScript()
    script.add(.setRoot(screen: screen("1", "A"), coordinator: nil, router: nil, background: nil))
    script.add(.userAction(screen: "1", action: "tab", label: nil))
    script.add(.setRoot(screen: screen("2", "B"), coordinator: nil, router: "other", background: true))
    script.add(.selectTab(screen: screen("2", "B"), coordinator: nil, router: "other", tab: "b"))
    #expect(edges(script.model()) == ["->A:setRoot:-*1", "A>B:selectTab:-*1[tab]"])
  }

  @Test func aDeepLinkTriggersWhenNoActionDid() {
    var script = ReplayScript()
    script.add(.deeplinkOpen(url: "shop://product/1", coordinator: nil))
    script.add(.setRoot(screen: screen("1", "A"), coordinator: nil, router: nil, background: nil))
    script.add(.deeplinkOpen(url: "shop://cart", coordinator: nil))
    script.add(.userAction(screen: "1", action: "open", label: nil))
    script.add(.push(screen: screen("2", "B"), coordinator: nil, router: nil, animated: nil))
    #expect(edges(script.model()) == ["->A:setRoot:-*1[shop://product/1]", "A>B:push:-*1[open]"])
  }

  @Test func triggersOfRepeatedTransitionsAreCollectedSortedWithoutRepeats() {
    var script = ReplayScript()
    script.add(.setRoot(screen: screen("1", "A"), coordinator: nil, router: nil, background: nil))
    for action in ["z", "a", nil, "z"] {
      if let action { script.add(.userAction(screen: "1", action: action, label: nil)) }
      script.add(.push(screen: screen("2", "B"), coordinator: nil, router: nil, animated: nil))
      script.add(.pop(coordinator: nil, router: nil, screen: nil))
    }
    #expect(edges(script.model()) == ["->A:setRoot:-*1", "A>B:push:-*4[a,z]", "B>A:pop:-*4"])
  }

  @Test func journeyStepsCarryTheTrigger() {
    var script = ReplayScript()
    script.add(.setRoot(screen: screen("1", "A"), coordinator: nil, router: nil, background: nil))
    script.add(.userAction(screen: "1", action: "buy", label: "Buy now"))
    script.add(.push(screen: screen("2", "B"), coordinator: nil, router: nil, animated: nil))
    let steps = script.model().runs[0].journey.steps
    #expect(
      steps.last?.kind
        == .transition(
          from: "A", to: "B", kind: .push, coordinator: nil, trigger: .action("buy", label: "Buy now")))
    #expect(
      steps.first?.kind
        == .transition(from: nil, to: "A", kind: .setRoot, coordinator: nil, trigger: .automatic))
  }
}
