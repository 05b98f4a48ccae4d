/// A navigation request a router refused because it would corrupt its state.
///
/// Refusals match what the trace reader reports as `empty-stack`: the router's state is left
/// as it was, the completion still runs, and the refusal is reported, never a crash.
public enum RouterRefusal: Hashable, Sendable, CustomStringConvertible {
  /// `pop` when the top layer shows only its first screen (or nothing).
  case popAtRoot
  /// `popToRoot` when the top layer shows only its first screen (or nothing).
  case popToRootAtRoot
  /// `dismiss` when nothing is presented.
  case dismissWithNothingPresented
  /// `present` where something is still presented: a layer whose dismissal is under way (UIKit
  /// keeps it until its animation ends), or a screen presented over the top layer (an alert, a
  /// share sheet). UIKit refuses to present another: "which is already presenting".
  case presentWhilePresenting
  /// The back menu's pick (`popTo`) of a screen that is not below the top of the top layer.
  case notBelowTop(type: String)
  /// `selectTab` naming a tab the tab router does not have.
  case unknownTab(String)
  /// A screen this router cannot show (on UIKit: not a `UIViewController`).
  case unsupportedScreen(type: String)
  /// A SwiftUI write of a layer's path that is not that path with screens removed from its
  /// top: a longer path, or routes the router never showed there (``NavigationStackRouter``).
  case pathNotShortened(layer: Int)
  /// A SwiftUI write to a layer under a modal layer, which no gesture reaches.
  case layerCovered(layer: Int)
  /// A SwiftUI write to a layer the router does not show.
  case noSuchLayer(layer: Int)
  /// A SwiftUI write dismissing a full-screen cover: no gesture does that, its coordinator does.
  case coverDismissedByView(layer: Int)

  public var description: String {
    switch self {
    case .popAtRoot: "pop refused: the top layer shows only its first screen"
    case .popToRootAtRoot: "popToRoot refused: nothing above the top layer's first screen"
    case .dismissWithNothingPresented: "dismiss refused: nothing is presented"
    case .presentWhilePresenting:
      "present refused: something is still presented there (a layer being dismissed, or a screen presented "
        + "over it); present once it is gone, in the dismissal's completion"
    case .notBelowTop(let type): "popTo refused: no \(type) below the top of the top layer"
    case .unknownTab(let tab): "selectTab refused: no tab named \"\(tab)\""
    case .unsupportedScreen(let type): "refused: this router cannot show a \(type)"
    case .pathNotShortened(let layer):
      "path write refused: layer \(layer)'s new path is not its path with screens removed from the top"
    case .layerCovered(let layer): "state write refused: layer \(layer) is under a modal layer"
    case .noSuchLayer(let layer): "state write refused: the router shows no layer \(layer)"
    case .coverDismissedByView(let layer):
      "dismiss refused: layer \(layer) is a full-screen cover, which only its coordinator dismisses"
    }
  }
}
