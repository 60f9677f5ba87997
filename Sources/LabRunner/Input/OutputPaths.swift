import Foundation

/// Files a command writes besides labs (`--junit`, `--json`, `extract -o`), checked before
/// anything runs: none may be one of the labs read (by name, through a symlink or a hard link,
/// all the same file), a folder, or the same file as another output.
package enum OutputPaths {
    /// Why the outputs cannot be written, or nil. `outputs` pairs each option with its path;
    /// `inputs` are the lab files of the run.
    package static func problem(outputs: [(option: String, path: String)], inputs: [String]) -> String? {
        var written: [(option: String, path: String, identity: FileIdentity)] = []
        for (option, path) in outputs {
            // An output that does not exist yet cannot be any existing file.
            guard let info = FileOwnership.status(path) else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                return "\(option) \(path): the path is a folder; give the path of a file to write"
            }
            let identity = FileIdentity(info)
            if let input = input(at: path, among: inputs) {
                let same = input == path ? "" : " (the same file as \(input))"
                return "\(option) \(path) would overwrite the lab \(input)\(same); give another file"
            }
            if let earlier = written.first(where: { $0.identity == identity }) {
                return "\(option) \(path) and \(earlier.option) \(earlier.path) are the same file; give each its own"
            }
            written.append((option, path, identity))
        }
        // Two outputs not written yet but named alike.
        let names = outputs.map { URL(fileURLWithPath: $0.path).standardizedFileURL.path }
        for (index, name) in names.enumerated() {
            if let earlier = names[..<index].firstIndex(of: name) {
                return "\(outputs[index].option) \(outputs[index].path) and \(outputs[earlier].option) \(outputs[earlier].path) are the same file; give each its own"
            }
        }
        return nil
    }

    /// The input that `path` is: the one named as given first, else the one it reaches through a
    /// symlink or a hard link; nil when it is none of them or does not exist.
    package static func input(at path: String, among inputs: [String]) -> String? {
        guard let info = FileOwnership.status(path) else { return nil }
        let identity = FileIdentity(info)
        return inputs.first(where: { $0 == path }) ?? inputs.first(where: { FileOwnership.status($0).map(FileIdentity.init) == identity })
    }

    /// Whether both paths exist and are one file (by name, symlink or hard link).
    package static func sameFile(_ first: String, _ second: String) -> Bool {
        guard let one = FileOwnership.status(first), let other = FileOwnership.status(second) else { return false }
        return FileIdentity(one) == FileIdentity(other)
    }

    /// A file as the system knows it: device and inode, whatever name or link reaches it.
    private struct FileIdentity: Equatable {
        let device: UInt64
        let inode: UInt64
        init(_ info: stat) {
            device = UInt64(truncatingIfNeeded: info.st_dev)
            inode = UInt64(truncatingIfNeeded: info.st_ino)
        }
    }
}
