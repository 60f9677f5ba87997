import Testing
@testable import LabRunner

struct ProgramGeneratorTests {
    private let lab = try! LabParser.parse(bytes: Array("""
    ---
    scenarios: mock, slow
    ---
    ```swift
    // MARK: - Model
    struct A {}
    ```
    ```swift skip
    broken(
    ```
    - item

      ```swift
      print("in a list")
      ```
    ```swift
    import SwiftUI
    struct V: View { var body: some View { Text("") } }
    ```
    """.utf8), path: "dir/my \"lab\".md")

    @Test func cellsFollowThePreludeWithMarkersAndLocations() {
        let program = ProgramGenerator.generate(lab)
        #expect(program.hasPrefix(Prelude.source(scenarios: ["mock", "slow"])))
        let body = String(program.dropFirst(Prelude.source(scenarios: ["mock", "slow"]).count))
        #expect(body == """

        Lab.cell(0)
        #sourceLocation(file: "dir/my \\"lab\\".md", line: 5)
        // MARK: - Model
        struct A {}
        #sourceLocation()

        Lab.cell(2)
        #sourceLocation(file: "dir/my \\"lab\\".md", line: 14)
        print("in a list")
        #sourceLocation()

        #if canImport(SwiftUI)
        Lab.cell(3)
        #sourceLocation(file: "dir/my \\"lab\\".md", line: 17)
        import SwiftUI
        struct V: View { var body: some View { Text("") } }
        #sourceLocation()
        #endif

        Lab.end()

        """)
    }

    @Test func plainLeavesOutSourceLocations() {
        let program = ProgramGenerator.generate(lab, sourceLocations: false)
        #expect(!program.contains("#sourceLocation"))
        #expect(program.contains("Lab.cell(2)\nprint(\"in a list\")\n"))
    }

    @Test func preludeListsScenarios() {
        #expect(Prelude.source(scenarios: ["mock", "slow"]).contains("static let scenarios: [String] = [\"mock\", \"slow\"]"))
    }

    @Test(arguments: [
        ("plain", "\"plain\""),
        ("a\"b\\c", "\"a\\\"b\\\\c\""),
        ("tab\there\n", "\"tab\\there\\n\""),
        ("é ü/ü", "\"é ü/ü\""),
        ("\u{1}", "\"\\u{1}\""),
    ])
    func swiftStringLiterals(value: String, literal: String) {
        #expect(SwiftLiteral.string(value) == literal)
    }
}
