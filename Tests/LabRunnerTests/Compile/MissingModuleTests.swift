import Testing
@testable import LabRunner

@Suite struct MissingModuleTests {
    private let lab = try! LabParser.parse(bytes: Array("""
    ```swift
    import Foundation
    @preconcurrency import ComposableArchitecture
    ```
    ```swift
    import struct FirebaseFirestore.Timestamp
    ```
    ```swift
    let a = 1
    ```

    """.utf8), path: "lab.md")

    private func error(_ message: String) -> Diagnostic {
        Diagnostic(severity: .error, location: SourceLocation(path: "lab.md", line: 3, column: 24), message: message)
    }

    @Test func namesEachModuleAndTheCellsImportingIt() {
        let found = MissingModule.find(in: [error("no such module 'ComposableArchitecture'"), error("no such module 'FirebaseFirestore'"),
                                            error("cannot find 'x' in scope")], cells: lab.cells)
        #expect(found == [MissingModule(name: "ComposableArchitecture", cellLines: [1]),
                          MissingModule(name: "FirebaseFirestore", cellLines: [5])])
    }

    @Test func aMisspeltToolchainModuleIsATypoNotAMissingModule() {
        #expect(MissingModule.find(in: [error("no such module 'Foundatoin'")], cells: lab.cells).isEmpty)
        // A platform's own module missing elsewhere is a real gap.
        #expect(MissingModule.find(in: [error("no such module 'Combine'")], cells: lab.cells).map(\.name) == ["Combine"])
    }
}
