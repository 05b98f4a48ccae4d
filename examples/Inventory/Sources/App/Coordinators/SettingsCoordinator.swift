/// The settings tab: settings, about, and logging out.
final class SettingsCoordinator: BaseCoordinator {
  var onLogout: (() -> Void)?
  @RecordedRouter private var router: Router  // FlowAtlas
  private let factory: ModuleFactory

  init(router: Router, factory: ModuleFactory) {
    self.router = router
    self.factory = factory
  }

  override func start(with option: DeepLinkOption?) {
    Recorder.started(self)  // FlowAtlas
    // The settings flow handles no route; its tab is selected by the tab bar's coordinator.
    guard option == nil else { return }
    let settings = factory.makeSettingsOutput()
    settings.onAbout = { [weak self] in
      guard let self else { return }
      self.router.push(self.factory.makeAboutModule())
    }
    settings.onLogout = { [weak self] in
      guard let self else { return }
      Recorder.finished(self, output: "loggedOut")  // FlowAtlas
      self.onLogout?()
    }
    router.setRootModule(settings)
  }
}
