import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTestSupport
import FlowAtlasTrace
import FlowAtlasTraceReader
import Testing

@MainActor final class HomeView: Presentable {}
@MainActor final class ListView: Presentable {}
@MainActor final class DetailView: Presentable {}
@MainActor final class StepView: Presentable {}
@MainActor final class SheetView: Presentable {}
@MainActor final class SheetDetailView: Presentable {}
@MainActor final class CoverView: Presentable {}

/// The state a write starts from, built by app calls (recorded, then set aside).
enum StartingState: Sendable {
  /// Home, List, Detail, Step on the bottom stack.
  case deepStack
  /// Home, List; a sheet with SheetView, SheetDetailView.
  case sheetWithStack
  /// Home; two sheets.
  case twoSheets
  /// Home; a full-screen cover.
  case cover
}

/// One write SwiftUI can make (or a nonsense one), and what the router must record.
struct StateWrite: Sendable, CustomTestStringConvertible {
  var name: String
  var from: StartingState
  var write: @MainActor @Sendable (NavigationStackRouter) -> Void
  /// The events recorded by the write, as transcript lines.
  var records: [String]
  /// The refusal it must be, if any.
  var refusal: RouterRefusal?
  /// The layers' screen types after it, bottom first.
  var after: [[String]]

  var testDescription: String { name }
}

@MainActor
struct NavigationStackRouterWriteTests {
  nonisolated static let writes: [StateWrite] = [
    StateWrite(
      name: "back one screen (back button or edge swipe)", from: .deepStack,
      write: { $0.write(path: Array($0.stacks[0].path.dropLast()), toLayer: 0) },
      records: ["pop StepView (system: back)"], after: [["HomeView", "ListView", "DetailView"]]),
    StateWrite(
      name: "back menu, two screens", from: .deepStack,
      write: { $0.write(path: Array($0.stacks[0].path.prefix(1)), toLayer: 0) },
      records: ["popTo ListView (system: backMenu)"], after: [["HomeView", "ListView"]]),
    StateWrite(
      name: "back menu to the root", from: .deepStack, write: { $0.write(path: [], toLayer: 0) },
      records: ["popTo HomeView (system: backMenu)"], after: [["HomeView"]]),
    StateWrite(
      name: "the same path written back", from: .deepStack,
      write: { $0.write(path: $0.stacks[0].path, toLayer: 0) }, records: [],
      after: [["HomeView", "ListView", "DetailView", "StepView"]]),
    StateWrite(
      name: "back one screen in a sheet", from: .sheetWithStack,
      write: { $0.write(path: [], toLayer: 1) }, records: ["pop SheetDetailView (system: back)"],
      after: [["HomeView", "ListView"], ["SheetView"]]),
    StateWrite(
      name: "a sheet dragged down", from: .sheetWithStack,
      write: { $0.write(isPresented: false, layer: 1) }, records: ["dismiss SheetView (system: swipeDown)"],
      after: [["HomeView", "ListView"]]),
    StateWrite(
      name: "a sheet's presentation written back", from: .sheetWithStack,
      write: { $0.write(isPresented: true, layer: 1) }, records: [],
      after: [["HomeView", "ListView"], ["SheetView", "SheetDetailView"]]),
    StateWrite(
      name: "a dismissal written back after the coordinator dismissed", from: .sheetWithStack,
      write: { router in
        router.dismiss(animated: true, completion: nil)
        router.write(isPresented: false, layer: 1)
      },
      records: [], after: [["HomeView", "ListView"]]),
    StateWrite(
      name: "the top sheet of two dragged down", from: .twoSheets,
      write: { $0.write(isPresented: false, layer: 2) },
      records: ["dismiss SheetDetailView (system: swipeDown)"],
      after: [["HomeView"], ["SheetView"]]),
    StateWrite(
      name: "refused: the lower of two sheets dismissed", from: .twoSheets,
      write: { $0.write(isPresented: false, layer: 1) }, records: [], refusal: .layerCovered(layer: 1),
      after: [["HomeView"], ["SheetView"], ["SheetDetailView"]]),
    StateWrite(
      name: "refused: a full-screen cover dismissed by its view", from: .cover,
      write: { $0.write(isPresented: false, layer: 1) }, records: [],
      refusal: .coverDismissedByView(layer: 1),
      after: [["HomeView"], ["CoverView"]]),
    StateWrite(
      name: "refused: a longer path no coordinator pushed", from: .deepStack,
      write: { $0.write(path: $0.stacks[0].path + [NavigationRoute(StepView())], toLayer: 0) },
      records: [], refusal: .pathNotShortened(layer: 0),
      after: [["HomeView", "ListView", "DetailView", "StepView"]]),
    StateWrite(
      name: "refused: a route the router never showed", from: .deepStack,
      write: { $0.write(path: [NavigationRoute(ListView())], toLayer: 0) }, records: [],
      refusal: .pathNotShortened(layer: 0), after: [["HomeView", "ListView", "DetailView", "StepView"]]),
    StateWrite(
      name: "refused: the bottom path written under a sheet", from: .sheetWithStack,
      write: { $0.write(path: [], toLayer: 0) }, records: [], refusal: .layerCovered(layer: 0),
      after: [["HomeView", "ListView"], ["SheetView", "SheetDetailView"]]),
    StateWrite(
      name: "refused: a layer the router does not show", from: .deepStack,
      write: { $0.write(path: [], toLayer: 3) }, records: [], refusal: .noSuchLayer(layer: 3),
      after: [["HomeView", "ListView", "DetailView", "StepView"]]),
    StateWrite(
      name: "refused: a sheet presented that no coordinator presented", from: .deepStack,
      write: { $0.write(isPresented: true, layer: 1) }, records: [], refusal: .noSuchLayer(layer: 1),
      after: [["HomeView", "ListView", "DetailView", "StepView"]]),
  ]

