import Foundation

/// Where each page of a site goes, and which images a page needs copied beside it: paths only,
/// worked out from the report; the command writes the files.
package enum NotebookSite {
    /// The page of a lab at `path`, relative to the site folder: the path with `.html` for its
    /// extension, `..` and leading `/` made harmless so every page lands inside the folder.
    package static func pagePath(for path: String) -> String {
        var components = parts(of: path)
        var last = components.removeLast()
        if let dot = last.lastIndex(of: "."), dot != last.startIndex { last = String(last[..<dot]) }
        if last == "index" && components.isEmpty { last = "index_" }
        return (components + [last + ".html"]).joined(separator: "/")
    }

    /// Where a lab's notebook goes (`--ipynb`): beside its page, `.ipynb` for `.html`.
    package static func notebookPath(forPage pagePath: String) -> String {
        String(pagePath.dropLast(".html".count)) + ".ipynb"
    }

    /// The folders and file name of `path` that stay inside the site folder: `.` dropped, `..` as `_up`.
    private static func parts(of path: String) -> [String] {
        let parts = path.split(separator: "/").filter { $0 != "." }.map { $0 == ".." ? "_up" : String($0) }
        return parts.isEmpty ? ["page"] : parts
    }

    /// The page of each lab, every one its own: `pagePath(for:)`, unless a lab before it (in
    /// sorted order, so the names do not depend on the order given) took that name, compared
    /// without case as macOS's file system compares; then the whole file name (`a.markdown` →
    /// `a.markdown.html`), then a number (`a-2.html`). `index.html` is the index's.
    package static func pagePaths(for paths: [String]) -> [String: String] {
        var taken: Set<String> = ["index.html"]
        var result: [String: String] = [:]
        for path in Set(paths).sorted() {
            let natural = pagePath(for: path)
            let base = String(natural.dropLast(".html".count))
            let wholeName = parts(of: path).joined(separator: "/") + ".html"
            var page = [natural, wholeName].first { !taken.contains($0.lowercased()) } ?? natural
            var number = 2
            while taken.contains(page.lowercased()) {
                page = "\(base)-\(number).html"
                number += 1
            }
            taken.insert(page.lowercased())
            result[path] = page
        }
        return result
    }

    /// A page path as a link from the site folder: each part percent-encoded (`#`, `?`, `%`,
    /// spaces…), and `./` before a first part holding a `:`, so no browser reads
    /// `javascript:alert(1);x.html` as a scheme. Escape it for an attribute where it is written.
    package static func link(to pagePath: String) -> String {
        let kept = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        let parts = pagePath.split(separator: "/", omittingEmptySubsequences: false).map { part in
            var bytes: [UInt8] = []
            for byte in part.utf8 {
                if kept.contains(byte) { bytes.append(byte) } else { bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]] }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        let joined = parts.joined(separator: "/")
        return parts.first?.contains(":") == true ? "./" + joined : joined
    }

    /// `../` once per folder of `pagePath`: the way back to the site folder.
    package static func rootLink(from pagePath: String) -> String {
        String(repeating: "../", count: pagePath.split(separator: "/").count - 1)
    }

    /// The relative images a page shows (`src` of its `img` tags that name no scheme, host or
    /// absolute path, and do not climb out of the page's folder), as file paths: query and
    /// fragment removed, percent-escapes decoded.
    package static func relativeImages(in html: String) -> [String] {
        let bytes = Array(html.utf8)
        var result: [String] = []
        var index = 0
        while let tag = find("<img ", in: bytes, from: index) {
            guard let end = bytes[tag...].firstIndex(of: UInt8(ascii: ">")) else { break }
            index = end
            guard let src = find("src=\"", in: bytes, from: tag), src < end,
                  let close = bytes[(src + 5)...].firstIndex(of: UInt8(ascii: "\"")) else { continue }
            var value = String(decoding: bytes[(src + 5)..<close], as: UTF8.self)
                .split(separator: "&amp;", omittingEmptySubsequences: false).joined(separator: "&")
            if let cut = value.firstIndex(where: { $0 == "?" || $0 == "#" }) { value = String(value[..<cut]) }
            // Decoded before the checks: `%2E%2E/` must not climb out either.
            value = value.removingPercentEncoding ?? value
            let hasScheme = value.prefix { $0 != "/" }.contains { $0 == ":" }
            guard !value.isEmpty, !hasScheme, !value.hasPrefix("/"), !value.split(separator: "/").contains("..") else { continue }
            if !result.contains(value) { result.append(value) }
        }
        return result
    }

    /// The offset of `needle` in `bytes` at or after `start` (a plain scan: Foundation's search
    /// bridges the whole page on Linux).
    private static func find(_ needle: String, in bytes: [UInt8], from start: Int) -> Int? {
        let pattern = Array(needle.utf8)
        guard pattern.count <= bytes.count else { return nil }
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0] && bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }
}
