/// A place in a lab file, as editors and CI problem matchers read it: `path:line:column`.
package struct SourceLocation: Sendable, Equatable, Hashable, CustomStringConvertible {
    package let path: String
    let line: Int
    /// 1-based; `nil` when only the line is known.
    var column: Int? = nil

    package var description: String {
        let path = ControlPictures.escapedName(path)
        if let column { return "\(path):\(line):\(column)" }
        return "\(path):\(line)"
    }
}
