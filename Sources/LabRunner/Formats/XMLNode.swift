/// A minimal XML element tree, rendered with two-space indentation and everything escaped.
struct XMLNode: Sendable {
    let name: String
    var attributes: [(String, String)]
    var children: [XMLNode]
    /// Character content; an element has either text or children.
    var text: String?

    init(_ name: String, _ attributes: [(String, String)] = [], children: [XMLNode] = [], text: String? = nil) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    func rendered(indent: String = "") -> [String] {
        let open = "<" + name + attributes.map { " \($0.0)=\"\(XMLEscaping.attribute($0.1))\"" }.joined()
        if let text {
            return [indent + open + ">" + XMLEscaping.text(text) + "</\(name)>"]
        }
        if children.isEmpty { return [indent + open + "/>"] }
        return [indent + open + ">"] + children.flatMap { $0.rendered(indent: indent + "  ") } + [indent + "</\(name)>"]
    }
}
