import CSys
import SysLog

/// A file descriptor:
///
///     let descriptor = FileDescriptor(rawValue: 7)
///     print(descriptor.isStandard)
///     // Prints "false"
public struct FileDescriptor: Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public var isStandard: Bool { csys_is_standard(rawValue) != 0 }

    /// Says what it is, with the logger of the module this one depends on:
    ///
    ///     FileDescriptor(rawValue: 1).describe(to: Logger(label: "fd"))
    ///     // Prints "fd: descriptor 1 (standard)"
    public func describe(to logger: Logger) {
        logger.log("descriptor \(rawValue)" + (isStandard ? " (standard)" : ""))
    }
}
