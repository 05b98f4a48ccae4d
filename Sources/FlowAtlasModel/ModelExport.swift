import FlowAtlasTrace
import FlowAtlasTraceReader

/// Writes `model.json` exactly as the spec's "Model export" describes.
///
/// Hand-written rather than `JSONEncoder` so the key order, the indentation and
/// the escaping are fixed: the same model always gives the same bytes.
package enum ModelExport {
  /// The model as pretty JSON (2-space indent, `"key": value`, trailing newline).
  /// - Parameter model: the model to write; its lists are already in export order.
  /// - Returns: the text of `model.json`.
  package static func json(_ model: NavigationModel) -> String {
    String(decoding: jsonBytes(model), as: UTF8.self)
  }

  /// ``json(_:)`` as UTF-8 bytes, as a file holds it.
  package static func jsonBytes(_ model: NavigationModel) -> [UInt8] {
    var writer = JSONWriter()
    writer.object {
      $0.field("flowatlas") { $0.string("model") }
      $0.field("version") { $0.number(1) }
      $0.field("apps") { $0.array(model.apps) { writer, app in app.write(to: &writer) } }
      $0.field("diagnostics") {
        $0.array(model.diagnostics) { writer, diagnostic in diagnostic.write(to: &writer) }
      }
    }
    return writer.bytes + [UInt8(ascii: "\n")]
  }
}

extension AppModel {
  fileprivate func write(to writer: inout JSONWriter) {
    writer.object {
      $0.field("app") { $0.string(name) }
      $0.field("runs") {
        $0.array(runs) { writer, run in
          writer.object {
            $0.field("run") { $0.string(run.name) }
            $0.field("title") { $0.string(run.title) }
            $0.field("file") { $0.string(run.file) }
            $0.field("events") { $0.number(run.events) }
            $0.field("transitions") { $0.number(run.transitionCount) }
          }
        }
      }
      $0.field("coordinators") {
        $0.array(coordinators) { writer, coordinator in
          writer.object {
            $0.field("type") { $0.string(coordinator.type) }
            $0.field("starts") { $0.number(coordinator.starts) }
            $0.field("children") { $0.strings(coordinator.children) }
          }
        }
      }
      $0.field("screens") {
        $0.array(screens) { writer, screen in
          writer.object {
            $0.field("type") { $0.string(screen.type) }
            $0.field("titles") { $0.strings(screen.titles) }
            $0.field("owner") { $0.string(screen.owner) }
            $0.field("visits") { $0.number(screen.visits) }
          }
        }
      }
      $0.field("transitions") {
        $0.array(transitions) { writer, transition in transition.write(to: &writer) }
      }
      $0.field("containers") {
        $0.array(containers) { writer, container in
          writer.object {
            $0.field("type") { $0.string(container.type) }
            $0.field("owner") { $0.string(container.owner) }
          }
        }
      }
    }
  }
}

extension Transition {
  /// The spec's transition object; `model.json` and the diff JSON share it.
  func write(to writer: inout JSONWriter) {
    writer.object {
      $0.field("from") { $0.string(from) }
      $0.field("to") { $0.string(to) }
      $0.field("kind") { $0.string(kind.rawValue) }
      $0.field("coordinator") { $0.string(coordinator) }
      $0.field("count") { $0.number(count) }
      $0.field("system") { $0.number(system) }
      $0.field("triggers") { $0.strings(triggers) }
    }
  }
}

extension Diagnostic {
  fileprivate func write(to writer: inout JSONWriter) {
    writer.object {
      $0.field("code") { $0.string(code.rawValue) }
      $0.field("severity") { $0.string(severity.rawValue) }
      $0.field("file") { $0.string(file) }
      $0.field("line") { $0.number(line) }
      $0.field("message") { $0.string(message) }
    }
  }
}
