import Foundation
import Testing
@testable import LabRunner
@testable import LabRunnerSandbox

/// The launcher's arguments and the run path it reads; the sandbox itself is checked end to end
/// (SandboxEndToEndTests).
struct SandboxTests {
    @Test func theLauncherReadsBackWhatTheToolWrote() throws {
        var sandbox = Sandbox(readOnlyPaths: ["/opt/swift/usr/lib/swift", "/a folder/with spaces"], network: true)
        sandbox.processes = 32
        let request = ProcessRequest(executable: "/bin/echo", arguments: ["--", "-x"], environment: ["HOME": "/home/ann"],
                                     workingDirectory: "/course")
        let wrapped = SandboxLaunch.wrap(request, in: sandbox, launcher: "/usr/bin/labrunner")
        #expect(wrapped.executable == "/usr/bin/labrunner")
        #expect(wrapped.environment == ["HOME": "/tmp", "TMPDIR": "/tmp"])
        #expect(wrapped.workingDirectory == nil)
        #expect(wrapped.arguments.first == Sandbox.argument)
        let parsed = try #require(Sandbox.parse(Array(wrapped.arguments.dropFirst())))
        #expect(parsed.sandbox == sandbox)
        #expect(parsed.program == ["/bin/echo", "--", "-x"])
    }

    @Test(arguments: [[], ["--"], ["--processes", "0", "--", "/bin/true"], ["--read-only", "relative", "--", "/bin/true"],
                      ["--processes"], ["--unknown", "--", "/bin/true"]])
    func theLauncherRefusesArgumentsTheToolNeverWrites(_ words: [String]) {
        #expect(Sandbox.parse(words) == nil)
    }

    #if os(Linux)
    /// This test binary was linked by swiftc like a lab: its run path names the Swift runtime.
    @Test func theRunPathOfASwiftExecutableNamesTheRuntime() throws {
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: "/proc/self/exe")))
        func reading(_ bytes: [UInt8]) -> (Int, Int) -> [UInt8] {
            { offset, count in offset >= 0 && offset < bytes.count ? Array(bytes[offset..<min(bytes.count, offset + count)]) : [] }
        }
        let folders = ELFRunPath.folders(reading: reading(bytes))
        #expect(folders.contains { FileManager.default.fileExists(atPath: $0 + "/libswiftCore.so") }, "\(folders)")
        #expect(ELFRunPath.folders(reading: reading(Array("#!/bin/sh\n".utf8))) == [])
        #expect(ELFRunPath.folders(reading: reading(Array(bytes.prefix(200)))) == [])
    }
    #endif
}
