@testable import LabRunner

/// Labs for the pipeline's decision tests. The line of each program's last cell is what
/// `RecordingToolchain` names it by.
enum PipelineFixture {
    /// One program, last cell at line 4; scenarios mock and empty.
    static let lab = """
    ---
    scenarios: mock, empty
    ---
    ```swift
    print("hello")
    ```
    ```output
    hello
    ```

    """

    /// Code that only has to compile: no output blocks. Its cell is at line 1.
    static let guide = """
    ```swift
    let x = 1
    ```

    """

    /// Imports a module this machine may lack (line 2); its cell is at line 1.
    static let firebase = """
    ```swift
    import Firebase
    print("hi")
    ```
    ```output
    hi
    ```

    """

    /// A program cell (line 1), a standalone cell (9), a compile_fail cell (16, code at 17) and
    /// a no_run cell (20, code at 21).
    static let parts = """
    ```swift
    let greeting = "hello"
    print(greeting)
    ```
    ```output
    hello
    ```

    ```swift standalone
    print("alone")
    ```
    ```output
    alone
    ```

    ```swift compile_fail
    greeting = "changed"
    ```

    ```swift no_run
    let copy = greeting
    ```

    """

    static func parse(_ text: String, path: String = "lab.md") -> Lab {
        // The fixtures are valid labs; a parse error here is a broken test.
        try! LabParser.parse(bytes: Array(text.utf8), path: path)
    }

    /// An outcome in one line: its name and what happened, for comparing whole tables.
    static func describe(_ outcome: LabOutcome) -> String {
        let status: String = switch outcome.status {
        case .nothingToRun: "nothing to run"
        case .compileFailed(let errors, _): "compile failed: " + errors.map(\.message).joined(separator: "; ")
        case .toolFailed(.build(let error)): "tool failed: " + error.description
        case .ran(let verdicts): "ran " + verdicts.map { "\($0.scenario) \($0.passed ? "pass" : "fail")" }.joined(separator: ", ")
        case .compiledOnly: "compiled only"
        case .missingModules(let modules): "missing " + modules.map(\.name).joined(separator: ", ")
        case .checked(let check): "checked " + (check.passed ? "pass" : "fail")
        }
        return "\(outcome.name): \(status)" + (outcome.compilerRan ? "" : " (cached)")
    }
}
