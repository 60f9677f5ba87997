import Foundation

/// Points as grades show them: a whole number as itself (`2`), a share of one to two decimals
/// (`1.33`, `0.5`), the same text for the same score on every machine (POSIX formatting).
package enum PointsText {
    package static func format(_ points: Double) -> String {
        let rounded = (points * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format: "%.2f", locale: Locale(identifier: "en_US_POSIX"), rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
