/// What a Jupyter kernel session holds of the notebook: the cells executed so far that are part
/// of its program, in the order they were first executed, and the scenario runs use. The
/// notebook is one lab: it becomes a lab document (`document`) that `LabParser` reads, so cells
/// compile, attribute their output and take `compile_fail`/`standalone` exactly as a lab's do.
struct KernelNotebook: Sendable {
    /// One executed cell: `id` is the frontend's cell id (`cellId` in the request's metadata),
    /// else the code itself, so re-running a cell replaces it instead of adding a copy.
    struct Cell: Sendable, Equatable {
        let id: String
        var code: String
        var role: CellAttribute?
        /// The execution count it last ran under: `cell [3]` in messages.
        var count: Int
        /// Names it uses that no cell executed before it declares (a lab's cell may use a type a
        /// later cell declares): it joins the program once cells declare them all.
        var waitingFor: Set<String> = []
    }

    static let path = "notebook.md"

    private(set) var cells: [Cell] = []
    private(set) var scenarios = LabSettings.defaultScenarios
    private(set) var scenario = LabSettings.defaultScenarios[0]

    /// The cells of the program with `cell`: `cell` in place of its earlier version, or after the
    /// others if it is new; a cell waiting for names only once the others declare them all.
    func cells(with cell: Cell) -> [Cell] {
        var result = cells
        if let index = result.firstIndex(where: { $0.id == cell.id }) { result[index] = cell } else { result.append(cell) }
        let declared = KernelCompletion.declaredNames(in: result.filter { $0.waitingFor.isEmpty }.map(\.code))
        return result.filter { $0.id == cell.id || $0.waitingFor.isSubset(of: declared) }
    }

    /// Keeps `cell`; the cells waiting for names it declares wait no more (they were in its program).
    mutating func keep(_ cell: Cell) {
        let built = Set(cells(with: cell).map(\.id))
        if let index = cells.firstIndex(where: { $0.id == cell.id }) { cells[index] = cell } else { cells.append(cell) }
        if cell.waitingFor.isEmpty {
            for index in cells.indices where built.contains(cells[index].id) { cells[index].waitingFor = [] }
        }
    }

    mutating func forget(id: String) { cells.removeAll { $0.id == id } }

    /// Runs from now on use `name`, which joins the lab's scenarios if it is not one of them.
    mutating func select(scenario name: String) {
        if !scenarios.contains(name) { scenarios.append(name) }
        scenario = name
    }

    /// A lab document of `cells`: front matter naming the scenarios, then each cell in a fence
    /// longer than any run of backticks in it. `lines[i]` is the opening line of `cells[i]`'s fence.
    func document(of cells: [Cell]) -> (bytes: [UInt8], lines: [Int]) {
        var text = "---\nscenarios: \(scenarios.joined(separator: ", "))\n---\n"
        var line = 4
        var lines: [Int] = []
        for (index, cell) in cells.enumerated() {
            let fence = String(repeating: "`", count: max(3, JupyterNotebook.longestBacktickRun(cell.code) + 1))
            var code = cell.code
            if !code.isEmpty, !code.hasSuffix("\n") { code += "\n" }
            // An instructor's cell with `#if SOLUTION` regions: a lab holds them only in an
            // exercise, and builds them as the key (`Lab.withSolutions`).
            let solution = code.contains(Lab.solutionCondition)
            if solution {
                text += "\n<!-- labrunner: exercise id=cell\(index + 1) points=0 -->\n"
                line += 2
            }
            text += "\n"
            line += 1
            lines.append(line)
            text += fence + "swift" + (cell.role.map { " " + $0.rawValue } ?? "") + "\n" + code + fence + "\n"
            line += 1 + code.reduce(0) { $0 + ($1.isNewline ? 1 : 0) } + 1
            if solution {
                text += "\n<!-- labrunner: end-exercise -->\n"
                line += 2
            }
        }
        return (Array(text.utf8), lines)
    }
}
