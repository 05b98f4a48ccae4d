import FlowAtlasBytes
import FlowAtlasSite
import FlowAtlasTrace
import Foundation

/// The lock of a folder a command writes (the site, the DocC catalog), held while the command
/// runs, so that two commands never write one folder at once; an interrupt removes its file too.
struct OutputLock {
  private let lock: BuildLock
  private let cleanup: Interruption.Registration

  /// Takes the lock of `output`, saying so while another command holds it.
  /// - Throws: an input/output error when the lock file cannot be made.
  init(_ output: String, console: Console) throws(CommandLineError) {
    do {
      lock = try BuildLock(
        for: URL(fileURLWithPath: output, isDirectory: true),
        waiting: {
          console.err("flowatlas: waiting for another build of \(Printable.path(output)) to finish\n")
        },
        unsupported: { reason in
          console.err(
            Printable.line(
              "flowatlas: warning: \(output): cannot lock it against another build at once (\(reason)); "
                + "building anyway") + "\n")
        })
    } catch {
      throw .inputOutput(error.localizedDescription)
    }
    cleanup = Interruption.onInterrupt { [path = lock.path] in unlink(path) }
  }

  /// Lets the next command in; call it when this one has finished with the folder.
  func release() {
    // The file goes and the clean-up is forgotten in one step: a signal between the two must
    // not leave the file.
    Interruption.committing(forgetting: cleanup) { lock.release() }
  }
}
