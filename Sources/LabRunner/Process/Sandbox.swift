#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// What a sandboxed program may use: the network or not, and its limits. The executable, the
/// Swift runtime and the system's libraries are always there, read-only, with a private
/// writable `/tmp`; nothing else of the machine is (see `SandboxLauncher`, docs/reliability.md).
///
/// A request with a sandbox is started through the tool's own binary in a hidden mode
/// (`labrunner __labrunner-sandbox OPTIONS -- PROGRAM ARGS`) that seals itself off, then execs
/// the program: `posix_spawn` cannot create namespaces, and a launcher that is a fresh,
/// single-threaded process may use fork and raw system calls freely.
package struct Sandbox: Sendable, Equatable {
    /// The hidden first argument that makes `labrunner` a sandbox launcher.
    package static let argument = "__labrunner-sandbox"

    /// Folders (or files) shown read-only at the same path inside, besides the system's own
    /// (`/usr`, `/etc`, `/lib`…): the Swift toolchain's runtime libraries.
    package var readOnlyPaths: [String] = []
    /// Whether the program may reach the network (a lab's `network: true`).
    package var network = false
    /// At most this many processes and threads inside (RLIMIT_NPROC): a fork bomb stops there.
    package var processes = 256
    /// Bytes of address space per process (RLIMIT_AS).
    package var memory = 4 << 30
    /// Bytes one file may grow to (RLIMIT_FSIZE); writing past it kills the writer with SIGXFSZ.
    package var fileSize = 64 << 20

    package init(readOnlyPaths: [String] = [], network: Bool = false) {
        self.readOnlyPaths = readOnlyPaths
        self.network = network
    }

    /// The launcher's options, before `--` and the program.
    var launcherArguments: [String] {
        var words: [String] = []
        if network { words.append("--network") }
        words += ["--processes", String(processes), "--memory", String(memory), "--file-size", String(fileSize)]
        for path in readOnlyPaths { words += ["--read-only", path] }
        return words
    }

    /// Reads `launcherArguments` back (the launcher's side); nil for anything else.
    static func parse(_ words: [String]) -> (sandbox: Sandbox, program: [String])? {
        var sandbox = Sandbox()
        var index = 0
        func number(_ word: String) -> Int? { Int(word).flatMap { $0 > 0 ? $0 : nil } }
        while index < words.count {
            let word = words[index]
            let value = index + 1 < words.count ? words[index + 1] : nil
            switch (word, value) {
            case ("--", _):
                let program = Array(words[(index + 1)...])
                return program.isEmpty ? nil : (sandbox, program)
            case ("--network", _):
                sandbox.network = true
                index += 1
                continue
            case ("--processes", let value?): guard let n = number(value) else { return nil }; sandbox.processes = n
            case ("--memory", let value?): guard let n = number(value) else { return nil }; sandbox.memory = n
            case ("--file-size", let value?): guard let n = number(value) else { return nil }; sandbox.fileSize = n
            case ("--read-only", let value?) where value.hasPrefix("/"): sandbox.readOnlyPaths.append(value)
            default: return nil
            }
            index += 2
        }
        return nil
    }

    /// `request` run inside this sandbox: the launcher (`launcher`, the running binary by
    /// default) with the program as its last arguments. HOME and TMPDIR name the private `/tmp`,
    /// the only writable folder.
    func wrap(_ request: ProcessRequest, launcher: String) -> ProcessRequest {
        var wrapped = request
        wrapped.executable = launcher
        wrapped.arguments = [Self.argument] + launcherArguments + ["--", request.executable] + request.arguments
        wrapped.environment["HOME"] = "/tmp"
        wrapped.environment["TMPDIR"] = "/tmp"
        wrapped.workingDirectory = nil
        wrapped.sandbox = nil
        return wrapped
    }
}

extension Sandbox {
    /// The launcher's life (`labrunner __labrunner-sandbox …`): seal, run the program, end as it did.
    package static func launch(_ words: [String]) -> Never {
        #if os(Linux)
        SandboxLauncher.serve(words)
        #else
        SandboxProfile.launch(words)
        #endif
    }
}

extension Sandbox {
    private static let registeredLauncher = LockedValue<String?>(nil)

    /// The `labrunner` binary that serves `argument`: the CLI names itself (`useLauncher`) before
    /// any command runs. Nil where the library runs inside another program (the tests): nothing
    /// there could be the launcher, so programs run unsealed.
    package static var launcher: String? { registeredLauncher.withLock { $0 } }

    package static func useLauncher(_ path: String = ProcessSupervisor.currentExecutable) {
        registeredLauncher.withLock { $0 = path }
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
