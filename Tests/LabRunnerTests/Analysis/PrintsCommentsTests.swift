import Testing
@testable import LabRunner

/// Which `// Prints` comments count, and what each states: excerpts written as the Swift book,
/// the standard library's documentation and Swift Evolution proposals write them.
struct PrintsCommentsTests {
    static func stated(_ code: String) -> [String] {
        PrintsComments.find(in: Array(code.utf8)).map { "\($0.line):\($0.quoted ? "q" : "u"):\($0.text)" }
    }

    /// One comment on its own: what it states (nil: it does not count).
    static let grammarExamples: [(comment: String, stated: String?)] = [
        (#"// Prints "Hello, world!""#, "Hello, world!"),
        (#"// Prints "true""#, "true"),
        (#"// Prints """#, ""),
        (#"// Prints "["Channing", "Douglas", "Evarts"]""#, #"["Channing", "Douglas", "Evarts"]"#),
        (#"// Prints "👨‍👨‍👧‍👦""#, "👨‍👨‍👧‍👦"),
        ("//   Prints\t\"tabs and spaces\"   ", "tabs and spaces"),
        ("// Prints 42", "42"),
        ("// Prints -1.5", "-1.5"),
        ("// Prints 1_000", "1_000"),
        ("// Prints 2.5e-3", "2.5e-3"),
        ("// Prints true", "true"),
        ("// Prints nil", "nil"),
        ("// Prints [1, 2, 3]", "[1, 2, 3]"),
        (#"// Prints ["a b": 1]"#, #"["a b": 1]"#),
        ("// Prints (3, \"x\")", "(3, \"x\")"),
        ("// Prints Optional(3)", "Optional(3)"),
        ("// Prints Point(x: 1.0, y: 2.0)", "Point(x: 1.0, y: 2.0)"),
        // Prose, not output.
        ("// Prints either 1 or 2, depending on the order", nil),
        (#"// Prints "test" twice"#, nil),
        (#"// Prints "John Appleseed, Engineer" too"#, nil),
        ("// Prints nothing", nil),
        ("// Prints 1 => 2", nil),
        ("// Prints:", nil),
        ("// Prints", nil),
        (#"// Prints "unclosed"#, nil),
        ("// Prints [1, 2] and more", nil),
        ("// Prints 0x1F", nil),
        (#"// prints "lowercase""#, nil),
        (#"//Prints "no space""#, nil),
        (#"// Printsx "glued""#, nil),
        (#"/// Prints "doc comment""#, nil),
        (#"/* Prints "block" */"#, nil),
        (#"//// Prints "banner""#, nil),
        // Several values, one a line (swift-async-algorithms' AsyncInterspersedSequence.swift:27):
        // the quotes do not say the lines, so it is prose; a list's `", "` stays one line.
        (#"// Prints "A" "-" "B" "-" "C""#, nil),
        (#"// Prints "a"  "b""#, nil),
        (#"// Prints "say "hi"""#, #"say "hi""#),
    ]

    @Test(arguments: grammarExamples) func grammar(_ example: (comment: String, stated: String?)) {
        let found = PrintsComments.find(in: Array(("print(x) " + example.comment + "\n").utf8))
        #expect(found.map(\.text) == (example.stated.map { [$0] } ?? []), "\(example.comment)")
    }

    @Test func quotedStaysQuotedAndValueRangeIsTheStatedText() throws {
        let code = Array((#"print("hi") // Prints "hi""# + "\nprint(1) // Prints 1\n").utf8)
        let found = PrintsComments.find(in: code)
        #expect(found.map(\.quoted) == [true, false])
        #expect(found.map { String(decoding: code[$0.valueRange], as: UTF8.self) } == ["hi", "1"])
        #expect(found.map(\.line) == [1, 2])
    }

    /// Where in a sample a comment counts: top-level code and its control-flow blocks, not bodies.
    static let placementExamples: [(code: String, stated: [String])] = [
        // The Swift book's control flow: top-level loops and conditions run in place.
        ("""
        let temperature = 30
        if temperature <= 32 {
            print("It's very cold.")
            // Prints "It's very cold."
        } else {
            print("It's not that cold.") // Prints "It's not that cold."
        }
        for index in 1...2 {
            print(index) // Prints 1
        }
        """, [#"4:q:It's very cold."#, #"6:q:It's not that cold."#, "9:u:1"]),
        // A function's body runs when it is called, perhaps never, perhaps twice.
        ("""
        func greet(person: String) -> String {
            let greeting = "Hello, " + person + "!"
            print(greeting) // Prints "Hello, Anna!"
            return greeting
        }
        print(greet(person: "Anna"))
        // Prints "Hello, Anna!"
        """, [#"7:q:Hello, Anna!"#]),
        // Types, extensions, accessors and closures.
        ("""
        struct Counter {
            var count = 0 {
                didSet { print(count) } // Prints 1
            }
            mutating func increment() {
                if count < 10 { count += 1 } // Prints 1
            }
        }
        extension Counter { func show() { print(count) /* Prints */ } // Prints 0
        }
        [1, 2].forEach { number in
            print(number) // Prints 1
        }
        let closure = {
            print("later") // Prints "later"
        }
        closure() // Prints "later"
        """, [#"17:q:later"#]),
        // A closure in a condition is not the condition's block; `repeat … while` has none.
        ("""
        if [1, 2].contains(where: { $0 > 1 // Prints 9
        }) {
            print("yes") // Prints "yes"
        }
        var n = 0
        repeat {
            n += 1 // Prints 3
        } while n < 3
        let doubled = [n].map { value in
            value * 2 // Prints 8
        }
        do {
            print(doubled) // Prints [6]
        } catch {
            print(error) // Prints "never"
        }
        defer {
            print("end") // Prints "end"
        }
        """, ["3:q:yes", "7:u:3", "13:u:[6]", "15:q:never"]),
        // Doc comments hold samples of their own; a `switch`'s cases run in place.
        ("""
        /// ```
        /// // Prints true
        /// ```
        /// // Prints true
        func isEven(_ n: Int) -> Bool { n % 2 == 0 }
        switch isEven(4) {
        case true: print("even") // Prints "even"
        case false: print("odd")
        }
        """, ["7:q:even"]),
        // String interpolations and multi-line strings are not code with comments.
        ("""
        let name = "x"
        print(\"\"\"
            // Prints "inside a string"
            \\(name)
            \"\"\") // Prints "    x"
        """, [#"5:q:    x"#]),
    ]

    @Test(arguments: placementExamples) func placement(_ example: (code: String, stated: [String])) {
        #expect(Self.stated(example.code) == example.stated)
    }

    /// A prose `// Prints` comment in top-level code: the output is not stated line by line, so
    /// none of the sample's comments count (SE-0153 says `// Prints "…" too`); prose in a body does not matter.
    @Test func proseAtTheTopLevelMeansNoCommentCounts() {
        let copying = """
        print( refJohnAppleseed ) // Prints "John Appleseed, Engineer"
        print( johnAppleseed )	  // Prints "John Appleseed, Engineer" too
        """
        #expect(Self.stated(copying) == [])
        #expect(Self.stated("print(1) // Prints 1\nrun() // Prints nothing\n") == [])
        #expect(Self.stated("print(1) // Prints 1\nfunc f() {\n    g() // Prints either 1 or 2\n}\n// Printsx\n") == ["1:u:1"])
    }

    /// The corpus's proposals, in their own words: the SE-0363 excerpt counts, SE-0304's doc comments do not.
    @Test func proposalsExcerpts() {
        let unicode = """
        let family = "👨‍👨‍👧‍👦"
        print(family.count == 1)
        // Prints "true"
        print(family.unicodeScalars.first!)
        // Prints "👨"
        """
        #expect(Self.stated(unicode) == ["3:q:true", "5:q:👨"])
        let task = """
        extension Task {
          /// Example:
          ///
          ///     /// Prints "1" OR "2"
          ///     await withTaskGroup(of: Int.self) { group in
          static func sleep() async {}
        }
        """
        #expect(Self.stated(task) == [])
    }
}
