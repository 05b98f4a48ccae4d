import FlowAtlasBytes
import FlowAtlasPattern
import FlowAtlasRecording
import FlowAtlasTrace

/// The pictures of a headless app: a plain wireframe of each screen, drawn from what its journeys
/// recorded of it, since a run without UI has no window to take a screenshot of.
///
/// A wireframe shows the screen's title in its navigation bar (a back button where the screen was
/// pushed), or in a sheet's header where it was presented; grey bars for its content; a button for
/// each action the journeys took on it, by its name (the site's name for the trigger); and the tab bar, where the
/// screen was shown in a tab, with its tab picked out. It is a PNG of 390 × 844 pixels (an
/// iPhone's screen in points) drawn with letters of its own: the same pixels on any machine.
package struct Wireframes: Sendable {
  /// How a type of screen was first shown, and in which tab.
  private struct Placement: Sendable {
    var isSheet = false
    var isPushed = false
    var tab: String?
  }

  private var placements: [String: Placement] = [:]
  private var actions: [String: [String]] = [:]
  /// The app's tabs, in the order the runs first selected them.
  private var tabs: [String] = []

  package init() {}

  /// The header key that says what a run's pictures are, and what a run of wireframes says.
  package static let metadataKey = "pictures"
  package static let metadataValue =
    "wireframes drawn from each screen's own data by a headless run, which has no window to take a screenshot of"

  /// Learns what a recording of one of the app's journeys says of its screens.
  /// - Parameter records: The journey's records, in order.
  package mutating func learn(from records: [TraceRecord]) {
    var types: [String: String] = [:]
    var tabOfRouter: [String: String] = [:]
    for record in records {
      if case .selectTab(_, _, let router, let tab, _, _) = record.event {
        if let router { tabOfRouter[router] = tab }
        if !tabs.contains(tab) { tabs.append(tab) }
      }
    }
    for record in records {
      switch record.event {
      case .setRoot(let screen, _, let router, _, _):
        place(screen, &types, tab: router.flatMap { tabOfRouter[$0] }) { _ in }
      case .push(let screen, _, let router, _, _, _):
        place(screen, &types, tab: router.flatMap { tabOfRouter[$0] }) { $0.isPushed = true }
      case .present(let screen, _, _, _, _, _):
        place(screen, &types, tab: nil) { $0.isSheet = true }
      case .popTo(let screen, _, _, _, _), .selectTab(let screen, _, _, _, _, _):
        name(screen, &types)
      case .userAction(let screen, let action, _):
        // The action's name, as the site names the trigger of what follows.
        guard let type = name(screen, &types) else { continue }
        if !(actions[type] ?? []).contains(action) { actions[type, default: []].append(action) }
      default:
        continue
      }
    }
  }

  @discardableResult
  private func name(_ mention: ScreenMention, _ types: inout [String: String]) -> String? {
    if case .introduce(let screen) = mention { types[screen.id] = screen.type }
    return types[mention.id]
  }

  private mutating func place(
    _ mention: ScreenMention, _ types: inout [String: String], tab: String?, _ how: (inout Placement) -> Void
  ) {
    guard let type = name(mention, &types), placements[type] == nil else { return }
    var placement = Placement(tab: tab)
    how(&placement)
    placements[type] = placement
  }

  /// The wireframe of `screen` as it is now (its title is the one it shows).
  @MainActor
  package func picture(of screen: any Presentable) -> Screenshot {
    let type = screen.recordedType.name
    let drawing = self.drawing(of: type, title: screen.screenTitle ?? type)
    return Screenshot(png: drawing.png(), width: WireframeDrawing.width, height: WireframeDrawing.height)
  }

  /// The wireframe of a screen of type `type` showing `title`.
  package func drawing(of type: String, title: String) -> WireframeDrawing {
    let placement = placements[type] ?? Placement()
    return WireframeDrawing(
      title: title, actions: actions[type] ?? [], isSheet: placement.isSheet, hasBack: placement.isPushed,
      tabs: placement.isSheet ? [] : placement.tab.map { _ in tabs } ?? [], selectedTab: placement.tab)
  }
}

extension ScriptedJourney {
  /// Records the journey into a trace file, with a wireframe of the first screen of each type it
  /// shows (`screen.image`), written in `folder` (the trace's) as a device writes its screenshots.
  /// - Parameters:
  ///   - writer: The trace file's writer.
  ///   - wireframes: What the app's journeys say of its screens (``Wireframes/learn(from:)``).
  ///   - folder: The trace file's folder.
  /// - Throws: Whatever `perform` throws.
  @MainActor
  package func record(to writer: TraceWriter, wireframes: Wireframes, folder: String) throws {
    var header = header
    // What the pictures are, for people: the site's gallery and journey pages say it.
    header.metadata[Wireframes.metadataKey] = Wireframes.metadataValue
    let recorder = Recorder(header: header, sink: writer)
    defer { recorder.finish() }
    recorder.takeScreenshots(.firstOfEachType, folder: folder) { wireframes.picture(of: $0) }
    try perform(recorder)
  }
}

