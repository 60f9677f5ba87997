/// Recognises cells that can only compile where SwiftUI (or UIKit/AppKit) exists.
///
/// It reads the code line by line rather than parsing Swift: the signals are unambiguous
/// (an import, a `#Preview`, a type conforming to `View`), and a wrong guess is visible in
/// the report and fixable with the `apple` attribute.
enum AppleOnlyDetector {
    static let appleModules: Set<String> = ["SwiftUI", "UIKit", "AppKit", "WatchKit", "SwiftData", "Charts", "MapKit",
                                            "Cocoa", "CoreData", "ObjectiveC"]
    /// Attributes of Objective-C interoperability, which swiftc rejects where there is no Objective-C runtime.
    static let objectiveCAttributes: Set<String> = ["@objc", "@objcMembers", "@IBAction", "@IBOutlet", "@IBInspectable",
                                                    "@IBDesignable", "@NSManaged", "@NSCopying", "@NSApplicationMain", "@UIApplicationMain"]
    static let appleProtocols: Set<String> = ["View", "ViewModifier", "PreviewProvider", "App", "Scene", "Shape", "ButtonStyle"]

    /// Why `code` needs an Apple platform, or nil when it does not.
    static func reason(for code: String) -> String? {
        var code = code
        return code.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != newline { end += 1 }
                if let reason = reason(forLine: bytes, start, end) { return reason }
                start = end + 1
            }
            return nil
        }
    }

    private static let newline = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")
    private static let importWord = Array("import".utf8)
    private static let previewMacro = Array("#Preview".utf8)
    private static let typeKeywords = ["struct ", "class ", "enum ", "extension ", "actor "].map { Array($0.utf8) }
    private static let protocolNames = appleProtocols.map { Array($0.utf8) }
    private static let declarationStarts = ["struct", "class", "enum", "extension", "actor", "final", "public", "private",
                                            "fileprivate", "internal", "open", "package", "nonisolated", "indirect"].map { Array($0.utf8) }
    /// From the shortest of `declarationStarts` to the longest.
    private static let declarationStartLengths = (declarationStarts.map(\.count).min() ?? 0)...(declarationStarts.map(\.count).max() ?? 0)

    /// Looks at bytes first and builds a `String` only for the rare line that may be a signal:
    /// guides run to megabytes, and almost no line imports or declares anything. The line is
    /// `bytes[lineStart..<end]`, read with index loops: the generic slice algorithms
    /// (`firstIndex`, `elementsEqual`, `prefix(while:)`) are unspecialized in a debug build, where
    /// they made this a tenth of the corpus's guide analysis.
    private static func reason(forLine bytes: UnsafeBufferPointer<UInt8>, _ lineStart: Int, _ end: Int) -> String? {
        var first = lineStart
        while first < end, bytes[first] == space || bytes[first] == tab { first += 1 }
        guard first < end else { return nil }
        if end - first >= 2, bytes[first] == UInt8(ascii: "/"), bytes[first + 1] == UInt8(ascii: "/") { return nil }
        if ByteWord.has(previewMacro, in: bytes, at: first, end: end) { return "uses #Preview" }
        // Imports and declarations start a line (after attributes and modifiers); most lines
        // of a cell (`let x: Int`, calls, braces) are ruled out by their first word alone.
        var wordEnd = first
        while wordEnd < end, bytes[wordEnd] != space, bytes[wordEnd] != tab { wordEnd += 1 }
        let attribute = bytes[first] == UInt8(ascii: "@")
        if attribute {
            var nameEnd = first
            while nameEnd < wordEnd, bytes[nameEnd] != UInt8(ascii: "(") { nameEnd += 1 }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<nameEnd]), as: UTF8.self)
            if objectiveCAttributes.contains(name) { return "uses \(name) (Objective-C interoperability)" }
        }
        let mayImport = (attribute || isWord(bytes, first, wordEnd, importWord)) && ByteWord.contains(importWord, in: bytes, from: first, end: end)
        let mayConform = (attribute || isDeclarationStart(bytes, first, wordEnd))
            && ByteWord.contains([UInt8(ascii: ":")], in: bytes, from: first, end: end) && typeKeywords.contains { ByteWord.contains($0, in: bytes, from: first, end: end) }
            && protocolNames.contains { ByteWord.contains($0, in: bytes, from: first, end: end) }
        guard mayImport || mayConform else { return nil }
        let text = Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<end]), as: UTF8.self))
        if mayImport, let module = importedModule(text), appleModules.contains(module) { return "imports \(module)" }
        if mayConform, let (name, conformance) = conformance(in: text) { return "declares \(name): \(conformance)" }
        return nil
    }

    /// `bytes[start..<end]` is one of `declarationStarts`.
    private static func isDeclarationStart(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        // Most first words (`let`, `}`, `print(x)`) are no such length.
        guard declarationStartLengths.contains(end - start) else { return false }
        var number = 0
        while number < declarationStarts.count {
            if isWord(bytes, start, end, declarationStarts[number]) { return true }
            number += 1
        }
        return false
    }

    /// `bytes[start..<end]` is `word`.
    private static func isWord(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ word: [UInt8]) -> Bool {
        end - start == word.count && ByteWord.has(word, in: bytes, at: start, end: end)
    }

    /// `import SwiftUI`, `import struct SwiftUI.Color`, `@preconcurrency import UIKit` → the module.
    private static func importedModule(_ line: Substring) -> String? {
        let words = line.split(whereSeparator: { " \t(:,{<".contains($0) })
        guard let importAt = words.firstIndex(of: "import"), importAt + 1 < words.count else { return nil }
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
        return words[(importAt + 1)...].first { !kinds.contains($0) }?.split(separator: ".").first.map(String.init)
    }

    /// `struct Name: View` (or class/enum/extension/actor) → ("Name", "View"). Plain Substring
    /// work, no Foundation searching: this runs on every declaration line of every guide.
    private static func conformance(in line: Substring) -> (String, String)? {
        // The inheritance colon is the first one outside generic brackets: `Row<T: Hashable>: View`.
        var depth = 0
        var colon: Substring.Index? = nil
        for index in line.indices {
            switch line[index] {
            case "<": depth += 1
            case ">": depth -= 1
            case ":" where depth == 0: colon = index
            case "{", "=", "(": return nil
            default: continue
            }
            if colon != nil { break }
        }
        guard let colon else { return nil }
        let head = line[..<colon].split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let keyword = head.firstIndex(where: { ["struct", "class", "enum", "extension", "actor"].contains($0) }),
              keyword + 1 == head.count - 1 || (keyword + 1 < head.count && head[keyword + 1].contains("<")) else { return nil }
        let name = String(head[keyword + 1].prefix { $0 != "<" })
        guard !name.isEmpty else { return nil }
        var inherited = line[line.index(after: colon)...]
        if let brace = inherited.firstIndex(of: "{") { inherited = inherited[..<brace] }
        for item in inherited.split(separator: ",") {
            let words = item.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let type = words.first, type != "where" else { break }
            let bare = type.hasPrefix("SwiftUI.") ? type.dropFirst("SwiftUI.".count) : type
            if appleProtocols.contains(String(bare)) { return (name, String(type)) }
            if words.contains("where") { break }
        }
        return nil
    }
}
