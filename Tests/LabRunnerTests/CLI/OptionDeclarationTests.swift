import Testing
import LabRunner
@testable import LabRunnerCLI

struct OptionDeclarationTests {
    private let declarations = [
        OptionDeclaration(name: "--update", help: "Rewrite output blocks"),
        OptionDeclaration(name: "--jobs", aliases: ["-j"], value: "N", help: "Processes at once: compiles and scenario runs"),
    ]

    @Test func theParserAcceptsWhatIsDeclared() throws {
        let spec = ArgumentSpec(declarations)
        #expect(spec.flags == ["--update"])
        #expect(spec.options == ["--jobs"])
        #expect(spec.aliases == ["-j": "--jobs"])
        let parsed = try spec.parse(["--update", "-j", "3", "lab.md"])
        #expect(parsed.has("--update") && parsed.value("--jobs") == "3" && parsed.positionals == ["lab.md"])
    }

    /// Names in a column of 21, help from column 24, no line over the width (here 50).
    @Test func helpLinesAlignAndWrapAtTheWidth() {
        #expect(OptionDeclaration.helpLines(declarations, width: 50) == [
            "  --update             Rewrite output blocks",
            "  -j, --jobs N         Processes at once: compiles",
            "                       and scenario runs",
            "  -h, --help           Show this help",
        ])
    }

    @Test(arguments: CommandTable.names)
    func everyHelpFitsInAHundredColumns(_ name: String) throws {
        let entry = try #require(CommandTable.entry(named: name))
        let long = entry.helpText.split(separator: "\n").filter { $0.count > 100 }
        #expect(long == [])
    }
}
