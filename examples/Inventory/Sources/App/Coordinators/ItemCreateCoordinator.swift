/// Creating an item: a form and a category picker, in a navigation controller of its own.
final class ItemCreateCoordinator: BaseCoordinator {
  var finishFlow: ((Item?) -> Void)?
  @RecordedRouter private var router: Router  // FlowAtlas
  private let factory: ModuleFactory
  private let store: ItemStore

  init(router: Router, factory: ModuleFactory, store: ItemStore) {
    self.router = router
    self.factory = factory
    self.store = store
  }

  override func start(with option: DeepLinkOption?) {
    Recorder.started(self)  // FlowAtlas
    showCreate()
  }

  private func showCreate() {
    let form = factory.makeItemCreateOutput()
    form.onHideButtonTap = { [weak self] in self?.finish(with: nil, output: "cancelled") }
    form.onPickCategory = { [weak self, weak form] in
      guard let self else { return }
      let picker = self.factory.makeCategoryPicker()
      picker.onPick = { [weak self, weak form] category in
        form?.category = category
        self?.router.popModule()
      }
      self.router.push(picker)
    }
    form.onCompleteCreateItem = { [weak self] name, category in
      guard let self else { return }
      let item = self.store.add(name: name, category: category)
      self.finish(with: item, output: "saved")
    }
    router.setRootModule(form)
  }

  private func finish(with item: Item?, output: String) {
    Recorder.finished(self, output: output)  // FlowAtlas
    finishFlow?(item)
  }
}
