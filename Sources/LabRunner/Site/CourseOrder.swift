/// The order a site's pages are read in, for its index, its sidebar and previous/next. Folders
/// in path order, a folder's files before its subfolders, a `README.md` first in its folder; and
/// a README is the course file of its folder: right after it come the files it links (in its
/// folder or below, in the order of its first link to each, a linked README bringing its own
/// files the same way), then the folder's other files in path order. Without a README the order
/// is the paths'.
enum CourseOrder {
    /// `paths` (as the run names them) in course order; `links(path)`: the files of the site a
    /// README links, in the order of its links (`SiteLinks.file(linkedBy:from:)`, resolved paths).
    static func arrange(_ paths: [String], links: (String) -> [String]) -> [String] {
        let byResolved = Dictionary(paths.map { (SiteLinks.normalized($0), $0) }, uniquingKeysWith: { first, _ in first })
        let sorted = byResolved.keys.sorted(by: precedes)
        var placed: Set<String> = []
        var result: [String] = []
        func place(_ resolved: String) {
            guard let path = byResolved[resolved], placed.insert(resolved).inserted else { return }
            result.append(path)
            guard isReadme(resolved) else { return }
            let folder = folderParts(resolved)
            for linked in links(path) where folderParts(linked).starts(with: folder) { place(linked) }
            // The folder's other files follow its README's links, before what comes after the folder.
            for other in sorted where folderParts(other) == folder { place(other) }
        }
        for resolved in sorted { place(resolved) }
        return result
    }

    /// The files of `site` the page of `file` links, in the order of its links (resolved
    /// paths): what `arrange` asks of a README.
    static func links(of file: FileReport, site: SiteLinks) -> [String] {
        NotebookSite.links(in: NotebookPage(file: file, indexLink: "").html()).compactMap { site.file(linkedBy: $0, from: file.path) }
    }

    static func isReadme(_ path: String) -> Bool {
        (path.split(separator: "/").last ?? "").lowercased() == "readme.md"
    }

    private static func folderParts(_ path: String) -> [Substring] { Array(path.split(separator: "/").dropLast()) }

    /// Path order, except that a folder's files come before its subfolders and its README first.
    private static func precedes(_ a: String, _ b: String) -> Bool {
        let (folderA, folderB) = (folderParts(a), folderParts(b))
        if folderA == folderB {
            if isReadme(a) != isReadme(b) { return isReadme(a) }
            return a < b
        }
        if folderB.starts(with: folderA) { return true }
        if folderA.starts(with: folderB) { return false }
        let differing = zip(folderA, folderB).first { $0 != $1 }
        return differing.map { $0.0 < $0.1 } ?? (a < b)
    }
}
