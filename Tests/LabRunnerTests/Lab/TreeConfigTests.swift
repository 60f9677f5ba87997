import Testing
@testable import LabRunner

/// `.labrunner` files: every key, the errors of a file that is labrunner's own, and how a file's
/// front matter and directives override what the configuration sets.
struct TreeConfigTests {
    private func parse(_ text: String) throws(LabError) -> TreeConfig {
        try TreeConfig.parse(text, path: "docs/.labrunner")
    }

    @Test func everyKey() throws {
        let config = try parse("""
        # for the docs
        swift-version: 5
        swiftc-flags: -Onone
        imports: RegexBuilder, Synchronization
        package: ../pkg
        bare: swift
        timeout: 3s
        exclude: drafts, *.draft.md

        """)
        #expect(config.settings.swiftVersion == "5")
        #expect(config.settings.swiftcFlags == ["-Onone"])
        #expect(config.imports == ["RegexBuilder", "Synchronization"])
        #expect(config.settings.imports == config.imports)
        #expect(config.package?.hasSuffix("/pkg") == true)
        #expect(config.package?.contains("docs") == false)
        #expect(config.bareLanguage == "swift")
        #expect(config.settings.timeout == 3)
        #expect(config.exclude == ["drafts", "*.draft.md"])
        #expect(config.settings.origins["swift-version"] == "docs/.labrunner")
        #expect(config.keysSet == ["swift-version", "swiftc-flags", "imports", "package", "bare", "timeout", "exclude"])
    }

    @Test(arguments: [
        ("swift-versoin: 5\n", "docs/.labrunner:1:1: error: unknown key 'swift-versoin' in .labrunner; did you mean 'swift-version'?"),
        ("title: Docs\n", "docs/.labrunner:1:1: error: unknown key 'title' in .labrunner"),
        ("\nimports Foundation\n", "docs/.labrunner:2:1: error: expected 'key: value' in .labrunner, found 'imports Foundation'"),
        ("bare: swift\nbare: text\n", "docs/.labrunner:2:1: error: key 'bare' is already set on line 1"),
        ("swift-version: 7\n", "docs/.labrunner:1:16: error: bad value '7' for 'swift-version'"),
        ("imports: Foundation, 2D\n", "docs/.labrunner:1:10: error: bad value 'Foundation, 2D' for 'imports'"),
        ("swiftc-flags: -o out\n", "docs/.labrunner:1:15: error: '-o' is not allowed in swiftc-flags"),
    ])
    func errorsNameTheLine(_ text: String, _ expected: String) {
        #expect(throws: LabError.self) { try parse(text) }
        do {
            _ = try parse(text)
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error.description)")
        }
    }

    @Test func excludeMatchesFoldersPathsAndPatterns() throws {
        let config = try parse("exclude: drafts, notes/old.md, *.draft.md\n")
        #expect(config.excludes(relativePath: "drafts/a.md"))
        #expect(config.excludes(relativePath: "notes/old.md"))
        #expect(config.excludes(relativePath: "guide/intro.draft.md"))
        #expect(!config.excludes(relativePath: "notes/new.md"))
        #expect(!config.excludes(relativePath: "drafts-kept.md"))
    }

    @Test func frontMatterOverridesTheConfigurationForItsFile() throws {
        let config = try parse("swift-version: 5\ntimeout: 3\nimports: RegexBuilder\n")
        let plain = try LabParser.parse(bytes: Array("# Guide\n\n```swift\nlet x = 1\n```\n".utf8), path: "docs/a.md", config: config)
        #expect(plain.settings.swiftVersion == "5")
        #expect(plain.settings.timeout == 3)
        #expect(plain.settings.origins["swift-version"] == "docs/.labrunner")
        let own = try LabParser.parse(bytes: Array("---\nswift-version: 6\n---\n\n```swift\nlet x = 1\n```\n".utf8), path: "docs/b.md", config: config)
        #expect(own.settings.swiftVersion == "6")
        #expect(own.settings.origins["swift-version"] == "front matter")
        #expect(own.settings.timeout == 3)
        #expect(own.settings.imports == ["RegexBuilder"])
    }

    @Test func importsReachLabsAndGuideSamples() throws {
        let config = try parse("imports: RegexBuilder\n")
        let lab = try LabParser.parse(bytes: Array("```swift\nprint(1)\n```\n\n```output\n1\n```\n".utf8), path: "lab.md", config: config)
        #expect(ProgramGenerator.generate(lab).contains("\nimport RegexBuilder\n"))
        let guide = try LabParser.parse(bytes: Array("```swift\nlet x = 1\n```\n".utf8), path: "guide.md", config: config)
        let plan = try GuidePlan(guide, appleAvailable: false)
        #expect(SampleProgram.source([0], plan: plan, candidates: [:]).contains("import RegexBuilder\n"))
    }

    @Test func bareLanguageYieldsToTheFilesDirectiveAndTheCommandLine() throws {
        let config = try parse("bare: swift\n")
        let text = "# Guide\n\n```\nlet x = 1\n```\n"
        #expect(try LabParser.parse(bytes: Array(text.utf8), path: "a.md", config: config).cells.count == 1)
        #expect(try LabParser.parse(bytes: Array(text.utf8), path: "a.md").cells.isEmpty)
        #expect(try LabParser.parse(bytes: Array(text.utf8), path: "a.md", bareLanguage: "text", config: config).cells.isEmpty)
        let directive = "<!-- labrunner: bare=text -->\n\n```\nlet x = 1\n```\n"
        #expect(try LabParser.parse(bytes: Array(directive.utf8), path: "a.md", config: config).cells.isEmpty)
    }
}
