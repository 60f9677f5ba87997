/// Reads the names a `let`/`var` declaration binds (`let x = 1, y: Int`, `let (a, b) = pair`),
/// and the cases an enum `case` line declares, from the steps of its item's level after the
/// keyword (`TokenTree.level`: a bracket group is one step).
enum BindingReader {
    struct Binding {
        var names: [String] = []
        /// The `{` of a computed property's accessors (a `{` before any `=`).
        var accessors: Int? = nil
    }

    /// Each binding's pattern (`ScopeBindings.pattern`), then its type annotation, initializer
    /// and accessors, up to the `,` before the next binding.
    static func read(_ tokens: SampleTokens, _ level: ArraySlice<Int>, in item: Range<Int>) -> Binding {
        var binding = Binding()
        var rest = level
        while let pattern = rest.first, tokens.kind(pattern) == .identifier || tokens.opens(pattern, .parenthesis) {
            binding.names += ScopeBindings.pattern(tokens, at: pattern, in: item).map { tokens.name($0) }
            rest = rest.dropFirst()
            var angle = 0
            var initialized = false
            var annotated = false
            while let index = rest.first {
                rest = rest.dropFirst()
                if tokens.opens(index, .brace), !initialized, binding.accessors == nil { binding.accessors = index }
                if tokens.tree.opens(index) { continue }
                if tokens.is(index, ":") { annotated = true }
                if tokens.is(index, "=") { initialized = true }
                // `let table: Dictionary<String, Int>, count = 0`: a `,` in generic arguments separates
                // no bindings. In the initializer, only a `<` or `>` touching what is before it is
                // one (`Pair<Int, String>()`); `a < b, c = 1` compares.
                if annotated || initialized, tokens.kind(index) == .operator, !initialized || !tokens.spaceBefore(index) {
                    angle += GenericDepth.change(tokens.text(index))
                }
                if tokens.is(index, ","), angle <= 0 { break }
            }
        }
        return binding
    }

    /// `case a, b(Int), c = 3`: the names after `case` and after each `,` of its level.
    static func caseNames(_ tokens: SampleTokens, _ level: ArraySlice<Int>) -> [String] {
        var names: [String] = []
        var expecting = true
        for index in level {
            if expecting, tokens.kind(index) == .identifier { names.append(tokens.name(index)) }
            expecting = tokens.is(index, ",")
        }
        return names
    }
}
