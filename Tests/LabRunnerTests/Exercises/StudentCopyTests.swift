import Testing
@testable import LabRunner

/// The students' copy changes only what it must, byte for byte.
struct StudentCopyTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let key: String
        let copy: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a solution region keeps its stub",
             key: "<!-- labrunner: exercise id=a -->\n```swift\nfunc f() -> Int {\n    #if SOLUTION\n    return 1\n    #else\n    return 0\n    #endif\n}\n```\n```output\n```\n",
             copy: "<!-- labrunner: exercise id=a -->\n```swift\nfunc f() -> Int {\n    return 0\n}\n```\n```output\n```\n"),
        Case(name: "CRLF line endings stay",
             key: "<!-- labrunner: exercise id=a -->\r\n```swift\r\n#if SOLUTION\r\nlet x = 1\r\n#else\r\nlet x = 0\r\n#endif\r\n```\r\n",
             copy: "<!-- labrunner: exercise id=a -->\r\n```swift\r\nlet x = 0\r\n```\r\n"),
        Case(name: "a hidden check goes with its directive and outputs",
             key: "<!-- labrunner: exercise id=a -->\n```swift\n#if SOLUTION\nlet x = 1\n#else\nlet x = 0\n#endif\n```\n\n<!-- labrunner: hidden -->\n```swift\nprint(x)\n```\n```output\n1\n```\nend\n",
             copy: "<!-- labrunner: exercise id=a hidden=1 -->\n```swift\nlet x = 0\n```\n\nend\n"),
        Case(name: "a hidden check by info string, in a block quote",
             key: "<!-- labrunner: exercise id=a -->\n> ```swift\n> #if SOLUTION\n> let x = 1\n> #else\n> let x = 0\n> #endif\n> ```\n\n```swift hidden\nprint(x)\n```\n",
             copy: "<!-- labrunner: exercise id=a hidden=1 -->\n> ```swift\n> let x = 0\n> ```\n\n"),
        // Issue 35: the copy says how many hidden checks it left out (a student's run names them),
        // replacing a count the key already gave.
        Case(name: "a hidden count already there is replaced",
             key: "<!-- labrunner: exercise id=a hidden=7 points=2 -->\n```swift\n#if SOLUTION\nlet x = 1\n#else\nlet x = 0\n#endif\n```\n```swift hidden\nprint(x)\n```\n```swift hidden\nprint(x)\n```\n",
             copy: "<!-- labrunner: exercise id=a hidden=2 points=2 -->\n```swift\nlet x = 0\n```\n"),
        Case(name: "a directive without a space before its end",
             key: "<!-- labrunner: exercise id=a-->\n```swift\n#if SOLUTION\nlet x = 1\n#else\nlet x = 0\n#endif\n```\n```swift hidden\nprint(x)\n```\n",
             copy: "<!-- labrunner: exercise id=a hidden=1 -->\n```swift\nlet x = 0\n```\n"),
        // Issue 38: every way of writing a solution region the compiler accepts is one.
        Case(name: "#if !SOLUTION keeps its own branch",
             key: "<!-- labrunner: exercise id=a -->\n```swift\n#if !SOLUTION\nlet x = 0\n#else\nlet x = 1 // secret\n#endif\n```\n",
             copy: "<!-- labrunner: exercise id=a -->\n```swift\nlet x = 0\n```\n"),
        Case(name: "#elseif SOLUTION after another flag",
             key: "<!-- labrunner: exercise id=a -->\n```swift\n#if DEBUG\nlet x = 2\n#elseif SOLUTION\nlet x = 1 // secret\n#else\nlet x = 0\n#endif\n```\n",
             copy: "<!-- labrunner: exercise id=a -->\n```swift\nlet x = 0\n```\n"),
        Case(name: "#if (SOLUTION) with a comment",
             key: "<!-- labrunner: exercise id=a -->\n```swift\n#if (SOLUTION) // the answer\nlet x = 1 // secret\n#else\nlet x = 0\n#endif\n```\n",
             copy: "<!-- labrunner: exercise id=a -->\n```swift\nlet x = 0\n```\n"),
        Case(name: "#if true && SOLUTION, and a platform test it does not depend on",
             key: "<!-- labrunner: exercise id=a -->\n```swift\n#if true && SOLUTION\nlet x = 1 // secret\n#elseif os(Linux) && SOLUTION\nlet x = 3 // secret\n#else\nlet x = 0\n#endif\n```\n",
             copy: "<!-- labrunner: exercise id=a -->\n```swift\nlet x = 0\n```\n"),
        Case(name: "a region nested in a stub, and one inside a solution",
             key: "<!-- labrunner: exercise id=a -->\n```swift\n#if SOLUTION\n#if !SOLUTION\nlet y = 9\n#endif\nlet x = 1 // secret\n#else\n#if DEBUG\n#if SOLUTION || false\nlet x = 2 // secret\n#else\nlet x = 0\n#endif\n#endif\n#endif\n```\n",
             copy: "<!-- labrunner: exercise id=a -->\n```swift\n#if DEBUG\nlet x = 0\n#endif\n```\n"),
        Case(name: "a lab without exercises is unchanged",
             key: "# Title\n```swift\nprint(1)\n```\n```output\n1\n```",
             copy: "# Title\n```swift\nprint(1)\n```\n```output\n1\n```"),
    ]

    @Test(arguments: cases)
    func theCopyIsTheKeyWithSolutionsAndHiddenChecksRemoved(_ example: Case) throws {
        let lab = try LabParser.parse(bytes: Array(example.key.utf8), path: "lab.md")
        let copy = StudentCopy.bytes(of: lab)
        #expect(String(decoding: copy, as: UTF8.self) == example.copy)
        // The copy is a lab with the same exercises and no solutions.
        let student = try LabParser.parse(bytes: copy, path: "lab.md")
        #expect(student.exercises.map(\.id) == lab.exercises.map(\.id))
        #expect(!student.hasSolutions)
        #expect(student.exercises.map(\.announcedHiddenCells) == lab.exercises.map { exercise in lab.cells(of: exercise).filter(\.isHidden).count })
    }
}
