#if canImport(UIKit)
  import UIKit

  /// The UIKit adapter: every view controller is a screen, titled by its `title`, or else by its
  /// navigation item's (many screens set `navigationItem.title` in `viewDidLoad`).
  extension UIViewController: Presentable {
    public var screenTitle: String? {
      let title = self.title ?? navigationItem.title
      return title?.isEmpty == false ? title : nil
    }
  }
#endif
