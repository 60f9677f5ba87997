/// Says hello to one name, of any string type (Documentation/Greeter.md is its page).
public struct Greeter<Name: StringProtocol> {
    public let name: Name

    public init(_ name: Name) { self.name = name }

    public var text: String { greet(String(name)) }
}
