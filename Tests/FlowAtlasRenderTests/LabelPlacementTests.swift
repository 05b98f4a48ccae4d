import Testing

@testable import FlowAtlasRender

/// The placement of edge labels that Graphviz left over something, on geometry given by hand.
@Suite struct LabelPlacementTests {
  typealias Box = LabelPlacement.Box
  typealias Point = LabelPlacement.Point

  static let bounds = Box(minX: -20, minY: -20, maxX: 240, maxY: 176)
  static let twoNeighbours = [
    Box(minX: 0, minY: 0, maxX: 100, maxY: 36), Box(minX: 120, minY: 0, maxX: 220, maxY: 36),
  ]

  static func line(from start: Point, to end: Point) -> [Point] {
    (0...3).map {
      Point(x: start.x + (end.x - start.x) * Double($0) / 3, y: start.y + (end.y - start.y) * Double($0) / 3)
    }
  }

  @Test func aClearLabelStays() {
    let label = LabelPlacement.EdgeLabel(
      box: Box(centre: Point(x: 110, y: 60), width: 10, height: 10),
      spline: Self.line(from: Point(x: 110, y: 100), to: Point(x: 110, y: 40)))
    #expect(LabelPlacement.place([label], obstacles: Self.twoNeighbours, bounds: Self.bounds) == [nil])
  }

  @Test func aLabelOverATitleMovesBesideItsEdgeClearOfEverything() throws {
    let title = Box(minX: 40, minY: 80, maxX: 180, maxY: 94)
    let edge = Self.line(from: Point(x: 110, y: 130), to: Point(x: 110, y: 40))
    let label = LabelPlacement.EdgeLabel(
      box: Box(centre: Point(x: 110, y: 87), width: 20, height: 11), spline: edge)
    let move = try #require(
      LabelPlacement.place([label], obstacles: Self.twoNeighbours + [title], bounds: Self.bounds)[0])
    let moved = Box(centre: move, width: 20, height: 11)
    #expect(!(Self.twoNeighbours + [title]).contains { $0.overlaps(moved) })
    #expect(Self.bounds.contains(moved))
    // Touching the edge (x = 110), on the side of the title with more room.
    #expect(moved.minX == 110 || moved.maxX == 110)
    #expect(moved.minY >= 94 || moved.maxY <= 80)
  }

  /// A long label on a short edge between neighbours on a rank (a tab bar's) goes above or below
  /// them, straight across from the gap between them.
  @Test func aLongLabelBetweenNeighboursGoesAboveOrBelowThem() throws {
    let edge = Self.line(from: Point(x: 100, y: 18), to: Point(x: 120, y: 18))
    let label = LabelPlacement.EdgeLabel(
      box: Box(centre: Point(x: 110, y: 18), width: 80, height: 11), spline: edge)
    let move = try #require(
      LabelPlacement.place([label], obstacles: Self.twoNeighbours, bounds: Self.bounds)[0])
    let moved = Box(centre: move, width: 80, height: 11)
    #expect(moved.minY >= 36 || moved.maxY <= 0)
    #expect(abs(move.x - 110) < 10.001)
  }

  @Test func twoLabelsOnOneSpotAreParted() throws {
    let edge = Self.line(from: Point(x: 110, y: 130), to: Point(x: 110, y: 40))
    let labels = [10.0, 12.0].map {
      LabelPlacement.EdgeLabel(
        box: Box(centre: Point(x: 110 + $0, y: 90), width: 16, height: 11), spline: edge)
    }
    let moves = LabelPlacement.place(labels, obstacles: Self.twoNeighbours, bounds: Self.bounds)
    // The first gives way; the second is clear where it is once the first has moved.
    let first = try #require(moves[0])
    #expect(moves[1] == nil)
    #expect(!Box(centre: first, width: 16, height: 11).overlaps(labels[1].box))
  }

  @Test func aLabelWithNoRoomStaysWhereGraphvizPutIt() {
    let edge = Self.line(from: Point(x: 0, y: 60), to: Point(x: 220, y: 60))
    let label = LabelPlacement.EdgeLabel(
      box: Box(centre: Point(x: 110, y: 18), width: 400, height: 11), spline: edge)
    #expect(LabelPlacement.place([label], obstacles: Self.twoNeighbours, bounds: Self.bounds) == [nil])
  }

  @Test func nothingMayStandBetweenALabelAndItsEdge() {
    let box = Box(minX: 0, minY: 0, maxX: 10, maxY: 10)
    #expect(box.isCrossed(from: Point(x: -5, y: 5), to: Point(x: 15, y: 5)))
    #expect(box.isCrossed(from: Point(x: 5, y: 5), to: Point(x: 5, y: 5)), "a start inside is crossing")
    #expect(!box.isCrossed(from: Point(x: -5, y: 0), to: Point(x: 15, y: 0)), "along the border")
    #expect(!box.isCrossed(from: Point(x: -5, y: 5), to: Point(x: 0, y: 5)), "up to the border")
    #expect(!box.isCrossed(from: Point(x: -5, y: 5), to: Point(x: 5, y: -5)), "through the corner only")
    #expect(!box.isCrossed(from: Point(x: 20, y: 20), to: Point(x: 30, y: 20)))
  }

  @Test func theFingerprintSceneMovesTwoLabelsAndLeavesTheThird() {
    let moves = LabelPlacement.behaviour.split(separator: " ")
    #expect(moves.count == 3)
    #expect(moves[0] != "stays" && moves[1] != "stays" && moves[2] == "stays")
  }
}
