import Foundation

/// The line magics a cell may start with (docs/jupyter.md, "Magics"): `%scenario NAME` picks the
/// scenario of this and later runs, `%scenario` alone names it, `%lab` shows the program the
/// notebook is, `%%compile_fail` and `%%standalone` give the cell that role of a lab's cell.
struct KernelMagics: Equatable {
    var scenario: String? = nil
    var showScenario = false
    var showProgram = false
    var role: CellAttribute? = nil
    /// The code after the magics: magic lines left blank, so the compiler's line numbers are
    /// the cell's own.
    var code = ""

    /// An error in swiftc's style when a leading `%` line is no magic of the kernel's.
    static func parse(_ cell: String) -> Result<KernelMagics, KernelMagicError> {
        var magics = KernelMagics()
        var lines = cell.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (offset, line) in lines.enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { continue }
            guard text.hasPrefix("%") else { break }
            let words = text.drop { $0 == "%" }.split(whereSeparator: \.isWhitespace).map(String.init)
            switch (words.first ?? "", words.count) {
            case ("scenario", 1): magics.showScenario = true
            case ("scenario", 2):
                guard words[1].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
                    return .failure(KernelMagicError(line: offset + 1, message: "'\(words[1])' is not a scenario name (letters, digits, '_' and '-')"))
                }
                magics.scenario = words[1]
            case ("lab", 1): magics.showProgram = true
            case ("compile_fail", 1): magics.role = .compileFail
            case ("standalone", 1): magics.role = .standalone
            case ("skip", 1): magics.role = .skip
            case ("no_run", 1): magics.role = .noRun
            default:
                return .failure(KernelMagicError(line: offset + 1, message: "unknown magic '\(text)' (the kernel has %scenario NAME, %lab, %%compile_fail, %%standalone, %%no_run and %%skip)"))
            }
            lines[offset] = ""
        }
        magics.code = lines.joined(separator: "\n")
        return .success(magics)
    }
}

/// A magic line the kernel does not know, or a bad argument; `line` within the cell.
struct KernelMagicError: Error, Equatable {
    let line: Int
    let message: String
}
