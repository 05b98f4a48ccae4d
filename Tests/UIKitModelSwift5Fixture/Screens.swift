import UIKit

/// The first screen: one button, which ends the onboarding.
public final class OnboardingViewController: UIViewController {
  let journal: Journal
  var onFinish: (() -> Void)?
  public let startButton = UIButton(type: .system)

  init(journal: Journal) {
    self.journal = journal
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    title = "Welcome"
    view.backgroundColor = .systemBackground
    startButton.setTitle("Get started", for: .normal)
    startButton.addAction(UIAction { [weak self] _ in self?.onFinish?() }, for: .touchUpInside)
    view.addSubview(startButton)
    journal.write("Welcome viewDidLoad")
  }

  public override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    journal.write("Welcome viewDidDisappear")
  }
}

/// The list of products: it tells its coordinator what the person picked.
public final class ProductListViewController: UIViewController {
  let journal: Journal
  weak var coordinator: ShopCoordinator?

  init(journal: Journal) {
    self.journal = journal
    super.init(nibName: nil, bundle: nil)
    title = "Products"
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    navigationItem.rightBarButtonItem = UIBarButtonItem(
      systemItem: .add, primaryAction: UIAction { [weak self] _ in self?.coordinator?.showLogin() })
    journal.write("Products viewDidLoad")
  }

  public override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    journal.write("Products viewWillAppear")
  }

  public override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    journal.write("Products viewDidAppear")
  }

  public override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    journal.write("Products viewWillDisappear")
  }

  public override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    journal.write("Products viewDidDisappear")
  }
}

/// A product, from the storyboard: `init(coder:)` is how it is made.
public final class ProductViewController: UIViewController {
  var productName = ""
  let nameLabel = UILabel()

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    title = productName
    nameLabel.text = productName
    view.addSubview(nameLabel)
  }
}

/// The login form, presented; its Close button is a target/action pair.
public final class LoginViewController: UIViewController {
  let journal: Journal

  init(journal: Journal) {
    self.journal = journal
    super.init(nibName: nil, bundle: nil)
    title = "Log in"
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    navigationItem.leftBarButtonItem = UIBarButtonItem(
      title: "Close", style: .plain, target: self, action: Selector("close"))
  }

  public override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    journal.write("Log in viewWillAppear, presented: \(navigationController?.isBeingPresented ?? false)")
  }

  public override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    journal.write("Log in viewDidDisappear")
  }

  public func close() {
    dismiss(animated: true)
  }
}

final class SettingsViewController: UIViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Settings"
  }
}

/// The main tab bar: its own delegate, its tabs set in viewDidLoad from what the coordinator
/// gave it.
public final class MainTabBarController: UITabBarController, UITabBarControllerDelegate {
  let journal: Journal
  var tabs: [UIViewController] = []

  init(journal: Journal) {
    self.journal = journal
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  public override func viewDidLoad() {
    super.viewDidLoad()
    delegate = self
    viewControllers = tabs
  }

  public func tabBarController(
    _ tabBarController: UITabBarController, didSelect viewController: UIViewController
  ) {
    journal.write("tab \(selectedIndex)")
  }
}
