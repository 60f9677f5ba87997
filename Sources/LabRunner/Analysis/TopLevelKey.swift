/// What an item occupies at the top level of a program: two items of a program with the same key
/// clash, and a sample whose code refers to a key another sample gives must not share its program.
package enum TopLevelKey: Sendable, Hashable, CustomStringConvertible {
    /// A name the item declares (a type, a function, a binding, an operator).
    case name(String)
    /// A member an extension adds to `type`: `Point.description`.
    case member(type: String, name: String)
    /// A conformance an extension adds: `Point: CustomStringConvertible`.
    case conformance(type: String, protocol: String)
    /// A conformance added to `type`, which the program does not declare: it changes code that
    /// never names it, so it reaches every sample (see `SampleBatches`).
    case retroactive(type: String)

    /// As written in Swift: `Point`, `Point.description`, `Point: CustomStringConvertible`, `retroactive Point`.
    package var description: String {
        switch self {
        case .name(let name): name
        case .member(let type, let name): "\(type).\(name)"
        case .conformance(let type, let conformance): "\(type): \(conformance)"
        case .retroactive(let type): "retroactive \(type)"
        }
    }
}
