/// Reads the names a `let`/`var` declaration binds (`let x = 1, y: Int`, `let (a, b) = pair`),
/// and the cases an enum `case` line declares.
enum BindingReader {
    struct Binding {
        var names: [String] = []
        /// The `{` of a computed property's accessors (a `{` before any `=`).
        var accessors: Int? = nil
    }

    static func read(_ tokens: SampleTokens, from start: Int, to end: Int) -> Binding {
        var binding = Binding()
        var index = start
        while index < end {
            if tokens.is(index, "(") {
                let close = min(tokens.after(index), end)
                for inner in (index + 1)..<max(index + 1, close - 1)
                where tokens.kind(inner) == .identifier && !tokens.is(inner + 1, ":") && tokens.text(inner) != "_" {
                    binding.names.append(tokens.name(inner))
                }
                index = close
            } else if tokens.kind(index) == .identifier {
                if tokens.text(index) != "_" { binding.names.append(tokens.name(index)) }
                index += 1
            } else {
                break
            }
            // The type annotation, initializer and accessors, up to the `,` of the next binding.
            var angle = 0
            var initialized = false
            var annotated = false
            while index < end {
                if tokens.is(index, "{") {
                    if !initialized, binding.accessors == nil { binding.accessors = index }
                    index = tokens.after(index)
                    continue
                }
                if tokens.tree.opens(index) {
                    index = tokens.after(index)
                    continue
                }
                if tokens.is(index, ":") { annotated = true }
                if tokens.is(index, "=") { initialized = true }
                if annotated, !initialized, tokens.kind(index) == .operator { angle += GenericDepth.change(tokens.text(index)) }
                index += 1
                if tokens.is(index - 1, ","), angle <= 0 { break }
            }
        }
        return binding
    }

    /// `case a, b(Int), c = 3`: the names after `case` and after each top-level `,`.
    static func caseNames(_ tokens: SampleTokens, from start: Int, to end: Int) -> [String] {
        var names: [String] = []
        var expecting = true
        var index = start
        while index < end {
            if expecting, tokens.kind(index) == .identifier { names.append(tokens.name(index)) }
            expecting = tokens.is(index, ",")
            index = tokens.after(index)
        }
        return names
    }
}
