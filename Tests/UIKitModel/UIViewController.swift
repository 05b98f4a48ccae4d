// The model of UIKit: the view controller, its view, its bar items and its children. How UIKit
// calls the appearance methods is in UIViewController+Appearance.swift, modal presentation in
// UIViewController+Presentation.swift, segues in UIStoryboard.swift.

/// Apple: UIResponder.
@preconcurrency @MainActor
open class UIResponder: NSObject {}

/// Apple: UIViewController.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
  public override init() { super.init() }

  /// Apple: init(nibName:bundle:), the designated initializer a subclass calls.
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }

  /// Apple: init(coder:): what a storyboard calls to make the view controller (see
  /// ``UIStoryboard``). It succeeds, so a subclass that overrides it and calls `super` works.
  public required init?(coder: NSCoder) { super.init() }

  // MARK: The view

  private var viewStorage: UIView?
  private var isLoadingView = false

  /// Apple: view: "If you access this property when its value is nil, the view controller
  /// automatically calls the loadView() method and returns the resulting view", then calls
  /// viewDidLoad() ("Called after the controller's view is loaded into memory"). Never before.
  open var view: UIView! {
    get {
      if viewStorage == nil { loadViewOnce() }
      return viewStorage
    }
    set {
      viewStorage?.owner = nil
      viewStorage = newValue
      newValue?.owner = self
    }
  }

  /// A `loadView()` that reads `view` before setting it would load forever on a device; a
  /// `loadView()` that sets none leaves the view nil. The model records either in
  /// ``UIKitModel/raised`` and gives the view controller a plain view.
  private func loadViewOnce() {
    guard !isLoadingView else { return UIKitModel.raise("\(type(of: self)).loadView() read view") }
    isLoadingView = true
    loadView()
    isLoadingView = false
    if viewStorage == nil {
      UIKitModel.raise("\(type(of: self)).loadView() did not set view")
      view = UIView(frame: UIScreen.main.bounds)
    }
    viewDidLoad()
  }

  /// Apple: loadView(): without a nib, "the method creates a plain UIView object instead".
  open func loadView() { view = UIView(frame: UIScreen.main.bounds) }

  open func viewDidLoad() {}
  open var isViewLoaded: Bool { viewStorage != nil }
  open var viewIfLoaded: UIView? { viewStorage }
  open func loadViewIfNeeded() { if viewStorage == nil { loadViewOnce() } }

  // MARK: Appearance (UIViewController+Appearance.swift)

  open func viewWillAppear(_ animated: Bool) {}
  /// Apple (iOS 13 back-deployed, introduced with iOS 17): after `viewWillAppear(_:)`, once the
  /// view is in the hierarchy.
  open func viewIsAppearing(_ animated: Bool) {}
  open func viewDidAppear(_ animated: Bool) {}
  open func viewWillDisappear(_ animated: Bool) {}
  open func viewDidDisappear(_ animated: Bool) {}

  /// Apple: true during the appearance callbacks of a view controller being added to a container
  /// (pushed, or added with `addChild(_:)`).
  open var isMovingToParent: Bool { movingToParent }
  /// Apple: true during the disappearance callbacks of a view controller being removed (popped).
  open var isMovingFromParent: Bool { movingFromParent }
  /// Apple: true during the appearance callbacks of the view controller being presented.
  open var isBeingPresented: Bool { beingPresented }
  /// Apple: true during the disappearance callbacks of the view controller being dismissed.
  open var isBeingDismissed: Bool { beingDismissed }

  /// Apple: "The default value is true": children whose views are in this view controller's view
  /// hear its appearance callbacks.
  open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

  /// Apple: beginAppearanceTransition(_:animated:), for a container that forwards by hand.
  open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
    if isAppearing {
      Self.isAppearing(willAppear(animated: animated), animated: animated)
    } else {
      willDisappear(animated: animated)
    }
  }

  open func endAppearanceTransition() { endAppearance() }

  var appearance = Appearance.disappeared
  var appearanceAnimated = false
  var movingToParent = false
  var movingFromParent = false
  var beingPresented = false
  var beingDismissed = false

  /// The children that appear and disappear with this view controller: those whose views are in
  /// its view. UIKit's containers answer with the child they show.
  var appearanceChildren: [UIViewController] {
    guard shouldAutomaticallyForwardAppearanceMethods, let view = viewIfLoaded else { return [] }
    return children.filter { $0.viewIfLoaded?.isDescendant(of: view) == true }
  }

  /// Puts the view of the child a container shows into the container's view, as it comes on
  /// screen. A view controller of the app's own places its children's views itself.
  func installVisibleChildren() {}

  // MARK: Title and items

  private var titleStorage: String?
  private var navigationItemStorage: UINavigationItem?
  private var tabBarItemStorage: UITabBarItem?

  /// Apple: "If the view controller has a valid navigation item or tab-bar item, assigning a
  /// value to this property updates the title text of those objects."
  open var title: String? {
    get { titleStorage }
    set {
      titleStorage = newValue
      navigationItem.title = newValue
      tabBarItem.title = newValue
    }
  }

  /// Apple: "The navigation item used to represent the view controller in a parent's navigation
  /// bar", made on first use; its title is the view controller's (nil until one is set).
  open var navigationItem: UINavigationItem {
    if let item = navigationItemStorage { return item }
    let made = UINavigationItem()
    made.title = titleStorage
    navigationItemStorage = made
    return made
  }

  /// Apple: "The default value is a tab bar item that displays the view controller's title."
  open var tabBarItem: UITabBarItem! {
    get {
      if let item = tabBarItemStorage { return item }
      let made = UITabBarItem(title: titleStorage, image: nil, tag: 0)
      tabBarItemStorage = made
      return made
    }
    set { tabBarItemStorage = newValue }
  }

  /// Apple: "The value of this property on the topmost view controller determines whether the
  /// toolbar is visible"; in a tab bar controller, the tab bar (see `UITabBar.isHidden`).
  open var hidesBottomBarWhenPushed = false
  open var toolbarItems: [UIBarButtonItem]?

  // MARK: Containment

  /// Apple: "The parent view controller of the recipient": set by the containers (navigation and
  /// tab bar controllers, and `addChild(_:)`).
  open var parent: UIViewController? { parentStorage }
  weak var parentStorage: UIViewController?
  private var childStorage: [UIViewController] = []

  /// Apple: "An array of the view controllers that are children of the current view controller."
  open var children: [UIViewController] { childStorage }

  /// Apple, addChild(_:): "This method calls willMove(toParent:) of the child before adding it";
  /// the container calls `didMove(toParent:)` itself once the child's view is in place.
  /// `isMovingToParent` is true during the child's first appearance after it.
  open func addChild(_ childController: UIViewController) {
    guard childController.parent !== self else { return }
    childController.removeFromParent()
    childController.willMove(toParent: self)
    childStorage.append(childController)
    childController.parentStorage = self
    childController.movingToParent = true
  }

  /// Apple, removeFromParent(): "calls the didMove(toParent:) method of the child view
  /// controller, passing a value of nil", after removing it. A navigation or tab bar controller's
  /// child leaves its stack or its tabs, without transition (the model assumes).
  open func removeFromParent() {
    guard let parent else { return }
    parent.detach(self)
    parentStorage = nil
    movingToParent = false
    didMove(toParent: nil)
  }

  open func willMove(toParent parent: UIViewController?) {}
  open func didMove(toParent parent: UIViewController?) {}

  /// Forgets `child`, which leaves this container.
  func detach(_ child: UIViewController) { childStorage.removeAll { $0 === child } }

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

  // MARK: Showing

  /// Apple, show(_:sender:): asks the nearest ancestor that overrides it (a navigation controller
  /// pushes `vc`, animated); without one, "uses the window's root view controller to present vc
  /// modally". The model presents from this view controller, which hands the presentation to the
  /// outermost container it is in: the window's root, unless it is itself presented.
  open func show(_ vc: UIViewController, sender: Any?) {
    if let navigationController {
      navigationController.show(vc, sender: sender)
    } else {
      present(vc, animated: true)
    }
  }

  /// Apple, showDetailViewController(_:sender:): the same search; a navigation controller does
  /// not override it (a split view controller does), so without one the view controller is
  /// presented modally.
  open func showDetailViewController(_ vc: UIViewController, sender: Any?) {
    present(vc, animated: true)
  }

  // MARK: Storyboards (UIStoryboard.swift)

  /// Apple: "The storyboard from which the view controller originated."
  open var storyboard: UIStoryboard? { storyboardStorage }
  var storyboardStorage: UIStoryboard?
  var storyboardScene: String?

  /// Apple: performSegue(withIdentifier:sender:): the segue from this view controller's scene;
  /// `prepare(for:sender:)` first. An identifier its scene lacks raises, and nothing happens.
  open func performSegue(withIdentifier identifier: String, sender: Any?) {
    performStoryboardSegue(identifier, sender: sender)
  }

  open func prepare(for segue: UIStoryboardSegue, sender: Any?) {}

  /// Apple: asked before a segue a control triggers; "not called when you call performSegue".
  open func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { true }

  // MARK: Presentation (UIViewController+Presentation.swift)

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

  /// The superview this view controller's view left when a full-screen presentation covered it.
  weak var coveredIn: UIView?

  /// Apple: "When a presentation or dismissal is in progress, this method returns the transition
  /// coordinator object associated with that transition. If there is no in-progress transition
  /// associated with the current view controller, UIKit checks the view controller's ancestors."
  open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
    ownTransition ?? parent?.transitionCoordinator
  }

  /// The transition this view controller runs itself: a presentation or dismissal of it or by
  /// it, and a navigation controller's own.
  var ownTransition: Transition? { presentationTransition }
  var presentationTransition: Transition?

  /// Apple: present(_:animated:completion:) (see UIViewController+Presentation.swift).
  open func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
  ) {
    presentModally(viewControllerToPresent, animated: flag, completion: completion)
  }

  /// Apple: dismiss(animated:completion:) (see UIViewController+Presentation.swift).
  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
    dismissModally(animated: flag, completion: completion)
  }
}
