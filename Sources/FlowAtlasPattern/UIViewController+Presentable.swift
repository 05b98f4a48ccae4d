#if canImport(UIKit)
  import UIKit

  /// The UIKit adapter: every view controller is a screen, titled by its `title`.
  extension UIViewController: Presentable {
    public var screenTitle: String? { title }
  }
#endif
