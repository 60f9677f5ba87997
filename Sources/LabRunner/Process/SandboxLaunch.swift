#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import LabRunnerSandbox

/// The tool's side of the sandbox: how a request is wrapped to start through the launcher, which
/// launcher, and whether this machine can seal at all.
package enum SandboxLaunch {
    /// The hidden first argument that makes `labrunner` a sandbox launcher.
    package static let argument = Sandbox.argument

    /// `request` run inside `sandbox`: the launcher with the program as its last arguments. HOME and TMPDIR name the private `/tmp`,
    /// the only writable folder.
    static func wrap(_ request: ProcessRequest, in sandbox: Sandbox, launcher: String) -> ProcessRequest {
        var wrapped = request
        wrapped.executable = launcher
        wrapped.arguments = [Sandbox.argument] + sandbox.launcherArguments + ["--", request.executable] + request.arguments
        wrapped.environment["HOME"] = "/tmp"
        wrapped.environment["TMPDIR"] = "/tmp"
        wrapped.workingDirectory = nil
        wrapped.sandbox = nil
        return wrapped
    }
}

extension SandboxLaunch {
    /// The launcher's life (`labrunner __labrunner-sandbox …`): seal, run the program, end as it did.
    package static func launch(_ words: [String]) -> Never {
        #if os(Linux)
        SandboxLauncher.serve(words)
        #else
        SandboxProfile.launch(words)
        #endif
    }
}

extension SandboxLaunch {
    private static let registeredLauncher = LockedValue<String?>(nil)

    /// The launcher: the CLI names one (`useLauncher`) before any command runs. Nil where the
    /// library runs inside another program (the tests): nothing there could be the launcher, so
    /// programs run unsealed.
    package static var launcher: String? { registeredLauncher.withLock { $0 } }

    /// Name of the launcher built beside `labrunner` (the `labrunner-sandbox` product): it imports
    /// no Foundation, so it starts in about a third of the time the tool itself takes.
    package static let launcherName = "labrunner-sandbox"

    /// Linux: `labrunner-sandbox` beside `tool` when it is there, else `tool` itself in its hidden mode.
    package static func useLauncher(beside tool: String = ProcessSupervisor.currentExecutable) {
        #if os(Linux)
        var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let path = realpath(tool, &resolved) != nil
            ? String(decoding: resolved.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
        let beside = path.flatMap { path in path.lastIndex(of: "/").map { String(path[...$0]) + launcherName } }
        let chosen = beside.flatMap { access($0, X_OK) == 0 ? $0 : nil } ?? tool
        #else
        // macOS: the profile's launcher needs Foundation; labrunner-sandbox is Linux's only.
        let chosen = tool
        #endif
        registeredLauncher.withLock { $0 = chosen }
    }

    /// Why programs cannot be sealed off on this machine (user namespaces disabled, no
    /// `sandbox-exec`), or nil when they can. Found once, by sealing `/bin/true` (a few ms).
    package static let unavailability: String? = {
        guard let launcher else { return "no labrunner executable to seal them with" }
        #if os(Linux)
        let probe = ["/usr/bin/true", "/bin/true"].first { (path: String) in access(path, X_OK) == 0 }
        guard let probe else { return "no /usr/bin/true to try the sandbox with" }
        let request = ProcessRequest(executable: probe, environment: [:], timeout: 10, sandbox: Sandbox(), launcher: launcher)
        do throws(ProcessError) {
            let result = try ChildProcess.run(request, registry: ProcessRegistry())
            if result.termination == .exited(0) { return nil }
            let said = String(decoding: result.stderr, as: UTF8.self).trimmingWhitespace()
            return said.isEmpty ? "the sandbox's test run ended with \(result.termination)" : said
        } catch {
            return error.description
        }
        #elseif os(macOS)
        return access("/usr/bin/sandbox-exec", X_OK) == 0 && !launcher.isEmpty ? nil : "no /usr/bin/sandbox-exec"
        #else
        return "no sandbox on this system"
        #endif
    }()
}