/// One wireframe, drawn into RGB pixels.
package struct WireframeDrawing: Hashable, Sendable {
  package static let width = 390
  package static let height = 844

  package let title: String
  package let actions: [String]
  package let isSheet: Bool
  package let hasBack: Bool
  package let tabs: [String]
  package let selectedTab: String?

  private typealias Color = (UInt8, UInt8, UInt8)
  private static let bar: Color = (247, 247, 247)
  private static let separator: Color = (200, 200, 204)
  private static let text: Color = (28, 28, 30)
  private static let secondary: Color = (142, 142, 147)
  private static let placeholder: Color = (229, 229, 234)
  private static let accent: Color = (0, 122, 255)
  private static let backdrop: Color = (120, 120, 128)

  /// The picture as a PNG.
  package func png() -> [UInt8] {
    PNGEncoder.encode(width: Self.width, height: Self.height, rgb: pixels())
  }

  /// The picture's pixels: red, green and blue of each, row by row.
  package func pixels() -> [UInt8] {
    var canvas = PixelCanvas(width: Self.width, height: Self.height)
    var top: Int
    if isSheet {
      canvas.fill(x: 0, y: 0, width: Self.width, height: 60, Self.backdrop)
      canvas.fill(x: 0, y: 60, width: Self.width, height: 56, Self.bar)
      canvas.fill(x: 177, y: 66, width: 36, height: 5, Self.secondary)
      canvas.text(title, centredIn: 0..<Self.width, y: 84, scale: 3, Self.text)
      top = 116
    } else {
      canvas.fill(x: 0, y: 0, width: Self.width, height: 100, Self.bar)
      if hasBack { canvas.text("< Back", x: 12, y: 69, scale: 2, Self.accent) }
      let titleLeft = hasBack ? 76 : 16
      canvas.text(title, centredIn: titleLeft..<(Self.width - titleLeft), y: 66, scale: 3, Self.text)
      top = 100
    }
    canvas.fill(x: 0, y: top, width: Self.width, height: 1, Self.separator)
    var y = top + 24
    for width in [358, 260, 300] {
      canvas.fill(x: 16, y: y, width: width, height: 14, Self.placeholder)
      y += 24
    }
    y += 24
    let bottom = tabs.isEmpty ? Self.height : Self.height - 83
    for action in actions where y + 48 <= bottom - 16 {
      canvas.outline(x: 16, y: y, width: 358, height: 48, thickness: 2, Self.accent)
      canvas.text(action, centredIn: 24..<366, y: y + 19, scale: 2, Self.accent)
      y += 60
    }
    if !tabs.isEmpty {
      canvas.fill(x: 0, y: bottom, width: Self.width, height: Self.height - bottom, Self.bar)
      canvas.fill(x: 0, y: bottom, width: Self.width, height: 1, Self.separator)
      // At most as many tabs as have room for a letter or two: the first ones.
      let shown = Array(tabs.prefix(Self.width / 16))
      let slot = Self.width / shown.count
      for (index, tab) in shown.enumerated() {
        let color = tab == selectedTab ? Self.accent : Self.secondary
        canvas.text(
          tab, centredIn: (index * slot + 4)..<((index + 1) * slot - 4), y: bottom + 20, scale: 2, color)
      }
    }
    return canvas.rgb
  }
}

/// RGB pixels, white to begin with, that rectangles and letters are painted on.
private struct PixelCanvas {
  let width: Int
  let height: Int
  private(set) var rgb: [UInt8]

  init(width: Int, height: Int) {
    (self.width, self.height) = (width, height)
    rgb = [UInt8](repeating: 255, count: width * height * 3)
  }

  mutating func fill(x: Int, y: Int, width: Int, height: Int, _ color: (UInt8, UInt8, UInt8)) {
    for row in max(0, y)..<min(self.height, y + height) {
      for column in max(0, x)..<min(self.width, x + width) {
        let index = (row * self.width + column) * 3
        (rgb[index], rgb[index + 1], rgb[index + 2]) = color
      }
    }
  }

  mutating func outline(
    x: Int, y: Int, width: Int, height: Int, thickness: Int, _ color: (UInt8, UInt8, UInt8)
  ) {
    fill(x: x, y: y, width: width, height: thickness, color)
    fill(x: x, y: y + height - thickness, width: width, height: thickness, color)
    fill(x: x, y: y, width: thickness, height: height, color)
    fill(x: x + width - thickness, y: y, width: thickness, height: height, color)
  }

  /// `text` centred in the columns `span`, cut short with `...` where it is wider.
  mutating func text(
    _ text: String, centredIn span: Range<Int>, y: Int, scale: Int, _ color: (UInt8, UInt8, UInt8)
  ) {
    let advance = (WireframeFont.width + 1) * scale
    let fits = max(0, (span.count + scale) / advance)
    var characters = Array(text)
    if characters.count > fits { characters = Array(characters.prefix(max(0, fits - 3))) + Array("...") }
    let width = characters.count * advance - scale
    self.text(
      String(characters), x: span.lowerBound + max(0, (span.count - width) / 2), y: y, scale: scale, color)
  }

  mutating func text(_ text: String, x: Int, y: Int, scale: Int, _ color: (UInt8, UInt8, UInt8)) {
    for (index, character) in text.enumerated() {
      let left = x + index * (WireframeFont.width + 1) * scale
      for row in 0..<WireframeFont.height {
        for column in 0..<WireframeFont.width where WireframeFont.isSet(character, column: column, row: row) {
          fill(x: left + column * scale, y: y + row * scale, width: scale, height: scale, color)
        }
      }
    }
  }
}
