import Testing
@testable import LabRunner

/// The reader's session (`ContextResolver`): a `let` or `var` given to a sample that runs brings
/// the earlier statements that changed it, in source order, as the reader ran them.
struct ReaderSessionTests {
    /// Every sample runs here.
    static func dump(_ codes: [String], directives: [Int: ContextDirective] = [:]) -> String {
        ContextResolverTests.dump(codes, directives: directives, runs: Set(codes.indices))
    }

    /// A sample only compiled does not depend on what ran before it: it gets declarations only,
    /// so no name is pinned to the top level of a shared program for it.
    @Test func aSampleOnlyCompiledGetsNoStatements() {
        #expect(ContextResolverTests.dump(["var log: [String] = []", "log.append(\"a\")", "print(log)"], runs: [1]) == """
            #1:
              var log #0:1: uses log
            #2:
              var log #0:1: uses log
            """)
    }

    /// The Swift book's "Collection Types": `fruits[1] = "grapes"` in one sample, `append` and
    /// `print` in the next.
    @Test func aStatementChangingAGivenVariableComesAfterItsDeclaration() {
        #expect(Self.dump([
            "var fruits = [\"apple\", \"banana\", \"cherry\"]\nprint(fruits.count)",
            "fruits[1] = \"grapes\"",
            "fruits.append(\"kiwi\")\nprint(fruits)",
        ]) == """
            #1:
              var fruits #0:1: uses fruits
            #2:
              var fruits #0:1: uses fruits
              statement #1:1: mutates fruits
            """)
    }

    /// "Automatic Reference Counting": the last sample needs `reference3 = reference1`, which needs
    /// `reference1`, with the statements that changed it; `reference2` is not used, so neither is
    /// `reference2 = reference1`. The earlier `print`s are not given.
    @Test func statementsBringWhatTheyUseAndTheirOwnChanges() {
        #expect(Self.dump([
            "class Person { init() { print(\"init\") } }",
            "var reference1: Person?\nvar reference2: Person?\nvar reference3: Person?",
            "reference1 = Person()\nprint(\"made\")",
            "reference2 = reference1\nreference3 = reference1",
            "reference1 = nil\nreference2 = nil",
            "reference3 = nil",
        ]).components(separatedBy: "#5:\n").last == """
              class Person #0:1: uses Person (used by var reference3 #1:3)
              var reference1 #1:1: uses reference1 (used by statement #3:2)
              var reference3 #1:3: uses reference3
              statement #2:1: mutates reference1
              statement #3:2: mutates reference3
              statement #4:1: mutates reference1
            """)
    }

    /// In source order among the declarations: `let doubled` sees `total` as changed before it.
    @Test func statementsKeepTheirPlaceAmongDeclarations() {
        #expect(Self.dump([
            "var total = 0",
            "total += 5",
            "let doubled = total * 2",
            "print(doubled)",
        ]).components(separatedBy: "#3:\n").last == """
              var total #0:1: uses total (used by let doubled #2:1)
              statement #1:1: mutates total
              let doubled #2:1: uses doubled
            """)
    }

    /// Never a statement before the declaration given, nor one changing a variable the sample
    /// declares itself, nor one using a name the sample declares (it would come after it here).
    @Test func onlyStatementsThatCouldRunBeforeTheSample() {
        #expect(Self.dump([
            "var count = 0",
            "count += 1",
            "var count = 10",
            "count += 2",
            "print(count)",
        ]).components(separatedBy: "#4:\n").last == """
              var count #2:1: uses count
              statement #3:1: mutates count
            """)
        #expect(Self.dump([
            "var count = 0",
            "count += 1",
            "var count = 1\nprint(count)",
        ]).components(separatedBy: "#2:\n").count == 1)
        #expect(Self.dump([
            "var items: [Int] = []\nlet step = 1",
            "items.append(step)",
            "let step = 2\nprint(items, step)",
        ]).components(separatedBy: "#2:\n").last == """
              var items #0:1: uses items
            """)
    }

    /// A sample marked `fresh` gets nothing; a fresh sample's statements change only what it declares.
    @Test func freshSamplesAreApart() {
        #expect(Self.dump([
            "var fruits = [\"apple\"]",
            "fruits.append(\"kiwi\")",
            "print(fruits)",
        ], directives: [2: .fresh]).components(separatedBy: "#2:").count == 1)
        #expect(Self.dump([
            "var fruits = [\"apple\"]",
            "var fruits = [\"pear\"]\nfruits.append(\"kiwi\")",
            "fruits.append(\"fig\")",
            "print(fruits)",
        ], directives: [1: .fresh]).components(separatedBy: "#3:\n").last == """
              var fruits #1:1: uses fruits
              statement #1:2: mutates fruits
              statement #2:1: mutates fruits
            """)
    }

    /// The Swift book's "Type Properties", split: a static property set in one sample is read in
    /// the next. A type given brings the statements that change its static state.
    @Test func aStaticPropertyChangedEarlierComesWithItsType() {
        #expect(Self.dump([
            "struct SomeStructure {\n    static var storedTypeProperty = \"Some value.\"\n}",
            "SomeStructure.storedTypeProperty = \"Another value.\"",
            "print(SomeStructure.storedTypeProperty)",
        ]).components(separatedBy: "#2:\n").last == """
              struct SomeStructure #0:1: uses SomeStructure
              statement #1:1: mutates SomeStructure
            """)
    }

    /// A listing's statements give nothing.
    @Test func aListingsStatementsAreNotRun() {
        #expect(Self.dump([
            "var fruits = [\"apple\"]",
            "fruits.append(<#fruit#>)",
            "print(fruits)",
        ]).components(separatedBy: "#2:\n").last == """
              var fruits #0:1: uses fruits
            """)
    }
}
