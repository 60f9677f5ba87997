/// Reads what a declaration holds: the members a type or extension declares, and the bodies a
/// declaration lacks (a `func` without `{…}`, `var x: Int { get }`), its members' included.
/// A protocol's members are requirements, so they need no bodies.
enum BodyReader {
    struct Contents {
        var memberNames: [String] = []
        var missingBodies: [MissingBody] = []
    }

    static func read(_ tokens: SampleTokens, _ item: OutlineItem) -> Contents {
        var contents = Contents()
        let head = item.head
        guard let kind = head.kind else { return contents }
        switch kind {
        case .func, .initializer, .deinitializer, .subscript:
            // A `func` without a name is unfinished code, not a listing line.
            if head.body == nil || head.accessorRequirement != nil, kind != .func || !head.names.isEmpty {
                contents.missingBodies.append(missing(tokens, head))
            }
        case .let, .var:
            if head.accessorRequirement != nil { contents.missingBodies.append(missing(tokens, head)) }
        case .struct, .class, .enum, .actor, .extension, .protocol:
            guard head.body != nil else {
                guard !head.names.isEmpty || head.extendedType != nil else { return contents }
                // `struct Point: Equatable` alone: an outline, not a declaration Swift accepts.
                contents.missingBodies.append(MissingBody(declaration: title(tokens, head), line: tokens.tokens[head.keyword].line))
                return contents
            }
            // Nil when nested too deep to be read.
            guard let members = item.flattenedMembers else { return contents }
            for member in members {
                guard let memberKind = member.head.kind else { continue }
                switch memberKind {
                case .initializer: contents.memberNames.append("init")
                case .subscript: contents.memberNames.append("subscript")
                default: contents.memberNames += member.head.names
                }
                if kind != .protocol {
                    contents.missingBodies += read(tokens, member).missingBodies
                }
            }
        default:
            break
        }
        return contents
    }

    private static func missing(_ tokens: SampleTokens, _ head: DeclarationHead) -> MissingBody {
        var body = MissingBody(declaration: title(tokens, head), line: tokens.tokens[head.keyword].line)
        if let brace = head.accessorRequirement, let end = tokens.tree.closer(of: brace) {
            body.requirementAccessors = tokens.tokens[brace].range.lowerBound..<tokens.tokens[end].range.upperBound
        }
        return body
    }

    /// `func zip`, `init`, `var count`, `subscript`: the keyword and the first name.
    private static func title(_ tokens: SampleTokens, _ head: DeclarationHead) -> String {
        let keyword = tokens.text(head.keyword)
        guard let name = head.names.first ?? head.extendedType else { return keyword }
        return "\(keyword) \(name)"
    }
}
