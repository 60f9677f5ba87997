#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// What a sandboxed program may use: the network or not, and its limits. The executable, the
/// Swift runtime and the system's libraries are always there, read-only, with a private
/// writable `/tmp`; nothing else of the machine is (see `SandboxLauncher`, docs/reliability.md).
///
/// A request with a sandbox is started through a launcher (`labrunner-sandbox OPTIONS -- PROGRAM
/// ARGS`, or the tool itself in that hidden mode) that seals itself off, then execs the program:
/// `posix_spawn` cannot create namespaces, and a launcher that is a fresh, single-threaded
/// process may use fork and raw system calls freely. This module holds the launcher's side and
/// imports no Foundation, so the launcher starts in a few milliseconds.
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
    package var launcherArguments: [String] {
        var words: [String] = []
        if network { words.append("--network") }
        words += ["--processes", String(processes), "--memory", String(memory), "--file-size", String(fileSize)]
        for path in readOnlyPaths { words += ["--read-only", path] }
        return words
    }

    /// Reads `launcherArguments` back (the launcher's side); nil for anything else.
    package static func parse(_ words: [String]) -> (sandbox: Sandbox, program: [String])? {
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
}
