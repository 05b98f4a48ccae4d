import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTestSupport
import FlowAtlasTrace
import Testing

// Two features of one app, each with its own `ViewController` in a namespace, as many apps name
// their screens.
enum Login {
  @MainActor final class ViewController: Presentable {}
}

enum Profile {
  @MainActor final class ViewController: Presentable {}
  @MainActor final class List<Row>: Presentable {}
  struct Row {}
}

/// How recording names a type: within its module, its enclosing types kept, and with its module
/// where the run records modules.
struct RecordedTypeTests {
  @Test func aNestedTypeKeepsItsEnclosingTypes() {
    #expect(RecordedType(of: Login.ViewController.self).name == "Login.ViewController")
    #expect(RecordedType(of: Login.ViewController.self).module == "FlowAtlasRecordingTests")
    #expect(RecordedType(of: Profile.List<Profile.Row>.self).name == "Profile.List<Row>")
    // A private type's context (`(unknown context at $…)`) is no part of its name.
    #expect(RecordedType(of: Hidden.self).name == "Hidden")
    #expect(RecordedType(of: Int.self) == RecordedType(module: "Swift", name: "Int"))
  }

  @Test func theRuntimesSpellingsAreReadWhateverTheyHold() {
    let cases: [(reflecting: String, describing: String, module: String?, name: String)] = [
      ("MyApp.Outer.Inner<Swift.Int>.Deep", "Deep", "MyApp", "Outer.Inner.Deep"),
      ("MyApp.List<MyApp.Outer.Row>", "List<Row>", "MyApp", "List<Row>"),
      ("MyApp.Filter<(Swift.Int) -> Swift.Bool>.Cell", "Cell", "MyApp", "Filter.Cell"),
      ("(extension in MyApp):Swift.Array<Swift.Int>.Row", "Row", "MyApp", "Array.Row"),
      ("(extension in MyApp):__C.UIViewController.Inner", "Inner", "MyApp", "UIViewController.Inner"),
      ("MyApp.(unknown context at $10a3c4).(unknown context at $10a3cc).Local", "Local", "MyApp", "Local"),
      ("__C.UIAlertController", "UIAlertController", "__C", "UIAlertController"),
      ("Lonely", "Lonely", nil, "Lonely"),
      ("", "Described", nil, "Described"),
    ]
    for (reflecting, describing, module, name) in cases {
      let type = RecordedType(reflecting: reflecting, describing: describing)
      #expect(type == RecordedType(module: module, name: name), "\(reflecting)")
    }
  }

  /// The bug: both features' screens were `ViewController`, one screen in the model.
  @MainActor @Test func twoNamespacesScreensAreTwoTypesInTheTrace() {
    let sink = MemoryTraceSink()
    let recorder = Recorder(header: TraceHeader(app: "Namespaces", run: "r"), sink: sink)
    let router = recorder.router(wrapping: StackRouter())
    router.setRoot(Login.ViewController(), animated: false)
    router.push(Profile.ViewController(), animated: false)
    recorder.finish()
    #expect(
      sink.events == [
        .setRoot(
          screen: introduce("s1", "Login.ViewController"), coordinator: nil, router: nil, background: nil),
        .push(
          screen: introduce("s2", "Profile.ViewController"), coordinator: nil, router: nil, animated: false),
      ])
  }

  /// A modular app asks for modules: every type then carries its own, screens and coordinators,
  /// but the classes Objective-C declares, which have none.
  @MainActor @Test func aRunThatRecordsModulesNamesEachTypesModule() {
    let sink = MemoryTraceSink()
    let recorder = Recorder(header: TraceHeader(app: "Modules", run: "r"), sink: sink)
    recorder.recordModules()
    let router = recorder.router(wrapping: StackRouter())
    let app = ShopCoordinator(router: router)
    recorder.launch(app)
    router.push(Login.ViewController(), animated: false)
    recorder.finish()
    let introduced = sink.events.compactMap { event -> String? in
      switch event {
      case .setRoot(.introduce(let screen), _, _, _, _), .push(.introduce(let screen), _, _, _, _, _):
        screen.qualifiedType
      default: nil
      }
    }
    #expect(
      introduced == [
        "FlowAtlasTestSupport.ProductListScreen", "FlowAtlasRecordingTests.Login.ViewController",
      ])
    #expect(
      sink.events.first
        == .coordinatorStart(
          coordinator: "c1", type: "ShopCoordinator", parent: nil, module: "FlowAtlasTestSupport"))
  }
}

private final class Hidden {}
