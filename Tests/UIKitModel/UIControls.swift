// The model of UIKit: colors, images, labels, buttons, actions and menus, as far as view
// controllers set them up. Nothing is drawn.

/// Apple: UIColor. The model keeps a color's components, or the name of one of the system's
/// dynamic colors (which change with the appearance); two colors are equal when those are
/// (Apple, isEqual(_:): colors compare by value).
open class UIColor: NSObject, @unchecked Sendable {
  private let key: String
  /// What the model paints with it (``UIGraphicsImageRenderer``): its components, or for a
  /// system color its light appearance's (gray where the model does not know it).
  let components: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)

  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    key = "rgba(\(red), \(green), \(blue), \(alpha))"
    components = (red, green, blue, alpha)
  }

  public convenience init(white: CGFloat, alpha: CGFloat) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  private init(system name: String, components: (CGFloat, CGFloat, CGFloat, CGFloat)? = nil) {
    key = name
    self.components = components ?? Self.lightAppearance[name] ?? (0.5, 0.5, 0.5, 1)
  }

  private static let lightAppearance: [String: (CGFloat, CGFloat, CGFloat, CGFloat)] = [
    "systemBackground": (1, 1, 1, 1), "secondarySystemBackground": (0.95, 0.95, 0.97, 1),
    "systemGroupedBackground": (0.95, 0.95, 0.97, 1), "label": (0, 0, 0, 1),
    "systemBlue": (0, 0.48, 1, 1), "systemRed": (1, 0.23, 0.19, 1), "systemGreen": (0.2, 0.78, 0.35, 1),
  ]

  open override func isEqual(_ object: Any?) -> Bool { (object as? UIColor)?.key == key }
  open override var hash: Int { key.hashValue }
  open override var description: String { "UIColor \(key)" }

  /// Apple: withAlphaComponent(_:): the same color with another opacity.
  open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
    let (red, green, blue, _) = components
    return UIColor(system: "\(key) alpha \(alpha)", components: (red, green, blue, alpha))
  }

  /// Apple: setFill(): the color the current context fills with (``UIGraphicsRendererContext``).
  open func setFill() { UIGraphicsImageRendererContext.current?.fillColor = self }

  open class var black: UIColor { UIColor(white: 0, alpha: 1) }
  open class var white: UIColor { UIColor(white: 1, alpha: 1) }
  open class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
  open class var lightGray: UIColor { UIColor(white: 2 / 3, alpha: 1) }
  open class var darkGray: UIColor { UIColor(white: 1 / 3, alpha: 1) }
  open class var clear: UIColor { UIColor(white: 0, alpha: 0) }
  open class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
  open class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
  open class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
  open class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
  open class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
  open class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
  open class var systemBackground: UIColor { UIColor(system: "systemBackground") }
  open class var secondarySystemBackground: UIColor { UIColor(system: "secondarySystemBackground") }
  open class var systemGroupedBackground: UIColor { UIColor(system: "systemGroupedBackground") }
  open class var label: UIColor { UIColor(system: "label") }
  open class var secondaryLabel: UIColor { UIColor(system: "secondaryLabel") }
  open class var separator: UIColor { UIColor(system: "separator") }
  open class var link: UIColor { UIColor(system: "link") }
  open class var systemBlue: UIColor { UIColor(system: "systemBlue") }
  open class var systemRed: UIColor { UIColor(system: "systemRed") }
  open class var systemGreen: UIColor { UIColor(system: "systemGreen") }
  open class var systemOrange: UIColor { UIColor(system: "systemOrange") }
  open class var systemGray: UIColor { UIColor(system: "systemGray") }
}

/// Apple: UIImage. The model's image is its name: every name exists (there is no asset catalog),
/// and two images are equal when their names are.
open class UIImage: NSObject, @unchecked Sendable {
  private let key: String

  public init?(named name: String) { key = name }
  public init?(systemName name: String) { key = "system:\(name)" }

  open override func isEqual(_ object: Any?) -> Bool { (object as? UIImage)?.key == key }
  open override var hash: Int { key.hashValue }
  open override var description: String { "UIImage \(key)" }
}

/// Apple: UITextField, for whether it hides what is typed (UITextInputTraits' isSecureTextEntry).
@preconcurrency @MainActor
open class UITextField: UIControl {
  open var text: String?
  open var placeholder: String?
  open var isSecureTextEntry = false
}

/// Apple: UILabel, for its text.
@preconcurrency @MainActor
open class UILabel: UIView {
  open var text: String?
  open var textColor: UIColor! = .label
  open var numberOfLines = 1
}

/// Apple: UIMenuElement: what a menu lists.
@preconcurrency @MainActor
open class UIMenuElement: NSObject {
  open var title: String
  open var image: UIImage?

  init(title: String, image: UIImage?) {
    self.title = title
    self.image = image
  }
}

/// Apple: UIActionHandler.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// Apple: UIAction (iOS 14): a titled action with its handler.
@preconcurrency @MainActor
open class UIAction: UIMenuElement {
  let handler: UIActionHandler

