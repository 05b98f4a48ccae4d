/// Places every edge label (`xlabel`) of a laid-out graph beside its own edge, clear of every
/// node, title and other label.
///
/// An `xlabel` does not change Graphviz's layout: Graphviz places it afterwards, at one of eight
/// spots around its edge's midpoint, and when none is clear puts it over whatever is there (an
/// edge entering a cluster puts its label on the cluster's title; an edge between neighbours on
/// a rank, a tab bar's, puts a long label on both). That placement also took 30–45% of Graphviz's
/// time on FlowAtlas's diagrams, so ``Graphviz`` lays out without the labels and this places them:
/// each in edge order, along its whole edge, nearest the middle first, then further from it, on
/// the first spot clear of every node, title and label placed before it and inside the bounds,
/// off its own line, with nothing between it and its edge; failing that, the first such spot with
/// something between. A label with neither goes where Graphviz looks first, right of its edge's
/// middle. Pure geometry, in Graphviz's points: the same layout gives the same placement on any
/// machine.
struct LabelPlacement {
  /// An axis-aligned rectangle.
  struct Box: Equatable, Sendable {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    var width: Double { maxX - minX }
    var height: Double { maxY - minY }
    var centre: Point { Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2) }

    /// The box of `size` centred on `centre`.
    init(centre: Point, width: Double, height: Double) {
      self.init(
        minX: centre.x - width / 2, minY: centre.y - height / 2, maxX: centre.x + width / 2,
        maxY: centre.y + height / 2)
    }

