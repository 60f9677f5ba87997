/// What an Apple UI framework brings to the code that imports it, where the framework itself is
/// missing (Linux): a guide whose views `import SwiftUI` is written for a reader who has
/// Observation and Foundation through it, so its samples that can be checked here get those too.
///
/// Only modules the framework re-exports **and** a Swift toolchain ships everywhere are listed
/// (Combine, which SwiftUI also re-exports, exists only on Apple platforms).
enum AppleUmbrella {
    /// Per framework, the modules it re-exports that every toolchain has, in import order.
    static let reexported: [String: [String]] = [
        "SwiftUI": ["Foundation", "Observation"],
        "UIKit": ["Foundation"],
        "AppKit": ["Foundation"],
        "Cocoa": ["Foundation"],
        "WatchKit": ["Foundation"],
    ]

    /// The framework an Apple-only sample needs, from why it is Apple-only: `imports UIKit` →
    /// UIKit; a `View` conformance or `#Preview` → SwiftUI; Objective-C interoperability → none.
    static func framework(needing reason: String) -> String? {
        if reason.hasPrefix("imports ") { return String(reason.dropFirst("imports ".count)) }
        if reason.hasPrefix("declares ") || reason == "uses #Preview" { return "SwiftUI" }
        return nil
    }

    /// The modules every checkable sample of a guide gets: what the frameworks its Apple-only
    /// samples need re-export, in the order first needed, without duplicates.
    static func imports(forAppleOnly reasons: [String]) -> [String] {
        var modules: [String] = []
        for reason in reasons {
            guard let framework = framework(needing: reason) else { continue }
            for module in reexported[framework] ?? [] where !modules.contains(module) { modules.append(module) }
        }
        return modules
    }
}
