import FlowAtlasRecording

// What adopting FlowAtlas added to the app besides the lines marked `// FlowAtlas` in the
// coordinators: the names those lines use, given here once so that no coordinator file has to
// import FlowAtlasRecording (and the recorder made in TicketsApp.swift).
typealias RecordedChildren<Element> = FlowAtlasRecording.RecordedChildren<Element>
typealias RecordedRouter<Router> = FlowAtlasRecording.RecordedRouter<Router>
typealias Recorder = FlowAtlasRecording.Recorder
