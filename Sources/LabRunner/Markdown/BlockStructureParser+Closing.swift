/// Where blocks end: a new block closes the open leaf and the containers the line did not
/// match; closing a leaf hands a finished fence (or recorded indented code) to the results and
/// the tree.
extension BlockStructureParser {
    /// A new block starts in the innermost matched container: whatever did not
    /// match, and the current leaf, end first.
    mutating func openBlock(matched: Int) {
        closeLeaf()
        closeContainers(from: matched)
        markChild()
    }

    mutating func markChild() {
        if !containers.isEmpty { containers[containers.count - 1].hasChild = true }
    }

    /// Ends the open leaf; an unclosed fence becomes a block that ends here.
    mutating func closeLeaf() {
        var finished: FencedBlock?
        if leaf == .fenced || setupComment, let open = fence {
            var block = open.finish(closing: nil, bytes: bytes, lines: lines)
            block.isHiddenSetup = setupComment
            blocks.append(block)
            finished = block.isHiddenSetup ? nil : block
            fence = nil
        }
        if let open = indentedCode {
            blocks.append(open.finish(bytes: bytes, lines: lines))
            indentedCode = nil
        }
        if leaf != .none { tree?.closeLeaf(fence: finished) }
        leaf = .none
        setupComment = false
        lastParagraphLine = nil
    }

    /// Ends the containers from index `index` on (the leaf must be closed already,
    /// or belong to a container that stays open).
    mutating func closeContainers(from index: Int) {
        if index < containers.count {
            closeLeaf()
            tree?.closeContainers(from: index)
            containers.removeSubrange(index...)
        }
    }
}
