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
}
