import Foundation

extension NotebookSite {
    /// The `href` of each `<a>` tag of a page the site wrote, in order, `&amp;` read back as `&`
    /// (the only reference the page's own escaping writes in a URL besides `&#39;` and `&quot;`).
    package static func links(in html: String) -> [String] {
        let bytes = Array(html.utf8)
        var result: [String] = []
        var index = 0
        while let tag = find("<a ", in: bytes, from: index) {
            guard let end = bytes[tag...].firstIndex(of: UInt8(ascii: ">")) else { break }
            index = end
            guard let href = find("href=\"", in: bytes, from: tag), href < end,
                  let close = bytes[(href + 6)...].firstIndex(of: UInt8(ascii: "\"")) else { continue }
            result.append(HTMLFilter.decodingReferences(String(decoding: bytes[(href + 6)..<close], as: UTF8.self)))
        }
        return result
    }

    /// Why each `.md` link of the page of `source` was left as written, at the link's line in
    /// `document` (the file's bytes): the site has no page for the file (it was not among the
    /// run's files, or it does not exist), so the link will not work on the site. Once per file linked.
    static func unlinkedMarkdown(in html: String, from source: String, site: SiteLinks, document: [UInt8] = []) -> [String] {
        var seen: Set<String> = []
        var warnings: [String] = []
        for link in links(in: html) {
            guard case .notInSite(let path) = site.target(of: link, from: source), seen.insert(path).inserted else { continue }
            let why = FileManager.default.fileExists(atPath: path) ? "is not among the files of the site" : "does not exist"
            let line = SiteAsset.line(naming: link, in: String(decoding: document, as: UTF8.self)).map { ":\($0)" } ?? ""
            warnings.append("\(source)\(line): the link to \(link) is left as written: \(path) \(why)")
        }
        return warnings
    }

    /// The relative links of a page to files that are neither pages nor notebooks (`data.csv`,
    /// `../docs/slides.pdf`), as file paths: query and fragment removed, percent-escapes decoded.
    static func linkedFiles(in html: String) -> [String] {
        var result: [String] = []
        for link in links(in: html) {
            var value = link
            if let cut = value.firstIndex(where: { $0 == "?" || $0 == "#" }) { value = String(value[..<cut]) }
            value = value.removingPercentEncoding ?? value
            let hasScheme = value.prefix { $0 != "/" }.contains { $0 == ":" }
            let lowered = value.lowercased()
            let isPage = [".html", ".htm", ".ipynb"].contains { lowered.hasSuffix($0) } || SiteLinks.isMarkdown(value)
            guard !value.isEmpty, !hasScheme, !value.hasPrefix("/"), !value.hasSuffix("/"), !isPage,
                  !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\\" }) else { continue }
            if !result.contains(value) { result.append(value) }
        }
        return result
    }
}