    init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
      self.minX = minX
      self.minY = minY
      self.maxX = maxX
      self.maxY = maxY
    }

    /// True when the two share any area.
    func overlaps(_ other: Box) -> Bool {
      minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    func contains(_ other: Box) -> Bool {
      minX <= other.minX && other.maxX <= maxX && minY <= other.minY && other.maxY <= maxY
    }

    /// The point of this box nearest `point`.
    func nearest(to point: Point) -> Point {
      Point(x: min(max(point.x, minX), maxX), y: min(max(point.y, minY), maxY))
    }

    /// True when the segment from `start` to `end` runs through the inside of this box (or
    /// starts inside it); running along its border or touching a corner does not count.
    func isCrossed(from start: Point, to end: Point) -> Bool {
      // Liang and Barsky's clipping: the part of the segment, from t0 to t1, inside each side.
      var (t0, t1) = (0.0, 1.0)
      let (dx, dy) = (end.x - start.x, end.y - start.y)
      for (p, q) in [
        (-dx, start.x - minX), (dx, maxX - start.x), (-dy, start.y - minY), (dy, maxY - start.y),
      ] {
        if p == 0 {
          if q <= 0 { return false }
        } else if p < 0 {
          t0 = max(t0, q / p)
        } else {
          t1 = min(t1, q / p)
        }
      }
      return t0 < t1
    }

    /// This box grown by `distance` on every side.
    func grown(by distance: Double) -> Box {
      Box(minX: minX - distance, minY: minY - distance, maxX: maxX + distance, maxY: maxY + distance)
    }

    /// The smallest box holding this one and `other`.
    func union(_ other: Box) -> Box {
      Box(
        minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
        maxY: max(maxY, other.maxY))
    }
  }

  struct Point: Equatable, Sendable {
    var x: Double
    var y: Double
  }

  /// An edge's label, by its size, and the edge's splines: cubic Béziers, one after another, as
  /// control points (each curve starts where the one before ended).
  struct EdgeLabel {
    var width: Double
    var height: Double
    var spline: [Point]
  }

  /// How far from its edge a label may go, beyond touching it.
  static let reach = 60.0
  /// The step, in points, of the search away from the edge.
  static let step = 3.0

  /// The centre of each of `labels`: the first clear spot beside its edge (``candidates(for:along:)``);
  /// with none within ``reach``, the first spot clear of everything but for what stands between it
  /// and its edge; with none either, right of its edge's middle.
  ///
  /// Labels are taken in order; each must be clear of `obstacles` (nodes, cluster and graph
  /// titles, labels placed by Graphviz) and of the labels placed before it, and inside `bounds`.
  static func place(_ labels: [EdgeLabel], obstacles: [Box], bounds: Box) -> [Point] {
    var placed: [Box] = []
    placed.reserveCapacity(labels.count)
    for label in labels {
      let path = samples(of: label.spline)
      let all = candidates(for: label, along: path)
      var firstChoice = all.makeIterator()
      guard let first = firstChoice.next() else {
        placed.append(Box(centre: bounds.centre, width: 0, height: 0))
        continue
      }
      // Only what could be in the way of a spot within reach is tested.
      let area = bounding(label.spline).grown(by: reach + label.width + label.height)
      let nearby = obstacles.filter { $0.overlaps(area) } + placed.filter { $0.overlaps(area) }
      // Where no spot beside the edge is clear, the first clear of everything with something
      // between it and its edge is still better than a label over another or over its own line.
      var besideNone: (anchor: Point, centre: Point)?
      let spot =
        all.first { candidate in
          // The label's box holds the leading Graphviz puts around its text: touching is clear.
          let box = Box(centre: candidate.centre, width: label.width, height: label.height)
          guard bounds.contains(box), !nearby.contains(where: { $0.overlaps(box) }) else { return false }
          // Never over its own edge's line.
          guard !zip(path, path.dropFirst()).contains(where: { box.isCrossed(from: $0, to: $1) }) else {
            return false
          }
          if besideNone == nil { besideNone = candidate }
          // Nothing may stand between the label and its edge: the line from the edge to the
          // label's nearest point crosses nothing (and starts outside everything).
          let nearest = box.nearest(to: candidate.anchor)
          return !nearby.contains { $0.isCrossed(from: candidate.anchor, to: nearest) }
        } ?? besideNone
      placed.append(Box(centre: (spot ?? first).centre, width: label.width, height: label.height))
    }
    return placed.map(\.centre)
  }

  /// Where `label` could go, best first, with the point of `path` (its edge) it is beside: touching its
  /// edge before further from it, nearer the middle of the edge before nearer its ends, then
  /// right, left, above, below and the corners.
  static func candidates(for label: EdgeLabel, along path: [Point]) -> some Sequence<
    (anchor: Point, centre: Point)
  > {
    let samples = byDistanceFromTheMiddle(path)
    let (halfWidth, halfHeight) = (label.width / 2, label.height / 2)
    let directions: [(Double, Double)] = [
      (1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1),
    ]
    let distances = stride(from: 0.0, through: reach, by: step)
    return distances.lazy.flatMap { distance in
      samples.lazy.flatMap { sample in
        directions.lazy.map { dx, dy in
          (
            anchor: sample,
            centre: Point(
              x: sample.x + dx * (halfWidth + distance), y: sample.y + dy * (halfHeight + distance))
          )
        }
      }
    }
  }

  /// Points along the splines, eight to a curve.
  static func samples(of spline: [Point]) -> [Point] {
    guard spline.count >= 4 else { return spline }
    var points = [spline[0]]
    var start = 0
    while start + 3 < spline.count {
      let (p0, p1, p2, p3) = (spline[start], spline[start + 1], spline[start + 2], spline[start + 3])
      for step in 1...8 {
        let t = Double(step) / 8
        let u = 1 - t
        let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        points.append(
          Point(
            x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
      }
      start += 3
    }
    return points
  }

  /// `points`, a path, ordered by how far along it they are from its middle (by length).
  static func byDistanceFromTheMiddle(_ points: [Point]) -> [Point] {
    var lengths = [0.0]
    for (from, to) in zip(points, points.dropFirst()) {
      lengths.append(
        lengths.last! + ((to.x - from.x) * (to.x - from.x) + (to.y - from.y) * (to.y - from.y)).squareRoot())
    }
    let middle = (lengths.last ?? 0) / 2
    return points.indices.sorted { (abs(lengths[$0] - middle), $0) < (abs(lengths[$1] - middle), $1) }.map {
      points[$0]
    }
  }

  static func bounding(_ points: [Point]) -> Box {
    guard let first = points.first else { return Box(minX: 0, minY: 0, maxX: 0, maxY: 0) }
    return points.reduce(Box(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)) { box, point in
      Box(
        minX: min(box.minX, point.x), minY: min(box.minY, point.y), maxX: max(box.maxX, point.x),
        maxY: max(box.maxY, point.y))
    }
  }
}
