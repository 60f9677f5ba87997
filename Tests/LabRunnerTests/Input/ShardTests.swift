import Testing
@testable import LabRunner

struct ShardTests {
    @Test(arguments: ["1/1", "2/3", "3/3", "10/10"])
    func validShards(text: String) throws {
        let shard = try #require(Shard(text))
        #expect("\(shard.index)/\(shard.count)" == text)
    }

    @Test(arguments: ["0/3", "4/3", "1/0", "a/b", "1", "1/2/3", "-1/2", ""])
    func invalidShards(text: String) {
        #expect(Shard(text) == nil)
    }

    @Test(arguments: [1, 2, 3, 5, 8, 40])
    func shardsPartitionEveryLabExactlyOnceAndBalanced(count: Int) {
        let paths = (0..<37).map { "Labs/lab\(($0 * 7919) % 101).md" }.shuffled()
        let shards = (1...count).map { Shard("\($0)/\(count)")!.select(paths) }
        let union = shards.flatMap { $0 }
        #expect(union.sorted() == paths.sorted())
        #expect(Set(union).count == paths.count)
        let sizes = shards.map(\.count)
        #expect(sizes.max()! - sizes.min()! <= 1)
    }

    @Test func theSplitDoesNotDependOnInputOrder() {
        let paths = ["b.md", "a.md", "d/c.md", "e.md"]
        let shard = Shard("1/2")!
        #expect(shard.select(paths) == shard.select(paths.reversed()))
        #expect(shard.select(paths) == ["a.md", "d/c.md"])
    }

    /// Files in path order, each to the lightest shard (then the one with fewer files): a heavy
    /// lab fills its shard while the other takes the rest; READMEs (weight 0) are spread too.
    @Test(arguments: [
        ([("a.md", 3), ("b.md", 1), ("c.md", 1), ("d.md", 1), ("e.md", 0)], ["a.md", "e.md"], ["b.md", "c.md", "d.md"]),
        ([("a.md", 1), ("b.md", 1), ("c.md", 1), ("d.md", 1)], ["a.md", "c.md"], ["b.md", "d.md"]),
        ([("README.md", 0), ("x.md", 0), ("lab1.md", 2), ("lab2.md", 2)], ["README.md", "lab2.md"], ["lab1.md", "x.md"]),
    ])
    func shardsBalanceByWeight(files: [(String, Int)], first: [String], second: [String]) {
        let weighed = files.map { (path: $0.0, weight: $0.1) }
        #expect(Shard("1/2")!.select(weighed) == first)
        #expect(Shard("2/2")!.select(weighed) == second)
        #expect(Shard("1/2")!.select(weighed.reversed()) == first)
    }

    @Test(arguments: [
        ("# Notes\n\n```text\nhello\n```\n", 0),
        ("```swift skip\nlet x =\n```\n", 0),
        ("```swift\nprint(1)\n```\n```swift\nprint(2)\n```\n", 1),
        ("```swift\nimport SwiftUI\nstruct V: View { var body: some View { Text(\"x\") } }\n```\n", 1),
        ("```swift\nlet a = 1\n```\n```swift standalone\nprint(1)\n```\n```swift compile_fail\na = 2\n```\n```swift no_run\nprint(a)\n```\n", 4),
        ("```swift compile_fail\nlet a: Int = \"\"\n```\n", 1),
        // Guides: the programs their samples pack into, plus one for API listings' syntax.
        ("```swift\nstruct P { var x: Int }\n```\n```swift\nstruct P { var y: Int }\n```\n", 2),
        ("```swift\nstruct P { var x: Int }\n```\n```swift\nfunc f() -> Int\n```\n", 2),
        ("```swift\nlet v = <#value#>\n```\n", 0),
    ])
    func aFileWeighsTheProgramsItNeedsBuilt(text: String, weight: Int) throws {
        let lab = try LabParser.parse(bytes: Array(text.utf8), path: "lab.md")
        #expect(Shard.weight(of: lab) == weight)
    }

    /// Issue 21 asked whether a guide whose plan fails (`try?` in `weight(of:)`) is lost to
    /// `--shard`. It is not: weight 0 only orders it, every file lands in exactly one shard, and
    /// the run reports its input error there without building anything, so 0 is what it costs.
    @Test func aGuideWhosePlanFailsWeighsNothingAndIsInExactlyOneShard() throws {
        let text = "<!-- labrunner: name=setup -->\n```swift\nlet a = 1\n```\n<!-- labrunner: continues=setpu -->\n```swift\nprint(a)\n```\n"
        let lab = try LabParser.parse(bytes: Array(text.utf8), path: "broken.md")
        #expect(lab.isGuide)
        #expect(throws: LabError.self) { try GuidePlan(lab, appleAvailable: true) }
        #expect(Shard.weight(of: lab) == 0)
        let files = [(path: "a.md", weight: 2), (path: "broken.md", weight: Shard.weight(of: lab)), (path: "c.md", weight: 1)]
        let shards = try (1...3).map { try #require(Shard("\($0)/3")).select(files) }
        #expect(shards.flatMap { $0 }.filter { $0 == "broken.md" }.count == 1)
    }
}
