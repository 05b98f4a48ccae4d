import Testing
import UIKit

/// The model of UIKit: titles, navigation items, bar button items and their actions, the back
/// button and the bars, buttons and the small views view controllers set up.
@MainActor @Suite(.serialized) struct UIKitModelBarItemTests {
  @Test func aTitleSetsTheNavigationAndTabBarItemsTitlesAndNotTheOtherWayRound() {
    UIKitModel.reset()
    let screen = UIViewController()
    #expect(screen.navigationItem.title == nil && screen.tabBarItem.title == nil)
    screen.title = "Inbox"
    #expect(screen.navigationItem.title == "Inbox" && screen.tabBarItem.title == "Inbox")
    screen.navigationItem.title = "Mail"
    #expect(screen.title == "Inbox")
    let titled = UIViewController()
    titled.title = "Later"
    #expect(titled.navigationItem.title == "Later", "an item made after the title has it")
  }

  @Test func barButtonItemsAreMadeWithApplesInitializers() {
    UIKitModel.reset()
    let action = UIAction(title: "Save", image: UIImage(systemName: "square.and.arrow.down")) { _ in }
    let fromAction = UIBarButtonItem(primaryAction: action)
    #expect(fromAction.title == "Save" && fromAction.image == UIImage(systemName: "square.and.arrow.down"))
    let titled = UIBarButtonItem(title: "Cart (2)", primaryAction: action)
    #expect(titled.title == "Cart (2)" && titled.primaryAction === action)
    let menu = UIMenu(title: "More", children: [action])
    #expect(UIBarButtonItem(systemItem: .add, menu: menu).menu?.children.count == 1)
    let done = UIBarButtonItem(title: "Done", style: .done, target: nil, action: Selector("done"))
    #expect(done.style == .done && done.action == "done")
    #expect(
      UIBarButtonItem(image: UIImage(named: "gear"), style: .plain, target: nil, action: nil).image != nil)
    #expect(UIBarButtonItem(barButtonSystemItem: .cancel, target: nil, action: nil).title == nil)
    #expect(UIBarButtonItem(customView: UILabel()).customView is UILabel)
  }

  @Test func aTapRunsThePrimaryActionOrSendsTheRegisteredAction() {
    UIKitModel.reset()
    var heard: [String] = []
    let item = UIBarButtonItem(primaryAction: UIAction(title: "Go") { _ in heard.append("primary") })
    Person.tap(item)
    item.isEnabled = false
    Person.tap(item)
    #expect(heard == ["primary"])

    let editor = Editor()
    let save = UIBarButtonItem(title: "Save", style: .done, target: editor, action: Selector("save:"))
    Person.tap(save)
    #expect(UIKitModel.raised.count == 1, "nobody said what save: does: UIKit would crash")
    UIKitModel.registerAction("save:", of: Editor.self) { editor, sender in
      editor.save(sender as? UIBarButtonItem)
    }
    Person.tap(save)
    #expect(editor.saved == ["Save"])
    Person.tap(UIBarButtonItem(title: "Orphan", style: .plain, target: nil, action: "save:"))
    #expect(UIKitModel.raised.count == 2, "without a target, the responder chain, which the model lacks")
  }

  @Test func theBackButtonIsThereOnlyWhenTheBarAndItsItemShowIt() {
    UIKitModel.reset()
    let root = UIViewController()
    root.title = "Root"
    let top = UIViewController()
    let navigation = UINavigationController(rootViewController: root)
    navigation.pushViewController(top, animated: false)
    #expect(navigation.navigationBar.topItem === top.navigationItem)
    #expect(navigation.navigationBar.backItem?.title == "Root")

    navigation.setNavigationBarHidden(true, animated: true)
    #expect(navigation.isNavigationBarHidden)
    Person.tapBackButton(in: navigation)
    navigation.isNavigationBarHidden = false
    top.navigationItem.hidesBackButton = true
    Person.tapBackButton(in: navigation)
    top.navigationItem.hidesBackButton = false
    top.navigationItem.leftBarButtonItem = UIBarButtonItem(
      title: "Close", style: .plain, target: nil, action: nil)
    Person.tapBackButton(in: navigation)
    Person.pickFromBackMenu(root, in: navigation)
    #expect(navigation.viewControllers.count == 2, "no back button to tap")

    top.navigationItem.leftItemsSupplementBackButton = true
    Person.tapBackButton(in: navigation)
    UIKitModel.finishAnimations()
    #expect(navigation.viewControllers == [root])
  }

  @Test func navigationItemsAndBarsKeepWhatTheAppSets() {
    UIKitModel.reset()
    let screen = UIViewController()
    let item = screen.navigationItem
    let share = UIBarButtonItem(systemItem: .action)
    let add = UIBarButtonItem(systemItem: .add)
    item.rightBarButtonItems = [share, add]
    #expect(item.rightBarButtonItem === share)
    item.setRightBarButton(add, animated: true)
    #expect(item.rightBarButtonItems == [add])
    item.setLeftBarButtonItems([share], animated: false)
    item.largeTitleDisplayMode = .never
    item.backButtonTitle = "Back"
    item.prompt = "Choose"
    item.titleView = UILabel()
    #expect(item.leftBarButtonItem === share && item.largeTitleDisplayMode == .never)
    let navigation = UINavigationController(rootViewController: screen)
    navigation.navigationBar.prefersLargeTitles = true
    #expect(navigation.isToolbarHidden)
    navigation.setToolbarHidden(false, animated: true)
    #expect(!navigation.isToolbarHidden && navigation.navigationBar.prefersLargeTitles)
  }

  @Test func aButtonTapSendsItsActionsAndTargetsInOrder() {
    UIKitModel.reset()
    var heard: [String] = []
    let button = UIButton(primaryAction: UIAction(title: "Buy") { _ in heard.append("primary") })
    #expect(button.title(for: .highlighted) == "Buy" && button.currentTitle == "Buy")
    button.setTitle("Bought", for: .disabled)
    button.addAction(UIAction { _ in heard.append("touch up") }, for: .touchUpInside)
    button.addAction(UIAction { _ in heard.append("value") }, for: .valueChanged)
    let editor = Editor()
    button.addTarget(editor, action: "save:", for: .touchUpInside)
    UIKitModel.registerAction("save:", of: Editor.self) { editor, sender in
      editor.saved.append((sender as? UIButton)?.currentTitle ?? "?")
    }
    Person.tap(button)
    #expect(heard == ["primary", "touch up"] && editor.saved == ["Buy"])
    button.isEnabled = false
    #expect(button.currentTitle == "Bought")
    Person.tap(button)
    #expect(heard.count == 2)
  }

  @Test func viewsKeepTheirHierarchyColorsAndImages() {
    UIKitModel.reset()
    let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
    let child = UILabel()
    child.text = "Hi"
    parent.addSubview(child)
    #expect(child.superview === parent && parent.subviews == [child] && child.isDescendant(of: parent))
    #expect(parent.bounds.size == CGSize(width: 100, height: 50) && child.window == nil)
    child.removeFromSuperview()
    #expect(parent.subviews.isEmpty)
    parent.backgroundColor = .systemBackground
    #expect(parent.backgroundColor == .systemBackground && parent.backgroundColor != .white)
    #expect(UIColor(red: 1, green: 0, blue: 0, alpha: 1) == .red && UIColor.clear != .black)
    #expect(
      UIImage(named: "logo") == UIImage(named: "logo") && UIImage(named: "x") != UIImage(systemName: "x"))
  }
}

/// A target of action messages.
@MainActor
private final class Editor {
  var saved: [String] = []

  func save(_ sender: UIBarButtonItem?) { saved.append(sender?.title ?? "?") }
}
