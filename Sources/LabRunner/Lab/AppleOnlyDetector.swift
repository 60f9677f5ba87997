/// Recognises cells that can only compile where SwiftUI (or UIKit/AppKit) exists.
///
/// It reads the code line by line rather than parsing Swift: the signals are unambiguous
/// (an import, a `#Preview`, a type conforming to `View`), and a wrong guess is visible in
/// the report and fixable with the `apple` attribute.
enum AppleOnlyDetector {
    static let appleModules: Set<String> = ["SwiftUI", "UIKit", "AppKit", "WatchKit", "SwiftData", "Charts", "MapKit"]
    static let appleProtocols: Set<String> = ["View", "ViewModifier", "PreviewProvider", "App", "Scene", "Shape", "ButtonStyle"]

    /// Why `code` needs an Apple platform, or nil when it does not.
    static func reason(for code: String) -> String? {
        for rawLine in code.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("//") { continue }
            if line.hasPrefix("#Preview") { return "uses #Preview" }
            let words = line.split(whereSeparator: { " \t(:,{<".contains($0) })
            if let importAt = words.firstIndex(of: "import"), importAt + 1 < words.count {
                // `import SwiftUI`, `import struct SwiftUI.Color`, `@preconcurrency import UIKit`
                let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
                let target = words[(importAt + 1)...].first { !kinds.contains($0) }
                if let module = target?.split(separator: ".").first.map(String.init), appleModules.contains(module) {
                    return "imports \(module)"
                }
            }
            if let (name, conformance) = conformance(in: line) { return "declares \(name): \(conformance)" }
        }
        return nil
    }

    /// `struct Name: View` (or class/enum/extension/actor) → ("Name", "View").
    private static func conformance(in line: Substring) -> (String, String)? {
        let keywords = ["struct ", "class ", "enum ", "extension ", "actor "]
        guard let keyword = keywords.first(where: { line.contains($0) }),
              let keywordRange = line.range(of: keyword) else { return nil }
        let declaration = line[keywordRange.upperBound...]
        guard let colon = declaration.firstIndex(of: ":") else { return nil }
        let name = declaration[..<colon].split(separator: "<").first.map { String($0).trimmingWhitespace() } ?? ""
        guard !name.isEmpty, !name.contains(" ") else { return nil }
        var inherited = declaration[declaration.index(after: colon)...]
        if let end = inherited.firstIndex(where: { $0 == "{" }) { inherited = inherited[..<end] }
        if let whereClause = inherited.range(of: " where ") { inherited = inherited[..<whereClause.lowerBound] }
        for item in inherited.split(separator: ",") {
            let type = String(item).trimmingWhitespace()
            let bare = type.hasPrefix("SwiftUI.") ? String(type.dropFirst("SwiftUI.".count)) : type
            if appleProtocols.contains(bare) { return (name, type) }
        }
        return nil
    }
}
