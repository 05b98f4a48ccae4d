// The model of UIKit: the items bars show: bar button items, tab bar items, navigation items.

/// Apple: UIBarItem: what a bar shows for an item.
@preconcurrency @MainActor
open class UIBarItem: NSObject {
  open var title: String?
  open var image: UIImage?
  open var tag = 0
  open var isEnabled = true
}

/// Apple: UIBarButtonItem. A person's tap (``Person/tap(_:)``) performs its primary action if it
/// has one (Apple, primaryAction: "the action to perform when someone taps the item"; the model
/// assumes its target and action are then not used), otherwise sends its action to its target.
///
/// Target and action: Linux has no Objective-C runtime to send `action` to `target`, and no
/// `#selector`. A Linux port of an app writes `Selector("doneTapped")` for
/// `#selector(doneTapped)`, and the test says what that message does, once, with
/// ``UIKitModel/registerAction(_:of:_:)``. A tap whose message nobody registered is recorded in
/// ``UIKitModel/raised``, where UIKit would crash with "unrecognized selector sent to instance".
/// Code that uses `primaryAction` (iOS 14) needs neither.
@preconcurrency @MainActor
open class UIBarButtonItem: UIBarItem {
  public enum Style: Int, Sendable {
    case plain = 0
    case bordered = 1
    case done = 2
  }

  public enum SystemItem: Int, Sendable {
    case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize
    case bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo
    case pageCurl, close
  }

  open var style = Style.plain
  weak open var target: AnyObject?
  open var action: Selector?
  open var primaryAction: UIAction?
  open var menu: UIMenu?
  open var customView: UIView?
  open var tintColor: UIColor?
  /// The system item it shows, if it was made as one.
  private(set) var systemItem: SystemItem?

  public override init() { super.init() }

  public convenience init(title: String?, style: Style, target: Any?, action: Selector?) {
    self.init()
    self.title = title
    self.style = style
    self.target = target as AnyObject?
    self.action = action
  }

  public convenience init(image: UIImage?, style: Style, target: Any?, action: Selector?) {
    self.init(title: nil, style: style, target: target, action: action)
    self.image = image
  }

  public convenience init(barButtonSystemItem systemItem: SystemItem, target: Any?, action: Selector?) {
    self.init(title: nil, style: .plain, target: target, action: action)
    self.systemItem = systemItem
  }

  public convenience init(customView: UIView) {
    self.init()
    self.customView = customView
  }

  /// Apple (iOS 14): an item titled and imaged by `primaryAction` unless told otherwise.
  public convenience init(
    title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil
  ) {
    self.init()
    let actionTitle = primaryAction.flatMap { $0.title.isEmpty ? nil : $0.title }
    self.title = title ?? actionTitle
    self.image = image ?? primaryAction?.image
    self.primaryAction = primaryAction
    self.menu = menu
  }

  public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
    self.init()
    self.systemItem = systemItem
    self.primaryAction = primaryAction
    self.menu = menu
  }

  public convenience init(primaryAction: UIAction?) {
    self.init(title: nil, image: nil, primaryAction: primaryAction, menu: nil)
  }

  /// A person taps the item.
  func tap() {
    guard isEnabled else { return }
    if let primaryAction {
      primaryAction.perform()
    } else if let action {
      UIKitModel.send(action, to: target, from: self)
    }
  }
}

/// Apple: UITabBarItem.
@preconcurrency @MainActor
open class UITabBarItem: UIBarItem {
  public enum SystemItem: Int, Sendable {
    case more, favorites, featured, topRated, recents, contacts, history, bookmarks, search, downloads
    case mostRecent, mostViewed
  }

  open var selectedImage: UIImage?
  open var badgeValue: String?
  /// The system item it shows, if it was made as one.
  private(set) var systemItem: SystemItem?

  public override init() { super.init() }

  public convenience init(title: String?, image: UIImage?, tag: Int) {
    self.init()
    self.title = title
    self.image = image
    self.tag = tag
  }

  public convenience init(title: String?, image: UIImage?, selectedImage: UIImage?) {
    self.init(title: title, image: image, tag: 0)
    self.selectedImage = selectedImage
  }

  public convenience init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
    self.init(title: nil, image: nil, tag: tag)
    self.systemItem = systemItem
  }
}

/// Apple: UINavigationItem: what the navigation bar shows for a view controller.
@preconcurrency @MainActor
open class UINavigationItem: NSObject {
  public enum LargeTitleDisplayMode: Int, Sendable {
    case automatic, always, never, inline
  }

  open var title: String?
  open var titleView: UIView?
  open var prompt: String?
  open var backBarButtonItem: UIBarButtonItem?
  open var backButtonTitle: String?
  open var hidesBackButton = false
  open var leftBarButtonItems: [UIBarButtonItem]?
  open var rightBarButtonItems: [UIBarButtonItem]?
  /// Apple: "set this property to true to display the back button in addition to" the left items.
  open var leftItemsSupplementBackButton = false
  open var largeTitleDisplayMode = LargeTitleDisplayMode.automatic

  public override init() { super.init() }

  public init(title: String) {
    self.title = title
    super.init()
  }

  /// Apple: the first of `leftBarButtonItems`; setting it replaces them.
  open var leftBarButtonItem: UIBarButtonItem? {
    get { leftBarButtonItems?.first }
    set { leftBarButtonItems = newValue.map { [$0] } }
  }

  /// Apple: the first of `rightBarButtonItems`; setting it replaces them.
  open var rightBarButtonItem: UIBarButtonItem? {
    get { rightBarButtonItems?.first }
    set { rightBarButtonItems = newValue.map { [$0] } }
  }

  open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) {
    self.hidesBackButton = hidesBackButton
  }
  open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
  open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
  open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
  open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) {
    rightBarButtonItems = items
  }

  /// Whether the bar shows a back button for this item, given one to go back to: not when it is
  /// hidden (Apple, hidesBackButton), nor when left items replace it (Apple,
  /// leftItemsSupplementBackButton: "the back button is not displayed" unless it is true).
  var showsBackButton: Bool {
    !hidesBackButton && (leftBarButtonItems?.isEmpty ?? true || leftItemsSupplementBackButton)
  }
}
