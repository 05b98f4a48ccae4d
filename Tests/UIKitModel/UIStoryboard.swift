// The model of UIKit: storyboards and segues. There are no storyboard files on Linux: a test
// registers each storyboard's scenes (`UIStoryboard.register(name:initial:scenes:)`), each making
// its view controller from an NSCoder as a storyboard calls `init(coder:)`.

/// Apple: UIStoryboard, over the scenes a test registered.
///
/// Apple, instantiateViewController(withIdentifier:): "If the specified identifier does not exist
/// in the storyboard file, this method raises an exception"; so does `init(name:bundle:)` for a
/// storyboard that does not exist. The model records those in ``UIKitModel/raised``, and
/// `instantiateViewController(withIdentifier:)` returns a plain view controller. A navigation
/// controller's scene gets its root view controller, and a tab bar controller's scene its tabs,
/// once it is made (as the storyboard's relationship segues set them, before `viewDidLoad`).
@preconcurrency @MainActor
open class UIStoryboard: NSObject {
  private static var registered: [String: (initial: String?, scenes: [String: Scene])] = [:]

  private let name: String
  private let initial: String?
  private let scenes: [String: Scene]

  /// Apple: init(name:bundle:) (the bundle is not used: the storyboard is the registered one).
  public init(name: String, bundle storyboardBundleOrNil: Bundle?) {
    self.name = name
    let storyboard = Self.registered[name]
    if storyboard == nil { UIKitModel.raise("Could not find a storyboard named '\(name)'") }
    initial = storyboard?.initial
    scenes = storyboard?.scenes ?? [:]
    super.init()
  }

  /// Registers a storyboard (model only).
  /// - Parameters:
  ///   - name: The storyboard's name, as `UIStoryboard(name:bundle:)` asks for it.
  ///   - initial: The identifier of the scene its arrow points to, if any.
  ///   - scenes: Every scene, each with its identifier (Interface Builder's Storyboard ID).
  public static func register(name: String, initial: String? = nil, scenes: [Scene]) {
    registered[name] = (initial, Dictionary(scenes.map { ($0.identifier, $0) }) { _, last in last })
  }

  static func forgetRegistered() { registered = [:] }

  /// Apple: "The view controller at the storyboard's entry point", nil when it has none.
  open func instantiateInitialViewController() -> UIViewController? { initial.flatMap { make($0) } }

  open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
    make(identifier) ?? UIViewController()
  }

  /// Apple (iOS 13): the scene's view controller, made by `creator` from the storyboard's coder;
  /// "If you return nil from your block, this method creates the view controller using the
  /// default init(coder:) method" (AppKit's words for the same method; UIKit's are cut short).
  /// A scene that is not a `ViewController` would raise an exception on a device; the model
  /// records it and has no view controller of that type to return unless `init(coder:)` of the
  /// type makes one: otherwise it stops, as a device does.
  public func instantiateViewController<ViewController: UIViewController>(
    identifier: String, creator: ((NSCoder) -> ViewController?)? = nil
  ) -> ViewController {
    let made = make(identifier) { coder in creator?(coder) }
    if let controller = made as? ViewController { return controller }
    UIKitModel.raise("Storyboard (\(name)): '\(identifier)' is not a \(ViewController.self)")
    guard let controller = ViewController(coder: StoryboardCoder()) else {
      preconditionFailure("Storyboard (\(name)): '\(identifier)' is not a \(ViewController.self)")
    }
    return controller
  }

  public func instantiateInitialViewController<ViewController: UIViewController>(
    creator: ((NSCoder) -> ViewController?)? = nil
  ) -> ViewController? {
    guard let initial else { return nil }
    return make(initial) { coder in creator?(coder) } as? ViewController
  }

  /// Makes the scene `identifier`'s view controller, and what it holds, from this storyboard.
  func make(_ identifier: String, creator: ((NSCoder) -> UIViewController?)? = nil) -> UIViewController? {
    guard let scene = scenes[identifier] else {
      UIKitModel.raise(
        "Storyboard (\(name)) doesn't contain a view controller with identifier '\(identifier)'")
      return nil
    }
    let coder = StoryboardCoder()
    guard let controller = creator?(coder) ?? scene.make(coder) else {
      UIKitModel.raise("Storyboard (\(name)): init(coder:) of '\(identifier)' returned nil")
      return nil
    }
    controller.storyboardStorage = self
    controller.storyboardScene = identifier
    switch scene.holds {
    case .nothing:
      break
    case .root(let root):
      if let root = make(root) {
        (controller as? UINavigationController)?.setViewControllers([root], animated: false)
      }
    case .tabs(let tabs):
      (controller as? UITabBarController)?.setViewControllers(tabs.compactMap { make($0) }, animated: false)
    }
    return controller
  }

  func segue(_ identifier: String, from scene: String) -> Segue? {
    scenes[scene]?.segues.first { $0.identifier == identifier }
  }

  /// A scene of a registered storyboard (model only): how it makes its view controller from the
  /// storyboard's coder, what it holds, and the segues that leave it.
  @preconcurrency @MainActor
  public struct Scene {
    enum Holds {
      case nothing
      case root(String)
      case tabs([String])
    }

    public let identifier: String
    let make: (NSCoder) -> UIViewController?
    let holds: Holds
    let segues: [Segue]

    /// A scene whose view controller `make` makes, usually by the class's `init(coder:)`:
    /// `.init("Login") { LoginViewController(coder: $0) }`.
    public init(_ identifier: String, segues: [Segue] = [], make: @escaping (NSCoder) -> UIViewController?) {
      self.init(identifier, holds: .nothing, segues: segues, make: make)
    }

    init(_ identifier: String, holds: Holds, segues: [Segue], make: @escaping (NSCoder) -> UIViewController?)
    {
      self.identifier = identifier
      self.holds = holds
      self.segues = segues
      self.make = make
    }

    /// A navigation controller scene whose root view controller is the scene `root`.
    public static func navigationController(
      _ identifier: String, root: String,
      make: @escaping (NSCoder) -> UINavigationController? = { UINavigationController(coder: $0) }
    ) -> Scene {
      Scene(identifier, holds: .root(root), segues: [], make: make)
    }

    /// A tab bar controller scene whose tabs are the scenes `tabs`, in order.
    public static func tabBarController(
      _ identifier: String, tabs: [String],
      make: @escaping (NSCoder) -> UITabBarController? = { UITabBarController(coder: $0) }
    ) -> Scene {
      Scene(identifier, holds: .tabs(tabs), segues: [], make: make)
    }
  }

  /// A segue of a registered storyboard (model only), to the scene `destination`.
  public struct Segue: Sendable {
    /// Apple, Interface Builder's segue kinds: Show (`show(_:sender:)`), Show Detail
    /// (`showDetailViewController(_:sender:)`), Present Modally (`present(_:animated:completion:)`).
    public enum Kind: Sendable {
      case show, showDetail, present
    }

    public let identifier: String
    public let destination: String
    public let kind: Kind

    public init(_ identifier: String, to destination: String, kind: Kind = .show) {
      self.identifier = identifier
      self.destination = destination
      self.kind = kind
    }
  }
}

