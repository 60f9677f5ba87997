/// Prints messages with a label:
///
///     Logger(label: "app").log("started")
///     // Prints "app: started"
public struct Logger: Sendable {
    public let label: String
    public init(label: String) { self.label = label }
    public func log(_ message: String) { print("\(label): \(message)") }
}
