/// Finds a cell's solution regions as the compiler finds them: every `#if` … `#endif` (nested or
/// not) whose conditions name SOLUTION, and whose branch compiled with `-D SOLUTION` differs from
/// the one compiled without it. The branch compiled without it is the stub a student keeps; when
/// the tool cannot tell which one that is (`os(Linux)` mixed with SOLUTION), or there is none,
/// the key is refused at the line, never copied whole into a student's file.
enum SolutionRegionScanner {
    /// One `#if` still open while the cell is read.
    private struct OpenChain {
        let ifLine: Int
        let column: Int
        /// Each branch's directive: line, column and condition (nil for `#else`).
        var branches: [(line: Int, column: Int, condition: SolutionCondition?)]
    }

    static func regions(in block: FencedBlock, source: MarkdownSource, path: String) throws(LabError) -> [SolutionRegion] {
        var regions: [SolutionRegion] = []
        var open: [OpenChain] = []
        let lines = source.lines, bytes = source.bytes
        for content in block.contentLines {
            let line = lines[content.line - 1]
            var first = content.textStart
            while first < line.contentEnd, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
            // Only directive lines can matter: no string is made of the rest (a large guide's
            // every code line went through one, halving `list` and `extract` throughput). Index
            // loops, not slice algorithms: generic, those are slow per line in a debug build.
            guard first < line.contentEnd, bytes[first] == UInt8(ascii: "#") else { continue }
            var end = first + 1
            while end < line.contentEnd, Self.isWordByte(bytes[end]) { end += 1 }
            let keyword = String(decoding: bytes[first..<end], as: UTF8.self)
            let column = first - line.start + 1
            func condition() -> SolutionCondition {
                SolutionCondition(String(decoding: bytes[end..<line.contentEnd], as: UTF8.self))
            }
            switch keyword {
            case "#if":
                open.append(OpenChain(ifLine: content.line, column: column, branches: [(content.line, column, condition())]))
            case "#elseif" where !open.isEmpty:
                open[open.count - 1].branches.append((content.line, column, condition()))
            case "#else" where !open.isEmpty:
                open[open.count - 1].branches.append((content.line, column, nil))
            case "#endif":
                guard let chain = open.popLast() else { continue }
                if let region = try region(of: chain, endifLine: content.line, path: path) { regions.append(region) }
            default: break
            }
        }
        if let unclosed = open.first(where: { Self.mentionsSolution($0) }) {
            throw LabError(SourceLocation(path: path, line: unclosed.ifLine, column: unclosed.column), .solutionUnclosed)
        }
        // A region inside another's solution branch goes with it: only those the copy keeps count.
        return regions.filter { inner in
            !regions.contains { outer in
                outer.ifLine < inner.ifLine && inner.endifLine < outer.endifLine
                    && !(outer.stubStart < inner.ifLine && inner.endifLine < outer.stubEnd)
            }
        }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
    }

    private static func mentionsSolution(_ chain: OpenChain) -> Bool {
        chain.branches.contains { $0.condition?.mentions(Lab.solutionCondition) == true }
    }

    /// What the compiler selects: a branch, none, or unknown at the branch it cannot decide.
    private enum Selection: Equatable {
        case branch(Int)
        case none
        case unknown(at: Int)
    }

    private static func selection(of chain: OpenChain, defining flags: Set<String>) -> Selection {
        for (index, branch) in chain.branches.enumerated() {
            guard let condition = branch.condition else { return .branch(index) }
            switch condition.value(defining: flags) {
            case true?: return .branch(index)
            case false?: continue
            case nil: return .unknown(at: index)
            }
        }
        return .none
    }

    private static func region(of chain: OpenChain, endifLine: Int, path: String) throws(LabError) -> SolutionRegion? {
        guard mentionsSolution(chain) else { return nil }
        let withSolution = selection(of: chain, defining: [Lab.solutionCondition])
        let without = selection(of: chain, defining: [])
        switch without {
        case .unknown(let index):
            let branch = chain.branches[index]
            // Quoted, not copied whole: a condition may be a whole 1 MB line.
            let unknown = branch.condition?.firstUnknown ?? ""
            let quoted = unknown.count > 60 ? String(unknown.prefix(60)) + "…" : unknown
            throw LabError(SourceLocation(path: path, line: branch.line, column: branch.column),
                           .solutionUndecidable(condition: quoted))
        case .none:
            // Nothing for a student: unless the key selects nothing either, the solution has no stub.
            if withSolution == .none { return nil }
            throw LabError(SourceLocation(path: path, line: chain.ifLine, column: chain.column), .solutionWithoutElse)
        case .branch(let stub):
            if withSolution == without { return nil }
            return SolutionRegion(ifLine: chain.ifLine, branchLines: chain.branches.dropFirst().map(\.line),
                                  endifLine: endifLine, stubBranch: stub)
        }
    }
}
