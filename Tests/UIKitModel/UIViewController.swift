// The model of UIKit: view controllers and modal presentation.

/// Apple: UIResponder.
@preconcurrency @MainActor
open class UIResponder: NSObject {}

/// Apple: UIModalPresentationStyle. `.automatic` is a page sheet (Apple: "For most view
/// controllers, UIKit maps this style to the UIModalPresentationStyle.pageSheet style").
public enum UIModalPresentationStyle: Int, Sendable {
  case fullScreen = 0
  case pageSheet = 1
  case formSheet = 2
  case overFullScreen = 5
  case automatic = -2

  /// Whether a person can swipe it down: sheets can, full-screen presentations cannot
  /// (Apple: "Full-screen presentations … don't support interactive dismissal").
  var isSheet: Bool { self == .pageSheet || self == .formSheet || self == .automatic }
}

/// Apple: UIViewController.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
  public override init() {}

  /// Apple: init(nibName:bundle:), the designated initializer a subclass calls.
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}

  /// Apple: init(coder:), for a view controller from a storyboard (the model has none).
  public required init?(coder: NSCoder) { return nil }

  open var title: String?

  /// Apple: "The parent view controller of the recipient": set by the containers (navigation and
  /// tab bar controllers) for their children.
  open var parent: UIViewController? { parentStorage }
  weak var parentStorage: UIViewController?

  /// Apple: "The nearest ancestor in the view controller hierarchy that is a navigation controller."
  open var navigationController: UINavigationController? { nearestAncestor(UINavigationController.self) }

  /// Apple: "The nearest ancestor in the view controller hierarchy that is a tab bar controller."
  open var tabBarController: UITabBarController? { nearestAncestor(UITabBarController.self) }

  private func nearestAncestor<Container: UIViewController>(_: Container.Type) -> Container? {
    var ancestor = parent
    while let current = ancestor {
      if let container = current as? Container { return container }
      ancestor = current.parent
    }
    return nil
  }

  /// Apple: "The navigation item used to represent the view controller in a parent's navigation bar."
  open private(set) lazy var navigationItem = UINavigationItem(title: title ?? "")

  open var modalPresentationStyle: UIModalPresentationStyle = .automatic

  /// Apple: "When true, UIKit … prevents the interactive dismissal of the view controller."
  open var isModalInPresentation = false

  /// Apple: "The view controller that is presented by this view controller, or one of its ancestors."
  open var presentedViewController: UIViewController? {
    presentedStorage ?? parent?.presentedViewController
  }
  var presentedStorage: UIViewController?

  /// Apple: "The view controller that presented this view controller": the presented view
  /// controller's, or that of the container it is in.
  open var presentingViewController: UIViewController? {
    presentingStorage ?? parent?.presentingViewController
  }
  weak var presentingStorage: UIViewController?

  /// Apple: "The presentation controller that's managing the current view controller." Made on
  /// first use, before the view controller is presented too, for its `modalPresentationStyle`
  /// (Apple, sheetPresentationController: UIKit creates it when you access the property).
  open var presentationController: UIPresentationController? {
    if let presentation = presentationStorage { return presentation }
    let made = UIPresentationController(presentedViewController: self, presenting: nil)
    presentationStorage = made
    return made
  }
  var presentationStorage: UIPresentationController?

  /// Apple: "When called while a transition is in progress, this property contains the
  /// transition coordinator object; otherwise nil": a child asks its container.
  open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
    parent?.transitionCoordinator
  }

  /// The view controller that handles a presentation asked of this one: the outermost container
  /// it is in (Apple: "UIKit walks up the view controller hierarchy until it finds one that can
  /// handle the presentation"; the model assumes no `definesPresentationContext`).
  var presentationHost: UIViewController {
    var host = self
    while let parent = host.parent { host = parent }
    return host
  }

  /// Apple: present(_:animated:completion:). A view controller that already presents one logs
  /// "Attempt to present … which is already presenting" and presents nothing (the model records
  /// that in ``UIKitModel/raised`` and never calls `completion`).
  open func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
  ) {
    let host = presentationHost
    guard host.presentedStorage == nil else {
      return UIKitModel.raise(
        "Attempt to present \(type(of: viewControllerToPresent)) which is already presenting")
    }
    guard viewControllerToPresent.presentingStorage == nil, viewControllerToPresent.parent == nil else {
      return UIKitModel.raise(
        "Application tried to present modally a view controller that is already presented")
    }
    host.presentedStorage = viewControllerToPresent
    viewControllerToPresent.presentingStorage = host
    _ = viewControllerToPresent.presentationController
    if flag && UIView.areAnimationsEnabled {
      UIKitModel.startAnimation { completion?() }
    } else {
      completion?()
    }
  }

  /// Apple: dismiss(animated:completion:): "If you call this method on the presented view
  /// controller itself, UIKit asks the presenting view controller to handle the dismissal. If you
  /// present several view controllers in succession … calling this method on a view controller
  /// lower in the stack dismisses its immediate child view controller and all view controllers
  /// above that child." The presentation controller's delegate is not told (Apple,
  /// presentationControllerDidDismiss: "not called if the presentation is dismissed
  /// programmatically"). With nothing to dismiss, the model calls `completion` at once.
  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
    let host = presentationHost
    if let presented = host.presentedStorage {
      host.removePresentation(of: presented)
    } else if let presenter = presentingViewController {
      return presenter.dismiss(animated: flag, completion: completion)
    }
    if flag && UIView.areAnimationsEnabled {
      UIKitModel.startAnimation { completion?() }
    } else {
      completion?()
    }
  }

  /// Takes `presented`, and whatever it presents, off the screen at once.
  func removePresentation(of presented: UIViewController) {
    let above = presented.presentationHost
    if let next = above.presentedStorage { above.removePresentation(of: next) }
    presentedStorage = nil
    presented.presentingStorage = nil
    presented.presentationStorage = nil
  }
}

