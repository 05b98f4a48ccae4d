// The model of UIKit: drawing a view hierarchy into an image, as far as a screenshot needs it.
// The model paints each view's background color over its frame, back to front, and nothing else
// (no text, no images, no layers): enough to tell which screen a picture shows and what was
// painted over it.
import FlowAtlasBytes
import Foundation

/// Apple: UIGraphicsImageRendererFormat: the scale of the images a renderer makes (by default the
/// main screen's).
open class UIGraphicsImageRendererFormat: NSObject, @unchecked Sendable {
  open var scale: CGFloat = 3

  public required override init() { super.init() }

  /// Apple (iOS 11): preferred(): the format of the device's main screen.
  open class func preferred() -> Self { self.init() }
}

/// Apple: UIGraphicsImageRendererContext: the context `actions` draw in.
@preconcurrency @MainActor
open class UIGraphicsImageRendererContext: NSObject {
  /// The context `actions` of a renderer are drawing in now (Apple: UIGraphicsGetCurrentContext()).
  nonisolated(unsafe) static var current: UIGraphicsImageRendererContext?

  let canvas: Canvas
  nonisolated(unsafe) var fillColor: UIColor = .black

  init(canvas: Canvas) { self.canvas = canvas }

  /// Apple: fill(_:): paints `rect` (in points) with the fill color (`UIColor.setFill()`).
  open func fill(_ rect: CGRect) { canvas.paint(rect, fillColor) }
}

/// Apple: UIGraphicsImageRenderer: draws into a bitmap of `bounds` at the format's scale.
@preconcurrency @MainActor
open class UIGraphicsImageRenderer: NSObject {
  private let format: UIGraphicsImageRendererFormat
  private let bounds: CGRect

  public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
    (self.bounds, self.format) = (bounds, format)
  }

  /// Apple: pngData(actions:): runs `actions` in a new context, returns the bitmap as a PNG.
  open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
    let canvas = Canvas(bounds: bounds, scale: format.scale)
    let context = UIGraphicsImageRendererContext(canvas: canvas)
    let outer = UIGraphicsImageRendererContext.current
    UIGraphicsImageRendererContext.current = context
    actions(context)
    UIGraphicsImageRendererContext.current = outer
    UIKitModel.drawn.append(canvas)
    return Data(PNGEncoder.encode(width: canvas.width, height: canvas.height, rgb: canvas.rgb))
  }
}

/// A bitmap the model paints into: white to begin with, opaque.
@MainActor
public final class Canvas {
  public let width: Int
  public let height: Int
  private let origin: CGPoint
  private let scale: CGFloat
  private(set) var rgb: [UInt8]

  init(bounds: CGRect, scale: CGFloat) {
    (origin, self.scale) = (bounds.origin, scale)
    width = max(1, Int((bounds.width * scale).rounded()))
    height = max(1, Int((bounds.height * scale).rounded()))
    rgb = [UInt8](repeating: 255, count: width * height * 3)
  }

  /// The color of the pixel at the point `x`, `y` (in points), as red, green and blue.
  public func pixel(atX x: CGFloat, y: CGFloat) -> [UInt8] {
    let column = min(width - 1, max(0, Int(((x - origin.x) * scale).rounded(.down))))
    let row = min(height - 1, max(0, Int(((y - origin.y) * scale).rounded(.down))))
    let index = (row * width + column) * 3
    return Array(rgb[index..<index + 3])
  }

  /// Paints `rect` (in points), blending `color` by its alpha.
  func paint(_ rect: CGRect, _ color: UIColor) {
    let (red, green, blue, alpha) = color.components
    guard alpha > 0 else { return }
    let left = max(0, Int(((rect.minX - origin.x) * scale).rounded()))
    let right = min(width, Int(((rect.maxX - origin.x) * scale).rounded()))
    let top = max(0, Int(((rect.minY - origin.y) * scale).rounded()))
    let bottom = min(height, Int(((rect.maxY - origin.y) * scale).rounded()))
    guard left < right, top < bottom else { return }
    let paint = [red, green, blue].map { min(1, max(0, $0)) * 255 }
    for row in top..<bottom {
      for column in left..<right {
        let index = (row * width + column) * 3
        for channel in 0..<3 {
          let old = CGFloat(rgb[index + channel])
          rgb[index + channel] = UInt8((paint[channel] * alpha + old * (1 - alpha)).rounded())
        }
      }
    }
  }
}

extension UIView {
  /// Apple: drawHierarchy(in:afterScreenUpdates:): draws the view and what it contains into the
  /// current context, scaled to `rect`. The model draws each visible view's background color
  /// over its frame, back to front, at the view's own size (`rect` the view's bounds).
  @discardableResult
  public func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
    guard let canvas = UIGraphicsImageRendererContext.current?.canvas else { return false }
    func draw(_ view: UIView, at origin: CGPoint) {
      guard !view.isHidden, view.alpha > 0 else { return }
      let frame = CGRect(origin: origin, size: view.laidOutFrame.size)
      if let color = view.backgroundColor {
        canvas.paint(frame, color.withAlphaComponent(color.components.alpha * view.alpha))
      }
      for subview in view.subviews {
        let placed = subview.laidOutFrame
        draw(subview, at: CGPoint(x: origin.x + placed.minX, y: origin.y + placed.minY))
      }
    }
    draw(self, at: rect.origin)
    return true
  }

  /// Apple: convert(_:to:): `rect` in this view's coordinates, in `view`'s (its window's when nil).
  public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
    let mine = originInWindow
    let theirs = (view ?? window)?.originInWindow ?? .zero
    return rect.offsetBy(dx: mine.x - theirs.x, dy: mine.y - theirs.y)
  }

  /// Where this view's origin is in its window (or the root of its hierarchy).
  private var originInWindow: CGPoint {
    var point = CGPoint.zero
    var view: UIView? = self
    while let current = view, !(current is UIWindow) {
      let frame = current.laidOutFrame
      point.x += frame.minX
      point.y += frame.minY
      view = current.superview
    }
    return point
  }

  /// Its frame once laid out: a view controller's view that a window or container shows fills
  /// it (the model lays out nothing else, and insets nothing for bars).
  var laidOutFrame: CGRect {
    guard owner != nil, let superview else { return frame }
    return CGRect(origin: .zero, size: superview.laidOutFrame.size)
  }
}
