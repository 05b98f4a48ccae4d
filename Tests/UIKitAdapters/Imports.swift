// The shipped UIKit adapters, compiled unchanged against the model of UIKit (Tests/UIKitModel):
// every other file here is a link to the file under Sources. Under Sources they are part of the
// module they use; here they are a module of their own, which sees those modules through this
// file.
@_exported import FlowAtlasPattern
@_exported import FlowAtlasRecording
