import Testing

@testable import FlowAtlasRender

/// The placement of edge labels, on geometry given by hand.
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

  @Test func aLabelWithRoomGoesRightOfItsEdgesMiddle() {
    let label = LabelPlacement.EdgeLabel(
      width: 10, height: 10, spline: Self.line(from: Point(x: 110, y: 100), to: Point(x: 110, y: 40)))
    #expect(
      LabelPlacement.place([label], obstacles: Self.twoNeighbours, bounds: Self.bounds) == [
        Point(x: 115, y: 70)
      ])
  }

  @Test func aLabelOnAnEdgeThroughATitleGoesBesideItsEdgeClearOfEverything() throws {
    let title = Box(minX: 40, minY: 80, maxX: 180, maxY: 94)
    let edge = Self.line(from: Point(x: 110, y: 130), to: Point(x: 110, y: 44))
    let label = LabelPlacement.EdgeLabel(width: 20, height: 11, spline: edge)
    let centre = try #require(
      LabelPlacement.place([label], obstacles: Self.twoNeighbours + [title], bounds: Self.bounds).first)
    let placed = Box(centre: centre, width: 20, height: 11)
    #expect(!(Self.twoNeighbours + [title]).contains { $0.overlaps(placed) })
    #expect(Self.bounds.contains(placed))
    // Touching the edge (x = 110), on the side of the title with more room.
    #expect(placed.minX == 110 || placed.maxX == 110)
    #expect(placed.minY >= 94 || placed.maxY <= 80)
  }

  /// A long label on a short edge between neighbours on a rank (a tab bar's) goes above or below
  /// them, straight across from the gap between them.
  @Test func aLongLabelBetweenNeighboursGoesAboveOrBelowThem() throws {
    let edge = Self.line(from: Point(x: 100, y: 18), to: Point(x: 120, y: 18))
    let label = LabelPlacement.EdgeLabel(width: 80, height: 11, spline: edge)
    let centre = try #require(
      LabelPlacement.place([label], obstacles: Self.twoNeighbours, bounds: Self.bounds).first)
    let placed = Box(centre: centre, width: 80, height: 11)
    #expect(placed.minY >= 36 || placed.maxY <= 0)
    #expect(abs(centre.x - 110) < 10.001)
  }

  @Test func labelsOfOneEdgeArePartedAndTheFirstTakesTheBestSpot() {
    let edge = Self.line(from: Point(x: 110, y: 130), to: Point(x: 110, y: 40))
    let labels = Array(repeating: LabelPlacement.EdgeLabel(width: 16, height: 11, spline: edge), count: 3)
    let centres = LabelPlacement.place(labels, obstacles: Self.twoNeighbours, bounds: Self.bounds)
    #expect(centres[0] == Point(x: 118, y: 85))
    let boxes = centres.map { Box(centre: $0, width: 16, height: 11) }
    for (index, box) in boxes.enumerated() {
      #expect(!boxes[(index + 1)...].contains { $0.overlaps(box) }, "label \(index) over a later one")
    }
  }

  /// With no clear spot within reach, a label goes where Graphviz looks first, and the next
  /// label keeps clear of it.
  @Test func aLabelWithNoRoomGoesRightOfItsEdgesMiddle() {
    let edge = Self.line(from: Point(x: 0, y: 60), to: Point(x: 220, y: 60))
    let labels = [
      LabelPlacement.EdgeLabel(width: 400, height: 11, spline: edge),
      LabelPlacement.EdgeLabel(width: 10, height: 10, spline: edge),
    ]
    let centres = LabelPlacement.place(labels, obstacles: Self.twoNeighbours, bounds: Self.bounds)
    #expect(centres[0] == Point(x: 310, y: 60))
    let second = Box(centre: centres[1], width: 10, height: 10)
    #expect(!second.overlaps(Box(centre: centres[0], width: 400, height: 11)))
    #expect(second.minY == 60 || second.maxY == 60, "beside its edge, touching it")
  }

  /// An edge walled in (boxes on both sides and over its ends, each within a step of the
  /// next) has no clear spot beside it: its label goes to the first clear one past a wall,
  /// not over a box.
  @Test func aLabelWalledInGoesPastAWallRatherThanOverIt() throws {
    let edge = Self.line(from: Point(x: 110, y: 100), to: Point(x: 110, y: 60))
    let walls = [
      Box(minX: 80, minY: 50, maxX: 106, maxY: 110), Box(minX: 114, minY: 50, maxX: 140, maxY: 110),
      Box(minX: 80, minY: 110, maxX: 140, maxY: 116), Box(minX: 80, minY: 44, maxX: 140, maxY: 50),
    ]
    let label = LabelPlacement.EdgeLabel(width: 20, height: 11, spline: edge)
    let centre = try #require(LabelPlacement.place([label], obstacles: walls, bounds: Self.bounds).first)
    let placed = Box(centre: centre, width: 20, height: 11)
    #expect(!walls.contains { $0.overlaps(placed) }, "\(placed)")
    #expect(Self.bounds.contains(placed))
    #expect(centre != Point(x: 120, y: 80), "not where Graphviz looks first, over the wall")
  }

  /// The second choice keeps off the label's own line too: where the one spot clear of every
  /// box is on its own edge (a window around the line, walls everywhere else), the label goes
  /// where Graphviz looks first, beside the line.
  @Test func aLabelWhoseOnlyClearSpotIsOnItsOwnLineStaysOffIt() throws {
    let edge = Self.line(from: Point(x: 110, y: 100), to: Point(x: 110, y: 40))
    let window = Box(minX: 100, minY: 63, maxX: 120, maxY: 78)
    let walls = [
      Box(minX: -20, minY: -20, maxX: window.minX, maxY: 176),
      Box(minX: window.maxX, minY: -20, maxX: 240, maxY: 176),
      Box(minX: window.minX, minY: window.maxY, maxX: window.maxX, maxY: 176),
      Box(minX: window.minX, minY: -20, maxX: window.maxX, maxY: window.minY),
    ]
    let label = LabelPlacement.EdgeLabel(width: 20, height: 11, spline: edge)
    let centre = try #require(LabelPlacement.place([label], obstacles: walls, bounds: Self.bounds).first)
    let placed = Box(centre: centre, width: 20, height: 11)
    let path = LabelPlacement.samples(of: edge)
    #expect(!zip(path, path.dropFirst()).contains { placed.isCrossed(from: $0, to: $1) }, "\(placed)")
    #expect(centre == Point(x: 120, y: 70))
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
}
