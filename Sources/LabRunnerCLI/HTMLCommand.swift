import Foundation
import LabRunner

/// `labrunner html PATH… -o DIR`: runs the files exactly as `run` does (same pipeline, cache and
/// options, same report on the terminal and exit status), then writes one page per file and an
/// `index.html` into DIR, with the relative images the pages show copied beside them.
struct HTMLCommand {
    /// `-o DIR`, then every option of `run` except `--update` (a page shows the run; it rewrites nothing).
    static let declarations = [
        OptionDeclaration(name: "--output", aliases: ["-o"], value: "DIR",
                          help: "The folder to write the pages and index.html into (created if missing)"),
    ] + RunOptions.declarations.filter { $0.name != "--update" }

    static let spec = ArgumentSpec(declarations)

    let run: RunOptions
    let directory: String

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Self.spec.parse(arguments)
        guard let directory = parsed.value("--output") else { throw .missingArgument("-o DIR (the folder for the pages)") }
        self.directory = directory
        // What is left is `run`'s command line: -o and its value taken out (after `--` all are paths).
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" { rest += arguments[index...]; break }
            if word == "-o" || word == "--output" { index += 2; continue }
            if !word.hasPrefix("--output=") { rest.append(word) }
            index += 1
        }
        run = try RunOptions(arguments: rest)
    }

    func execute() -> Int32 {
        var command = RunCommand(options: run)
        command.writeSite = { report in write(report) }
        return command.execute()
    }

    /// Every page, then the index; false (after saying why) when one cannot be written.
    private func write(_ report: RunReport) -> Bool {
        let root = URL(fileURLWithPath: directory, isDirectory: true)
        let start = ContinuousClock.now
        do {
            for file in report.files {
                let pagePath = Self.pagePath(for: file.path)
                let html = NotebookPage(file: file, indexLink: NotebookSite.rootLink(from: pagePath) + "index.html").html()
                let page = root.appendingPathComponent(pagePath)
                try write(html, to: page)
                copyImages(NotebookSite.relativeImages(in: html), from: file.path, besidePage: page)
            }
            try write(NotebookIndex.html(report, pagePath: { Self.pagePath(for: $0.path) }),
                      to: root.appendingPathComponent("index.html"))
        } catch {
            Console.error("cannot write the pages to \(directory): \(error.localizedDescription)")
            return false
        }
        let took = (ContinuousClock.now - start).components
        let milliseconds = Double(took.seconds) * 1000 + Double(took.attoseconds) / 1e15
        Console.out("wrote \(report.files.count) page\(report.files.count == 1 ? "" : "s") and index.html to \(directory)"
                    + (run.verbose ? String(format: " in %.1f ms", milliseconds) : ""))
        return true
    }

    /// The page of a lab: an absolute path inside the working directory counts from there, so
    /// `labrunner html $PWD/Labs -o site` writes `site/Labs/…` as `labrunner html Labs` does.
    static func pagePath(for path: String) -> String {
        let here = FileManager.default.currentDirectoryPath
        let relative = path.hasPrefix(here + "/") ? String(path.dropFirst(here.count + 1)) : path
        return NotebookSite.pagePath(for: relative)
    }

    private func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url, options: .atomic)
    }

    /// Copies each image that exists beside the lab (a regular file) to the same place beside the
    /// page; one that is missing is left for the browser to report, as it would be on GitHub.
    private func copyImages(_ images: [String], from labPath: String, besidePage page: URL) {
        let labFolder = URL(fileURLWithPath: labPath).deletingLastPathComponent()
        for image in images {
            let source = labFolder.appendingPathComponent(image)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            let target = page.deletingLastPathComponent().appendingPathComponent(image)
            do {
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try? FileManager.default.removeItem(at: target)
                try FileManager.default.copyItem(at: source, to: target)
            } catch {
                Console.diagnostic(["labrunner: warning: cannot copy \(source.path): \(error.localizedDescription)"])
            }
        }
    }
}

extension RunCommand {
    init(options: RunOptions) {
        self.options = options
    }
}
