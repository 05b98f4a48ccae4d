/// The items tab: the list, an item's details, and creating an item in a flow of its own,
/// presented in its own navigation controller.
final class ItemCoordinator: BaseCoordinator {
  @RecordedRouter private var router: Router  // FlowAtlas
  private let factory: ModuleFactory
  private let coordinatorFactory: CoordinatorFactory
  private let store: ItemStore

  init(router: Router, factory: ModuleFactory, coordinatorFactory: CoordinatorFactory, store: ItemStore) {
    self.router = router
    self.factory = factory
    self.coordinatorFactory = coordinatorFactory
    self.store = store
  }

  override func start(with option: DeepLinkOption?) {
    Recorder.started(self)  // FlowAtlas
    if let option {
      switch option {
      case .item(let id):
        if let item = store.item(id: id) { showItemDetail(item) }
      case .newItem:
        runCreationFlow()
      default: break
      }
    } else {
      showItemList()
    }
  }

  private func showItemList() {
    let list = factory.makeItemsOutput(items: store.items)
    list.onItemSelect = { [weak self] item in self?.showItemDetail(item) }
    list.onCreateItem = { [weak self] in self?.runCreationFlow() }
    router.setRootModule(list)
  }

  private func showItemDetail(_ item: Item) {
    let detail = factory.makeItemDetailOutput(item: item)
    router.push(detail)
  }

  /// Presented before it starts, as the classic sample does. It tells this coordinator when the
  /// person cancels or saves; a sheet swiped down tells nothing, and the app never removes the
  /// flow: the leak the site reports.
  private func runCreationFlow() {
    let (coordinator, module) = coordinatorFactory.makeItemCreationCoordinatorBox()
    coordinator.finishFlow = { [weak self, weak coordinator] item in
      self?.router.dismissModule()
      self?.removeDependency(coordinator)
      if let item { self?.showItemDetail(item) }
    }
    addDependency(coordinator)
    router.present(module)
    coordinator.start()
  }
}
