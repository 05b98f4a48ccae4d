import FlowAtlasPattern
import Observation
import Testing

@MainActor
struct NavigationStackRouterTests {
  final class Screen: Presentable {}

  @Test func coordinatorCallsBuildTheStacksSwiftUIBindsTo() {
    let router = NavigationStackRouter()
    let (home, detail, sheet, sheetDetail) = (Screen(), Screen(), Screen(), Screen())
    router.push(home)
    router.push(detail)
    router.present(sheet)
    router.push(sheetDetail)
    #expect(router.stacks.count == 2)
    #expect(router.stacks[0].root == NavigationRoute(home))
    #expect(router.stacks[0].path == [NavigationRoute(detail)])
    #expect(router.stacks[1].style == .sheet)
    #expect(router.stacks[1].path == [NavigationRoute(sheetDetail)])
    router.dismiss()
    router.popToRoot()
    #expect(router.layers.map(\.count) == [1])
    router.pop()
    router.dismiss()
    #expect(router.refusals == [.popAtRoot, .dismissWithNothingPresented])
  }

  @Test func aSecondModalLayerWaitsUntilTheFirstAppeared() {
    let router = NavigationStackRouter()
    router.setRoot(Screen())
    router.present(Screen())
    router.present(Screen(), style: .fullScreenCover)
    #expect(router.isPresented(layer: 1))
    #expect(!router.isPresented(layer: 2))
    router.didAppear(layer: 1)
    #expect(router.isPresented(layer: 2))
    router.dismiss()
    router.dismiss()
    router.present(Screen())
    // The layer that appeared before was dismissed: a new one starts over.
    #expect(router.appearedModalLayers == 0)
    #expect(router.isPresented(layer: 1))
    router.setRoot(Screen())
    #expect(!router.isPresented(layer: 1))
  }

  @Test func swiftUISeesTheStateChange() {
    let router = NavigationStackRouter()
    router.setRoot(Screen())
    final class Flag: @unchecked Sendable { var isSet = false }  // set and read on the main actor
    let changed = Flag()
    withObservationTracking {
      _ = router.stacks
    } onChange: {
      changed.isSet = true
    }
    router.push(Screen())
    #expect(changed.isSet)
  }

  @Test func theModalStyleIsTheAppsChoicePerScreen() {
    final class Player: Presentable {}
    let router = NavigationStackRouter()
    router.modalStyle = { $0 is Player ? .fullScreenCover : .sheet }
    router.setRoot(Screen())
    router.present(Player())
    #expect(router.stacks[1].style == .fullScreenCover)
  }
}
