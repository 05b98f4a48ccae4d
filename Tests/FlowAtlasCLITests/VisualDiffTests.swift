import Foundation
import Testing

@testable import FlowAtlasCLI

/// `flowatlas diff` in every format, on the bundled Shop pair and on a hostile pair.
@Suite struct VisualDiffTests {
  /// `examples/Shop/traces`, found from this file.
  static let shop = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("examples/Shop/traces").path

  static let hostileScreen = #"<script>alert(1)</script>`|"#
  static let hostileTrigger = "```\n</svg><img src=x onerror=alert(1)>"

  /// Two versions whose names try to break SVG, HTML, Mermaid and Markdown.
  static func hostilePair(in folder: URL) throws -> (old: String, new: String) {
    func escaped(_ text: String) -> String {
      text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        .replacingOccurrences(of: "\n", with: "\\n")
    }
    let header = #"{"flowatlas":"trace","version":1,"app":"Evil","run":"r"}"#
    let common = [
      header,
      #"{"seq":1,"event":"coordinator.start","coordinator":"a","type":"AppCoordinator"}"#,
      #"{"seq":2,"event":"router.setRoot","screen":{"id":"s1","type":"Home"},"coordinator":"a"}"#,
    ]
    let old =
      common + [
        #"{"seq":3,"event":"router.push","screen":{"id":"s2","type":"Gone\"Screen"},"coordinator":"a"}"#
      ]
    let new =
      common + [
        #"{"seq":3,"event":"user.action","screen":"s1","action":"\#(escaped(hostileTrigger))"}"#,
        #"{"seq":4,"event":"router.push","screen":{"id":"s2","type":"\#(escaped(hostileScreen))"},"coordinator":"a"}"#,
      ]
    return (
      try writeTrace(old, named: "old.jsonl", in: folder), try writeTrace(new, named: "new.jsonl", in: folder)
    )
  }

  static func write(_ arguments: String..., to file: URL) async -> (
    status: Int32, bytes: [UInt8], err: String
  ) {
    let result = await flowatlas(
      "diff", arguments[0], arguments[1], "--format", arguments[2], "--output", file.path)
    let bytes = (try? Data(contentsOf: file)).map { [UInt8]($0) } ?? []
    return (result.status, bytes, result.err)
  }

