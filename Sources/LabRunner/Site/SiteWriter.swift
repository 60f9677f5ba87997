import Foundation

/// The files `html` writes into its folder: a page per file (each its own name, see
/// `NotebookSite.pagePaths`), `index.html`, and the relative images the pages show. It never
/// writes over an input, over a file it did not write, or over an image's own source.
package struct SiteWriter: Sendable {
    package let directory: String
    /// Each file's page, relative to the folder.
    let pages: [String: String]
    let labs: [String]
    /// `--ipynb`: each lab's notebook too, beside its page.
    let notebooks: Bool
    /// `--key`: every solution and hidden check labelled on the pages and notebooks.
    package var audience: SiteAudience? = nil

    /// What writing the site came to: why it stopped, if it did, and what was left out on the way.
    package struct Written: Sendable, Equatable {
        /// Why a page or the index could not be written; nil when all were.
        package var failure: String? = nil
        /// Images not copied and `.md` links left as written, and why.
        package var warnings: [String] = []
    }

    /// `labs`: every file of the run, before a shard is chosen, so the shards of one site name
    /// their pages alike. `folders`: the folders the command line names. The site's root is the
    /// deepest folder holding them and every file's folder: `html Labs -o site` writes
    /// `site/lab01.html` whether `Labs` is written relative or absolute (it used to mirror an
    /// absolute path under `site/`).
    package init(directory: String, labs: [String], notebooks: Bool = false, folders: [String] = [],
                 workingDirectory: String = FileManager.default.currentDirectoryPath) {
        self.directory = directory
        self.notebooks = notebooks
        self.labs = labs
        let root = Self.root(folders: folders, files: labs, workingDirectory: workingDirectory)
        let relative = labs.map { lab in
            let parts = Self.absoluteParts(lab, workingDirectory: workingDirectory)
            return parts.dropFirst(root.count).joined(separator: "/")
        }
        let named = NotebookSite.pagePaths(for: relative)
        pages = Dictionary(zip(labs, relative.map { named[$0] ?? NotebookSite.pagePath(for: $0) }), uniquingKeysWith: { first, _ in first })
    }

    private func path(_ page: String) -> String { (directory as NSString).appendingPathComponent(page) }

    /// The parts of `path` made absolute from `workingDirectory`, `.` and `..` resolved.
    static func absoluteParts(_ path: String, workingDirectory: String) -> [String] {
        SiteLinks.normalized(path.hasPrefix("/") ? path : workingDirectory + "/" + path).split(separator: "/").map(String.init)
    }

    /// The parts of the deepest folder holding each of `folders` and the folder of each of `files`.
    static func root(folders: [String], files: [String], workingDirectory: String) -> [String] {
        let holders = folders.map { absoluteParts($0, workingDirectory: workingDirectory) }
            + files.map { Array(absoluteParts($0, workingDirectory: workingDirectory).dropLast()) }
        guard var common = holders.first else { return [] }
        for holder in holders.dropFirst() { common = Array(zip(common, holder).prefix { $0 == $1 }.map(\.0)) }
        return common
    }

    /// Why the site cannot be written, before anything runs: a page or the index would replace
    /// an input (by name or through a link), or a file that is not a page of labrunner's (the
    /// person's own), or a folder.
    package func problem() -> String? {
        let outputs = labs.compactMap { lab in pages[lab].map { (what: "the page of \(lab)", page: $0) } }
            + [(what: "index.html", page: "index.html")]
            + (notebooks ? labs.compactMap { lab in pages[lab].map { (what: "the notebook of \(lab)", page: NotebookSite.notebookPath(forPage: $0)) } } : [])
        for (what, page) in outputs {
            let file = path(page)
            if let input = OutputPaths.input(at: file, among: labs) {
                return "-o \(directory): \(what) would overwrite the input \(input); give another folder"
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue { return "-o \(directory): \(file) is a folder, where \(what) goes; give another folder" }
            if !Self.isPage(file) {
                return "-o \(directory): \(file) is not a page labrunner wrote, and \(what) would replace it; move it or give another folder"
            }
        }
        return nil
    }

    /// Whether the file at `path` begins as the pages labrunner writes do (its generator tag in the
    /// head), or is a notebook labrunner wrote (`JupyterNotebook.isNotebook`).
    private static func isPage(_ path: String) -> Bool {
        if path.hasSuffix(".ipynb") { return JupyterNotebook.isNotebook(FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []) }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 2048)) ?? Data(), as: UTF8.self)
        return head.hasPrefix("<!DOCTYPE html>") && head.contains("<meta name=\"generator\" content=\"labrunner\">")
    }

    /// Every page, then the index; stops at the first that cannot be written.
    package func write(_ report: RunReport) -> Written {
        var written = Written()
        let root = URL(fileURLWithPath: directory, isDirectory: true)
        let pageOf = { (file: FileReport) in pages[file.path] ?? NotebookSite.pagePath(for: file.path) }
        // Every file of the run has its page here, before a shard is chosen: a shard's pages link
        // to the others', which its sibling shards write into the same folder.
        let site = SiteLinks(pages: pages)
        let course = Self.course(report, site: site, pageOf: pageOf)
        do {
            for file in report.files {
                let pagePath = pageOf(file)
                var notebookPage = NotebookPage(file: file, indexLink: NotebookSite.rootLink(from: pagePath) + "index.html",
                                                site: site, course: course)
                let labels = audience == .key ? KeyLabels(file) : KeyLabels()
                notebookPage.keyLabels = labels
                let notebook = notebooks ? JupyterNotebook(file: file) : nil
                if notebook != nil {
                    notebookPage.notebookLink = (NotebookSite.notebookPath(forPage: pagePath) as NSString).lastPathComponent
                }
                let html = notebookPage.html()
                let page = root.appendingPathComponent(pagePath)
                try write(Data(html.utf8), to: page)
                var document: [UInt8] = []
                if case .lab(_, _, let bytes) = file.content { document = bytes }
                if case .guide(_, let bytes) = file.content { document = bytes }
                written.warnings += NotebookSite.unlinkedMarkdown(in: html, from: file.path, site: site, document: document)
                written.warnings += copyImages(NotebookSite.relativeImages(in: html), from: file.path, besidePage: page)
                written.warnings += copyImages(NotebookSite.linkedFiles(in: html), from: file.path, besidePage: page, kind: "file", document: document)
                if var notebook {
                    notebook.keyLabels = labels
                    try write(Data(notebook.json().utf8), to: root.appendingPathComponent(NotebookSite.notebookPath(forPage: pagePath)))
                }
            }
            let order = course.entries.map(\.path)
            try write(Data(NotebookIndex.html(report, pagePath: pageOf, order: order).utf8), to: root.appendingPathComponent("index.html"))
        } catch let error as AtomicFile.WriteError {
            written.failure = error.description
        } catch {
            written.failure = "cannot write the pages to \(directory): \(error.localizedDescription)"
        }
        return written
    }

    /// The run's files in course order: each README's links read from its own page, unrewritten.
    static func course(_ report: RunReport, site: SiteLinks, pageOf: (FileReport) -> String) -> CourseNavigation {
        let files = Dictionary(report.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let order = CourseOrder.arrange(report.files.map(\.path)) { path in
            files[path].map { CourseOrder.links(of: $0, site: site) } ?? []
        }
        return CourseNavigation(entries: order.compactMap { path in
            files[path].map { CourseNavigation.Entry(path: path, page: pageOf($0), title: NotebookPage(file: $0, indexLink: "").title) }
        })
    }

    /// Written to a temporary file and renamed over the old one: nothing is removed first.
    private func write(_ bytes: Data, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write([UInt8](bytes), to: url.path)
    }

    /// Copies each image beside the file that is fit to publish (`SiteAsset`) to the same place
    /// beside the page; one that is missing is left for the browser to report, as it would be on
    /// GitHub, and any other not copied is a warning at its line (the page keeps the link).
    /// An image already there (the same file, as with `-o` beside the files, or the same bytes)
    /// is left alone; an input is never written over. The warnings for images not copied.
    private func copyImages(_ images: [String], from labPath: String, besidePage page: URL, kind: String = "image",
                            document: [UInt8]? = nil) -> [String] {
        var warnings: [String] = []
        let labFolder = URL(fileURLWithPath: labPath).deletingLastPathComponent()
        let tree = SiteAsset.tree(of: labs) ?? SiteAsset.tree(of: [labPath])
        for image in images {
            let source = labFolder.appendingPathComponent(image)
            let bytes: [UInt8]
            switch SiteAsset.read(source.path, tree: tree) {
            case .success(let read): bytes = read
            case .failure(.missing): continue
            case .failure(let refusal):
                let found = document.map { SiteAsset.line(naming: image, in: String(decoding: $0, as: UTF8.self)) } ?? SiteAsset.line(naming: image, inFile: labPath)
                let line = found.map { ":\($0)" } ?? ""
                warnings.append("\(labPath)\(line): \(kind) \(image) not copied: \(refusal.reason)")
                continue
            }
            let target = page.deletingLastPathComponent().appendingPathComponent(image)
            // A link that climbs above the page's folders would be copied outside the site.
            let site = SiteLinks.normalized(URL(fileURLWithPath: directory).path)
            guard SiteLinks.normalized(target.path).hasPrefix(site + "/") else {
                let line = document.flatMap { SiteAsset.line(naming: image, in: String(decoding: $0, as: UTF8.self)) }.map { ":\($0)" } ?? ""
                warnings.append("\(labPath)\(line): \(kind) \(image) not copied: it is outside the site's folder, so the link will not work there")
                continue
            }
            if OutputPaths.sameFile(source.path, target.path) { continue }
            if let input = OutputPaths.input(at: target.path, among: labs) {
                warnings.append("not copying \(source.path): \(target.path) is the input \(input)")
                continue
            }
            do {
                if FileManager.default.contents(atPath: target.path) == Data(bytes) { continue }
                try write(Data(bytes), to: target)
            } catch {
                warnings.append("cannot copy \(source.path): \(error.localizedDescription)")
            }
        }
        return warnings
    }
}
