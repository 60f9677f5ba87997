/// How a sample's errors become its verdict's words: what the sample left open where swiftc
/// blamed the program's end, names only a listing declares, and the notes a reader can act on.
extension GuideRunner {
    /// The first unknown name of `errors` (all unknown names) that only listings of the file
    /// declare, with the line of the first such listing; nil when a program declares it too.
    func laterListingUse(_ errors: [Diagnostic], _ sample: Int) -> (name: String, line: Int)? {
        guard let names = ExcerptNames.unknownNames(in: errors.map(\.message)) else { return nil }
        for name in names {
            var listing: Int? = nil
            var declaredByProgram = false
            for index in plan.samples.indices where index != sample && plan.symbols[index].declaredNames.contains(name) {
                if case .listing = plan.samples[index].role { listing = listing ?? index } else { declaredByProgram = true }
            }
            if let listing, !declaredByProgram { return (name, plan.samples[listing].line) }
        }
        return nil
    }

    /// `errors` with those swiftc put in the program's own closing lines replaced by what the
    /// sample left open there: a bracket (`CellBracketCheck`, as for a lab's cell) or an `#if`
    /// without its `#endif`. swiftc's own error at the same place is not said twice.
    func blamingTheSample(_ errors: [Diagnostic], _ sample: Int) -> [Diagnostic] {
        let cell = plan.samples[sample].cell
        var found: [Diagnostic] = []
        if plan.symbols[sample].bracketProblem != nil {
            found = CellBracketCheck.diagnostics(for: cell, in: plan.lab, noun: "sample")
        } else if let directive = ConditionalBlocks.unclosed(plan.symbols[sample].tokens.lexed, in: plan.symbols[sample].code) {
            found = [Diagnostic(severity: .error, location: CellBracketCheck.location(of: directive, in: cell, of: plan.lab),
                                message: "'#if' is never closed by an '#endif' in this sample")]
        }
        guard let first = found.first else { return errors }
        let own = errors.filter { !$0.inPrelude }
        if own.contains(where: { $0.severity == .error && $0.location == first.location }) { return own }
        return own + found
    }

    /// `errors`, each unknown name followed by a note naming its module or the name it is a typo of.
    func withHints(_ errors: [Diagnostic]) -> [Diagnostic] {
        guard errors.contains(where: { ExcerptNames.unknownName($0.message) != nil }) else { return errors }
        return errors.flatMap { error in
            guard error.severity == .error, let hint = ExcerptNames.hint(for: error.message, declared: reachable.names) else { return [error] }
            return [error, Diagnostic(severity: .note, location: error.location, message: hint)]
        }
    }

    /// swiftc's error for a `/*` the sample never closes. A program is built from the sample's
    /// items, and a comment after the last one is no item's: the sample would pass, where a
    /// reader's copy does not compile.
    func unterminatedComment(_ sample: Int) -> Diagnostic? {
        let symbols = plan.symbols[sample]
        guard let last = symbols.tokens.lexed.last, last.kind == .blockComment || last.kind == .docBlockComment,
              !symbols.code[last.range].reversed().starts(with: [UInt8(ascii: "/"), UInt8(ascii: "*")]) || last.range.count < 4
        else { return nil }
        return Diagnostic(severity: .error, location: CellBracketCheck.location(of: last, in: plan.samples[sample].cell, of: plan.lab),
                          message: "unterminated '/*' comment")
    }
}
