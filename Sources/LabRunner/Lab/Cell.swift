/// One `swift` fenced block of a lab, with what the lab says about it.
struct Cell: Sendable {
    /// Position among the lab's Swift cells, from 0; the program's output markers use it.
    let index: Int
    let block: FencedBlock
    /// The `// MARK: - Name` section the cell opens or continues.
    let section: String?
    var attributes: [CellAttribute]
    let platform: CellPlatform
    /// Expected transcripts written below the cell, in document order.
    var outputs: [ExpectedOutput] = []
    /// A `compile_fail` cell's `diagnostics` block: the errors swiftc must report in it.
    var expectedDiagnostics: FencedBlock? = nil
    /// `#if SOLUTION` regions (exercises only).
    var solutions: [SolutionRegion] = []
    /// A guide's sample: `fresh`, `continues=NAME`, `name=NAME`.
    var sampleDirectives = SampleDirectives()

    var line: Int { block.openingLine }
    var isSkipped: Bool { attributes.contains(.skip) }
    /// In a `<!-- labrunner: setup` comment: a guide's context that readers never see.
    var isHiddenSetup: Bool { block.isHiddenSetup }
    /// A check only the grader runs: left out of the students' copy.
    var isHidden: Bool { attributes.contains(.hidden) }
    var role: CellRole { CellAttribute.role(of: attributes) }
    /// The Markdown lines of the cell's code.
    var codeLines: ClosedRange<Int>? {
        guard let first = block.contentLines.first, let last = block.contentLines.last else { return nil }
        return first.line...last.line
    }

    /// The same cell as an ordinary part of a program (for the program built around a check or a standalone cell).
    var asProgramCell: Cell {
        var cell = self
        cell.attributes.removeAll { CellAttribute.roles.contains($0) }
        return cell
    }
    var needsApple: Bool { if case .apple = platform { true } else { false } }

    /// The block that holds what this cell should print in `scenario`: its own named block, else a plain one.
    func expectedOutput(for scenario: String) -> ExpectedOutput? {
        outputs.first { $0.scenarios.contains(scenario) } ?? outputs.first { $0.scenarios.isEmpty }
    }
}

/// An `output` fenced block: what the Swift cell above it prints.
struct ExpectedOutput: Sendable {
    let block: FencedBlock
    /// The scenarios it is for; empty means every scenario without a block of its own.
    let scenarios: [String]

    var line: Int { block.openingLine }
}
