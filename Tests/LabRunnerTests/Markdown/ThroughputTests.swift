import Foundation
import Testing
@testable import LabRunner

/// Large and adversarial inputs. The timing test only runs by hand:
///   LABRUNNER_MD_BENCH=1 swift test -c release --filter ThroughputTests
/// It prints MB/s and asserts nothing about speed (machines differ); the other
/// tests check that pathological shapes still parse correctly.
struct ThroughputTests {
    /// A lab-like document of roughly `megabytes` MB: prose, lists, quotes, HTML,
    /// indented code and many fenced blocks, some nested in containers.
    static func generatedDocument(megabytes: Int) -> [UInt8] {
        let chunk = """
        # Lab section

        Some prose with `inline code`, *emphasis* and a [link](https://example.com).
        It continues on a second line that is rather longer than the first one was.

        ```swift
        let values = [1, 2, 3].map { $0 * 2 }
        print(values) // [2, 4, 6]
        struct Point { var x: Double; var y: Double }
        ```

        - A list item with text
          ```swift
          let inList = true
          ```
        - Another item
          1. nested ordered
             > quoted inside a list

        > A block quote
        > ```swift
        > let quoted = "yes"
        > ```

        <!-- a comment
        ```not a fence```
        -->

            indented code line
            another line

        ~~~
        tilde block
        ~~~

        """
        let bytes = Array(chunk.utf8)
        var document: [UInt8] = []
        document.reserveCapacity(megabytes * 1_048_576 + bytes.count)
        while document.count < megabytes * 1_048_576 { document += bytes }
        return document
    }

    static func measure(_ name: String, _ bytes: [UInt8], runs: Int = 5) -> Int {
        var best = Double.infinity
        var count = 0
        for _ in 0..<runs {
            let start = ContinuousClock.now
            let source = MarkdownSource(bytes: bytes)
            count = MarkdownParser.fencedBlocks(in: source).count
            let elapsed = start.duration(to: .now)
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        let megabytes = Double(bytes.count) / 1_048_576
        print(String(format: "%@: %.1f MB in %.1f ms, %.0f MB/s, %d blocks", name, megabytes, best * 1000, megabytes / best, count))
        return count
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["LABRUNNER_MD_BENCH"] != nil,
                   "prints MB/s, by hand or from bench/large-inputs.sh"))
    func throughput() {
        let document = Self.generatedDocument(megabytes: 5)
        #expect(Self.measure("mixed lab document", document) > 10_000)

        let longLine = Array(repeating: UInt8(ascii: "a"), count: 5_000_000) + [0x0A]
        _ = Self.measure("one 5 MB paragraph line", longLine)
        _ = Self.measure("5 MB line inside a fence", Array("```\n".utf8) + longLine)
        _ = Self.measure("5 MB of '- - - … x'", Array(String(repeating: "- ", count: 2_500_000).utf8) + [UInt8(ascii: "x")])
        _ = Self.measure("5 MB of '> > > … ```'", Array(String(repeating: "> ", count: 2_500_000).utf8) + Array("```\n".utf8))
        _ = Self.measure("5 MB of '<a' tags", Array(String(repeating: "<a ", count: 1_700_000).utf8))
        _ = Self.measure("200k tiny blocks", Array(String(repeating: "```\nx\n```\n", count: 200_000).utf8))
        _ = Self.measure("1 block of 1M lines", Array(("```\n" + String(repeating: "let x = 1\n", count: 1_000_000)).utf8))
        let deep = String(repeating: "> ", count: 1000) + "```\n"
            + String(repeating: String(repeating: "> ", count: 1000) + "x\n", count: 2500)
        _ = Self.measure("1000 nested quotes, 2500 lines", Array(deep.utf8))
    }

    @Test func deepNestingKeepsEveryContainer() throws {
        let depth = 300
        let quotes = String(repeating: "> ", count: depth)
        let block = try #require(fencedBlocks(quotes + "```\n" + quotes + "x\n" + quotes + "```\n").first)
        #expect(block.containerPrefix == quotes)
        #expect(block.code == "x\n")
        #expect(block.closingLine == 3)

        let items = (0..<depth).map { String(repeating: "  ", count: $0) + "- a\n" }.joined()
        let indent = String(repeating: "  ", count: depth)
        let nested = try #require(fencedBlocks(items + indent + "```\n" + indent + "y\n").first)
        #expect(nested.containerPrefix == indent)
        #expect(nested.code == "y\n")
    }

    @Test func manyBlocksAndLongLines() {
        let many = String(repeating: "```\nx\n```\n", count: 5000)
        let blocks = fencedBlocks(many)
        #expect(blocks.count == 5000)
        #expect(blocks.last?.openingLine == 14998)
        #expect(blocks.last?.blockRange == (4999 * 10)..<(5000 * 10))

        let long = String(repeating: "b", count: 200_000)
        #expect(fencedCodes("```\n" + long + "\n```\n") == [long + "\n"])
        #expect(fencedCodes(String(repeating: "- ", count: 50_000) + "x\n```\ny\n```\n") == ["y\n"])
    }
}
