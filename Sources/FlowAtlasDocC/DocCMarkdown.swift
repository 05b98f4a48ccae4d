import FlowAtlasBytes

/// Markdown for DocC with every text from a trace made inert.
///
/// DocC reads more than CommonMark: ``` ``Symbol`` ``` is a symbol link, `<doc:Name>` an article
/// link, `@Name` a directive, and a list item that starts with `Note:` becomes an aside. Trace
/// text (names, titles, triggers) therefore never reaches an article as it is. ``text(_:)``
/// backslash-escapes every mark that can start inline markup (so no link, autolink, emphasis,
/// code, HTML or entity can start), turns line breaks into spaces, and neutralises what would
/// start a block at a line's start (`-`, `+`, `=`, `1.`, leading spaces); ``code(_:inTable:)``
/// is code voice with single backticks, or the text in quotation marks when code voice cannot
/// hold it (a longer fence would be DocC's symbol link). Articles still start every line, list
/// item and table cell with FlowAtlas's own words, code voice or a link, never with trace text.
struct DocCMarkdown: Sendable {
  /// The module whose symbol pages coordinator and screen types link to (`--module`), or nil
  /// for code voice only.
  let module: String?
  /// The modules the app's traces named: a type `Other.Name` of one of them that is not
  /// ``module`` is declared elsewhere, so code voice; one of ``module`` links without it.
  var modules: Set<String> = []

  /// `text` as inline Markdown that shows exactly its characters.
  static func text(_ text: String) -> String {
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch scalar.value {
      // ! # & ( ) * : < > @ [ \ ] _ ` | ~
      case 0x21, 0x23, 0x26, 0x28, 0x29, 0x2A, 0x3A, 0x3C, 0x3E, 0x40, 0x5B...0x5D, 0x5F, 0x60, 0x7C, 0x7E:
        out.unicodeScalars.append("\\")
        out.unicodeScalars.append(scalar)
      case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029:
        // Controls (a line break would end a list item or a heading) read as one space.
        out.unicodeScalars.append(" ")
      case _ where Markup.isBidirectionalControl(scalar.value):
        // It would reorder the article's own words after it: U+FFFD, as on the site's pages.
        out.unicodeScalars.append("\u{FFFD}")
      default:
        out.unicodeScalars.append(scalar)
      }
    }
    return neutralisingEnds(out)
  }

  /// `markdown` with nothing at its start that could start a block (a list marker `-`, `+`, `1.`
  /// or `1)`, a setext underline `=`, an indented code block) and no trailing spaces (a hard
  /// line break): spaces at either end become no-break spaces.
  private static func neutralisingEnds(_ markdown: String) -> String {
    var scalars = Array(markdown.unicodeScalars)
    var index = 0
    while index < scalars.count, scalars[index] == " " {
      scalars[index] = "\u{00A0}"
      index += 1
    }
    var end = scalars.count - 1
    while end >= index, scalars[end] == " " {
      scalars[end] = "\u{00A0}"
      end -= 1
    }
    if index < scalars.count {
      if ["-", "+", "="].contains(scalars[index]) {
        scalars.insert("\\", at: index)
      } else {
        var digit = index
        while digit < scalars.count, ("0"..."9").contains(scalars[digit]) { digit += 1 }
        if digit > index, digit < scalars.count, scalars[digit] == "." { scalars.insert("\\", at: digit) }
      }
    }
    var out = ""
    out.unicodeScalars.append(contentsOf: scalars)
    return out
  }

  /// `text` in code voice: `` `text` ``; in quotation marks, as text, when code voice cannot hold
  /// it (a backtick, a control or a bidirectional one, spaces at either end; in a table cell, a `|`, which would end the
  /// cell even in code voice).
  static func code(_ text: String, inTable: Bool = false) -> String {
    guard !text.isEmpty, text.first != " ", text.last != " ",
      !text.unicodeScalars.contains(where: {
        $0 == "`" || Printable.isControl($0) || $0 == "\u{2028}" || $0 == "\u{2029}"
          || (inTable && $0 == "|")
      })
    else { return "“" + Self.text(text) + "”" }
    return "`" + text + "`"
  }

  /// A coordinator or screen type: a link to its symbol page under ``module`` when the name is a
  /// plain (possibly nested) Swift type name, else code voice.
  func type(_ name: String, inTable: Bool = false) -> String {
    guard let module, Self.isTypePath(name) else { return Self.code(name, inTable: inTable) }
    var path = name.split(separator: ".")
    // Recorded with its module (`Module.Name`): its own module's name is not part of the path.
    if path.count > 1, modules.contains(String(path[0])) {
      guard path[0] == module else { return Self.code(name, inTable: inTable) }
      path.removeFirst()
    }
    return "``" + module + "/" + path.joined(separator: "/") + "``"
  }

  /// `Name` or `Outer.Inner`: identifiers of ASCII letters, digits and `_`, not starting with a digit.
  static func isTypePath(_ name: String) -> Bool {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    return !parts.isEmpty && parts.allSatisfy(isIdentifier)
  }

  /// An ASCII Swift identifier (what a module name on the command line must be).
  static func isIdentifier<S: StringProtocol>(_ text: S) -> Bool {
    guard let first = text.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
      return false
    }
    return text.utf8.allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }
  }

  /// A link to another article of the catalog, shown with that article's title.
  static func link(_ article: String) -> String { "<doc:\(article)>" }

  /// "a", "a or b", "a, b or c".
  static func list(_ items: [String], conjunction: String = "or") -> String {
    switch items.count {
    case 0: ""
    case 1: items[0]
    default: items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
    }
  }
}