/// Apple: UIStoryboardSegue: a transition from one scene's view controller to another's.
@preconcurrency @MainActor
open class UIStoryboardSegue: NSObject {
  open var identifier: String? { identifierStorage }
  open var source: UIViewController { sourceStorage }
  open var destination: UIViewController { destinationStorage }
  private let identifierStorage: String?
  private let sourceStorage: UIViewController
  private let destinationStorage: UIViewController
  private var performHandler: (() -> Void)?

  public init(identifier: String?, source: UIViewController, destination: UIViewController) {
    identifierStorage = identifier
    sourceStorage = source
    destinationStorage = destination
    super.init()
  }

  public convenience init(
    identifier: String?, source: UIViewController, destination: UIViewController,
    performHandler: @escaping () -> Void
  ) {
    self.init(identifier: identifier, source: source, destination: destination)
    self.performHandler = performHandler
  }

  /// Apple: "Performs the visual transition for the segue."
  open func perform() { performHandler?() }
}

extension UIViewController {
  /// Apple, performSegue(withIdentifier:sender:): the storyboard makes the destination, the
  /// source hears `prepare(for:sender:)`, then the segue performs: a Show segue calls
  /// `show(_:sender:)` (Apple, UINavigationController.show: "The Show segue uses this method"),
  /// a Present Modally segue `present(_:animated:completion:)`, animated. "Receiver has no segue
  /// with identifier" raises on a device; the model records it and does nothing.
  func performStoryboardSegue(_ identifier: String, sender: Any?) {
    guard let storyboard = storyboardStorage, let scene = storyboardScene,
      let segue = storyboard.segue(identifier, from: scene)
    else {
      return UIKitModel.raise("Receiver (\(type(of: self))) has no segue with identifier '\(identifier)'")
    }
    guard let destination = storyboard.make(segue.destination) else { return }
    let storyboardSegue = UIStoryboardSegue(identifier: identifier, source: self, destination: destination) {
      [unowned self] in
      switch segue.kind {
      case .show: show(destination, sender: sender)
      case .showDetail: showDetailViewController(destination, sender: sender)
      case .present: present(destination, animated: true)
      }
    }
    prepare(for: storyboardSegue, sender: sender)
    storyboardSegue.perform()
  }
}

/// What a storyboard passes to `init(coder:)`. The model's holds nothing that Interface Builder
/// would have archived: every value is missing.
final class StoryboardCoder: NSCoder {
  override var allowsKeyedCoding: Bool { true }
  override func containsValue(forKey key: String) -> Bool { false }
  override func decodeObject(forKey key: String) -> Any? { nil }
  override func decodeBool(forKey key: String) -> Bool { false }
  override func decodeInteger(forKey key: String) -> Int { 0 }
  override func decodeDouble(forKey key: String) -> Double { 0 }
}
