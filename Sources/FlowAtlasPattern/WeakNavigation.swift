/// The MVVM-C link from a view model to its coordinator: a navigation protocol held weakly.
///
/// The coordinator owns the screen, the screen owns its view model; a view model that held
/// its coordinator strongly would close that cycle and leak the whole flow.
///
/// ```swift
/// @MainActor protocol LoginNavigation: AnyObject { func loginDidSucceed() }
/// @MainActor final class LoginViewModel {
///   @WeakNavigation var navigation: (any LoginNavigation)?
///   func submit() { navigation?.loginDidSucceed() }
/// }
/// ```
///
/// `Navigation` is a protocol whose conformers are classes (coordinators); a value
/// assigned that is not a class instance is not kept.
@propertyWrapper
public struct WeakNavigation<Navigation> {
  // Weak storage needs a class type; existentials of class protocols are not one
  // generically, so the reference is kept as AnyObject and cast back.
  private weak var object: AnyObject?

  /// Creates the link, empty or pointing at `wrappedValue`.
  /// - Parameter wrappedValue: The coordinator to reach, held weakly.
  public init(wrappedValue: Navigation? = nil) {
    self.wrappedValue = wrappedValue
  }

  /// The coordinator, while it is alive.
  public var wrappedValue: Navigation? {
    get { object as? Navigation }
    set { object = newValue.map { $0 as AnyObject } }
  }
}
