import Testing
@testable import LabRunner

/// A hidden setup block through the guide pipeline: built with the samples, reported only when it fails.
struct HiddenSetupRunnerTests {
    /// A hidden setup block (fence at line 2, code at 3) and a sample using it (7, code at 8).
    static let guide = """
    <!-- labrunner: setup
    ```swift
    struct Point { var x = 0 }
    ```
    -->

    ```swift
    print(Point().x)
    ```

    """

    static func outcomes(errors: [Int: String] = [:]) throws -> [String] {
        let toolchain = RecordingToolchain(guide: .init(errors: errors))
        let plan = try GuideRunnerTests.plan(guide)
        return GuideRunnerTests.pipeline(toolchain).runGuide(plan, only: nil).samples.map(GuideRunnerTests.describe)
    }

    @Test func aPassingSetupHasNoVerdictOfItsOwn() throws {
        #expect(try Self.outcomes() == ["7 passed"])
    }

    @Test func aFailingSetupFailsAtItsLineAndSkipsWhatUsesIt() throws {
        #expect(try Self.outcomes(errors: [3: "expected member name"]) == [
            "2 failed: 3 expected member name",
            "7 skipped: uses declarations of the sample at line 2, which do not compile",
        ])
    }
}
