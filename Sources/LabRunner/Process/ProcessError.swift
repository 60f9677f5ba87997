#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Why a child could not be started. Only spawn failures are errors: once the child
/// runs, whatever it does is reported in a `ProcessResult`. Messages in swiftc's style
/// (lowercase, no final period), as every message of the tool.
enum ProcessError: Error, CustomStringConvertible {
    /// Nothing at that path (or the path is not absolute, which we refuse rather than guess a directory).
    case notFound(String)
    /// Something is there but it cannot be executed (a directory, no execute permission, not a program).
    case notExecutable(String)
    /// Any other failure to start, with the `errno` the system gave.
    case spawnFailed(String, errno: Int32)

    var description: String {
        switch self {
        case .notFound(let path) where !path.hasPrefix("/"):
            return "cannot run \(path): an absolute path to the executable is required"
        case .notFound(let path):
            return "cannot run \(path): no such file"
        case .notExecutable(let path):
            return "cannot run \(path): it is not an executable program (or lacks execute permission)"
        case .spawnFailed(let path, let code):
            return "could not start \(path): \(String(cString: strerror(code))) (errno \(code))"
        }
    }
}
