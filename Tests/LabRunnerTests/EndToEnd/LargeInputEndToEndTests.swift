import Foundation
import Testing
@testable import LabRunner

/// Very long lines and large guides through `list` and `extract`. Nothing here asserts a time:
/// a quadratic step (per line, block, cell or section) would take hours on the 50 MB guide and
/// run into LabRunnerCLI's hang guard instead of finishing in seconds. That guide alone takes
/// most of a minute, so it runs from `bench/large-inputs.sh` (which sets `LABRUNNER_BENCH`);
/// `swift test` checks the same things on a 1 MB guide.
@Suite struct LargeInputEndToEndTests {
    static let benchmarking = ProcessInfo.processInfo.environment["LABRUNNER_BENCH"] != nil

    @Test func aOneMegabyteLineInProseAndInACell() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let long = String(repeating: "x", count: 1 << 20)
        let text = "# Long\n\n\(long)\n\n```swift\nlet s = \"\(long)\"\nprint(s.count)\n```\n```output\n1048576\n```\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/long.md"))

        let listed = try await LabRunnerCLI.run(["list", "long.md"], in: folder)
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("  line 5 [-] swift\n    output line 9: all scenarios\n"))
        let extracted = try await LabRunnerCLI.run(["extract", "--plain", "long.md"], in: folder)
        #expect(extracted.status == 0)
        #expect(extracted.stdout.contains("\nlet s = \"\(long)\"\nprint(s.count)\n"))
    }

    @Test func aOneMegabyteGuide() async throws {
        try await checkAGuide(megabytes: 1)
    }

    @Test(.enabled(if: benchmarking, "the 50 MB guide takes most of a minute: bench/large-inputs.sh runs it"))
    func aFiftyMegabyteGuide() async throws {
        try await checkAGuide(megabytes: 50)
    }

    /// A guide of `megabytes` MB: a cell per section, each with an output block and prose between.
    private func checkAGuide(megabytes: Int) async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((megabytes + 1) << 20)
        var cells = 0
        while bytes.count < megabytes << 20 {
            bytes += Array("""
            ## Step \(cells)

            Some prose with `inline code` and *emphasis*, long enough to look like a paragraph
            of a real guide, then a cell that opens its own section.

            ```swift
            // MARK: - Step \(cells)
            let value\(cells) = \(cells)
            print(value\(cells))
            ```
            ```output
            \(cells)
            ```


            """.utf8)
            cells += 1
        }
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/guide.md"))

        // Every cell is listed under its section: some 20 MB of listing.
        let listed = try await LabRunnerCLI.run(["list", "guide.md"], in: folder, outputLimit: 64 << 20)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("sections: Step 0, Step 1, Step 2,"))
        #expect(listed.stdout.contains("[Step \(cells - 1)] swift\n"))
        #expect(listed.stdout.hasSuffix("blocks: \(2 * cells) fenced code blocks\n"))

        let extracted = try await LabRunnerCLI.run(["extract", "guide.md", "-o", "guide.swift"], in: folder)
        #expect(extracted.status == 0, "\(extracted.stderr)")
        let program = try String(contentsOfFile: folder + "/guide.swift", encoding: .utf8)
        #expect(program.contains("\nLab.cell(\(cells - 1))\n"))
        #expect(program.hasSuffix("print(value\(cells - 1))\n#sourceLocation()\n\nLab.end()\n"))
    }
}
