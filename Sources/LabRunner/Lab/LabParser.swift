/// Turns a Markdown file's bytes into a `Lab`: front matter, Swift cells, sections and expected outputs.
package enum LabParser {
    /// - Parameter bareLanguage: how to read fences without an info string (`--bare swift`); a
    ///   `<!-- labrunner: bare=swift -->` directive at the top of the file does the same.
    /// - Parameter kind: `--as guide|lab`; else the file's directive, else the rule (`DocumentKind`).
    /// - Parameter config: the `.labrunner` file above it: settings the front matter overrides,
    ///   the bare-fence language the file's directive and `bareLanguage` override.
    package static func parse(bytes: [UInt8], path: String, bareLanguage: String? = nil, kind: DocumentKind? = nil,
                              config: TreeConfig? = nil) throws(LabError) -> Lab {
        if SourceFileParser.isSwiftSource(path) { return try SourceFileParser.parse(bytes: bytes, path: path, config: config) }
        var damage: [LabError]? = nil
        return try parse(bytes: bytes, path: path, bareLanguage: bareLanguage, kind: kind, config: config, damage: &damage)
    }

    /// A student's submission for grading: an exercise marker that cannot be read (a deleted
    /// `exercise` line leaves its hint outside any exercise) is left out and listed in `damage`,
    /// instead of making the whole file invalid; every other error still is one.
    package static func parseSubmission(bytes: [UInt8], path: String, bareLanguage: String? = nil) throws(LabError) -> (lab: Lab, damage: [LabError]) {
        var damage: [LabError]? = []
        let lab = try parse(bytes: bytes, path: path, bareLanguage: bareLanguage, kind: nil, config: nil, damage: &damage)
        return (lab, damage ?? [])
    }

    /// `damage`: nil to throw exercise errors, else where to list them.
    private static func parse(bytes: [UInt8], path: String, bareLanguage: String?, kind: DocumentKind?,
                              config: TreeConfig?, damage: inout [LabError]?) throws(LabError) -> Lab {
        // Lines need no valid UTF-8, and give the bad byte a line and column.
        let source = MarkdownSource(bytes: bytes)
        if let offset = UTF8Validation.firstInvalidByte(in: bytes) {
            throw LabError(location(ofByte: offset, in: source, path: path), .notUTF8(byteOffset: offset))
        }
        if let offset = NULDetection.firstNUL(in: bytes) {
            throw LabError(location(ofByte: offset, in: source, path: path), .nulByte(byteOffset: offset))
        }
        let frontMatter = try FrontMatter.parse(source, path: path, defaults: config?.settings ?? LabSettings())
        let settings = frontMatter.settings
        let blocks = MarkdownParser.fencedBlocks(in: source).filter { $0.openingLine > frontMatter.lineCount }
        let bare = bareLanguage ?? LabDirective.bareLanguage(in: source, after: frontMatter.lineCount,
                                                             before: blocks.first?.openingLine ?? source.lines.count + 1)
            ?? config?.bareLanguage

        var cells: [Cell] = []
        var section: String? = nil
        /// Where the first sample directive was written: an error in a lab.
        var firstSampleDirective: (word: String, at: SourceLocation)? = nil
        for block in blocks {
            let words = InfoString.words(block.info)
            let directive = block.openingLine > 1 ? LabDirective.parse(line: block.openingLine - 1, in: source) : nil
            let directiveWords = directive?.attributeWords ?? []
            let language = words.first?.text ?? (block.info.isEmpty ? bare : nil)
            if !directiveWords.isEmpty, language != "swift" {
                throw LabError(SourceLocation(path: path, line: directive!.line, column: directiveWords[0].column), .directiveNotOnCell)
            }
            if block.isHiddenSetup, block.closingLine == nil, language == "swift" {
                throw LabError(SourceLocation(path: path, line: block.openingLine, column: 1), .hiddenSetupUnclosed)
            }
            try checkClosed(block, kind: language, source: source, path: path)
            switch language {
            case "swift":
                var attributes: [CellAttribute] = []
                var roleAttribute: (CellAttribute, SourceLocation)? = nil
                let located = words.dropFirst().map { word in
                    (word.text, SourceLocation(path: path, line: block.openingLine, column: column(of: word, in: block, source: source)))
                } + directiveWords.map { ($0.text, SourceLocation(path: path, line: directive!.line, column: $0.column)) }
                var sampleDirectives = SampleDirectives()
                for (text, at) in located {
                    if sampleDirectives.take(text) {
                        if firstSampleDirective == nil { firstSampleDirective = (text, at) }
                        continue
                    }
                    let attribute = try attribute(text, at: at)
                    if CellAttribute.roles.contains(attribute) || attribute == .skip {
                        if let (earlier, _) = roleAttribute, earlier != attribute {
                            throw LabError(at, .conflictingAttributes(attribute: attribute.rawValue, other: earlier.rawValue))
                        }
                        roleAttribute = (attribute, at)
                    }
                    if !attributes.contains(attribute) { attributes.append(attribute) }
                }
                if let name = sectionName(of: block.code) { section = name }
                let platform: CellPlatform = attributes.contains(.apple)
                    ? .apple(reason: "marked apple")
                    : AppleOnlyDetector.reason(for: block.code).map { CellPlatform.apple(reason: $0) } ?? .any
                cells.append(Cell(index: cells.count, block: block, section: section,
                                  attributes: attributes, platform: platform, sampleDirectives: sampleDirectives))
            case "output":
                // Columns are worked out only for an error: most blocks never need one.
                var location: SourceLocation {
                    SourceLocation(path: path, line: block.openingLine, column: column(of: words[0], in: block, source: source))
                }
                guard !cells.isEmpty else { throw LabError(location, .outputBeforeCell) }
                var scenarios: [String] = []
                for word in words.dropFirst() {
                    guard settings.scenarios.contains(word.text) else {
                        let at = SourceLocation(path: path, line: block.openingLine, column: column(of: word, in: block, source: source))
                        throw LabError(at, .undeclaredScenario(scenario: word.text, declared: settings.scenarios))
                    }
                    if !scenarios.contains(word.text) { scenarios.append(word.text) }
                }
                try checkNoDuplicate(scenarios, in: cells[cells.count - 1], at: location)
                cells[cells.count - 1].outputs.append(ExpectedOutput(block: block, scenarios: scenarios))
            case "diagnostics":
                let location = SourceLocation(path: path, line: block.openingLine, column: column(of: words[0], in: block, source: source))
                guard let cell = cells.last, cell.role == .compileFail else { throw LabError(location, .diagnosticsWithoutCompileFail) }
                if let first = cell.expectedDiagnostics {
                    throw LabError(location, .duplicateDiagnostics(firstLine: first.openingLine))
                }
                cells[cells.count - 1].expectedDiagnostics = block
            default:
                continue
            }
        }
        let exercises = try ExerciseParser.parse(source: source, blocks: blocks, cells: &cells,
                                                 frontMatterLines: frontMatter.lineCount, path: path, damage: &damage)
        let written = LabDirective.documentKind(in: source, after: frontMatter.lineCount,
                                                before: blocks.first?.openingLine ?? source.lines.count + 1)
        let explicit = kind.map { ($0, "--as \($0.rawValue)") }
            ?? written.map { ($0.0, "<!-- labrunner: \($0.0.rawValue) --> on line \($0.line)") }
        let decision = DocumentKindDecision.decide(explicit: explicit, settingsScenarios: frontMatter.keysSet.contains("scenarios"),
                                                   cells: cells, exercises: exercises)
        if decision.kind == .lab, let (word, at) = firstSampleDirective {
            throw LabError(at, .sampleDirectiveInLab(directive: word, kind: decision.reason))
        }
        if decision.kind == .lab, let setup = cells.first(where: \.isHiddenSetup) {
            throw LabError(SourceLocation(path: path, line: setup.line, column: 1), .hiddenSetupInLab(kind: decision.reason))
        }
        var lab = Lab(path: path, source: source, settings: settings, frontMatterLines: frontMatter.lineCount,
                      blocks: blocks, cells: cells, exercises: exercises)
        lab.kind = decision
        return lab
    }

    static func location(ofByte offset: Int, in source: MarkdownSource, path: String) -> SourceLocation {
        let (line, column) = source.lineAndColumn(ofByte: offset)
        return SourceLocation(path: path, line: line, column: column)
    }

    /// A fence left open is an input error when it is a cell or an output block (where it ends
    /// decides what is compiled or expected, and `--update` could not add a block after it), or
    /// when it runs to the end of the file (it swallowed the rest, later cells included).
    /// Other fences that end with their list item or block quote are fine, as CommonMark says.
    private static func checkClosed(_ block: FencedBlock, kind: String?, source: MarkdownSource, path: String) throws(LabError) {
        guard block.closingLine == nil else { return }
        let lastLine = block.contentLines.last?.line ?? block.openingLine
        let container = block.containerPrefix.dropLast(block.fenceIndent)
        let end: FenceEnd
        if container.isEmpty || lastLine == source.lines.count {
            end = .endOfFile(line: lastLine)
        } else if container.hasSuffix("> ") || container.hasSuffix(">") {
            end = .endOfBlockQuote(line: lastLine)
        } else {
            end = .endOfListItem(line: lastLine)
        }
        guard kind == "swift" || kind == "output" || end == .endOfFile(line: lastLine) else { return }
        let line = source.lines[block.openingLine - 1]
        let fenceStart = source.bytes[line.start..<line.contentEnd].firstIndex(of: block.fenceCharacter) ?? line.start
        let fence = String(repeating: Character(Unicode.Scalar(block.fenceCharacter)), count: block.fenceLength)
        throw LabError(SourceLocation(path: path, line: block.openingLine, column: fenceStart - line.start + 1),
                       .unclosedFence(fence: fence, info: block.info, runsTo: end))
    }

    private static func attribute(_ text: String, at location: SourceLocation) throws(LabError) -> CellAttribute {
        if let attribute = CellAttribute(rawValue: text) { return attribute }
        throw LabError(location, .unknownAttribute(attribute: text,
                                                   suggestion: EditDistance.closest(to: text, in: CellAttribute.allCases.map(\.rawValue))))
    }

    private static func checkNoDuplicate(_ scenarios: [String], in cell: Cell, at location: @autoclosure () -> SourceLocation) throws(LabError) {
        if scenarios.isEmpty, let plain = cell.outputs.first(where: { $0.scenarios.isEmpty }) {
            throw LabError(location(), .duplicateOutput(scenario: nil, firstLine: plain.line))
        }
        for scenario in scenarios {
            if let earlier = cell.outputs.first(where: { $0.scenarios.contains(scenario) }) {
                throw LabError(location(), .duplicateOutput(scenario: scenario, firstLine: earlier.line))
            }
        }
    }

    /// `// MARK: - Name` on the first non-blank line of a cell names its section.
    static func sectionName(of code: String) -> String? {
        // Only the first non-blank line matters; don't split a long cell to find it.
        var rest = Substring(code)
        var first: Substring = ""
        while !rest.isEmpty {
            let end = rest.firstIndex(of: "\n") ?? rest.endIndex
            let candidate = rest[..<end]
            rest = end == rest.endIndex ? "" : rest[rest.index(after: end)...]
            if !candidate.allSatisfy({ $0 == " " || $0 == "\t" }) { first = candidate; break }
        }
        let line = String(first).trimmingWhitespace()
        guard line.hasPrefix("// MARK:") else { return nil }
        var name = line.dropFirst("// MARK:".count).drop { $0 == " " }
        if name.hasPrefix("-") { name = name.dropFirst() }
        // Printed by list: an escape sequence in it would act on the terminal.
        let trimmed = ControlPictures.stripped(String(name)).trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }

    /// 1-based column of an info-string word on the opening fence line.
    static func column(of word: InfoString.Word, in block: FencedBlock, source: MarkdownSource) -> Int {
        let line = source.lines[block.openingLine - 1]
        let text = source.bytes[line.start..<line.contentEnd]
        let fenceEnd = (text.firstIndex { $0 == block.fenceCharacter } ?? line.start) + block.fenceLength
        return fenceEnd - line.start + word.offset + 1 + leadingBlankCount(text[fenceEnd...])
    }

    private static func leadingBlankCount(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
    }
}

/// The words of a fence's info string: `swift skip`, `swift,apple`, `output empty failing`.
enum InfoString {
    struct Word: Sendable, Equatable {
        let text: String
        /// UTF-8 offset of the word within the (trimmed) info string.
        let offset: Int
    }

    static func words(_ info: String) -> [Word] {
        var words: [Word] = []
        var current: [UInt8] = [], start = 0
        for (offset, byte) in info.utf8.enumerated() {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ",") {
                if !current.isEmpty { words.append(Word(text: String(decoding: current, as: UTF8.self), offset: start)) }
                current = []
            } else {
                if current.isEmpty { start = offset }
                current.append(byte)
            }
        }
        if !current.isEmpty { words.append(Word(text: String(decoding: current, as: UTF8.self), offset: start)) }
        return words
    }
}
