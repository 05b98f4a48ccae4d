import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTestSupport
import FlowAtlasTrace
import Testing

/// Replays recorded router events with the spec's "Stacks" rules (one router) and checks
/// the result is what the headless router really shows: recording says what happened.
@MainActor
struct ReplayConsistencyTests {
  final class Titled: Presentable {
    let screenTitle: String?
    init(_ title: String) { screenTitle = title }
  }

  /// The spec's stacks, by screen id.
  struct Replay {
    var layers: [[String]] = [[]]
    var titles: [String: String] = [:]
    var unknownReferences: [String] = []

    mutating func resolve(_ mention: ScreenMention) -> String {
      switch mention {
      case .introduce(let screen):
        titles[screen.id] = screen.title ?? ""
      case .reference(let id):
        if titles[id] == nil { unknownReferences.append(id) }
      }
      return mention.id
    }

    mutating func apply(_ event: TraceEvent) {
      switch event {
      case .setRoot(let screen, _, _, _, _): layers = [[resolve(screen)]]
      case .push(let screen, _, _, _, _, _): layers[layers.count - 1].append(resolve(screen))
      case .present(let screen, _, _, _, _, _): layers.append([resolve(screen)])
      case .pop(_, _, let screen, _, _):
        if let screen { _ = resolve(screen) }
        if layers[layers.count - 1].count > 1 { layers[layers.count - 1].removeLast() }
      case .popToRoot:
        if layers[layers.count - 1].count > 1 { layers[layers.count - 1].removeSubrange(1...) }
      case .dismiss(_, _, let screen, _, _):
        if let screen { _ = resolve(screen) }
        if layers.count > 1 { layers.removeLast() }
      default: break
      }
    }
  }

  @Test(arguments: [1, 7, 42, 1234])
  func replayingTheTraceGivesTheRoutersStacks(seed: UInt64) {
    let (recorder, sink) = makeRecorder()
    let stack = StackRouter()
    let router = recorder.router(wrapping: stack)
    let screens = (0..<12).map { Titled("screen \($0)") }
    var random = seed
    func next(_ bound: Int) -> Int {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((random >> 33) % UInt64(bound))
    }
    router.setRoot(screens[0])
    for _ in 0..<400 {
      let screen = screens[next(screens.count)]
      switch next(10) {
      case 0: router.setRoot(screen)
      case 1, 2, 3: router.push(screen)
      case 4, 5: router.pop()
      case 6: router.popToRoot()
      case 7: router.present(screen)
      default: router.dismiss()
      }
    }
    var replay = Replay()
    for event in sink.events { replay.apply(event) }
    #expect(replay.unknownReferences.isEmpty)
    let shown = stack.layers.map { layer in layer.map { $0.screenTitle ?? "" } }
    #expect(replay.layers.map { layer in layer.map { replay.titles[$0] ?? "?" } } == shown)
    #expect(sink.events.count == 401)
  }
}
