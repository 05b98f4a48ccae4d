import FlowAtlasBytes
import Foundation

/// A fingerprint of the fonts this machine would draw labels with, for the diagram cache and
/// the up-to-date check.
///
/// Where pango measures label text (PNG and PDF; SVG too under `FLOWATLAS_TEXT_METRICS=fonts`), a diagram's
/// bytes depend on the fonts installed: after the fonts change, a cached drawing or an "up to
/// date" site would differ from a fresh build. The fingerprint hashes what fontconfig lists (each font's file,
/// version and style), read once per build from `fc-list` (about 10 ms).
package enum FontsFingerprint {
  package static let value: String = compute(environment: ProcessInfo.processInfo.environment)

  /// What the site's SVG diagrams depend on of the machine's fonts: nothing where Graphviz's
  /// built-in metrics measure their text (``Graphviz/svgTextMetrics``), else ``value``.
  package static var forSVG: String {
    Graphviz.svgTextMetrics == .builtIn ? "built-in text metrics" : value
  }

  /// The fingerprint for fontconfig as `environment` sets it up (`FONTCONFIG_FILE` …).
  /// - Returns: a hash of the sorted font list, or `fonts-unknown` where no `fc-list` on `PATH`
  ///   runs (then fonts changing goes unnoticed; `scripts/bootstrap` installs fontconfig).
  package static func compute(environment: [String: String]) -> String {
    guard let fcList = SearchPath.executable(named: "fc-list", environment: environment) else {
      return "fonts-unknown"
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: fcList)
    process.arguments = ["--format", "%{file}|%{fontversion}|%{style}\\n"]
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    do {
      try process.run()
    } catch {
      return "fonts-unknown"
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return "fonts-unknown" }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").sorted()
    return Fingerprint.sha256(lines.joined(separator: "\n"))
  }
}
