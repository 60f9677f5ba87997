import Testing
@testable import LabRunner

/// The key `run` computes for a lab (`SwiftCompiler.cacheKey`) changes with everything that
/// decides the executable, and with nothing that does not (CompileCacheKeyTests checks the
/// encoding itself).
struct CacheKeyCoverageTests {
    struct Input: Sendable, CustomStringConvertible {
        var text = "---\nscenarios: a, b\n---\n```swift\nprint(1)\n```\n"
        var path = "labs/lab.md"
        var compilerPath = "/opt/swift/usr/bin/swiftc"
        var version = "Swift version 6.3.1 (swift-6.3.1-RELEASE)"
        var environment = ["HOME": "/home/u", "TMPDIR": "/tmp", "PATH": "/usr/bin", "LAB_SCENARIO": "a"]
        var description: String { "\(path) \(compilerPath) \(version) \(environment)" }

        func key() throws -> String {
            let lab = try LabParser.parse(bytes: Array(text.utf8), path: path)
            let compiler = SwiftCompiler(path: compilerPath)
            return compiler.cacheKey(for: lab, program: ProgramGenerator.generate(lab), compilerVersion: version,
                                     environment: environment)
        }
    }

    static func variant(_ change: (inout Input) -> Void) -> Input {
        var input = Input()
        change(&input)
        return input
    }

    @Test(arguments: [
        ("cell code", variant { $0.text = $0.text.replacingOccurrences(of: "print(1)", with: "print(2)") }),
        ("scenarios (in the prelude)", variant { $0.text = $0.text.replacingOccurrences(of: "a, b", with: "a, c") }),
        ("swift-version", variant { $0.text = $0.text.replacingOccurrences(of: "---\n```", with: "swift-version: 5\n---\n```") }),
        ("swiftc-flags", variant { $0.text = $0.text.replacingOccurrences(of: "---\n```", with: "swiftc-flags: -O\n---\n```") }),
        ("a cell's line (#sourceLocation)", variant { $0.text = $0.text.replacingOccurrences(of: "---\n```", with: "---\n\n```") }),
        ("lab path (#sourceLocation, #fileID)", variant { $0.path = "labs/other.md" }),
        ("swiftc path", variant { $0.compilerPath = "/usr/bin/swiftc" }),
        ("swiftc --version", variant { $0.version = "Swift version 6.3.2 (swift-6.3.2-RELEASE)" }),
        ("SDKROOT", variant { $0.environment["SDKROOT"] = "/sdk" }),
        ("DEVELOPER_DIR", variant { $0.environment["DEVELOPER_DIR"] = "/Applications/Xcode-beta.app" }),
        ("TOOLCHAINS", variant { $0.environment["TOOLCHAINS"] = "swift" }),
        ("a driver tool override", variant { $0.environment["SWIFT_DRIVER_SWIFT_FRONTEND_EXEC"] = "/x/swift-frontend" }),
    ])
    func changesWith(what: String, input: Input) throws {
        #expect(try input.key() != Input().key(), "\(what)")
    }

    @Test(arguments: [
        ("prose", variant { $0.text += "\nSome prose.\n" }),
        ("an output block", variant { $0.text += "```output\n1\n```\n" }),
        ("a skip cell, which is not compiled", variant { $0.text += "```swift skip\nlet x =\n```\n" }),
        ("HOME, TMPDIR, PATH, LAB_SCENARIO", variant { $0.environment = ["HOME": "/root", "TMPDIR": "/var/tmp", "PATH": "/bin", "LAB_SCENARIO": "b"] }),
    ])
    func staysWith(what: String, input: Input) throws {
        #expect(try input.key() == Input().key(), "\(what)")
    }
}
