import FlowAtlasRecording

// What adopting FlowAtlas added to the app besides the lines marked `// FlowAtlas` in the
// coordinators: the names those lines use, given once here so that no coordinator file imports
// FlowAtlasRecording (and the recorder the journeys make in PurchaseExample.swift).
typealias RecordedChildren<Element> = FlowAtlasRecording.RecordedChildren<Element>
typealias RecordedRouter<Router> = FlowAtlasRecording.RecordedRouter<Router>
typealias Recorder = FlowAtlasRecording.Recorder

// In an iOS app FlowAtlasRecording has `UINavigationController.recorded()`. Here, on the model of
// UIKit, the UIKit half of FlowAtlas is compiled into a module of its own.
#if canImport(FlowAtlasUIKitOnModel)
  @_exported import FlowAtlasUIKitOnModel
#endif
