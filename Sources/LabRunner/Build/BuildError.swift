/// Why a lab could not be built for reasons other than its own code.
enum BuildError: Error, CustomStringConvertible {
    case swiftcNotFound
    case swiftcNotExecutable(String)
    case swiftcFailed(String, reason: String)
    case buildDirectory(String)

    var description: String {
        switch self {
        case .swiftcNotFound:
            "swiftc not found on PATH; install a Swift 6 toolchain (swift.org/install) or set SWIFTC=/path/to/swiftc"
        case .swiftcNotExecutable(let path):
            "SWIFTC=\(path) is not an executable file; point SWIFTC at a swiftc binary or unset it to search PATH"
        case .swiftcFailed(let path, let reason):
            "\(path) failed: \(reason)"
        case .buildDirectory(let reason):
            "cannot create a private build folder: \(reason)"
        }
    }
}
