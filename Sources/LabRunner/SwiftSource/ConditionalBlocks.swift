/// `#if` … `#endif` blocks in lexed code: which one a sample leaves open. swiftc reports a missing
/// `#endif` where the file ends, which in a program of several samples is the tool's own code.
package enum ConditionalBlocks {
    /// The first `#if` whose `#endif` never comes, if any.
    package static func unclosed(_ lexed: [Token], in bytes: [UInt8]) -> Token? {
        var open: [Token] = []
        for token in lexed where token.kind == .directive {
            switch String(decoding: bytes[token.range], as: UTF8.self) {
            case "#if": open.append(token)
            case "#endif": _ = open.popLast()
            default: break
            }
        }
        return open.first
    }
}
