/// A word after `swift` in a cell's info string.
enum CellAttribute: String, Sendable, CaseIterable {
    /// Not compiled: fragments and anti-patterns shown for reading only.
    case skip
    /// Compiled only where SwiftUI can be imported.
    case apple
}

/// Where a compiled cell can be built.
enum CellPlatform: Sendable, Equatable {
    case any
    /// Needs SwiftUI (or UIKit/AppKit); `reason` says why, e.g. "imports SwiftUI".
    case apple(reason: String)
}
