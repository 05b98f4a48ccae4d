import UIKit

// The screens. Each sets its title and controls when its view loads, as most apps do, and tells
// its coordinator what the person did through closures.

final class OnboardingController: UIViewController {
  var onNext: (() -> Void)?
  let page: Int

  init(page: Int) {
    self.page = page
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = page == 1 ? "Welcome" : "Keep track of everything"
    view.backgroundColor = .systemBackground
  }

  func next() { onNext?() }
}

final class LoginController: UIViewController {
  var onCompleteAuth: (() -> Void)?
  var onSignUpButtonTap: (() -> Void)?

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Log in"
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      title: "Sign up", primaryAction: UIAction { [weak self] _ in self?.onSignUpButtonTap?() })
  }

  func logIn() { onCompleteAuth?() }
}

final class SignUpController: UIViewController {
  var onSignUpComplete: (() -> Void)?
  var onTermsButtonTap: (() -> Void)?

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Sign up"
  }

  func readTerms() { onTermsButtonTap?() }
  func signUp() { onSignUpComplete?() }
}

final class TermsController: UIViewController {
  var onClose: (() -> Void)?

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Terms"
    navigationItem.leftBarButtonItem = UIBarButtonItem(
      title: "Close", primaryAction: UIAction { [weak self] _ in self?.onClose?() })
  }
}

final class ItemsListController: UIViewController {
  var onItemSelect: ((Item) -> Void)?
  var onCreateItem: (() -> Void)?
  let items: [Item]

  init(items: [Item]) {
    self.items = items
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    navigationItem.title = "Items"
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      systemItem: .add, primaryAction: UIAction { [weak self] _ in self?.onCreateItem?() })
  }

  func select(_ name: String) {
    if let item = items.first(where: { $0.name == name }) { onItemSelect?(item) }
  }
}

final class ItemDetailController: UIViewController {
  let item: Item

  init(item: Item) {
    self.item = item
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = item.name
  }
}

final class ItemCreateController: UIViewController {
  var onHideButtonTap: (() -> Void)?
  var onPickCategory: (() -> Void)?
  var onCompleteCreateItem: ((String, String) -> Void)?
  var category = "Living room"

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "New item"
    navigationItem.leftBarButtonItem = UIBarButtonItem(
      systemItem: .cancel, primaryAction: UIAction { [weak self] _ in self?.onHideButtonTap?() })
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      systemItem: .save, primaryAction: UIAction { [weak self] _ in self?.save() })
  }

  func pickCategory() { onPickCategory?() }
  func save() { onCompleteCreateItem?("Shelf", category) }
}

final class CategoryPickerController: UIViewController {
  var onPick: ((String) -> Void)?

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Category"
  }

  func pick(_ category: String) { onPick?(category) }
}

final class SettingsController: UIViewController {
  var onAbout: (() -> Void)?
  var onLogout: (() -> Void)?

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Settings"
  }

  func about() { onAbout?() }
  func logOut() { onLogout?() }
}

final class AboutController: UIViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    title = "About"
  }
}
