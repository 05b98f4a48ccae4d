import FlowAtlasBytes
import FlowAtlasModel
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension NavigationContract {
  /// Every contract in `folder` (`<CoordinatorType>.mmd|.mermaid|.dot|.gv`, regular files only),
  /// sorted by coordinator, and what has a contract's name but was passed over (a link, a
  /// subfolder, a FIFO): the commands warn of each, since a check without it could pass.
  /// - Throws: ``ContractError`` for a missing folder, an unreadable or malformed file, or two
  ///   files for one coordinator.
  package static func load(folder: String) throws(ContractError) -> (
    contracts: [NavigationContract], skipped: [TraceInputs.Skipped]
  ) {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw ContractError(file: folder, line: nil, reason: "no such folder of contracts")
    }
    var contracts: [String: NavigationContract] = [:]
    var skipped: [TraceInputs.Skipped] = []
    for name in names.sorted() {
      let ext = (name as NSString).pathExtension
      guard extensions.contains(ext), !name.hasPrefix(".") else { continue }
      let path = (folder as NSString).appendingPathComponent(name)
      // Only the folder's own regular files: a link (which may lead out of the folder) or a
      // subfolder with a contract's name is passed over, as the folder's documentation says.
      var info = stat()
      guard lstat(path, &info) == 0 else { continue }
      switch info.st_mode & S_IFMT {
      case S_IFREG: break
      case S_IFLNK:
        skipped.append(.init(path: path, reason: "a symlink, not followed: contracts are read as files"))
        continue
      case S_IFDIR:
        skipped.append(.init(path: path, reason: "a folder, not a contract"))
        continue
      default:
        skipped.append(.init(path: path, reason: "not a regular file"))
        continue
      }
      let bytes: [UInt8]
      switch RegularFile.read(path, limit: 1 << 20) {
      case .success(let read): bytes = read
      case .failure(let problem):
        throw ContractError(file: path, line: nil, reason: "cannot read it (\(problem.reason))")
      }
      guard let text = String(validating: bytes, as: UTF8.self) else {
        throw ContractError(file: path, line: nil, reason: "it is not UTF-8 text")
      }
      let coordinator = (name as NSString).deletingPathExtension
      if let other = contracts[coordinator] {
        throw ContractError(
          file: path, line: nil, reason: "\(other.file) is a contract for \(coordinator) too")
      }
      contracts[coordinator] = try NavigationContract(text: text, file: path, coordinator: coordinator)
    }
    return (contracts.keys.sorted().map { contracts[$0]! }, skipped)
  }
}
