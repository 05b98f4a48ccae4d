import Foundation

/// Where a command writes: results to `out`, diagnostics and progress to `err`.
/// Tests pass a capturing console; the executable writes to stdout and stderr.
package struct Console: Sendable {
  package var out: @Sendable (String) -> Void
  package var err: @Sendable (String) -> Void

  package init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
    self.out = out
    self.err = err
  }

  /// The process's standard output and standard error.
  package static let standard = Console(
    out: { FileHandle.standardOutput.write(Data($0.utf8)) },
    err: { FileHandle.standardError.write(Data($0.utf8)) })
}
