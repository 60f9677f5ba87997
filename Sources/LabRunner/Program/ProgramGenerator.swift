/// Generates the one Swift program a lab compiles to: the prelude, then every compiled cell in order.
///
/// Each cell sits behind `#sourceLocation(file:line:)` so the compiler reports errors at the
/// Markdown line the student typed, and behind a `Lab.cell(N)` marker so the runner knows which
/// cell printed what. Cells that need SwiftUI sit in `#if canImport(SwiftUI)`: built where SwiftUI
/// exists, only parsed elsewhere.
enum ProgramGenerator {
    /// The file name the program is compiled as; `main.swift` allows top-level code.
    static let fileName = "main.swift"

    static func generate(_ lab: Lab, sourceLocations: Bool = true) -> String {
        var out = Prelude.source(scenarios: lab.scenarios)
        let file = SwiftLiteral.string(lab.path)
        let cells = lab.compiledCells
        out.reserveCapacity(out.utf8.count + cells.reduce(0) { $0 + $1.block.code.utf8.count + 2 * file.utf8.count + 120 })
        for cell in cells {
            out += "\n"
            if cell.needsApple { out += "#if canImport(SwiftUI)\n" }
            out += "Lab.cell(\(cell.index))\n"
            if sourceLocations { out += "#sourceLocation(file: \(file), line: \(cell.line + 1))\n" }
            out += cell.block.code
            if sourceLocations { out += "#sourceLocation()\n" }
            if cell.needsApple { out += "#endif\n" }
        }
        out += "\nLab.end()\n"
        return out
    }
}
