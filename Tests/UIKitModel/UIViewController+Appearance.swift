// The model of UIKit: the appearance callbacks, which UIKit sends only to view controllers whose
// views go into or out of a visible window (Apple, viewWillAppear(_:): "Notifies the view
// controller that its view is about to be added to a view hierarchy"; viewDidDisappear(_:):
// "…was removed from a view hierarchy").
//
// Each view controller is in one of four states, as UIKit keeps it: a callback that would not
// change it is not sent (a view controller that has appeared does not appear again). A container
// forwards each callback to the child it shows (a navigation controller's top view controller, a
// tab bar controller's selected one, a custom container's children whose views are in its view),
// the parent first (Apple documents no order between them; the model assumes UIKit calls the
// container's method, whose `super` forwards). `viewIsAppearing(_:)` follows every
// `viewWillAppear(_:)` of the same change, once the view is in the hierarchy.

/// Where a view controller is in the appearance callbacks.
enum Appearance {
  case disappeared, appearing, appeared, disappearing
}

extension UIViewController {
  /// On screen: its view is in a window that is not hidden.
  var isInVisibleWindow: Bool { viewIfLoaded?.isInVisibleWindow ?? false }

  /// Starts this view controller's appearance, and that of the children it shows: their views
  /// load if needed, each hears `viewWillAppear(_:)`. Returns those that started, for
  /// ``isAppearing(_:animated:)`` once the view is in place.
  @discardableResult
  func willAppear(animated: Bool) -> [UIViewController] {
    var started: [UIViewController] = []
    func visit(_ controller: UIViewController) {
      guard controller.appearance == .disappeared || controller.appearance == .disappearing else { return }
      controller.loadViewIfNeeded()
      controller.appearance = .appearing
      controller.appearanceAnimated = animated
      controller.viewWillAppear(animated)
      started.append(controller)
      controller.installVisibleChildren()
      for child in controller.appearanceChildren { visit(child) }
    }
    visit(self)
    return started
  }

  /// `viewIsAppearing(_:)` for each view controller that started to appear.
  static func isAppearing(_ started: [UIViewController], animated: Bool) {
    for controller in started where controller.appearance == .appearing {
      controller.viewIsAppearing(animated)
    }
  }

  /// `viewWillAppear(_:)`, then `place` (which puts the view in the hierarchy), then
  /// `viewIsAppearing(_:)`.
  func appear(animated: Bool, placing place: () -> Void) {
    let started = willAppear(animated: animated)
    place()
    Self.isAppearing(started, animated: animated)
  }

  /// Starts this view controller's disappearance, and that of the children it shows.
  func willDisappear(animated: Bool) {
    guard appearance == .appeared || appearance == .appearing else { return }
    appearance = .disappearing
    appearanceAnimated = animated
    viewWillDisappear(animated)
    for child in appearanceChildren { child.willDisappear(animated: animated) }
  }

  /// Ends what started: `viewDidAppear(_:)` or `viewDidDisappear(_:)`, for this view controller
  /// and the children it shows. The moving and presenting flags hold until then, the children's
  /// callbacks included (a screen's `viewDidDisappear` asks `navigationController?.isBeingDismissed`).
  func endAppearance() {
    let ending = appearance
    switch appearance {
    case .appearing:
      appearance = .appeared
      viewDidAppear(appearanceAnimated)
    case .disappearing:
      appearance = .disappeared
      viewDidDisappear(appearanceAnimated)
    case .appeared, .disappeared:
      break
    }
    for child in appearanceChildren { child.endAppearance() }
    switch ending {
    case .appearing:
      movingToParent = false
      beingPresented = false
    case .disappearing:
      movingFromParent = false
      beingDismissed = false
    case .appeared, .disappeared:
      break
    }
  }

  /// UIKit's order for one view controller taking another's place at once (a tab switch, an
  /// unanimated push or pop, a window's new root): the new view loads, the old view controller
  /// will disappear, the new one will appear (and its view goes in), the old view goes, the old
  /// one did disappear, the new one did appear. Apple, UINavigationController: the delegate's
  /// willShow and didShow bracket the same callbacks; the model assumes the same order for all.
  static func replace(
    _ old: UIViewController?, with new: UIViewController?, animated: Bool, placing place: () -> Void,
    removing remove: () -> Void
  ) {
    new?.loadViewIfNeeded()
    old?.willDisappear(animated: animated)
    let started = new?.willAppear(animated: animated) ?? []
    place()
    isAppearing(started, animated: animated)
    remove()
    old?.endAppearance()
    new?.endAppearance()
  }

  /// The chain of view controllers presented over this one, bottom first.
  var presentedChain: [UIViewController] {
    guard let first = presentationHost.presentedStorage else { return [] }
    return Array(sequence(first: first) { $0.presentationHost.presentedStorage })
  }
}
