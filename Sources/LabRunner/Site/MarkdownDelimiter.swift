/// A run of `*` or `_` and CommonMark's emphasis rules over the runs of one paragraph.
struct MarkdownDelimiter {
    let character: Unicode.Scalar
    var count: Int
    let original: Int
    let canOpen: Bool
    let canClose: Bool

    /// The run of `count` at `index`, its flanking decided by the characters around it.
    init(_ s: [Unicode.Scalar], at index: Int, count: Int) {
        character = s[index]
        self.count = count
        original = count
        let before: Unicode.Scalar = index > 0 ? s[index - 1] : " "
        let after: Unicode.Scalar = index + count < s.count ? s[index + count] : " "
        let beforeSpace = before.properties.isWhitespace, afterSpace = after.properties.isWhitespace
        let beforePunct = Self.isPunctuation(before), afterPunct = Self.isPunctuation(after)
        let left = !afterSpace && (!afterPunct || beforeSpace || beforePunct)
        let right = !beforeSpace && (!beforePunct || afterSpace || afterPunct)
        if character == "_" {
            canOpen = left && (!right || beforePunct)
            canClose = right && (!left || afterPunct)
        } else {
            canOpen = left
            canClose = right
        }
    }

    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCIIPunctuation { return true }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }

    /// Pairs openers with closers (innermost first), inserting `<em>` and `<strong>` tags.
    static func resolve(_ input: [MarkdownInlines.Node]) -> [MarkdownInlines.Node] {
        var nodes = input
        var closer = 0
        while closer < nodes.count {
            guard case .delimiter(var close) = nodes[closer], close.canClose, close.count > 0 else { closer += 1; continue }
            var opener = closer - 1
            var found = false
            while opener >= 0 {
                if case .delimiter(let open) = nodes[opener], open.character == close.character, open.canOpen, open.count > 0 {
                    let oddMatch = (open.canClose || close.canOpen) && (open.original + close.original) % 3 == 0
                        && !(open.original % 3 == 0 && close.original % 3 == 0)
                    if !oddMatch { found = true; break }
                }
                opener -= 1
            }
            guard found, case .delimiter(var open) = nodes[opener] else { closer += 1; continue }
            let used = open.count >= 2 && close.count >= 2 ? 2 : 1
            open.count -= used
            close.count -= used
            nodes[opener] = .delimiter(open)
            nodes[closer] = .delimiter(close)
            // Runs between the pair can no longer match anything: they become text.
            for index in (opener + 1)..<closer {
                if case .delimiter(let run) = nodes[index] {
                    nodes[index] = .text(String(repeating: String(run.character), count: run.count))
                }
            }
            let tag = used == 2 ? "strong" : "em"
            nodes.insert(.html("</\(tag)>"), at: closer)
            nodes.insert(.html("<\(tag)>"), at: opener + 1)
            closer += 2
        }
        return nodes
    }
}
