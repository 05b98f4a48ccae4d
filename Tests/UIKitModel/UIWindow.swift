// The model of UIKit: windows, which decide what is on screen.

/// Apple: UIWindow. A window is hidden until it is shown (Apple, isHidden: windows are created
/// hidden; makeKeyAndVisible() "Shows the current window and makes it the key window"). Its root
/// view controller's view is its content (Apple, rootViewController: "Assigning a view controller
/// to this property … installs the view controller's view as the content view of the window"):
/// assigning it loads that view. While the window is visible, its root view controller and what
/// is presented over it are on screen and hear appearance callbacks.
///
/// A new root on a visible window takes the old root (and what it presents) off screen and puts
/// the new one on, at once: the new root's view loads, then the old root's `viewWillDisappear`,
/// the new root's `viewWillAppear`, the old one's `viewDidDisappear`, the new one's
/// `viewDidAppear`, unanimated (Apple documents no order; the model assumes a tab switch's). What
/// the old root presented stays presented by it, off screen.
@preconcurrency @MainActor
open class UIWindow: UIView {
  /// Apple: init(frame:). The application lists the window (`windows`) once it is given a root
  /// view controller, made key or shown (the model cannot reach the application from an
  /// initializer that is not isolated; see `UIView.init(frame:)`).
  public override init(frame: CGRect) { super.init(frame: frame) }

  /// Apple (iOS 13): a window in `windowScene`, the size of its screen.
  public init(windowScene: UIWindowScene) {
    super.init(frame: windowScene.screen.bounds)
    // An initializer's own assignment runs no `didSet`.
    self.windowScene = windowScene
    windowScene.windowStorage.append(WeakWindow(window: self))
    UIApplication.shared.register(self)
  }

  public required init?(coder: NSCoder) { super.init(coder: coder) }

  private var hidden = true
  private var root: UIViewController?

  /// Apple (iOS 13): the scene the window belongs to.
  weak open var windowScene: UIWindowScene? {
    didSet {
      oldValue?.windowStorage.removeAll { $0.window === self || $0.window == nil }
      windowScene?.windowStorage.append(WeakWindow(window: self))
    }
  }

  open var rootViewController: UIViewController? {
    get { root }
    set {
      guard newValue !== root else { return }
      UIApplication.shared.register(self)
      let old = root
      root = newValue
      // What the old root presented stays presented by it: it no longer covers anything here.
      if let old { for controller in [old] + old.presentedChain { controller.coveredIn = nil } }
      let leaving = hidden ? [] : onScreen
      let removed = subviews.filter { $0.owner != nil && $0 !== newValue?.viewIfLoaded }
      newValue?.loadViewIfNeeded()
      for controller in leaving { controller.willDisappear(animated: false) }
      let started = hidden ? [] : newValue?.willAppear(animated: false) ?? []
      if let newValue { place(newValue.view, at: 0) }
      UIViewController.isAppearing(started, animated: false)
      for view in removed { view.unplace() }
      for controller in leaving { controller.endAppearance() }
      if !hidden { newValue?.endAppearance() }
    }
  }

  /// The view controllers on screen in this window: its root and what is presented over it,
  /// bottom first, those whose views are in it.
  private var onScreen: [UIViewController] { subviews.compactMap(\.owner) }

  open override var isHidden: Bool {
    get { hidden }
    set {
      guard newValue != hidden else { return }
      UIApplication.shared.register(self)
      let controllers = onScreen
      if newValue {
        for controller in controllers { controller.willDisappear(animated: false) }
        hidden = true
      } else {
        hidden = false
        for controller in controllers {
          UIViewController.isAppearing(controller.willAppear(animated: false), animated: false)
        }
      }
      for controller in controllers { controller.endAppearance() }
    }
  }

  /// Apple: "Shows the current window and makes it the key window."
  open func makeKeyAndVisible() {
    makeKey()
    isHidden = false
  }

  /// Apple: makeKey(): the window that receives keyboard and other non-touch events; one at a time.
  open func makeKey() {
    UIApplication.shared.register(self)
    UIApplication.shared.keyWindowStorage = WeakWindow(window: self)
  }

  open var isKeyWindow: Bool { UIApplication.shared.keyWindow === self }
}

/// A window, not kept.
struct WeakWindow {
  weak var window: UIWindow?
}
