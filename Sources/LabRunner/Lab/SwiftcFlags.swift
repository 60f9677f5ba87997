/// The `swiftc-flags` front matter value: words split at spaces and tabs, quotes (`"…"` or `'…'`,
/// no escapes) grouping what holds a space, and only flags that change how code is compiled.
///
/// A lab is shared, and a guide may only be compiled, never run: flags that choose where swiftc
/// writes (`-o`, `-emit-*`, `-index-store-path`), hand arguments on unchecked (`-Xlinker`,
/// `-Xfrontend`, `@responsefile`), load code into the compiler (plugins), or change what swiftc
/// produces (`-c`, `-typecheck`) would let a document write files or fool the cache.
enum SwiftcFlags {
    /// Flags that stand alone.
    static let switches: Set<String> = [
        "-O", "-Onone", "-Osize", "-Ounchecked", "-g", "-gnone", "-gline-tables-only", "-gdwarf-types",
        "-warnings-as-errors", "-no-warnings-as-errors", "-suppress-warnings", "-suppress-remarks",
        "-warn-concurrency", "-warn-implicit-overrides", "-require-explicit-sendable", "-require-explicit-availability",
        "-enable-actor-data-race-checks", "-disable-actor-data-race-checks", "-enable-bare-slash-regex",
        "-strict-memory-safety", "-enable-testing", "-static-stdlib", "-no-static-stdlib",
    ]
    /// Flags followed by a value, as the next word (`-D DEBUG`) or, for the one-letter ones, joined (`-DDEBUG`).
    static let withValue: Set<String> = [
        "-D", "-I", "-L", "-F", "-Fsystem", "-Isystem", "-l", "-framework", "-sdk",
        "-enable-upcoming-feature", "-disable-upcoming-feature", "-enable-experimental-feature", "-disable-experimental-feature",
        "-Werror", "-Wwarning",
    ]
    /// Flags written `-name=value`.
    static let withEquals: Set<String> = ["-strict-concurrency", "-enforce-exclusivity", "-cxx-interoperability-mode"]
    static let joinable = ["-D", "-I", "-L", "-F", "-l"]

    /// Every allowed spelling, for "did you mean" and the docs.
    static var allowed: [String] { (switches.union(withValue).union(withEquals.map { $0 + "=" })).sorted() }

    /// A word of the value and its UTF-8 offset in it.
    struct Word: Equatable {
        let text: String
        let offset: Int
    }

    /// Why the value is refused, at a UTF-8 offset of the value.
    struct Refusal: Error, Equatable {
        let offset: Int
        let flag: String
        let reason: String
        let suggestion: String?
    }

    /// The arguments `value` stands for, or why it is refused.
    static func parse(_ value: String) throws(Refusal) -> [String] {
        let words = try split(value)
        var arguments: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            let flag = word.text
            if let reason = refusal(of: flag) {
                throw Refusal(offset: word.offset, flag: flag, reason: reason, suggestion: nil)
            }
            if switches.contains(flag) {
                arguments.append(flag)
            } else if withValue.contains(flag) {
                guard index + 1 < words.count, !words[index + 1].text.hasPrefix("-"), !words[index + 1].text.isEmpty else {
                    throw Refusal(offset: word.offset, flag: flag, reason: "it needs a value after it", suggestion: nil)
                }
                let value = words[index + 1]
                try check(value: value.text, of: flag, at: value.offset)
                arguments += [flag, value.text]
                index += 1
            } else if let equals = flag.firstIndex(of: "="), withEquals.contains(String(flag[..<equals])),
                      flag.index(after: equals) < flag.endIndex {
                arguments.append(flag)
            } else if let joined = joinable.first(where: { flag.hasPrefix($0) && flag.count > $0.count }) {
                try check(value: String(flag.dropFirst(joined.count)), of: joined, at: word.offset)
                arguments.append(flag)
            } else {
                let name = flag.split(separator: "=", maxSplits: 1).first.map(String.init) ?? flag
                let reason = flag.hasPrefix("-")
                    ? "it is not one of the flags that change how code is compiled"
                    : "it is not a flag (swiftc would read it as another file to compile)"
                throw Refusal(offset: word.offset, flag: flag, reason: reason,
                              suggestion: flag.hasPrefix("-") ? EditDistance.closest(to: name, in: allowed) : nil)
            }
            index += 1
        }
        return arguments
    }

    /// The reason a flag swiftc knows is refused, for the ones people reach for.
    private static func refusal(of flag: String) -> String? {
        if flag.hasPrefix("@") { return "swiftc would read more arguments from that file (a response file)" }
        if flag.hasPrefix("-X") { return "it hands arguments on to another tool unchecked" }
        if flag.hasPrefix("-emit-") || flag.hasPrefix("-dump-") || flag.hasPrefix("-print-") {
            return "it changes what swiftc writes, and where; labrunner decides that"
        }
        switch flag {
        case "-o", "-index-store-path", "-module-cache-path", "-output-file-map", "-serialize-diagnostics-path",
             "-pch-output-dir", "-working-directory", "-save-temps", "-tools-directory":
            return "it decides where swiftc writes files or which tools it runs"
        case "-load-plugin-library", "-load-plugin-executable", "-plugin-path", "-external-plugin-path", "-load-pass-plugin":
            return "it loads code into the compiler"
        case "-c", "-typecheck", "-parse", "-resolve-imports", "-version", "--version", "-v", "-help", "--help", "-h",
             "-repl", "-i", "-interpret", "-frontend", "-parse-as-library", "-###", "-driver-print-jobs":
            return "it changes what swiftc does; labrunner decides that"
        case "-swift-version", "-language-mode":
            return "set the swift-version key instead"
        case "-module-name":
            return "a lab's module is always named main"
        default:
            return nil
        }
    }

    /// Conditional compilation names are identifiers; other values may be anything but another
    /// flag or a response file.
    private static func check(value: String, of flag: String, at offset: Int) throws(Refusal) {
        if value.hasPrefix("@") {
            throw Refusal(offset: offset, flag: value, reason: "swiftc would read more arguments from that file (a response file)", suggestion: nil)
        }
        guard flag == "-D" else { return }
        let isIdentifier = value.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } == true
            && value.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        if !isIdentifier {
            throw Refusal(offset: offset, flag: "-D" + value, reason: "a condition defined with -D is a name (letters, digits and _)", suggestion: nil)
        }
    }

    /// Words separated by spaces and tabs; a quoted part (`"…"` or `'…'`) keeps its spaces and
    /// loses its quotes (`-I "My Headers"`, `-I'a b'`). An unclosed quote is refused.
    static func split(_ value: String) throws(Refusal) -> [Word] {
        var words: [Word] = []
        var current = ""
        var start: Int? = nil
        var quote: (character: Character, offset: Int)? = nil
        var offset = 0
        for character in value {
            defer { offset += character.utf8.count }
            if let open = quote {
                if character == open.character { quote = nil } else { current.append(character) }
            } else if character == " " || character == "\t" {
                if let begun = start { words.append(Word(text: current, offset: begun)) }
                current = ""
                start = nil
            } else {
                if start == nil { start = offset }
                if character == "\"" || character == "'" { quote = (character, offset) } else { current.append(character) }
            }
        }
        if let open = quote {
            throw Refusal(offset: open.offset, flag: String(open.character), reason: "this quote is never closed", suggestion: nil)
        }
        if let begun = start { words.append(Word(text: current, offset: begun)) }
        return words
    }
}
