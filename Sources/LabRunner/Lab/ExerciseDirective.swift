/// `<!-- labrunner: exercise id=ID points=N title="…" -->` and `<!-- labrunner: end-exercise -->`:
/// a directive line read with its quoted values (the attribute directive splits on spaces). The
/// word `manual` marks a written exercise, graded by the instructor. `hidden=N` is what
/// `labrunner student` writes in a students' copy: the key's hidden checks of the exercise it
/// left out, so a student's run can say they exist.
struct ExerciseDirective: Sendable {
    enum Kind: Sendable, Equatable {
        case start(id: String, title: String?, points: Int, manual: Bool, hidden: Int?)
        case end
    }

    /// The one word an exercise directive takes that is not `key=value`.
    static let manualFlag = "manual"

    struct Pair: Sendable, Equatable {
        let key: String
        let value: String
        /// 1-based column of the key.
        let column: Int
    }

    let line: Int
    let keyword: String
    let keywordColumn: Int
    let pairs: [Pair]
    /// Column of the word `manual`, if given.
    let manualColumn: Int?
    /// Column of a word that is not `key=value` (nor `manual`), if any.
    let strayColumn: Int?
    let unclosedQuoteColumn: Int?

    func column(ofKey key: String) -> Int {
        pairs.first { $0.key == key }?.column ?? keywordColumn
    }

    /// The directive on `line` when it is an exercise directive.
    static func parse(line number: Int, in source: MarkdownSource) -> ExerciseDirective? {
        guard let directive = LabDirective.parse(line: number, in: source), let first = directive.words.first,
              first.text == ExerciseParser.exerciseKeyword || first.text == ExerciseParser.endKeyword else { return nil }
        // Re-read the body after the keyword by hand: values may be quoted and hold spaces.
        let line = source.lines[number - 1]
        let bytes = Array(source.bytes[line.start..<line.contentEnd])
        var position = first.column - 1 + first.text.utf8.count
        guard let close = bytes.lastIndex(of: UInt8(ascii: ">")), close >= 2 else { return nil }
        let end = close - 2
        var pairs: [Pair] = [], stray: Int? = nil, unclosed: Int? = nil, manual: Int? = nil
        while position < end {
            while position < end, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
            guard position < end else { break }
            let keyStart = position
            while position < end, bytes[position] != UInt8(ascii: "="), bytes[position] != 0x20, bytes[position] != 0x09 { position += 1 }
            let key = String(decoding: bytes[keyStart..<position], as: UTF8.self)
            guard position < end, bytes[position] == UInt8(ascii: "=") else {
                if key == manualFlag, manual == nil { manual = keyStart + 1 } else { stray = stray ?? keyStart + 1 }
                continue
            }
            position += 1
            var value = ""
            if position < end, bytes[position] == UInt8(ascii: "\"") {
                let valueStart = position + 1
                guard let quote = bytes[valueStart..<end].firstIndex(of: UInt8(ascii: "\"")) else {
                    unclosed = position + 1
                    break
                }
                value = String(decoding: bytes[valueStart..<quote], as: UTF8.self)
                position = quote + 1
            } else {
                let valueStart = position
                while position < end, bytes[position] != 0x20, bytes[position] != 0x09 { position += 1 }
                value = String(decoding: bytes[valueStart..<position], as: UTF8.self)
            }
            pairs.append(Pair(key: key, value: value, column: keyStart + 1))
        }
        return ExerciseDirective(line: number, keyword: first.text, keywordColumn: first.column, pairs: pairs,
                                 manualColumn: manual, strayColumn: stray, unclosedQuoteColumn: unclosed)
    }

    /// What the directive says, or the input error at the word at fault.
    func kind(path: String) throws(LabError) -> Kind {
        func at(_ column: Int) -> SourceLocation { SourceLocation(path: path, line: line, column: column) }
        if let unclosedQuoteColumn { throw LabError(at(unclosedQuoteColumn), .badExerciseDirective(reason: "a quote is never closed")) }
        if let strayColumn {
            throw LabError(at(strayColumn), .badExerciseDirective(reason: "expected key=value (keys: id, points, title, hidden) or 'manual'"))
        }
        if keyword == ExerciseParser.endKeyword {
            if let column = pairs.first?.column ?? manualColumn {
                throw LabError(at(column), .badExerciseDirective(reason: "end-exercise takes no keys"))
            }
            return .end
        }
        var seen: Set<String> = []
        for pair in pairs {
            guard ExerciseParser.keys.contains(pair.key) else {
                throw LabError(at(pair.column), .unknownExerciseKey(key: pair.key,
                                                                    suggestion: EditDistance.closest(to: pair.key, in: ExerciseParser.keys)))
            }
            guard seen.insert(pair.key).inserted else {
                throw LabError(at(pair.column), .badExerciseDirective(reason: "'\(pair.key)' is given twice"))
            }
        }
        guard let id = pairs.first(where: { $0.key == "id" }) else {
            throw LabError(at(keywordColumn), .badExerciseDirective(reason: "an exercise needs an id (id=NAME)"))
        }
        let idOK = !id.value.isEmpty && id.value.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" || $0 == "_"
        }
        guard idOK else {
            throw LabError(at(id.column), .badExerciseDirective(reason: "bad id '\(id.value)': letters, digits, '-' and '_'"))
        }
        var points = 1
        if let given = pairs.first(where: { $0.key == "points" }) {
            guard let value = Int(given.value), value >= 0, value <= 1000, given.value.allSatisfy(\.isASCIIDigit) else {
                throw LabError(at(given.column), .badExerciseDirective(reason: "bad points '\(given.value)': a whole number from 0 to 1000"))
            }
            points = value
        }
        var hidden: Int? = nil
        if let given = pairs.first(where: { $0.key == "hidden" }) {
            guard let value = Int(given.value), value >= 0, value <= 1000, given.value.allSatisfy(\.isASCIIDigit) else {
                throw LabError(at(given.column), .badExerciseDirective(reason: "bad hidden '\(given.value)': a whole number from 0 to 1000"))
            }
            hidden = value
        }
        let title = pairs.first { $0.key == "title" }.map { ControlPictures.stripped($0.value) }
        return .start(id: id.value, title: title, points: points, manual: manualColumn != nil, hidden: hidden)
    }
}
