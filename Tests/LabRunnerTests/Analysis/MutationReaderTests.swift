import Testing
@testable import LabRunner

/// What a top-level statement changes, for the reader's session (`ContextResolver`): the Swift
/// book's collection samples, and what only reads.
struct MutationReaderTests {
    @Test(arguments: [
        // The Swift book, "Collection Types".
        ("fruits[1] = \"grapes\"", ["fruits"]),
        ("fruits.append(\"kiwi\")", ["fruits"]),
        ("shoppingList += [\"Baking Powder\"]", ["shoppingList"]),
        ("shoppingList[4...6] = [\"Bananas\", \"Apples\"]", ["shoppingList"]),
        ("shoppingList.insert(\"Maple Syrup\", at: 0)", ["shoppingList"]),
        ("airports[\"LHR\"] = \"London\"", ["airports"]),
        ("namesOfIntegers = [:]", ["namesOfIntegers"]),
        ("favoriteGenres.remove(\"Rock\")", ["favoriteGenres"]),
        // "Automatic Reference Counting".
        ("reference1 = Person(name: \"John Appleseed\")", ["reference1"]),
        ("john!.apartment = unit4A", ["john"]),
        ("john?.residence?.address = someAddress", ["john"]),
        // Through a loop, a closure, inout, try and await, trailing closures.
        ("for i in 1...3 {\n    total += i\n}", ["total"]),
        ("names.forEach { seen.insert($0) }", ["names", "seen"]),
        ("swap(&a, &b)", ["a", "b"]),
        ("try store.save()", ["store"]),
        ("await counter.increment()", ["counter"]),
        ("scores.sort { $0 > $1 }", ["scores"]),
        ("manager.data.append(\"Some data\")", ["manager"]),
        // Reads only.
        ("print(fruits)", []),
        ("print(fruits.sorted())", []),
        ("fruits.sorted().forEach { print($0) }", []),
        ("if fruits == other { print(1) }", []),
        ("for fruit in fruits.reversed() {\n    print(fruit)\n}", []),
        ("let count = fruits.count", []),
        ("if let first = first { print(first) }", []),
        ("print(a & b)", []),
    ])
    func mutated(statement: String, names: [String]) {
        let items = SampleSymbols(code: statement).items
        #expect(items.count == 1)
        #expect(items.first?.mutates == Set(names), "\(statement)")
    }

    /// A declaration is not a statement: `let x = fruits.removeLast()` is left to the sample.
    @Test func aDeclarationChangesNothingHere() {
        #expect(SampleSymbols(code: "var total = 0\ntotal += 1").items.map(\.mutates) == [[], ["total"]])
    }

    @Test(arguments: [
        ("Task {\n    print(\"Hello Guest\")\n}", true),
        ("Task.detached {\n    await work()\n}", true),
        ("Task(priority: .background) { await work() }", true),
        ("Task { await work() }.cancel()", false),
        ("let task = Task { 1 }", true),
        ("var handle: Task<Int, Never> = Task.detached { 1 }", true),
        ("let (a, b) = (Task { 1 }, 2)", false),
        ("let value = Task { 1 }.value", false),
        ("Tasks { }", false),
    ])
    func aStatementStartingATask(statement: String, starts: Bool) {
        #expect(SampleSymbols(code: statement).items.first?.startsTask == starts, "\(statement)")
    }
}
