/// Generates the one Swift program a lab compiles to: the prelude, then every compiled cell in order.
///
/// Each cell sits behind `#sourceLocation(file:line:)` so the compiler reports errors at the
/// Markdown line the student typed, and behind a `Lab.cell(N)` marker so the runner knows which
/// cell printed what. Cells that need SwiftUI sit in `#if canImport(SwiftUI)`: built where SwiftUI
/// exists, only parsed elsewhere.
package enum ProgramGenerator {
    /// The file name the program is compiled as; `main.swift` allows top-level code.
    static let fileName = "main.swift"

    /// The file name swiftc reports for cell code: the `#sourceLocation` literal as written.
    /// swiftc does not decode escapes there, so a path with `"` or `\` comes back escaped and
    /// must be matched in this form.
    static func reportedFileName(of path: String) -> String {
        String(SwiftLiteral.string(path).dropFirst().dropLast())
    }

    static func generate(_ lab: Lab, sourceLocations: Bool = true) -> String {
        var out = ""
        out.reserveCapacity(lab.compiledCells.reduce(8 << 10) { $0 + $1.block.code.utf8.count + 2 * lab.path.utf8.count + 120 })
        write(lab, sourceLocations: sourceLocations, to: &out)
        return out
    }

    /// Writes the program piece by piece, so `extract` of a large guide can stream it to a file.
    package static func write(_ lab: Lab, sourceLocations: Bool = true, to out: inout some TextOutputStream) {
        let networking = lab.compiledCells.contains { FoundationNetworkingUse.isNamed(in: $0.block.code) }
        out.write(Prelude.source(scenarios: lab.scenarios, networking: networking))
        for module in lab.settings.imports { out.write("import \(module)\n") }
        let file = SwiftLiteral.string(lab.path)
        for cell in lab.compiledCells {
            out.write("\n")
            if cell.needsApple { out.write("#if canImport(SwiftUI)\n") }
            out.write("Lab.cell(\(cell.index))\n")
            if sourceLocations { out.write("#sourceLocation(file: \(file), line: \(cell.line + 1))\n") }
            out.write(cell.block.code)
            if sourceLocations { out.write("#sourceLocation()\n") }
            if cell.needsApple { out.write("#endif\n") }
        }
        out.write("\nLab.end()\n")
    }
}
