/// The module a Swift source file's doc-comment samples use without importing it: the target
/// the file belongs to in SwiftPM's layout (`Sources/<Target>/…/File.swift` → `Target`).
///
/// A sample is compiled as a client of the package would write it: `import Target`, nothing
/// `@testable`, so a doc comment on an internal declaration whose sample uses internal names
/// fails with `cannot find …` at its line, which is what a reader copying it would get too.
enum SourceFileModule {
    /// nil for a file that is not a `.swift` file inside `Sources/<Target>/`.
    static func module(forFile path: String) -> String? {
        guard SourceFileParser.isSwiftSource(path) else { return nil }
        let components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let sources = components.dropLast().lastIndex(of: "Sources"), sources + 2 < components.count else { return nil }
        return SampleModules.moduleName(components[sources + 1])
    }
}
