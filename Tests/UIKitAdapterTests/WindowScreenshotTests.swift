import FlowAtlasTrace
import FlowAtlasTraceReader
import FlowAtlasUIKitOnModel
import Foundation
import Testing
import UIKit

/// Screenshots on UIKit (`Recorder.takeScreenshots(_:folder:)`), run on the model of UIKit: the
/// window is drawn once the transition that showed a screen has ended, once per type of screen,
/// with secure text fields and marked views painted over.
@MainActor @Suite(.serialized) struct WindowScreenshotTests {
  /// A screen painted one colour, with a password field and a view the app marks as private.
  final class PaintedScreen: UIViewController {
    let color: UIColor
    let password = UITextField(frame: CGRect(x: 20, y: 100, width: 200, height: 40))
    let accountNumber = UILabel(frame: CGRect(x: 20, y: 200, width: 200, height: 40))
    let plainField = UITextField(frame: CGRect(x: 20, y: 300, width: 200, height: 40))

    init(_ name: String, color: UIColor) {
      self.color = color
      super.init(nibName: nil, bundle: nil)
      title = name
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
      super.viewDidLoad()
      view.backgroundColor = color
      password.isSecureTextEntry = true
      password.backgroundColor = .white
      accountNumber.backgroundColor = .white
      accountNumber.hidesInFlowAtlasScreenshots = true
      plainField.backgroundColor = .white
      for field in [password, accountNumber, plainField] { view.addSubview(field) }
    }
  }

  @MainActor final class Shop {
    @RecordedRouter var navigation: UINavigationController = .recorded()  // FlowAtlas

    func start() {
      Recorder.started(self)  // FlowAtlas
      navigation.setViewControllers([Screen("Start")], animated: false)
    }

    func open(_ name: String, color: UIColor) {
      navigation.pushViewController(PaintedScreen(name, color: color), animated: true)
    }
  }

  private static func imageEvents(_ sink: MemoryTraceSink) -> [(screen: String, file: String, size: [Int?])] {
    sink.events.compactMap { event in
      guard case .screenImage(let screen, let file, let width, let height) = event else { return nil }
      return (screen, file, [width, height])
    }
  }

  @Test func theWindowIsDrawnOnceTheTransitionEndsOncePerTypeWithSecretsPaintedOver() throws {
    UIKitModel.reset()
    FlowAtlasRecording.Recorder.forgetThisThreadsLatestRun()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowatlas-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let sink = MemoryTraceSink()
    let recorder = Recorder(header: TraceHeader(app: "Shop", run: "pictures"), sink: sink)
    recorder.takeScreenshots(folder: folder)
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.makeKeyAndVisible()
    let shop = Shop()
    recorder.follow(shop)
    shop.start()
    window.rootViewController = shop.navigation
    UIKitModel.finishAnimations()
    #expect(Self.imageEvents(sink).map(\.screen) == ["s1"])

    shop.open("Account", color: .red)
    // Mid-transition: nothing drawn yet.
    #expect(UIKitModel.drawn.count == 1)
    #expect(Self.imageEvents(sink).count == 1)
    UIKitModel.finishAnimations()

    let pictures = Self.imageEvents(sink)
    // s2 is the navigation controller, the window's root.
    #expect(pictures.map(\.screen) == ["s1", "s3"])
    #expect(pictures.last?.size == [1179, 2556])
    let canvas = try #require(UIKitModel.drawn.last)
    // The screen that was pushed, not the one it covered.
    #expect(canvas.pixel(atX: 300, y: 600) == [255, 0, 0])
    // The password field and the marked view painted over; the plain field as it is.
    #expect(canvas.pixel(atX: 100, y: 120) == [0, 0, 0])
    #expect(canvas.pixel(atX: 100, y: 220) == [0, 0, 0])
    #expect(canvas.pixel(atX: 100, y: 320) == [255, 255, 255])

    // A second screen of the same type: no second picture.
    shop.open("Savings", color: .blue)
    UIKitModel.finishAnimations()
    recorder.finish()
    #expect(Self.imageEvents(sink).count == 2)
    #expect(UIKitModel.drawn.count == 2)

    // Each is in the trace's folder, a PNG, the picture the window gave.
    for picture in pictures {
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(picture.file)")))
      #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }
    let lines = TraceTranscript(sink.events).lines
    #expect(
      lines.firstIndex { $0.hasPrefix("push WindowScreenshotTests.PaintedScreen") } ?? 99 < lines.count - 1,
      "\(lines)")
  }

  /// A tab bar controller of the app's own (a `RecordingTabBarController`, as a storyboard names
  /// it), a navigation controller per tab: the selected tab's screen is pictured once the window
  /// shows it; the other tab's, hidden behind it, only once the person selects its tab.
  @Test func aTabsScreenIsPicturedWhenItsTabIsShown() throws {
    UIKitModel.reset()
    FlowAtlasRecording.Recorder.forgetThisThreadsLatestRun()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowatlas-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let sink = MemoryTraceSink()
    let recorder = Recorder(header: TraceHeader(app: "Tabs", run: "pictures"), sink: sink)
    recorder.takeScreenshots(.everyTime, folder: folder)
    // The run is followed before the app makes its view controllers, as an app sets FlowAtlas up
    // at launch: made before, they would record in the run of whichever test ran before.
    let root = TabsCoordinator()
    recorder.follow(root)
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.makeKeyAndVisible()
    let tabs = RecordingTabBarController()
    tabs.viewControllers = [
      UINavigationController.recorded(rootViewController: PaintedScreen("Home", color: .red)),
      UINavigationController.recorded(rootViewController: PaintedScreen("Settings", color: .blue)),
    ]
    root.start()
    window.rootViewController = tabs
    UIKitModel.finishAnimations()
    let shown = Self.imageEvents(sink)
    // The selected tab's screen, once (its navigation controller and the tab bar both say it
    // appeared: one showing, one picture, even every time).
    #expect(shown.count == 1, "\(shown) \(TraceTranscript(sink.events).lines)")
    #expect(UIKitModel.drawn.last?.pixel(atX: 300, y: 600) == [255, 0, 0])

    Person.tapTab(at: 1, in: tabs)
    UIKitModel.finishAnimations()
    recorder.finish()
    let pictures = Self.imageEvents(sink)
    #expect(pictures.count == 2, "\(pictures)")
    #expect(Set(pictures.map(\.screen)).count == 2)
    #expect(UIKitModel.drawn.last?.pixel(atX: 300, y: 600) == [0, 0, 255])
    // Each picture after the event that showed its screen.
    let lines = TraceTranscript(sink.events).lines
    #expect(
      lines.firstIndex { $0.hasPrefix("selectTab") } ?? 99 < lines.lastIndex { $0.hasPrefix("image") } ?? -1,
      "\(lines)")
  }

  @Test func aScreenInNoWindowIsNotPictured() {
    UIKitModel.reset()
    FlowAtlasRecording.Recorder.forgetThisThreadsLatestRun()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowatlas-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let sink = MemoryTraceSink()
    let recorder = Recorder(header: TraceHeader(app: "Shop", run: "headless"), sink: sink)
    recorder.takeScreenshots(.everyTime, folder: folder)
    let shop = Shop()
    recorder.follow(shop)
    shop.start()
    shop.open("Account", color: .red)
    UIKitModel.finishAnimations()
    recorder.finish()
    #expect(Self.imageEvents(sink).isEmpty)
    #expect(UIKitModel.drawn.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: folder))
  }
}
