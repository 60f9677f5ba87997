import Foundation
import Testing
@testable import LabRunner

@Suite struct OutputPathsTests {
    @Test func anOutputThatIsALabByNameLinkOrHardLinkIsRefused() throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lab = folder + "/x.md"
        try Data("# lab\n".utf8).write(to: URL(fileURLWithPath: lab))
        #expect(symlink(lab, folder + "/soft.md") == 0)
        #expect(link(lab, folder + "/hard.md") == 0)
        #expect(OutputPaths.problem(outputs: [("--json", lab)], inputs: [lab]) == "--json \(lab) would overwrite the lab \(lab); give another file")
        #expect(OutputPaths.problem(outputs: [("-o", folder + "/soft.md")], inputs: [lab])
                == "-o \(folder)/soft.md would overwrite the lab \(lab) (the same file as \(lab)); give another file")
        #expect(OutputPaths.problem(outputs: [("--junit", folder + "/hard.md")], inputs: [lab]) != nil)
        #expect(OutputPaths.problem(outputs: [("--json", folder + "/new.json")], inputs: [lab]) == nil)
    }

    @Test func aFolderAndTwoOutputsOnOneFileAreRefused() throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(OutputPaths.problem(outputs: [("--json", folder)], inputs: [])
                == "--json \(folder): the path is a folder; give the path of a file to write")
        #expect(OutputPaths.problem(outputs: [("--junit", folder + "/r"), ("--json", folder + "/./r")], inputs: [])
                == "--json \(folder)/./r and --junit \(folder)/r are the same file; give each its own")
    }
}
