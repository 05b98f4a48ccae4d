import FlowAtlasBytes
import FlowAtlasModel
import Foundation

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
    // Only the folder's own regular files: a link (which may lead out of the folder) or a
    // subfolder with a contract's name is passed over, as the folder's documentation says.
    let found = TraceInputs.ownFiles(
      names.sorted().filter { extensions.contains(($0 as NSString).pathExtension) && !$0.hasPrefix(".") },
      in: folder, of: "contract")
    for (name, path) in found.files {
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
    return (contracts.keys.sorted().map { contracts[$0]! }, found.skipped)
  }
}