  static func prepare(_ state: StartingState, on router: any RouterProtocol, _ swiftUI: NavigationStackRouter)
  {
    router.setRoot(HomeView())
    switch state {
    case .deepStack:
      router.push(ListView())
      router.push(DetailView())
      router.push(StepView())
    case .sheetWithStack:
      router.push(ListView())
      router.present(SheetView())
      router.push(SheetDetailView())
    case .twoSheets:
      router.present(SheetView())
      router.present(SheetDetailView())
    case .cover:
      swiftUI.present(CoverView(), style: .fullScreenCover)
    }
  }

  @Test(arguments: writes)
  func everyStateWriteRecordsWhatItAmountsTo(_ write: StateWrite) {
    let (recorder, sink) = makeRecorder()
    let swiftUI = NavigationStackRouter()
    let router = recorder.router(wrapping: swiftUI)
    Self.prepare(write.from, on: router, swiftUI)
    let before = sink.events.count
    write.write(swiftUI)
    let lines = TraceTranscript(sink.events).lines
    #expect(Array(lines[before...]) == write.records)
    #expect(swiftUI.refusals == (write.refusal.map { [$0] } ?? []))
    #expect(swiftUI.layers.map { $0.map(\.screenType) } == write.after)
  }

  /// A coordinator of the app's own (Element X's, whose flows end when their screens' dismissal
  /// callbacks run) learns from the router's `onSystemNavigation` that the person's drag removed
  /// its sheet, after the recording wrote it, and finishes (no orphan, then).
  @Test func aCoordinatorOfTheAppsOwnFinishesWhenTheRouterSaysTheSystemRemovedItsScreen() {
    let (recorder, sink) = makeRecorder()
    let swiftUI = NavigationStackRouter()
    let settings = OwnSheetFlow(router: recorder.router(wrapping: swiftUI))
    var heard: [SystemNavigation.Kind] = []
    swiftUI.onSystemNavigation = { [weak settings] navigation in
      heard.append(navigation.kind)
      if navigation.removed.contains(where: { $0 === settings?.screen }) { settings?.finish() }
    }
    recorder.follow(settings)
    settings.start()
    swiftUI.write(isPresented: false, layer: 1)
    #expect(heard == [.dismiss])
    let lines = TraceTranscript(sink.events).lines
    #expect(
      lines.suffix(2) == [
        "dismiss SheetView by OwnSheetFlow (system: swipeDown)", "finish OwnSheetFlow -> closed",
      ],
      "\(lines)")
  }

  @Test func aCoordinatorFinishesWhenSwiftUIRemovesItsFirstScreen() {
    let (recorder, sink) = makeRecorder()
    let swiftUI = NavigationStackRouter()
    let shop = ShopCoordinator(router: recorder.router(wrapping: swiftUI))
    recorder.launch(shop)
    let payment = PaymentCoordinator(router: shop.router)
    shop.startChild(payment)
    swiftUI.write(path: [], toLayer: 0)
    #expect(shop.childCoordinators.isEmpty)
    #expect(
      TraceTranscript(sink.events).lines.suffix(3) == [
        "pop PaymentScreen by PaymentCoordinator (system: back)", "finish PaymentCoordinator",
        "detach PaymentCoordinator from ShopCoordinator",
      ])
  }
}

/// A flow of the app's own that presents one sheet, marked as docs/own-coordinators.md says.
@MainActor private final class OwnSheetFlow {
  @RecordedRouter private var router: any RouterProtocol  // FlowAtlas
  let screen = SheetView()

  init(router: any RouterProtocol) { self.router = router }

  func start() {
    Recorder.started(self)  // FlowAtlas
    router.setRoot(HomeView(), animated: false, completion: nil)
    router.present(screen, animated: false, completion: nil)
  }

  func finish() { Recorder.finished(self, output: "closed") }  // FlowAtlas
}