/// Apple: UIPresentationController: manages one presentation, and asks its delegate before a
/// person dismisses it by a swipe.
@preconcurrency @MainActor
open class UIPresentationController: NSObject {
  weak open var delegate: (any UIAdaptivePresentationControllerDelegate)?
  public let presentedViewController: UIViewController

  public init(
    presentedViewController: UIViewController, presenting presentingViewController: UIViewController?
  ) {
    self.presentedViewController = presentedViewController
  }

  open var presentingViewController: UIViewController {
    presentedViewController.presentingViewController ?? presentedViewController
  }
}

/// Apple: UIAdaptivePresentationControllerDelegate; the four methods UIKit calls around a swipe down.
@preconcurrency @MainActor
public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
  func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
  func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}

/// An optional method of a delegate, called as `delegate?.method?(argument)`.
@preconcurrency @MainActor
public struct OptionalDelegateMethod<Argument, Result> {
  let call: (Argument) -> Result

  public func callAsFunction(_ argument: Argument) -> Result { call(argument) }
}

extension UIAdaptivePresentationControllerDelegate {
  public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
  {
    forwarded(
      "presentationControllerShouldDismiss:", as: (any UIAdaptivePresentationControllerDelegate).self)?
      .presentationControllerShouldDismiss(presentationController) ?? true
  }

  public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
    forwarded("presentationControllerWillDismiss:", as: (any UIAdaptivePresentationControllerDelegate).self)?
      .presentationControllerWillDismiss(presentationController)
  }

  public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    forwarded("presentationControllerDidDismiss:", as: (any UIAdaptivePresentationControllerDelegate).self)?
      .presentationControllerDidDismiss(presentationController)
  }

  public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
    forwarded(
      "presentationControllerDidAttemptToDismiss:", as: (any UIAdaptivePresentationControllerDelegate).self)?
      .presentationControllerDidAttemptToDismiss(presentationController)
  }

  public var presentationControllerShouldDismiss: OptionalDelegateMethod<UIPresentationController, Bool>? {
    OptionalDelegateMethod { self.presentationControllerShouldDismiss($0) }
  }

  public var presentationControllerWillDismiss: OptionalDelegateMethod<UIPresentationController, Void>? {
    OptionalDelegateMethod { self.presentationControllerWillDismiss($0) }
  }

  public var presentationControllerDidDismiss: OptionalDelegateMethod<UIPresentationController, Void>? {
    OptionalDelegateMethod { self.presentationControllerDidDismiss($0) }
  }

  public var presentationControllerDidAttemptToDismiss:
    OptionalDelegateMethod<UIPresentationController, Void>?
  {
    OptionalDelegateMethod { self.presentationControllerDidAttemptToDismiss($0) }
  }
}

/// Apple: UIView, for `setAnimationsEnabled(_:)` only: "If animations are disabled, code inside
/// subsequent animation blocks is applied immediately." The model assumes UIKit then tells
/// delegates `animated: false` and sets no transition coordinator.
@preconcurrency @MainActor
open class UIView: UIResponder {
  public private(set) static var areAnimationsEnabled = true

  open class func setAnimationsEnabled(_ enabled: Bool) { areAnimationsEnabled = enabled }
}

/// Apple: UIAction (iOS 14): a titled action with its handler.
@preconcurrency @MainActor
open class UIAction: NSObject {
  open var title: String
  let handler: (UIAction) -> Void

  public init(title: String = "", handler: @escaping (UIAction) -> Void) {
    self.title = title
    self.handler = handler
  }
}

/// Apple: UIBarButtonItem, made with a primary action (iOS 14): a tap performs it.
@preconcurrency @MainActor
open class UIBarButtonItem: NSObject {
  open var title: String?
  open var primaryAction: UIAction?

  public init(title: String? = nil, primaryAction: UIAction? = nil) {
    self.title = title
    self.primaryAction = primaryAction
  }
}
