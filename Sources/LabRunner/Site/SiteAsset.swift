import Foundation

/// An image a page shows, read for copying into the site only when it is fit to publish: its
/// real path (links resolved) inside the site's input tree, a regular file (no FIFO, device or
/// folder), readable by anyone. Before, images were read through any link: a `logo.png` linked
/// to `/proc/self/environ` published the tool's environment, `assets -> ~/.ssh` private keys.
enum SiteAsset {
    /// Why an image is not copied.
    enum Refusal: Error, Equatable {
        /// Nothing there: left for the browser to report, as it would be on GitHub.
        case missing
        case outsideTree(resolved: String, tree: String, throughLink: Bool)
        case notRegular
        case notPublic(mode: mode_t)
        case unreadable(String)

        var reason: String {
            switch self {
            case .missing: "it does not exist"
            case .outsideTree(let resolved, let tree, let throughLink):
                "it resolves to \(resolved), outside \(tree), the folder of the site's files" + (throughLink ? " (through a symbolic link)" : "")
            case .notRegular: "it is not a regular file"
            case .notPublic(let mode):
                "its mode is \(String(mode, radix: 8)): others may not read it, so it is not published; make it readable by others (chmod o+r) to copy it"
            case .unreadable(let reason): "cannot read it: \(reason)"
            }
        }
    }

    /// The bytes of the image at `path`, or why they must not be copied. `tree` is a real path
    /// (nil when there is none: nothing is inside it).
    static func read(_ path: String, tree: String?) -> Result<[UInt8], Refusal> {
        guard let pointer = realpath(path, nil) else {
            return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(String(cString: strerror(errno))))
        }
        let resolved = String(cString: pointer)
        free(pointer)
        guard let tree, resolved.hasPrefix(tree + "/") else {
            let written = SiteLinks.normalized(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
            return .failure(.outsideTree(resolved: resolved, tree: tree ?? "-", throughLink: written != resolved))
        }
        // Not following a link swapped in since, nor waiting on a FIFO: what is checked is what is read.
        let descriptor = open(resolved, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }
        guard info.st_mode & S_IROTH != 0 else { return .failure(.notPublic(mode: info.st_mode & 0o7777)) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(String(cString: strerror(errno))))
            }
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        return .success(bytes)
    }

    /// The real path of the folder holding every one of `files` (`html`'s input tree); when
    /// they share only `/`, nil: each file's own folder is its tree.
    static func tree(of files: [String]) -> String? {
        let folders = files.compactMap { file -> [Substring]? in
            let folder = (file as NSString).deletingLastPathComponent
            guard let pointer = realpath(folder.isEmpty ? "." : folder, nil) else { return nil }
            defer { free(pointer) }
            return String(cString: pointer).split(separator: "/")
        }
        guard var common = folders.first else { return nil }
        for folder in folders.dropFirst() {
            common = Array(zip(common, folder).prefix { $0 == $1 }.map(\.0))
        }
        return common.isEmpty ? nil : "/" + common.joined(separator: "/")
    }

    /// The first line of the file at `path` that names `image`, for a warning at the link's line.
    static func line(naming image: String, inFile path: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return line(naming: image, in: String(decoding: data, as: UTF8.self))
    }

    /// The first line of `text` that names `image` (as written or percent-encoded).
    static func line(naming image: String, in text: String) -> Int? {
        let escaped = image.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? image
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(image) || line.contains(escaped) {
            return offset + 1
        }
        return nil
    }
}
