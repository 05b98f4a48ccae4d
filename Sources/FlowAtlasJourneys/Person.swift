import FlowAtlasPattern
import FlowAtlasRecording

/// A person using the app with the system's own controls: the back button, the edge swipe, the
/// back button's menu, a sheet swiped down, the tab bar. No coordinator is asked about these,
/// so a scripted journey or a test does them through a `Person`, never through a coordinator.
///
/// Each gesture comes in a turn of the main queue of its own, as on a device: a coordinator's
/// read of its router earlier in the journey is spent, and never credits the gesture to it.
///
/// A person drives the headless routers FlowAtlas ships (``StackRouter``, ``NavigationStackRouter``,
/// ``TabRouter``), reached through whatever stands for them: a coordinator's ``Coordinator/router``,
/// a recording router. The router underneath changes its stacks and reports what the system did,
/// so coordinators hear it and recording writes it as the system's, with the gesture. A router
/// with no headless router underneath (UIKit's `NavigationRouter`, a router of your own) cannot be
/// driven this way, and making a person on it throws.
///
/// ```swift
/// let person = try Person(on: coordinator.router)
/// person.tapBackButton()
/// try Person.tapTab("settings", on: tabBar)
/// ```
@MainActor
public struct Person {
  /// The headless router underneath: a ``StackRouter`` or a ``NavigationStackRouter``.
  private let router: any NavigationStateReporting

  /// A person in front of the stack `router` navigates.
  /// - Parameter router: A headless router, or a router that wraps one.
  /// - Throws: ``PersonError`` when no headless router is underneath `router`.
  public init(on router: any RouterProtocol) throws(PersonError) {
    let innermost = innermostRouter(router)
    if let stack = innermost as? StackRouter {
      self.router = stack
    } else if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *),
      let stack = innermost as? NavigationStackRouter
    {
      self.router = stack
    } else {
      throw PersonError(router: router)
    }
  }

  /// The screen the person sees: the top of the topmost layer.
  public var visibleScreen: (any Presentable)? { router.visibleScreen }

  /// What the back button's menu offers: the screens below the top of the topmost layer,
  /// the first screen first.
  public var backMenu: [any Presentable] { router.layers.last.map { Array($0.dropLast()) } ?? [] }

  /// Taps the navigation bar's back button: the top screen goes. Refused (as the router
  /// reports refusals) at a layer's first screen, where there is no back button.
  public func tapBackButton() {
    Recorder.endTurn()
    goBack(.backButton)
  }

  /// Swipes back from the leading edge.
  /// - Parameter completing: false for a swipe given up half-way: nothing changes, and nothing
  ///   is recorded, as UIKit reports nothing for a cancelled interactive pop.
  public func swipeBack(completing: Bool = true) {
    Recorder.endTurn()
    if completing { goBack(.edgeSwipe) }
  }

  /// Long-presses the back button and picks `screen` from its menu: every screen above it goes.
  /// Refused when `screen` is not below the top of the topmost layer.
  /// - Parameter screen: A screen of the top layer, below its top.
  public func pickFromBackMenu(_ screen: any Presentable) {
    Recorder.endTurn()
    if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *), let stack = router as? NavigationStackRouter {
      // SwiftUI cuts the top layer's path back to the route of `screen`.
      let top = stack.stacks.count - 1
      let layer = stack.stacks[top]
      if layer.root?.screen === screen {
        return stack.write(path: [], toLayer: top)
      }
      guard let index = layer.path.dropLast().firstIndex(where: { $0.screen === screen }) else {
        return stack.refuse(.notBelowTop(type: screen.screenType))
      }
      return stack.write(path: Array(layer.path[...index]), toLayer: top)
    }
    guard let stack = router as? StackRouter else { return }
    var layers = stack.layers
    let top = layers[layers.count - 1]
    guard let index = top.lastIndex(where: { $0 === screen }), index < top.count - 1 else {
      return stack.refuse(.notBelowTop(type: screen.screenType))
    }
    layers[layers.count - 1].removeSubrange((index + 1)...)
    stack.changeBySystem(.backMenu, to: layers)
  }

  /// Looks at the screen on top, as a view shows it: on a `NavigationStackRouter`, whose SwiftUI
  /// view (`NavigationStackHost`) tells it each screen it shows once the screen appeared, a
  /// headless journey says it here (a title the screen set then is recorded, and its screenshot
  /// taken where the run takes them). Other headless routers say it themselves.
  public func looksAtTheScreen() {
    guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *), let stack = router as? NavigationStackRouter,
      let screen = router.visibleScreen
    else { return }
    stack.didShow(screen)
  }

  /// Swipes the topmost sheet down: its modal layer goes. Refused when nothing is presented,
  /// and on SwiftUI for a full-screen cover.
  public func swipeDownSheet() {
    Recorder.endTurn()
    if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *), let stack = router as? NavigationStackRouter {
      // SwiftUI sets the sheet's `isPresented` binding to false.
      return stack.write(isPresented: false, layer: stack.stacks.count - 1)
    }
    guard let stack = router as? StackRouter else { return }
    guard stack.layers.count > 1 else { return stack.refuse(.dismissWithNothingPresented) }
    stack.changeBySystem(.swipeDown, to: Array(stack.layers.dropLast()))
  }

  /// Taps `tab` in the tab bar. An unknown tab is refused; a tap on the tab already shown pops
  /// its stack to its first screen, as UIKit does (a system `popToRoot`, gesture `tabBar`), and
  /// changes nothing at that first screen or while a sheet covers the tab bar.
  /// - Parameters:
  ///   - tab: A tab's name.
  ///   - tabBar: A headless ``TabRouter``, or a router that wraps one.
  /// - Throws: ``PersonError`` when no headless tab router is underneath `tabBar`.
  public static func tapTab(_ tab: String, on tabBar: any TabRouting) throws(PersonError) {
    guard let tabs = innermostRouter(tabBar) as? TabRouter else { throw PersonError(router: tabBar) }
    Recorder.endTurn()
    guard tab == tabs.selectedTab, let stack = tabs.stackRouter(forTab: tab) else {
      return tabs.selectBySystem(tab)
    }
    guard stack.layers.count == 1, let first = stack.layers[0].first, stack.layers[0].count > 1 else {
      return
    }
    stack.changeBySystem(.tabBar, to: [[first]])
  }

  /// The back button or the edge swipe: the top layer's top screen goes; refused at its first.
  private func goBack(_ gesture: SystemGesture) {
    if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *), let stack = router as? NavigationStackRouter {
      // SwiftUI drops the path's last route, and cannot say which of the two it was.
      let top = stack.stacks.count - 1
      guard !stack.stacks[top].path.isEmpty else { return stack.refuse(.popAtRoot) }
      return stack.write(path: Array(stack.stacks[top].path.dropLast()), toLayer: top)
    }
    guard let stack = router as? StackRouter else { return }
    var layers = stack.layers
    guard layers[layers.count - 1].count > 1 else { return stack.refuse(.popAtRoot) }
    layers[layers.count - 1].removeLast()
    stack.changeBySystem(gesture, to: layers)
  }
}

/// A person was asked to use a router that no person can drive headlessly.
public struct PersonError: Error, CustomStringConvertible {
  /// Which router, and why nothing can be done with it.
  public let description: String

  @MainActor init(router: AnyObject) {
    description =
      "\(type(of: innermostRouter(router))) is not a headless router: a Person drives "
      + "StackRouter, NavigationStackRouter and TabRouter (or a router that wraps one)"
  }
}
