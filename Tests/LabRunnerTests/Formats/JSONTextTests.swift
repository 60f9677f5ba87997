import Foundation
import Testing
@testable import LabRunner

/// Issue 21: the reports and listings encoded their JSON with `try?`, so a value that could not
/// be encoded became an empty `--json` file (or `{}` for the grades) with status 0.
struct JSONTextTests {
    private struct Timing: Encodable { let seconds: Double }

    @Test func aValueThatCannotBeEncodedIsAnErrorNotEmptyText() {
        #expect(throws: JSONText.Failure.self) { try JSONText.encode(Timing(seconds: .nan), what: "the run's report") }
        do {
            _ = try JSONText.encode(Timing(seconds: .infinity), what: "the run's report")
        } catch {
            #expect(error.description.hasPrefix("cannot write the run's report as JSON: "))
            #expect(error.description.count > "cannot write the run's report as JSON: ".count)
        }
    }

    @Test func keysAreSortedPrettyAndSlashesKept() throws {
        struct Entry: Encodable { let path: String; let count: Int }
        #expect(try JSONText.encode(Entry(path: "a/b.md", count: 1), what: "x") == "{\n  \"count\" : 1,\n  \"path\" : \"a/b.md\"\n}")
    }
}
