import Testing
import LabRunner
@testable import LabRunnerCLI

/// `labrunner watch`'s words: `--serve` with or without its port, `--host` only with it, and
/// run's own options read as `run` reads them.
struct WatchOptionsTests {
    @Test(arguments: [
        (["--serve", "0", "a.md"], UInt16?(0), ["a.md"]),
        (["--serve", "a.md"], WatchOptions.defaultPort, ["a.md"]),
        (["a.md", "--serve"], WatchOptions.defaultPort, ["a.md"]),
        (["--serve=9090", "a.md"], UInt16(9090), ["a.md"]),
        (["a.md", "b.md"], nil, ["a.md", "b.md"]),
        (["--", "--serve"], nil, ["--serve"]),
    ])
    func servePort(_ arguments: [String], port: UInt16?, paths: [String]) throws {
        let options = try WatchOptions(arguments: arguments)
        #expect(options.port == port)
        #expect(options.run.paths == paths)
        #expect(options.host == "127.0.0.1")
    }

    @Test func hostAndRunOptions() throws {
        let options = try WatchOptions(arguments: ["--host", "0.0.0.0", "--serve", "1", "-j", "3", "--scenario", "mock", "a.md"])
        #expect(options.host == "0.0.0.0")
        #expect(options.port == 1)
        #expect(options.run.jobs == 3)
        #expect(options.run.scenarios == ["mock"])
    }

    @Test(arguments: [
        (["--host", "0.0.0.0", "a.md"], UsageError.badValue(option: "--host", value: "0.0.0.0", expected: "--serve with it")),
        (["--serve=70000", "a.md"], .badValue(option: "--serve", value: "70000", expected: "a port number from 0 to 65535")),
        (["--update", "a.md"], .unknownOption("--update", suggestion: nil)),
        ([], .missingArgument("lab path (a .md file or a folder of labs)")),
    ])
    func refused(_ arguments: [String], error: UsageError) {
        #expect(throws: error) { try WatchOptions(arguments: arguments) }
    }
}
