import Foundation
import Testing

/// The pictures docs/notebook.md shows, made by the browser tests' Chromium from what they check
/// (the course run for real): `site.png`, a lab's page with the course's sidebar
/// (`NotebookBrowserTests.site`); `notebook.png`, the same page at its first cell that printed something;
/// `notebook-export.png`, the lab's `.ipynb` as `jupyter nbconvert --to html` renders it, at its
/// first code cell with outputs (`JupyterValidationTests`). Each a window of 1440 × 900 CSS
/// pixels, one device pixel each (the sidebar shows from 80rem). With
/// `LABRUNNER_RECORD_SCREENSHOT=1` the tests write them into `docs/`.
enum SiteScreenshots {
    static let width = 1440
    static let height = 900

    struct Shot: Sendable {
        /// The file in `docs/`.
        let name: String
        /// The page, relative to the site folder.
        let page: String
        /// JavaScript run once the page is loaded, before the capture.
        let prepare: String
    }

    static let export = Shot(name: "notebook-export.png", page: "lab01.html", prepare: """
        const cell = [...document.querySelectorAll('.jp-CodeCell')].find((c) => c.querySelector('.jp-OutputArea-output'));
        if (cell) window.scrollTo(0, cell.getBoundingClientRect().top + window.scrollY - 16);
        """)

    static let shots = [
        Shot(name: "site.png", page: "Labs/lab01.html", prepare: ""),
        Shot(name: "notebook.png", page: "Labs/lab01.html", prepare: """
            const cell = [...document.querySelectorAll('.cell')].find((c) => c.querySelector('.outputs pre'));
            if (cell) window.scrollTo(0, cell.getBoundingClientRect().top + window.scrollY - 16);
            """),
    ]

    /// Each of `shots` of the pages in `folder`, by name.
    static func capture(_ shots: [Shot] = shots, site folder: String, in browser: DevToolsBrowser) throws -> [String: [UInt8]] {
        var pictures: [String: [UInt8]] = [:]
        for shot in shots {
            let url = URL(fileURLWithPath: folder + "/" + shot.page).absoluteString
            pictures[shot.name] = try browser.screenshot(of: url, width: width, height: height, prepare: shot.prepare)
        }
        return pictures
    }

    /// Expects each of `shots` in `pictures` to be a PNG of the window's size, not blank; with
    /// `LABRUNNER_RECORD_SCREENSHOT=1`, writes it into `docs/`.
    static func check(_ pictures: [String: [UInt8]], _ shots: [Shot] = shots) throws {
        for shot in shots {
            let png = try #require(pictures[shot.name], "no \(shot.name)")
            let size = pngSize(png)
            #expect(size?.width == width && size?.height == height, "\(shot.name): \(String(describing: size))")
            // A blank window of this size is a few kilobytes; a page of text and code, far more.
            #expect(png.count > 40_000, "\(shot.name) looks blank: \(png.count) bytes")
            if ProcessInfo.processInfo.environment["LABRUNNER_RECORD_SCREENSHOT"] == "1" {
                try Data(png).write(to: URL(fileURLWithPath: NotebookBrowserTests.root + "/docs/" + shot.name), options: .atomic)
            }
        }
    }

    /// Width and height from a PNG's header (its signature, then the `IHDR` chunk); nil for
    /// anything else, or one cut short of its `IEND` chunk.
    static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count > 44, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8),
              Array(bytes[(bytes.count - 8)..<(bytes.count - 4)]) == Array("IEND".utf8) else { return nil }
        func number(at offset: Int) -> Int { bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (number(at: 16), number(at: 20))
    }
}
