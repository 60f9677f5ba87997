import Foundation

/// The links between a site's pages: a prose link to a Markdown file that has a page in the site
/// (`lab02.md#setup`, `../docs/guide.md`) leads to that page instead, by a relative path with its
/// fragment kept. Anything else is left as the author wrote it: links with a scheme or a host,
/// absolute paths, paths that climb above the files of the run, and Markdown files the site has
/// no page for (which the site writer reports).
package struct SiteLinks: Sendable {
    /// Each file's page in the site, by the file's path with `.` and `..` resolved.
    private let pages: [String: String]

    /// What a link's destination comes to on the page.
    package enum Target: Equatable, Sendable {
        /// The page's relative link, fragment kept.
        case page(String)
        /// Not a link to a Markdown file: left as written.
        case unchanged
        /// A Markdown file (its path, resolved from the run's folder) the site has no page for.
        case notInSite(String)
    }

    /// `pages`: each file of the run (as the run names it) and its page in the site.
    package init(pages: [String: String]) {
        self.pages = Dictionary(pages.map { (Self.normalized($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// The page of the file at `path`, if the site has one.
    package func page(of path: String) -> String? { pages[Self.normalized(path)] }

    /// Where a link written in the file at `source` leads.
    package func target(of destination: String, from source: String) -> Target {
        guard let (resolved, fragment) = Self.markdownFile(destination, from: source) else { return .unchanged }
        guard let target = pages[resolved] else { return .notInSite(resolved) }
        let from = pages[Self.normalized(source)] ?? NotebookSite.pagePath(for: source)
        return .page(Self.relative(from: from, to: target) + (fragment.map { "#" + $0 } ?? ""))
    }

    /// The file of the site a link written in `source` names (its path resolved), if any.
    package func file(linkedBy destination: String, from source: String) -> String? {
        guard let (resolved, _) = Self.markdownFile(destination, from: source), pages[resolved] != nil else { return nil }
        return resolved
    }

    /// The Markdown file a plain relative link names, its path resolved from the run's folder,
    /// and the link's fragment; nil for any other link.
    private static func markdownFile(_ destination: String, from source: String) -> (String, String?)? {
        // Only a plain relative path is ours to rewrite: a browser reads spaces, controls and
        // backslashes in ways a path lookup does not, so such a link keeps its own meaning.
        let scalars = destination.unicodeScalars
        guard let first = scalars.first, first != "/", first != "#", first != "?",
              !scalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || $0 == "\\" }) else { return nil }
        let (beforeFragment, fragment) = split(destination, at: "#")
        let path = split(beforeFragment, at: "?").0
        guard !path.prefix(while: { $0 != "/" }).contains(":"), let decoded = path.removingPercentEncoding,
              isMarkdown(decoded) else { return nil }
        let folder = (normalized(source) as NSString).deletingLastPathComponent
        return (normalized(folder.isEmpty ? decoded : folder + "/" + decoded), fragment)
    }

    /// The destination as the page writes it: the page's link, or the destination unchanged.
    package func href(for destination: String, from source: String) -> String {
        if case .page(let link) = target(of: destination, from: source) { return link }
        return destination
    }

    static func isMarkdown(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".md") || lowered.hasSuffix(".markdown")
    }

    /// `path` with `.` and empty parts dropped and each `..` taking back the part before it;
    /// a `..` with nothing before it is kept (the file lies above the run's folder).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// The link from the page at `page` to the page at `target`, both paths inside the site
    /// folder (`NotebookSite.pagePath`: no `..`): up to their common folder, then down, each part
    /// percent-encoded and no first part read as a scheme (`NotebookSite.link(to:)`).
    static func relative(from page: String, to target: String) -> String {
        let from = page.split(separator: "/").dropLast()
        let to = target.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count - 1, from[from.startIndex + common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        return NotebookSite.link(to: parts.joined(separator: "/"))
    }

    private static func split(_ string: String, at separator: Character) -> (String, String?) {
        guard let index = string.firstIndex(of: separator) else { return (string, nil) }
        return (String(string[..<index]), String(string[string.index(after: index)...]))
    }
}