  @Test func theShopPairInEveryFormat() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (old, new) = ("\(Self.shop)/shop", "\(Self.shop)/shop-digital")
    let svg = await Self.write(old, new, "svg", to: folder.appendingPathComponent("d.svg"))
    #expect(svg.status == 0, "\(svg.err)")
    let text = String(decoding: svg.bytes, as: UTF8.self)
    #expect(text.contains("<svg"))
    // Graphviz writes `-` in attributes as `&#45;`.
    #expect(text.contains(##"class="node screen diff&#45;removed""##))
    #expect(text.contains(##"class="edge transition kind&#45;push diff&#45;added""##))
    #expect(text.contains("− DeliveryAddressViewController"))
    #expect(text.contains("+ added") && text.contains("− removed") && text.contains("~ changed"))
    #expect(text.contains(##"fill="#ffffff""##), "a white background reads in a dark viewer")
    let png = await Self.write(old, new, "png", to: folder.appendingPathComponent("d.png"))
    #expect(Array(png.bytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    let pdf = await Self.write(old, new, "pdf", to: folder.appendingPathComponent("d.pdf"))
    #expect(String(decoding: pdf.bytes.prefix(5), as: UTF8.self) == "%PDF-")
    let html = await Self.write(old, new, "html", to: folder.appendingPathComponent("d.html"))
    let page = String(decoding: html.bytes, as: UTF8.self)
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(page.contains("Content-Security-Policy"))
    #expect(!page.contains("<script"))
    #expect(page.contains(#"<h2 id="screens-removed">Screens removed</h2>"#))
    #expect(page.contains("<svg"))
    let markdown = await flowatlas("diff", old, new)
    #expect(markdown.out.contains("### What changed, drawn"))
    #expect(markdown.out.contains("```mermaid\nflowchart TB\n"))
    #expect(markdown.out.contains(#"["− DeliveryAddressViewController"]"#))
    #expect(markdown.out.hasSuffix("```\n"))
    let json = await flowatlas("diff", old, new, "--format", "json")
    #expect(json.out.contains(#""removedScreens": ["#))
  }

  @Test func theShopExamplesReviewIsWhatTheCodeWrites() async throws {
    let committed = try String(
      contentsOfFile: Self.shop.replacingOccurrences(of: "/traces", with: "/navigation-diff.md"),
      encoding: .utf8)
    let markdown = await flowatlas("diff", "\(Self.shop)/shop", "\(Self.shop)/shop-digital")
    #expect(markdown.out == committed)
  }

  @Test func hostileNamesAreEscapedInEveryFormat() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (old, new) = try Self.hostilePair(in: folder)
    for format in ["svg", "html"] {
      let result = await Self.write(old, new, format, to: folder.appendingPathComponent("d.\(format)"))
      #expect(result.status == 0, "\(format): \(result.err)")
      let text = String(decoding: result.bytes, as: UTF8.self)
      #expect(!text.contains("<script>alert"), "\(format)")
      #expect(!text.contains("<img"), "\(format)")
      #expect(text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(format)")
    }
    for (format, magic) in [("png", [0x89, 0x50, 0x4E, 0x47] as [UInt8]), ("pdf", Array("%PDF-".utf8))] {
      let drawn = await Self.write(old, new, format, to: folder.appendingPathComponent("d.\(format)"))
      #expect(drawn.status == 0 && drawn.bytes.starts(with: magic), "\(format)")
    }
    let json = await flowatlas("diff", old, new, "--format", "json")
    #expect(
      json.out.contains(#""<script>alert(1)<\/script>`|""#)
        || json.out.contains(#""<script>alert(1)</script>`|""#))
    #expect(json.out.contains(#"\n<\/svg>"#) || json.out.contains(#"\n</svg>"#))
    let markdown = await flowatlas("diff", old, new)
    let mermaid = try #require(markdown.out.components(separatedBy: "```mermaid\n").last)
    // Inside the fence nothing may close it or reach HTML.
    #expect(mermaid.components(separatedBy: "```").count == 2)
    #expect(!mermaid.contains("<script") && !mermaid.contains("<img"))
    #expect(mermaid.contains("#lt;script#gt;alert(1)#lt;/script#gt;#96;#124;"))
    // The tables keep names as code that backticks and pipes cannot break out of.
    #expect(markdown.out.contains(#"``<script>alert(1)</script>`\|``"#))
  }

  @Test func aLargeChangeGivesAShortDiagramThatSaysSo() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var lines = [
      #"{"flowatlas":"trace","version":1,"app":"Big","run":"r"}"#,
      #"{"seq":1,"event":"coordinator.start","coordinator":"a","type":"AppCoordinator"}"#,
      #"{"seq":2,"event":"router.setRoot","screen":{"id":"s0","type":"Home"},"coordinator":"a"}"#,
    ]
    for index in 1...60 {
      lines.append(
        #"{"seq":\#(2 * index + 1),"event":"router.push","screen":{"id":"s\#(index)","type":"Screen\#(index)"},"coordinator":"a"}"#
      )
      lines.append(#"{"seq":\#(2 * index + 2),"event":"router.pop","coordinator":"a"}"#)
    }
    let old = try writeTrace(Array(lines.prefix(3)), named: "old.jsonl", in: folder)
    let new = try writeTrace(lines, named: "new.jsonl", in: folder)
    let markdown = await flowatlas("diff", old, new)
    #expect(
      markdown.out.contains(
        "The diagram shows the first 40 changed transitions; 80 more are in the tables above."))
    let mermaid = try #require(markdown.out.components(separatedBy: "```mermaid\n").last)
    #expect(mermaid.components(separatedBy: " ==>").count - 1 == 40)
    // Only screens its transitions reach are drawn: none floats unconnected.
    let fenced = mermaid.split(separator: "\n").map(String.init)
    let declared = fenced.compactMap { line -> String? in
      guard let bracket = line.firstRange(of: "[\"") else { return nil }
      return String(line[..<bracket.lowerBound]).trimmingCharacters(in: .whitespaces)
    }
    let edges = fenced.filter { $0.contains("==>") || $0.contains("-->") || $0.contains("-.->") }
    #expect(declared.count > 2)
    let floating = declared.filter { node in
      !edges.contains { $0.split(separator: " ").contains { $0 == node || $0.hasPrefix(node + "[") } }
    }
    #expect(floating == [], "\(mermaid)")
    let again = await flowatlas("diff", old, new)
    #expect(again.out == markdown.out)
  }
}
