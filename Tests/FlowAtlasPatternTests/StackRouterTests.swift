import FlowAtlasPattern
import Testing

@MainActor
struct StackRouterTests {
  @Test func setRootReplacesEverythingIncludingModalLayers() {
    let router = StackRouter()
    router.setRoot(TestScreen("a"))
    router.push(TestScreen("b"))
    router.present(TestScreen("m"))
    router.push(TestScreen("n"))
    router.setRoot(TestScreen("z"))
    #expect(names(router.layers) == [["z"]])
    #expect(router.modalLayers.isEmpty)
  }

  @Test func pushAddsToTheTopLayerAndPopRemovesItsTop() {
    let router = StackRouter()
    router.setRoot(TestScreen("a"))
    router.push(TestScreen("b"))
    router.present(TestScreen("m"))
    router.push(TestScreen("n"))
    #expect(names(router.layers) == [["a", "b"], ["m", "n"]])
    #expect((router.visibleScreen as? TestScreen)?.name == "n")
    router.pop()
    #expect(names(router.layers) == [["a", "b"], ["m"]])
    #expect(names([router.stack]) == [["a", "b"]])
    #expect(names(router.modalLayers) == [["m"]])
    #expect((router.topScreen as? TestScreen)?.name == "m")
  }

  @Test func popToRootKeepsTheTopLayersFirstScreen() {
    let router = StackRouter()
    router.setRoot(TestScreen("a"))
    router.push(TestScreen("b"))
    router.present(TestScreen("m"))
    router.push(TestScreen("n"))
    router.push(TestScreen("o"))
    router.popToRoot()
    #expect(names(router.layers) == [["a", "b"], ["m"]])
    router.dismiss()
    router.popToRoot()
    #expect(names(router.layers) == [["a"]])
    #expect(router.refusals.isEmpty)
  }

  @Test func dismissRemovesTheTopmostModalLayerWithWhatItPushed() {
    let router = StackRouter()
    router.setRoot(TestScreen("a"))
    router.present(TestScreen("m"))
    router.present(TestScreen("p"))
    router.push(TestScreen("q"))
    router.dismiss()
    #expect(names(router.layers) == [["a"], ["m"]])
    router.dismiss()
    #expect(names(router.layers) == [["a"]])
  }

  @Test func pushOnAnEmptyRouterMakesTheRoot() {
    let router = StackRouter()
    #expect(router.visibleScreen == nil)
    router.push(TestScreen("a"))
    #expect(names(router.layers) == [["a"]])
  }

  enum Illegal: String, CaseIterable {
    case popEmpty, popAtRoot, popAtModalRoot, popToRootEmpty, popToRootAtRoot,
      popToRootAtModalRoot, dismissEmpty, dismissNothingPresented
  }

  /// Every illegal operation is refused, reported once, leaves the state as it was, and
  /// still runs its completion.
  @Test(arguments: Illegal.allCases)
  func illegalOperationsAreRefusedWithoutCorruptingState(_ illegal: Illegal) {
    let router = StackRouter()
    switch illegal {
    case .popEmpty, .popToRootEmpty, .dismissEmpty: break
    case .popAtRoot, .popToRootAtRoot, .dismissNothingPresented:
      router.setRoot(TestScreen("a"))
    case .popAtModalRoot, .popToRootAtModalRoot:
      router.setRoot(TestScreen("a"))
      router.push(TestScreen("b"))
      router.present(TestScreen("m"))
    }
    let before = names(router.layers)
    var reported: [RouterRefusal] = []
    router.onRefusal = { reported.append($0) }
    var completions = 0
    let expected: RouterRefusal
    switch illegal {
    case .popEmpty, .popAtRoot, .popAtModalRoot:
      router.pop(animated: true) { completions += 1 }
      expected = .popAtRoot
    case .popToRootEmpty, .popToRootAtRoot, .popToRootAtModalRoot:
      router.popToRoot(animated: true) { completions += 1 }
      expected = .popToRootAtRoot
    case .dismissEmpty, .dismissNothingPresented:
      router.dismiss(animated: true) { completions += 1 }
      expected = .dismissWithNothingPresented
    }
    #expect(names(router.layers) == before)
    #expect(reported == [expected])
    #expect(router.refusals == [expected])
    #expect(completions == 1)
    #expect(!expected.description.isEmpty)
  }

  @Test func completionsRunSynchronouslyOnce() {
    let router = StackRouter()
    var log: [String] = []
    router.setRoot(TestScreen("a"), animated: false) { log.append("setRoot") }
    router.push(TestScreen("b"), animated: true) { log.append("push") }
    router.present(TestScreen("m"), animated: true) { log.append("present") }
    router.dismiss(animated: true) { log.append("dismiss") }
    router.popToRoot(animated: true) { log.append("popToRoot") }
    router.push(TestScreen("c"), animated: true) { log.append("push") }
    router.pop(animated: true) { log.append("pop") }
    #expect(log == ["setRoot", "push", "present", "dismiss", "popToRoot", "push", "pop"])
  }

  @Test func reportsWhatPopAndDismissWouldRemove() {
    let router = StackRouter()
    router.setRoot(TestScreen("a"))
    #expect(router.screenRemovedByPop == nil)
    #expect(router.screenRemovedByDismiss == nil)
    router.push(TestScreen("b"))
    router.present(TestScreen("m"))
    router.push(TestScreen("n"))
    #expect((router.screenRemovedByPop as? TestScreen)?.name == "n")
    #expect((router.screenRemovedByDismiss as? TestScreen)?.name == "m")
  }
}
