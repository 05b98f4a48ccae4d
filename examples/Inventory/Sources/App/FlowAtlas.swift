import FlowAtlasRecording

// What adopting FlowAtlas added to the app besides the lines marked `// FlowAtlas`: the names
// those lines use, given once here so that no other file imports FlowAtlas.
typealias RecordedChildren<Element> = FlowAtlasRecording.RecordedChildren<Element>
typealias RecordedRouter<Router> = FlowAtlasRecording.RecordedRouter<Router>
typealias Recorder = FlowAtlasRecording.Recorder

// In an iOS app, FlowAtlasRecording has `RecordingTabBarController` and
// `UINavigationController.recorded()`. Here, on the model of UIKit, the UIKit half of FlowAtlas is
// a module of its own; it is imported without re-exporting it, so the app's own `Presentable`
// keeps its name, as in an app.
#if canImport(FlowAtlasUIKitOnModel)
  import FlowAtlasUIKitOnModel
  typealias RecordingTabBarController = FlowAtlasUIKitOnModel.RecordingTabBarController
  typealias RecordingNavigationController = FlowAtlasUIKitOnModel.RecordingNavigationController
#else
  typealias RecordingTabBarController = FlowAtlasRecording.RecordingTabBarController
  typealias RecordingNavigationController = FlowAtlasRecording.RecordingNavigationController
#endif
