import Testing
@testable import LabRunner

struct FrontMatterTests {
    private func parse(_ text: String) throws(LabError) -> FrontMatter {
        try FrontMatter.parse(MarkdownSource(text: text), path: "lab.md")
    }

    @Test func noFrontMatterGivesDefaults() throws {
        let front = try parse("# Title\n\n```swift\nprint(1)\n```\n")
        #expect(front.lineCount == 0)
        #expect(front.settings == LabSettings())
        #expect(front.settings.scenarios == ["mock", "empty", "failing"])
    }

    @Test func everyKey() throws {
        let front = try parse("""
        ---
        title: "Lab 1: Models"
        scenarios: [mock, empty, failing, slow]
        swift-version: 5
        timeout: 2.5
        swiftc-flags: -Onone  -warnings-as-errors
        # a comment

        ---
        text
        """)
        #expect(front.lineCount == 9)
        #expect(front.settings.title == "Lab 1: Models")
        #expect(front.settings.scenarios == ["mock", "empty", "failing", "slow"])
        #expect(front.settings.swiftVersion == "5")
        #expect(front.settings.timeout == 2.5)
        #expect(front.settings.swiftcFlags == ["-Onone", "-warnings-as-errors"])
    }

    @Test(arguments: [
        ("scenarios: a, b", ["a", "b"]),
        ("scenarios: [ready]", ["ready"]),
        ("scenarios: mock,slow-network", ["mock", "slow-network"]),
    ])
    func scenarioLists(line: String, expected: [String]) throws {
        #expect(try parse("---\n\(line)\n---\n").settings.scenarios == expected)
    }

    @Test(arguments: [
        ("---\ntimout: 3\n---\n", "lab.md:2:1: error: unknown front matter key 'timout'; did you mean 'timeout'? (labrunner reads title, scenarios, swift-version, timeout, swiftc-flags, network; it leaves other keys to site generators)"),
        ("---\ntimeout: soon\n---\n", "lab.md:2:10: error: bad value 'soon' for 'timeout': expected a number of seconds greater than 0 and at most 86400 (a day), such as 10 or 2.5"),
        ("---\ntimeout: 0\n---\n", "lab.md:2:10: error: bad value '0' for 'timeout': expected a number of seconds greater than 0 and at most 86400 (a day), such as 10 or 2.5"),
        ("---\ntitle: A\ntitle: B\n---\n", "lab.md:3:1: error: front matter key 'title' is already set on line 2"),
        ("---\nscenarios: a, b, a\n---\n", "lab.md:2:12: error: bad value 'a, b, a' for 'scenarios': expected each scenario once, but 'a' is declared twice"),
        ("---\nscenarios: [mock, 2fast]\n---\n", "lab.md:2:12: error: bad value '[mock, 2fast]' for 'scenarios': expected scenario names like 'mock, empty, failing' (letters, digits, '_' and '-')"),
        ("---\nswift-version: six\n---\n", "lab.md:2:16: error: bad value 'six' for 'swift-version': expected a Swift language mode swiftc knows: 4, 4.2, 5, 6"),
        ("---\njust words\n---\n", "lab.md:2:1: error: expected 'key: value' in front matter, found 'just words'"),
        ("---\ntitle: Never closed\n\n# Heading\n", "lab.md:1:1: error: front matter opened with '---' is never closed; add a line '---' after its last key"),
    ])
    func errorsNameLineColumnAndKey(text: String, message: String) {
        #expect(throws: LabError.self) { try parse(text) }
        do {
            _ = try parse(text)
        } catch {
            #expect(error.description == message)
        }
    }

    /// Site generators (Jekyll, Hugo, DocC's tooling) keep their own keys in the same block: they
    /// are left alone, values unparsed, YAML lists and block scalars included.
    @Test func keysOfSiteGeneratorsAreLeftAlone() throws {
        let text = """
        ---
        layout: post
        title: "Structured concurrency"
        date: 2024-03-01 10:00:00 +0100
        tags:
          - swift
          - concurrency
        categories: [swift, async]
        excerpt: |
          A block scalar: colons: and --- inside
          and a line that looks like timeout: 1
        author:
          name: Ada
        timeout: 5
        ---
        # Body
        """
        let front = try parse(text)
        #expect(front.settings.title == "Structured concurrency")
        #expect(front.settings.timeout == 5)
        #expect(front.lineCount == 15)
        #expect(try parse("---\ncolour: red\n---\n").settings == LabSettings())
    }

    @Test func aNearMissOfAKeyIsStillAnError() {
        #expect(throws: LabError(SourceLocation(path: "lab.md", line: 2, column: 1), .unknownKey(key: "timout", suggestion: "timeout"))) {
            try parse("---\ntimout: 5\n---\n")
        }
        do {
            _ = try parse("---\nlayout: post\nscenario: mock\n---\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "lab.md:3:1: error: unknown front matter key 'scenario'; did you mean 'scenarios'? (labrunner reads title, scenarios, swift-version, timeout, swiftc-flags, network; it leaves other keys to site generators)")
        }
    }

    /// One of labrunner's keys takes its value on its own line: a YAML list under it is refused,
    /// not silently ignored.
    @Test func anIndentedValueUnderOneOfOurKeysIsAnError() {
        #expect(throws: LabError(SourceLocation(path: "lab.md", line: 3, column: 3), .frontMatterSyntax(line: "- mock"))) {
            try parse("---\nscenarios:\n  - mock\n---\n")
        }
    }

    @Test func crlfAndBOM() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("---\r\ntitle: T\r\n---\r\nbody\r\n".utf8)
        let front = try FrontMatter.parse(MarkdownSource(bytes: bytes), path: "lab.md")
        #expect(front.settings.title == "T")
        #expect(front.lineCount == 3)
    }
}

struct EditDistanceTests {
    @Test(arguments: [("timout", "timeout", 1), ("emtpy", "empty", 1), ("skp", "skip", 1), ("", "abc", 3), ("same", "SAME", 0), ("abc", "xyz", 3)])
    func distances(a: String, b: String, distance: Int) {
        #expect(EditDistance.distance(a, b) == distance)
    }

    @Test func closestOnlySuggestsPlausibleTypos() {
        #expect(EditDistance.closest(to: "scenaros", in: FrontMatter.keys) == "scenarios")
        #expect(EditDistance.closest(to: "colour", in: FrontMatter.keys) == nil)
    }
}
