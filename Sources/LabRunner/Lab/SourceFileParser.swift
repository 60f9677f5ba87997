/// A Swift source file read as a guide: the Swift code blocks of its documentation comments
/// (`DocCommentReader`) are its samples, at the `.swift` file's own lines.
///
/// A block is Swift when it is indented, or fenced with `swift` or no info string (DocC reads a
/// bare fence as the symbol's language). After `swift`, the info string may say `skip`,
/// `apple` or a sample directive (`fresh`, `name=`, `continues=`); a lab's cell roles mean
/// nothing here. Samples of one comment share context like a guide's; the first sample of each
/// comment starts `fresh` (unless it continues a named one), so one declaration's examples never
/// see another's.
enum SourceFileParser {
    static func isSwiftSource(_ path: String) -> Bool { path.lowercased().hasSuffix(".swift") }

    /// Attributes an info string in a doc comment may carry after `swift`.
    private static let attributes: [CellAttribute] = [.skip, .apple]

    static func parse(bytes: [UInt8], path: String, config: TreeConfig?) throws(LabError) -> Lab {
        let source = MarkdownSource(bytes: bytes)
        if let offset = UTF8Validation.firstInvalidByte(in: bytes) {
            throw LabError(LabParser.location(ofByte: offset, in: source, path: path), .notUTF8(byteOffset: offset))
        }
        if let offset = NULDetection.firstNUL(in: bytes) {
            throw LabError(LabParser.location(ofByte: offset, in: source, path: path), .nulByte(byteOffset: offset))
        }
        let found = DocCommentReader.codeBlocks(in: source)
        var cells: [Cell] = []
        var lastComment: Int? = nil
        for (block, comment) in found.map({ ($0.block, $0.comment) }) where isSwift(block) {
            var (attributes, directives) = try attributesAndDirectives(of: block, source: source, path: path)
            if comment != lastComment, directives.continues == nil { directives.fresh = true }
            lastComment = comment
            let platform: CellPlatform = attributes.contains(.apple)
                ? .apple(reason: "marked apple")
                : AppleOnlyDetector.reason(for: block.code).map { CellPlatform.apple(reason: $0) } ?? .any
            cells.append(Cell(index: cells.count, block: block, section: nil, attributes: attributes,
                              platform: platform, sampleDirectives: directives))
        }
        var lab = Lab(path: path, source: source, settings: config?.settings ?? LabSettings(), frontMatterLines: 0,
                      blocks: found.map(\.block), cells: cells)
        // Without samples it is read as a Markdown file without Swift blocks is: nothing to check,
        // said so, rather than a guide that "passes" with none.
        lab.kind = cells.isEmpty ? DocumentKindDecision(kind: .lab, reason: "no Swift blocks in its doc comments")
            : DocumentKindDecision(kind: .guide, reason: "a Swift source file: its documentation comments' code blocks are samples")
        return lab
    }

    /// The block a reader of the rendered documentation sees as Swift.
    static func isSwift(_ block: FencedBlock) -> Bool {
        block.isIndented || block.info.isEmpty || InfoString.words(block.info).first?.text == "swift"
    }

    private static func attributesAndDirectives(of block: FencedBlock, source: MarkdownSource,
                                                path: String) throws(LabError) -> ([CellAttribute], SampleDirectives) {
        var attributes: [CellAttribute] = []
        var directives = SampleDirectives()
        for word in InfoString.words(block.info).dropFirst() where !directives.take(word.text) {
            guard let attribute = CellAttribute(rawValue: word.text), Self.attributes.contains(attribute) else {
                let at = SourceLocation(path: path, line: block.openingLine,
                                        column: LabParser.column(of: word, in: block, source: source))
                throw LabError(at, .unknownAttribute(attribute: word.text,
                                                     suggestion: EditDistance.closest(to: word.text, in: Self.attributes.map(\.rawValue))))
            }
            if !attributes.contains(attribute) { attributes.append(attribute) }
        }
        return (attributes, directives)
    }
}
