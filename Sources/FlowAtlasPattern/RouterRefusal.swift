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
  /// The back menu's pick (`popTo`) of a screen that is not below the top of the top layer.
  case notBelowTop(type: String)
  /// `selectTab` naming a tab the tab router does not have.
  case unknownTab(String)
  /// A screen this router cannot show (on UIKit: not a `UIViewController`).
  case unsupportedScreen(type: String)

  public var description: String {
    switch self {
    case .popAtRoot: "pop refused: the top layer shows only its first screen"
    case .popToRootAtRoot: "popToRoot refused: nothing above the top layer's first screen"
    case .dismissWithNothingPresented: "dismiss refused: nothing is presented"
    case .notBelowTop(let type): "popTo refused: no \(type) below the top of the top layer"
    case .unknownTab(let tab): "selectTab refused: no tab named \"\(tab)\""
    case .unsupportedScreen(let type): "refused: this router cannot show a \(type)"
    }
  }
}
