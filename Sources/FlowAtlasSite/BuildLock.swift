import FlowAtlasLock
import Foundation

/// One build at a time into one output folder: held from before a build reads anything of
/// the folder (its record, its manifest, its caches) until the new site is in place.
///
/// Two builds into one `--output` once both finished, and the loser's pages were carried into
/// the winner's site as if a person had added them. Now the second build waits for the
/// first and then builds over its site, so the folder is always what one build made.
///
/// The lock is `flock` on a file beside the folder (`.<name>.flowatlas-build.lock`), removed
/// by its holder when the build ends. A build that takes the lock checks that the file it
/// locked is still the one at that path (a holder that finished removed it), and tries again
/// if not, so two builds can never hold two different files. A build killed while holding it
/// leaves the file, which holds no lock: the next build takes it.
package final class BuildLock: Sendable {
  /// The lock file.
  package let path: String
  private let descriptor: Int32

  /// Takes the lock for `output`, waiting while another build holds it.
  /// - Parameters:
  ///   - waiting: called once, before waiting, when another build holds the lock.
  ///   - unsupported: called when the file system cannot lock (some network mounts), with why:
  ///     the build then goes on without the lock.
  /// - Throws: ``SiteError/writeFailed(path:reason:)`` naming the folder when the lock file
  ///   cannot be made (the parent folder is made first, as a build would).
  package init(for output: URL, waiting: () -> Void, unsupported: (String) -> Void = { _ in })
    throws(SiteError)
  {
    let target = OutputFolder.resolved(output)
    let parent = target.deletingLastPathComponent()
    path = parent.appendingPathComponent(".\(target.lastPathComponent).flowatlas-build.lock").path
    do {
      try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    } catch {
      throw .writeFailed(path: target.path, reason: error.localizedDescription)
    }
    var toldWaiting = false
    while true {
      let file = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
      guard file >= 0 else {
        throw .writeFailed(path: target.path, reason: String(cString: strerror(errno)))
      }
      if flock(file, LOCK_EX | LOCK_NB) != 0 {
        guard errno == EWOULDBLOCK else {
          unsupported(String(cString: strerror(errno)))
          descriptor = file
          return
        }
        if !toldWaiting {
          toldWaiting = true
          waiting()
        }
        var status: Int32 = -1
        repeat { status = flock(file, LOCK_EX) } while status != 0 && errno == EINTR
        guard status == 0 else {
          unsupported(String(cString: strerror(errno)))
          descriptor = file
          return
        }
      }
      // Still the file at `path`? A holder that finished removed it, and a third build may
      // have made a new one since.
      var held = stat()
      var named = stat()
      if fstat(file, &held) == 0, lstat(path, &named) == 0, held.st_ino == named.st_ino,
        held.st_dev == named.st_dev
      {
        descriptor = file
        return
      }
      close(file)
    }
  }

  private let released = Lock(false)

  /// Ends the build's hold, once (else when the lock is freed): the file goes first, while
  /// still locked, so that no build can lock it after this one lets go.
  package func release() {
    let first = released.withLock { released in
      defer { released = true }
      return !released
    }
    guard first else { return }
    unlink(path)
    close(descriptor)
  }

  deinit { release() }
}
