/// Where each page of a site goes, and which images a page needs copied beside it: paths only,
/// worked out from the report; the command writes the files.
package enum NotebookSite {
    /// The page of a lab at `path`, relative to the site folder: the path with `.html` for its
    /// extension, `..` and leading `/` made harmless so every page lands inside the folder.
    package static func pagePath(for path: String) -> String {
        var components = path.split(separator: "/").filter { $0 != "." }.map { $0 == ".." ? "_up" : String($0) }
        if components.isEmpty { components = ["page"] }
        var last = components.removeLast()
        if let dot = last.lastIndex(of: "."), dot != last.startIndex { last = String(last[..<dot]) }
        if last == "index" && components.isEmpty { last = "index_" }
        return (components + [last + ".html"]).joined(separator: "/")
    }

    /// `../` once per folder of `pagePath`: the way back to the site folder.
    package static func rootLink(from pagePath: String) -> String {
        String(repeating: "../", count: pagePath.split(separator: "/").count - 1)
    }

    /// The relative images a page shows (`src` of its `img` tags that name no scheme, host or
    /// absolute path, and do not climb out of the page's folder), as written, query and fragment removed.
    package static func relativeImages(in html: String) -> [String] {
        var result: [String] = []
        var rest = html[...]
        while let tag = rest.range(of: "<img ") {
            rest = rest[tag.upperBound...]
            guard let end = rest.firstIndex(of: ">") else { break }
            let attributes = rest[..<end]
            guard let src = attributes.range(of: "src=\"") else { continue }
            var value = String(attributes[src.upperBound...].prefix { $0 != "\"" })
            value = value.replacingOccurrences(of: "&amp;", with: "&")
            if let cut = value.firstIndex(where: { $0 == "?" || $0 == "#" }) { value = String(value[..<cut]) }
            let hasScheme = value.prefix { $0 != "/" }.contains(":")
            guard !value.isEmpty, !hasScheme, !value.hasPrefix("/"), !value.split(separator: "/").contains("..") else { continue }
            if !result.contains(value) { result.append(value) }
        }
        return result
    }
}
