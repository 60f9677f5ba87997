import Foundation
import Testing
@testable import LabRunner

/// A guide through the built tool: `list` shows its samples, `run` checks each in its context.
@Suite struct GuideEndToEndTests {
    static let points = "guide-samples/points.md"

    @Test func listShowsAGuideSampleBySampleAndTakesAs() async throws {
        let listed = try await LabRunnerCLI.run(["list", Self.points])
        #expect(listed.status == 0, "\(listed.stderr)")
        GoldenText.expect(listed.stdout, equals: GuideListingTests.pointsListing)

        let json = try await LabRunnerCLI.run(["list", "--json", Self.points])
        #expect(json.status == 0)
        #expect(json.stdout.contains("\"kind\" : \"guide\""))

        let asLab = try await LabRunnerCLI.run(["list", "--as", "lab", Self.points])
        #expect(asLab.status == 0)
        #expect(asLab.stdout.hasPrefix("\(Self.points)\nscenarios: mock, empty, failing\n"), "\(asLab.stdout)")

        let asGuide = try await LabRunnerCLI.run(["list", "--as=guide", "passing.md"])
        #expect(asGuide.status == 0)
        #expect(asGuide.stdout.hasPrefix("passing.md  Passing fixture\nread as a guide: --as guide\nsamples:\n"), "\(asGuide.stdout)")

        let badKind = try await LabRunnerCLI.run(["list", "--as", "gide", "passing.md"])
        #expect(badKind.status == 2)
        #expect(badKind.stderr.hasPrefix("labrunner: error: bad value 'gide' for '--as': expected guide or lab\n"))
    }

    @Test func listReportsADirectiveNamingNoSample() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = "<!-- labrunner: name=setup -->\n```swift\nlet x = 1\n```\n<!-- labrunner: continues=setpu -->\n```swift\nprint(x)\n```\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/guide.md"))
        let listed = try await LabRunnerCLI.run(["list", "guide.md"], in: folder)
        #expect(listed.status == 2)
        #expect(listed.stdout.isEmpty)
        #expect(listed.stderr.hasPrefix("guide.md:6:"), "\(listed.stderr)")
        #expect(listed.stderr.contains("did you mean 'setup'"), "\(listed.stderr)")
    }

    /// A book kept as `Book.docc/` outside any package: its samples are compiled one by one, not
    /// skipped as needing a module `Book` (a catalog names a module only as a target's).
    @Test func aCatalogOutsideAPackageIsCheckedSampleBySample() async throws {
        let ran = try await LabRunnerCLI.run(["run", "docc-book"])
        #expect(ran.status == 1, "\(ran.stdout)\(ran.stderr)")
        #expect(!ran.stdout.contains("needs module Book"), "\(ran.stdout)")
        #expect(ran.stdout.contains("docc-book/Book.docc/Basics.md:14:18: error: cannot convert value of type 'String' to specified type 'Int'"),
                "\(ran.stdout)")
        #expect(ran.stdout.contains("  FAIL  2 samples: 1 passed, 1 failed\n"), "\(ran.stdout)")
    }

    /// The seed Lab Coding Guide (examples/guides/002): its views need SwiftUI, so on Linux they
    /// are skipped, and its `@Observable` view model compiles with the Observation SwiftUI brings.
    @Test func theWorkshopGuidePassesWhereSwiftUIIsMissing() async throws {
        let root = URL(fileURLWithPath: LabRunnerCLI.fixtures).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let ran = try await LabRunnerCLI.run(["run", "--bare", "swift", "examples/guides/002_7ed4a9f8f52c5cfe.txt"], in: root)
        if Platform.hasSwiftUI {
            #expect(ran.status == 0, "\(ran.stdout)")
            return
        }
        #expect(ran.status == 0, "\(ran.stdout)\(ran.stderr)")
        #expect(!ran.stdout.contains("unknown attribute 'Observable'"), "\(ran.stdout)")
        #expect(ran.stdout.contains("  PASS  7 samples: 4 passed, 3 skipped\n"), "\(ran.stdout)")
        #expect(ran.stdout.hasSuffix("\n4 passed, 0 failed, 3 skipped\n"), "\(ran.stdout)")
    }

    /// The fixture through swiftc: the redeclared `Point` (line 22) does not clash with the first,
    /// the listing and the placeholder are counted apart, the typo fails at its line, the sample
    /// importing a module this machine lacks is skipped, and the last sample, which has that import
    /// from earlier samples, is checked without it; then `guide.md:LINE` checks one sample.
    @Test func runChecksEverySampleInItsContext() async throws {
        let ran = try await LabRunnerCLI.run(["run", Self.points])
        #expect(ran.status == 1, "\(ran.stderr)")
        GoldenText.expect(ran.stdout, equals: """
        guide-samples/points.md
        guide-samples/points.md:46:17: error: incorrect argument label in call (have 'x:y:nme:', expected 'x:y:name:')
            print(area(Point(x: 1, y: 2, nme: "typo")))
                            ^
          FAIL  line 45: did not compile (1 error)
          skipped: needs module PointPlotting, not available here (line 51)
          FAIL  8 samples: 4 passed, 2 listings, 1 skipped, 1 failed

        guide samples: 4 compiled; 2 listings
        4 passed, 1 failed, 1 skipped

        """)
        #expect(ran.stderr.isEmpty, "\(ran.stderr)")

        let one = try await LabRunnerCLI.run(["run", "-v", Self.points + ":46"])
        #expect(one.status == 1, "\(one.stderr)")
        #expect(one.stdout.contains("\n  FAIL  line 45: did not compile (1 error)\n  FAIL  1 sample: 0 passed, 1 failed\n"),
                "\(one.stdout)")
        // -v: whether swiftc ran for the sample or the compile cache answered.
        #expect(one.stdout.contains("\n  swiftc ran for 1 of 1 samples\n\n0 passed, 1 failed, 0 skipped\n") || one.stdout.contains("\n  cache hit: swiftc not run\n\n0 passed, 1 failed, 0 skipped\n"),
                "\(one.stdout)")
        #expect(!one.stdout.contains("line 5:") && !one.stdout.contains("line 51"), "\(one.stdout)")
    }
}
