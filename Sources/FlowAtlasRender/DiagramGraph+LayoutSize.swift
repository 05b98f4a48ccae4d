/// What laying a diagram out costs Graphviz's `dot`, measured from the graph before it is laid
/// out, so that whether a diagram is drawn depends on it alone, never on the machine.
///
/// Besides its boxes and lines, `dot` lays out a box of its own wherever a line crosses a row
/// it does not end in (a "virtual node"), and its time grows with those far faster than with
/// anything else: a flow of 222 screens and 499 random transitions has 22,478 of them and took
/// 25 s, one of 1,500 screens in a chain has none and takes 0.4 s (BENCHMARKS.md,
/// `flowatlas-bench limits`).
package struct DiagramLayoutSize: Hashable, Sendable {
  /// Nodes, those in clusters included.
  package var boxes: Int
  /// Edges.
  package var lines: Int
  /// How many rows the lines cross without ending there, as ``DiagramGraph/layoutSize``
  /// estimates them.
  package var crossings: Int
}

extension DiagramGraph {
  /// The graph's ``DiagramLayoutSize``. Rows are assigned the way `dot` starts: cycles broken by a
  /// depth-first search in the order the DOT declares nodes and edges, each node on the row
  /// below its lowest predecessor (a line's `minlen` apart), a node with no predecessor just
  /// above its highest successor. `dot` then shortens the lines it can (its network simplex
  /// minimises their total length), so it lays out at most this many crossings, give or take
  /// the cycles it breaks otherwise and what clusters change; the limits leave room for that.
  var layoutSize: DiagramLayoutSize {
    var index: [String: Int] = [:]
    var order: [String] = []
    for node in clusters.flatMap(\.nodes) + nodes where index[node.id] == nil {
      index[node.id] = order.count
      order.append(node.id)
    }
    // (target, minimum length) of each line, by its tail; a line to an unknown node is left out.
    var out = Array(repeating: [(to: Int, length: Int)](), count: order.count)
    for edge in edges {
      guard let from = index[edge.from], let to = index[edge.to], from != to else { continue }
      out[from].append((to, max(1, edge.minlen ?? 1)))
    }
    let rows = Self.rows(out)
    var crossings = 0
    for (from, lines) in out.enumerated() {
      for line in lines { crossings += max(0, abs(rows[line.to] - rows[from]) - 1) }
    }
    let boxes = nodes.count + clusters.reduce(0) { $0 + $1.nodes.count }
    return DiagramLayoutSize(boxes: boxes, lines: edges.count, crossings: crossings)
  }

  /// Each node's row: the longest path to it over the lines, once the lines that close a
  /// cycle are turned round; then each node without a predecessor moved down to just above its
  /// highest successor.
  private static func rows(_ out: [[(to: Int, length: Int)]]) -> [Int] {
    let count = out.count
    // An iterative depth-first search (a chain of thousands of screens must not overflow the
    // stack): a line to a node still on the path closes a cycle and is turned round.
    var state = [UInt8](repeating: 0, count: count)  // 0 new, 1 on the path, 2 done
    var forward = Array(repeating: [(to: Int, length: Int)](), count: count)
    for start in 0..<count where state[start] == 0 {
      var path: [(node: Int, next: Int)] = [(start, 0)]
      state[start] = 1
      while let (node, next) = path.last {
        guard next < out[node].count else {
          state[node] = 2
          path.removeLast()
          continue
        }
        path[path.count - 1].next += 1
        let line = out[node][next]
        switch state[line.to] {
        case 1: forward[line.to].append((node, line.length))
        case 0:
          forward[node].append(line)
          state[line.to] = 1
          path.append((line.to, 0))
        default: forward[node].append(line)
        }
      }
    }
    var incoming = [Int](repeating: 0, count: count)
    for lines in forward { for line in lines { incoming[line.to] += 1 } }
    let sources = (0..<count).filter { incoming[$0] == 0 }
    var rows = [Int](repeating: 0, count: count)
    var ready = sources
    while let node = ready.popLast() {
      for line in forward[node] {
        rows[line.to] = max(rows[line.to], rows[node] + line.length)
        incoming[line.to] -= 1
        if incoming[line.to] == 0 { ready.append(line.to) }
      }
    }
    for source in sources {
      if let nearest = forward[source].map({ rows[$0.to] - $0.length }).min() { rows[source] = nearest }
    }
    return rows
  }
}
