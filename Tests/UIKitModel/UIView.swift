// The model of UIKit: views, as far as the view controllers of real apps touch them while they
// set themselves up, and the view hierarchy that says which view controller is on screen. Nothing
// is drawn and nothing is laid out.

/// Apple: UIView: a rectangle in a hierarchy of views. Its `window` is the window at the root of
/// its hierarchy (Apple: "This property is nil if the view has not yet been added to a window").
/// A view controller is on screen while its view is in a window that is not hidden.
///
/// Apple, setAnimationsEnabled(_:): "If animations are disabled, code inside subsequent animation
/// blocks is applied immediately." The model assumes UIKit then tells delegates `animated: false`
/// and sets no transition coordinator.
@preconcurrency @MainActor
open class UIView: UIResponder {
  public private(set) static var areAnimationsEnabled = true

  open class func setAnimationsEnabled(_ enabled: Bool) { areAnimationsEnabled = enabled }

  /// Apple: performWithoutAnimation(_:): runs `actionsWithoutAnimation` with animations disabled.
  open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
    let enabled = areAnimationsEnabled
    areAnimationsEnabled = false
    actionsWithoutAnimation()
    areAnimationsEnabled = enabled
  }

  /// Apple: animate(withDuration:animations:completion:): the changes apply now (the model draws
  /// nothing); `completion` runs, told `true`, when the animation ends
  /// (``UIKitModel/finishAnimations()``), or at once with animations disabled.
  open class func animate(
    withDuration duration: TimeInterval, animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    animations()
    if areAnimationsEnabled {
      UIKitModel.startAnimation { completion?(true) }
    } else {
      completion?(true)
    }
  }

  open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
    animate(withDuration: duration, animations: animations, completion: nil)
  }

  /// Apple: init(frame:). Not isolated, unlike UIKit's: `UIView()` (NSObject's `init()`, which is
  /// not isolated, and which a subclass inherits) makes a view with it, and Swift lets an
  /// initializer that is not isolated call only one that is not. A subclass's override is not
  /// isolated either: in Swift 6 mode it cannot call its main-actor methods, as it could on UIKit
  /// (Swift 5 code does not notice).
  nonisolated public init(frame: CGRect) {
    self.frame = frame
    super.init()
  }

  public required init?(coder: NSCoder) {
    frame = .zero
    super.init()
  }

  public override convenience init() { self.init(frame: .zero) }

  open var frame: CGRect

  open var bounds: CGRect {
    get { CGRect(origin: .zero, size: frame.size) }
    set { frame.size = newValue.size }
  }

  open var backgroundColor: UIColor?
  open var isHidden = false
  open var alpha: CGFloat = 1
  open var tag = 0
  open var isUserInteractionEnabled = true
  open var accessibilityIdentifier: String?

  open var superview: UIView? { superviewStorage }
  private weak var superviewStorage: UIView?

  open var subviews: [UIView] { subviewStorage }
  private var subviewStorage: [UIView] = []

  /// The view controller whose view this is: its appearance follows this view's window.
  weak var owner: UIViewController?

  open var window: UIWindow? {
    var view: UIView? = self
    while let current = view {
      if let window = current as? UIWindow { return window }
      view = current.superview
    }
    return nil
  }

  /// In a window that is not hidden: what is there is on screen.
  var isInVisibleWindow: Bool { window.map { !$0.isHidden } ?? false }

  open func addSubview(_ view: UIView) { insertSubview(view, at: subviewStorage.count) }

  /// Apple: addSubview(_:) and its kin. A child view controller's view (Apple, addChild(_:): the
  /// container adds it to its own view) appears or disappears with the window it moves to or from:
  /// its view controller hears `viewWillAppear` before it is added and `viewDidAppear` after
  /// (Apple, viewWillAppear(_:): "before the view controller's view is about to be added to a view
  /// hierarchy"). The model assumes UIKit does so, unanimated, for every child view controller,
  /// as `shouldAutomaticallyForwardAppearanceMethods` promises.
  open func insertSubview(_ view: UIView, at index: Int) {
    let child = view.owner.flatMap { $0.parent == nil ? nil : $0 }
    let appears = child != nil && isInVisibleWindow && !view.isInVisibleWindow
    let started = appears ? child?.willAppear(animated: false) ?? [] : []
    place(view, at: index)
    UIViewController.isAppearing(started, animated: false)
    if appears { child?.endAppearance() }
  }

  open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
    insertSubview(view, at: subviewStorage.firstIndex { $0 === siblingSubview } ?? subviewStorage.count)
  }

  open func removeFromSuperview() {
    let child = owner.flatMap { $0.parent == nil ? nil : $0 }
    let disappears = child != nil && isInVisibleWindow
    if disappears { child?.willDisappear(animated: false) }
    unplace()
    if disappears { child?.endAppearance() }
  }

  open func isDescendant(of view: UIView) -> Bool {
    var current: UIView? = self
    while let candidate = current {
      if candidate === view { return true }
      current = candidate.superview
    }
    return false
  }

  /// Apple: layoutIfNeeded() and setNeedsLayout(): nothing is laid out in the model.
  open func layoutIfNeeded() {}
  open func setNeedsLayout() {}

  /// Puts `view` in this view's subviews, as UIKit's own containers do, without the appearance
  /// callbacks `addSubview(_:)` sends (the containers send them in their own order).
  func place(_ view: UIView, at index: Int? = nil) {
    if view.superview === self, let at = subviewStorage.firstIndex(where: { $0 === view }) {
      subviewStorage.remove(at: at)
    } else {
      view.unplace()
    }
    subviewStorage.insert(view, at: min(index ?? subviewStorage.count, subviewStorage.count))
    view.superviewStorage = self
  }

  /// Takes this view out of its superview, without appearance callbacks.
  func unplace() {
    superviewStorage?.subviewStorage.removeAll { $0 === self }
    superviewStorage = nil
  }
}

/// Apple: UIScreen. The model's screen is an iPhone 15's: 393 × 852 points, at 3 pixels a point.
@preconcurrency @MainActor
open class UIScreen: NSObject {
  private static let screen = UIScreen()

  /// Apple: main (deprecated in iOS 16, still what apps read).
  open class var main: UIScreen { screen }

  open var bounds: CGRect { CGRect(x: 0, y: 0, width: 393, height: 852) }
  open var scale: CGFloat { 3 }
}
