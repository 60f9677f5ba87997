import Foundation

/// `.labrunner`: settings for every Markdown file below its folder, in the front matter's
/// `key: value` form, without the `---` lines (a file GitHub and DocC never show to readers).
///
/// It is labrunner's own file, so every key must be one of `keys`: an unknown key is an error
/// (with "did you mean"), as are duplicate keys and bad values. `package` and `exclude` are
/// paths relative to the file's folder. A file's front matter overrides what it sets, and the
/// command line overrides both, except where the front matter has the last word (see docs/lab-format.md).
package struct TreeConfig: Sendable, Equatable {
    package static let fileName = ".labrunner"
    static let keys = ["swift-version", "swiftc-flags", "imports", "package", "bare", "timeout", "exclude"]

    /// The file's own path, as found (`docs/.labrunner`).
    package let path: String
    /// Its folder: where `package` and `exclude` paths start.
    package var folder: String { (path as NSString).deletingLastPathComponent }
    /// `swift-version`, `swiftc-flags` and `timeout` over the defaults, for files to start from.
    package var settings = LabSettings()
    /// `imports`: modules imported into every sample and lab, in order (kept in `settings`).
    package var imports: [String] { settings.imports }
    /// `package`, resolved against `folder` (absolute when `path` is).
    package var package: String? = nil
    /// `bare`: how fences without an info string read.
    package var bareLanguage: String? = nil
    /// `exclude`: paths or `fnmatch` patterns relative to `folder` (`*` also matches `/`).
    package var exclude: [String] = []
    /// The keys the file sets, in its order.
    package var keysSet: [String] = []

    init(path: String) { self.path = path }

    /// Reads a `.labrunner` file's text; `path` names it in errors.
    package static func parse(_ text: String, path: String) throws(LabError) -> TreeConfig {
        var config = TreeConfig(path: path)
        var seen: [String: Int] = [:]
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let trimmed = String(line).trimmingWhitespace()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let indent = line.utf8.count - line.drop { $0 == " " || $0 == "\t" }.utf8.count
            guard let colon = line.firstIndex(of: ":") else {
                throw LabError(SourceLocation(path: path, line: number, column: indent + 1), .configSyntax(line: trimmed))
            }
            let key = String(line[..<colon]).trimmingWhitespace()
            let keyAt = SourceLocation(path: path, line: number, column: indent + 1)
            guard keys.contains(key) else {
                throw LabError(keyAt, .unknownConfigKey(key: key, suggestion: EditDistance.closest(to: key, in: keys)))
            }
            if let first = seen[key] { throw LabError(keyAt, .duplicateKey(key: key, firstLine: first)) }
            seen[key] = number
            let raw = String(line[line.index(after: colon)...])
            let value = raw.trimmingWhitespace()
            let valueAt = SourceLocation(path: path, line: number,
                                         column: line[..<colon].utf8.count + 2 + raw.prefix { $0 == " " || $0 == "\t" }.utf8.count)
            try config.set(key, value: value, at: valueAt)
            config.keysSet.append(key)
            config.settings.origins[key] = path
        }
        return config
    }

    private mutating func set(_ key: String, value: String, at location: SourceLocation) throws(LabError) {
        func bad(_ expected: String) -> LabError { LabError(location, .badValue(key: key, value: value, expected: expected)) }
        func list() -> [String] {
            value.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
        }
        switch key {
        case "imports":
            let modules = list()
            guard !modules.isEmpty, modules.allSatisfy(Self.isModuleName) else {
                throw bad("module names separated by commas, such as 'Foundation, RegexBuilder'")
            }
            settings.imports = modules
        case "package":
            guard !value.isEmpty else { throw bad("the path of a package folder, relative to this file") }
            package = value.hasPrefix("/") ? value : URL(fileURLWithPath: folder.isEmpty ? "." : folder)
                .appendingPathComponent(value).standardizedFileURL.path
        case "bare":
            guard LabSettings.isLanguageName(value) else {
                throw bad("a language name, such as swift")
            }
            bareLanguage = value
        case "exclude":
            let patterns = list()
            guard !patterns.isEmpty else { throw bad("paths or patterns separated by commas, such as 'drafts, *.draft.md'") }
            exclude = patterns
        default:
            try settings.set(key, to: value, raw: value, at: location)
        }
    }

    /// A Swift module name: an identifier (`Foundation`, `_Concurrency`).
    static func isModuleName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// Whether `exclude` leaves out the file at `relative`, its path from `folder`.
    package func excludes(relativePath relative: String) -> Bool {
        exclude.contains { pattern in
            let trimmed = pattern.hasSuffix("/") ? String(pattern.dropLast()) : pattern
            return relative == trimmed || relative.hasPrefix(trimmed + "/") || fnmatch(trimmed, relative, 0) == 0
        }
    }
}
