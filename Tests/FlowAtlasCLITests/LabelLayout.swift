import Foundation

/// Where Graphviz put a diagram's node shapes and its labels, read from its `json` output (the
/// layout the SVG is drawn from, with the width Graphviz measured for each line of text), and
/// which edge, cluster or graph label lands on a node or on another label.
struct LabelLayout {
  /// An axis-aligned rectangle in Graphviz's points.
  struct Box: CustomStringConvertible {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    /// True when the two share more than a hair (a hundredth of a point) of area.
    func overlaps(_ other: Box) -> Bool {
      min(maxX, other.maxX) - max(minX, other.minX) > 0.01
        && min(maxY, other.maxY) - max(minY, other.minY) > 0.01
    }

    var description: String {
      String(format: "(%.1f, %.1f)–(%.1f, %.1f)", minX, minY, maxX, maxY)
    }
  }

  /// A node as drawn: its box, or an ellipse (circles and points) inside that box.
  struct Node {
    var name: String
    var box: Box
    var isEllipse: Bool

    func overlaps(_ other: Box) -> Bool {
      guard box.overlaps(other) else { return false }
      guard isEllipse else { return true }
      // The point of `other` nearest the centre lies inside the ellipse.
      let (cx, cy) = ((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2)
      let (rx, ry) = ((box.maxX - box.minX) / 2, (box.maxY - box.minY) / 2)
      let dx = (min(max(cx, other.minX), other.maxX) - cx) / rx
      let dy = (min(max(cy, other.minY), other.maxY) - cy) / ry
      return dx * dx + dy * dy < 0.999
    }
  }

  /// One line of label text, where its ink is: from the descender to the ascender of the font
  /// size Graphviz drew it at, across the width Graphviz measured.
  struct Label {
    /// What the label belongs to: `edge A -> B`, `cluster X` or `graph`.
    var owner: String
    /// Which drawn object it belongs to (edges between the same two nodes are several).
    var object: Int
    var text: String
    var box: Box
  }

  var nodes: [Node] = []
  var labels: [Label] = []

  struct Unreadable: Error, CustomStringConvertible {
    var description: String
  }

  /// Reads Graphviz's `json` output.
  init(json: [UInt8]) throws {
    guard let graph = try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any] else {
      throw Unreadable(description: "not a JSON object")
    }
    let objects = graph["objects"] as? [[String: Any]] ?? []
    var names: [Int: String] = [:]
    for object in objects {
      let name = object["name"] as? String ?? "?"
      if let id = object["_gvid"] as? Int { names[id] = name }
      if object["nodes"] != nil || name.hasPrefix("cluster") {
        labels += Self.lines(
          of: object["_ldraw_"], owner: "cluster \(name)", object: object["_gvid"] as? Int ?? 0)
        continue
      }
      guard let position = Self.point(object["pos"]), let width = Self.number(object["width"]),
        let height = Self.number(object["height"])
      else { throw Unreadable(description: "node \(name) has no position or size") }
      let (halfWidth, halfHeight) = (width * 36, height * 36)
      let shape = object["shape"] as? String ?? "ellipse"
      nodes.append(
        Node(
          name: name,
          box: Box(
            minX: position.x - halfWidth, minY: position.y - halfHeight, maxX: position.x + halfWidth,
            maxY: position.y + halfHeight),
          isEllipse: ["ellipse", "oval", "circle", "point", "doublecircle"].contains(shape)))
    }
    labels += Self.lines(of: graph["_ldraw_"], owner: "graph", object: -1)
    for (index, edge) in (graph["edges"] as? [[String: Any]] ?? []).enumerated() {
      let tail = (edge["tail"] as? Int).flatMap { names[$0] } ?? "?"
      let head = (edge["head"] as? Int).flatMap { names[$0] } ?? "?"
      for key in ["_ldraw_", "_hldraw_", "_tldraw_"] {
        labels += Self.lines(of: edge[key], owner: "edge \(tail) -> \(head)", object: -2 - index)
      }
    }
  }

  /// Every label over a node or over another label, one line each.
  func collisions() -> [String] {
    var found: [String] = []
    for label in labels {
      for node in nodes where node.overlaps(label.box) {
        found.append("\(label.owner): \(label.text.debugDescription) \(label.box) is over node \(node.name)")
      }
    }
    for (index, label) in labels.enumerated() {
      for other in labels[(index + 1)...] where other.object != label.object && other.box.overlaps(label.box)
      {
        found.append(
          "\(label.owner): \(label.text.debugDescription) is over \(other.owner): \(other.text.debugDescription)"
        )
      }
    }
    return found
  }

  /// The lines of text an xdot operation list draws (`T` operations, at the size of the last `F`).
  private static func lines(of operations: Any?, owner: String, object: Int) -> [Label] {
    var size = 14.0
    var lines: [Label] = []
    for operation in operations as? [[String: Any]] ?? [] {
      switch operation["op"] as? String {
      case "F": size = number(operation["size"]) ?? size
      case "T":
        guard let point = operation["pt"] as? [Double], point.count == 2,
          let width = number(operation["width"])
        else { continue }
        let left =
          switch operation["align"] as? String {
          case "l": point[0]
          case "r": point[0] - width
          default: point[0] - width / 2
          }
        // Helvetica's descender and ascender, as fractions of the size (y grows upwards here).
        let box = Box(
          minX: left, minY: point[1] - 0.21 * size, maxX: left + width, maxY: point[1] + 0.75 * size)
        lines.append(Label(owner: owner, object: object, text: operation["text"] as? String ?? "", box: box))
      default: continue
      }
    }
    return lines
  }

  private static func number(_ value: Any?) -> Double? {
    if let value = value as? Double { return value }
    if let value = value as? String { return Double(value) }
    return nil
  }

  private static func point(_ value: Any?) -> (x: Double, y: Double)? {
    guard let text = value as? String else { return nil }
    let parts = text.split(separator: ",").compactMap { Double($0) }
    return parts.count == 2 ? (parts[0], parts[1]) : nil
  }
}
