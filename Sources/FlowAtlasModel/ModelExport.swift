/// Writes `model.json` exactly as the spec's "Model export" describes: ``ModelFile``'s records,
/// by their `Encodable` conformances.
///
/// Not `JSONEncoder`, so the key order, the indentation and the escaping are fixed: the same model
/// always gives the same bytes.
package enum ModelExport {
  /// The model as pretty JSON (2-space indent, `"key": value`, trailing newline).
  /// - Parameter model: the model to write; its lists are already in export order.
  /// - Returns: the text of `model.json`.
  package static func json(_ model: NavigationModel) -> String {
    String(decoding: jsonBytes(model), as: UTF8.self)
  }

  /// ``json(_:)`` as UTF-8 bytes, as a file holds it.
  package static func jsonBytes(_ model: NavigationModel) -> [UInt8] {
    ModelJSONEncoder.bytes(ModelFile(model)) + [UInt8(ascii: "\n")]
  }
}