  public init(title: String = "", image: UIImage? = nil, handler: @escaping UIActionHandler) {
    self.handler = handler
    super.init(title: title, image: image)
  }

  /// Runs the handler, as UIKit does when a person picks or taps the action.
  func perform() { handler(self) }
}

/// Apple: UIMenu (iOS 13): a titled list of actions and menus.
@preconcurrency @MainActor
open class UIMenu: UIMenuElement {
  public let children: [UIMenuElement]

  public init(title: String = "", image: UIImage? = nil, children: [UIMenuElement] = []) {
    self.children = children
    super.init(title: title, image: image)
  }
}

/// Apple: UIControl: sends its actions, and its targets their action messages, for the events
/// they were added for, in the order they were added (Apple, sendActions(for:)). A target's
/// action message goes through ``UIKitModel/registerAction(_:of:_:)`` (there is no runtime to
/// send it).
@preconcurrency @MainActor
open class UIControl: UIView {
  public struct Event: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let touchDown = Event(rawValue: 1 << 0)
    public static let touchUpInside = Event(rawValue: 1 << 6)
    public static let valueChanged = Event(rawValue: 1 << 12)
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    public static let editingChanged = Event(rawValue: 1 << 17)
    public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
  }

  public struct State: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let normal = State([])
    public static let highlighted = State(rawValue: 1 << 0)
    public static let disabled = State(rawValue: 1 << 1)
    public static let selected = State(rawValue: 1 << 2)
  }

  private enum Receiver {
    case action(UIAction)
    case target(Weak, Selector)
  }

  private struct Weak {
    weak var object: AnyObject?
  }

  private var receivers: [(receiver: Receiver, events: Event)] = []

  open var isEnabled = true
  open var isSelected = false
  open var isHighlighted = false

  open var state: State {
    var state = State.normal
    if !isEnabled { state.insert(.disabled) }
    if isSelected { state.insert(.selected) }
    if isHighlighted { state.insert(.highlighted) }
    return state
  }

  /// Apple: addTarget(_:action:for:): "The control does not retain the object in the target
  /// parameter."
  open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
    receivers.append((.target(Weak(object: target as AnyObject?), action), controlEvents))
  }

  open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
    receivers.removeAll { entry in
      guard case .target(let weak, let selector) = entry.receiver else { return false }
      return (target == nil || weak.object === target as AnyObject?) && (action == nil || action == selector)
        && !entry.events.isDisjoint(with: controlEvents)
    }
  }

  open func addAction(_ action: UIAction, for controlEvents: Event) {
    receivers.append((.action(action), controlEvents))
  }

  open func removeAction(_ action: UIAction, for controlEvents: Event) {
    receivers.removeAll { entry in
      guard case .action(let added) = entry.receiver else { return false }
      return added === action && !entry.events.isDisjoint(with: controlEvents)
    }
  }

  open func sendActions(for controlEvents: Event) {
    for entry in receivers where !entry.events.isDisjoint(with: controlEvents) {
      switch entry.receiver {
      case .action(let action): action.perform()
      case .target(let weak, let selector): UIKitModel.send(selector, to: weak.object, from: self)
      }
    }
  }
}

/// Apple: UIButton: a title and an image for each state; a tap (`Person.tap(_:)`)
/// sends its touch-up-inside and primary actions.
@preconcurrency @MainActor
open class UIButton: UIControl {
  public enum ButtonType: Int, Sendable {
    case custom = 0
    case system = 1
    case detailDisclosure = 2
    case infoLight = 3
    case infoDark = 4
    case contactAdd = 5
    case close = 7
  }

  open private(set) var buttonType = ButtonType.custom
  private var titles: [UInt: String] = [:]
  private var images: [UInt: UIImage] = [:]

  public convenience init(type buttonType: ButtonType) {
    self.init(frame: .zero)
    self.buttonType = buttonType
  }

  /// Apple (iOS 14): a button of `buttonType` whose primary action is `primaryAction`, titled by it.
  public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
    self.init(type: buttonType)
    adopt(primaryAction)
  }

  public convenience init(frame: CGRect, primaryAction: UIAction?) {
    self.init(frame: frame)
    adopt(primaryAction)
  }

  private func adopt(_ primaryAction: UIAction?) {
    guard let primaryAction else { return }
    addAction(primaryAction, for: .primaryActionTriggered)
    if !primaryAction.title.isEmpty { setTitle(primaryAction.title, for: .normal) }
    if let image = primaryAction.image { setImage(image, for: .normal) }
  }

  open func setTitle(_ title: String?, for state: State) { titles[state.rawValue] = title }

  /// Apple: "If a title is not specified for a state, the default behavior is to use the title
  /// associated with the normal state."
  open func title(for state: State) -> String? { titles[state.rawValue] ?? titles[State.normal.rawValue] }

  open var currentTitle: String? { title(for: state) }

  open func setImage(_ image: UIImage?, for state: State) { images[state.rawValue] = image }
  open func image(for state: State) -> UIImage? { images[state.rawValue] ?? images[State.normal.rawValue] }
  open var currentImage: UIImage? { image(for: state) }
}
