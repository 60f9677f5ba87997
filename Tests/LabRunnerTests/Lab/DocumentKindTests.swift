import Testing
@testable import LabRunner

/// The rule that tells a guide from a lab, the explicit ways to say it, and the sample directives.
struct DocumentKindTests {
    static let cases: [(text: String, kind: DocumentKind, reason: String)] = [
        ("```swift\nlet a = 1\n```\n", .guide, "no output blocks, scenarios, cell roles or exercises"),
        ("```swift\nprint(1)\n```\n```output\n1\n```\n", .lab, "the swift cell at line 1 has an output block"),
        ("---\nscenarios: mock\n---\n```swift\nlet a = 1\n```\n", .lab, "its front matter sets scenarios"),
        ("---\ntitle: A post\nlayout: post\n---\n```swift\nlet a = 1\n```\n", .guide, "no output blocks, scenarios, cell roles or exercises"),
        ("```swift\nlet a = 1\n```\n```swift no_run\nlet b = 2\n```\n", .lab, "the swift cell at line 4 is no_run"),
        ("<!-- labrunner: guide -->\n```swift\nprint(1)\n```\n```output\n1\n```\n", .guide, "<!-- labrunner: guide --> on line 1"),
        ("<!-- labrunner: lab -->\n```swift\nlet a = 1\n```\n", .lab, "<!-- labrunner: lab --> on line 1"),
        ("# Only prose\n", .lab, "no Swift blocks"),
    ]

    @Test(arguments: cases.indices)
    func theRule(_ index: Int) throws {
        let (text, kind, reason) = Self.cases[index]
        let lab = try LabParser.parse(bytes: Array(text.utf8), path: "doc.md")
        #expect(lab.kind == DocumentKindDecision(kind: kind, reason: reason))
    }

    @Test func theCommandLineWinsOverTheFile() throws {
        let text = "<!-- labrunner: lab -->\n```swift\nlet a = 1\n```\n"
        let lab = try LabParser.parse(bytes: Array(text.utf8), path: "doc.md", kind: .guide)
        #expect(lab.kind == DocumentKindDecision(kind: .guide, reason: "--as guide"))
    }

    @Test func sampleDirectivesAreReadInAGuide() throws {
        let text = "<!-- labrunner: name=setup -->\n```swift\nlet a = 1\n```\n<!-- labrunner: continues=setup -->\n```swift\nprint(a)\n```\n<!-- labrunner: fresh -->\n```swift\nlet a = 2\n```\n"
        let lab = try LabParser.parse(bytes: Array(text.utf8), path: "doc.md")
        #expect(lab.cells.map(\.sampleDirectives) == [
            SampleDirectives(name: "setup"), SampleDirectives(continues: "setup"), SampleDirectives(fresh: true),
        ])
    }

    @Test func aSampleDirectiveInALabIsAnInputError() {
        let text = "---\nscenarios: mock\n---\n<!-- labrunner: fresh -->\n```swift\nlet a = 1\n```\n"
        #expect {
            try LabParser.parse(bytes: Array(text.utf8), path: "lab.md")
        } throws: { error in
            (error as? LabError)?.description.hasPrefix("lab.md:4:17: error: 'fresh' applies to a guide's samples, and this file is read as a lab (its front matter sets scenarios)") == true
        }
    }

    @Test func continuingAnUnknownNameSuggestsTheClosestOne() throws {
        let text = "<!-- labrunner: name=setup -->\n```swift\nlet a = 1\n```\n<!-- labrunner: continues=setpu -->\n```swift\nprint(a)\n```\n"
        let lab = try LabParser.parse(bytes: Array(text.utf8), path: "doc.md")
        #expect {
            try GuidePlan(lab, appleAvailable: false)
        } throws: { error in
            (error as? LabError)?.description == "doc.md:6: error: 'continues=setpu' names no earlier sample; did you mean 'setup'? (a sample is named with <!-- labrunner: name=NAME --> before its fence)"
        }
    }
}
