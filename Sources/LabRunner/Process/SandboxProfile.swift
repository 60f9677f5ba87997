#if os(macOS)
import Foundation
import LabRunnerSandbox

/// macOS: the launcher sets the limits, makes a private temporary folder and runs the program
/// under `sandbox-exec` with a profile that denies by default and allows reading only the
/// system, the toolchain and the executable, writing only that folder, and no network unless
/// the lab asks. There are no namespaces: what the program starts is killed with its session
/// and group, as without a sandbox (see docs/reliability.md for what this leaves open).
enum SandboxProfile {
    static func launch(_ words: [String]) -> Never {
        guard let (sandbox, program) = Sandbox.parse(words) else { fail("read the arguments") }
        var template = Array((NSTemporaryDirectory() + "labrunner-sandbox.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { fail("make a temporary folder") }
        let folder = URL(fileURLWithPath: String(cString: made)).resolvingSymlinksInPath().path
        let child = fork()
        if child == 0 {
            limit(RLIMIT_NPROC, sandbox.processes)
            limit(RLIMIT_FSIZE, sandbox.fileSize)
            limit(RLIMIT_CORE, 0)
            setenv("TMPDIR", folder + "/", 1)
            setenv("HOME", folder, 1)
            _ = chdir(folder)
            let arguments = ["/usr/bin/sandbox-exec", "-p", profile(sandbox, executable: program[0], folder: folder)] + program
            let pointers = arguments.map { strdup($0) } + [nil]
            execv(pointers[0], pointers)
            fail("exec sandbox-exec")
        }
        var status: Int32 = 0
        while child > 0 && waitpid(child, &status, 0) < 0 && errno == EINTR {}
        try? FileManager.default.removeItem(atPath: folder)
        if status & 0x7f != 0 {
            signal(status & 0x7f, SIG_DFL)
            kill(getpid(), status & 0x7f)
        }
        _exit((status >> 8) & 0xff)
    }

    static func profile(_ sandbox: Sandbox, executable: String, folder: String) -> String {
        func quoted(_ path: String) -> String {
            "\"" + path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        let readable = ["/usr", "/System", "/Library", "/private/etc", "/private/var/db/timezone", "/dev", folder]
            + sandbox.readOnlyPaths
        return """
        (version 1)
        (deny default)
        (allow process-fork)
        (allow process-exec)
        (allow process-info* (target self))
        (allow signal (target same-sandbox))
        (allow sysctl-read)
        (allow mach-lookup)
        (allow ipc-posix-shm)
        (allow file-read-metadata)
        (allow file-read* \(readable.map { "(subpath \(quoted($0)))" }.joined(separator: " ")) (literal \(quoted(executable))))
        (allow file-write* (subpath \(quoted(folder))) (literal "/dev/null"))
        \(sandbox.network ? "(allow network*)" : "")
        """
    }

    private static func limit(_ resource: Int32, _ value: Int) {
        var bound = rlimit(rlim_cur: rlim_t(value), rlim_max: rlim_t(value))
        _ = setrlimit(resource, &bound)
    }

    private static func fail(_ step: String) -> Never {
        FileHandle.standardError.write(Data("labrunner: sandbox: \(step): \(String(cString: strerror(errno)))\n".utf8))
        _exit(125)
    }
}
#endif
