/// Facts about the platform the tool was built for.
package enum Platform {
    /// Apple-only cells compile where SwiftUI does; the tool is built on the same platform as the labs.
    #if canImport(SwiftUI)
    package static let hasSwiftUI = true
    #else
    package static let hasSwiftUI = false
    #endif
}
