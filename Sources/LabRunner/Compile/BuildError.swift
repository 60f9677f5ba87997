/// Why a lab could not be built for reasons other than its own code.
///
/// Every case describes itself in one line naming the swiftc path; what swiftc printed, if
/// anything, is kept apart in `output` so a report can show its last lines below that line.
package enum BuildError: Error, CustomStringConvertible {
    case swiftcNotFound
    /// `SWIFTC` names nothing (no such file, or a bare name not on PATH).
    case swiftcMissing(String)
    /// `SWIFTC` names a folder, or a file without execute permission.
    case swiftcNotExecutable(String)
    /// swiftc started but ended without a verdict on the lab: killed by a signal, or a failure
    /// status with no error message to show.
    case swiftcFailed(String, reason: String, output: String = "")
    case buildDirectory(String)

    package var description: String {
        switch self {
        case .swiftcNotFound:
            "swiftc not found on PATH; install a Swift 6 toolchain (swift.org/install) or set SWIFTC=/path/to/swiftc"
        case .swiftcMissing(let path):
            "SWIFTC=\(path): no such file; point SWIFTC at a swiftc binary or unset it to search PATH"
        case .swiftcNotExecutable(let path):
            "SWIFTC=\(path) is not an executable file; point SWIFTC at a swiftc binary or unset it to search PATH"
        case .swiftcFailed(let path, let reason, _):
            "swiftc \(path) \(reason); the file was not checked"
        case .buildDirectory(let reason):
            "cannot create a private build folder: \(reason)"
        }
    }

    /// What swiftc printed, when it failed after starting.
    var output: String {
        if case .swiftcFailed(_, _, let output) = self { return output }
        return ""
    }
}
