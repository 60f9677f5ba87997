/// Why a lab file cannot be read as a lab: always a user's input error (exit status 2).
package enum LabError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String, reason: String)
    /// A folder given to `run` that holds no `.md` file.
    case noLabs(folder: String)
    case notUTF8(SourceLocation, byteOffset: Int)
    case nulByte(SourceLocation, byteOffset: Int)
    /// A fence never closed; `runsTo` says where CommonMark ends it instead.
    case unclosedFence(SourceLocation, fence: String, info: String, runsTo: FenceEnd)
    case frontMatterUnclosed(SourceLocation)
    case frontMatterSyntax(SourceLocation, line: String)
    case unknownKey(SourceLocation, key: String, suggestion: String?)
    case duplicateKey(SourceLocation, key: String, firstLine: Int)
    case badValue(SourceLocation, key: String, value: String, expected: String)
    /// A `swiftc-flags` word that is not an allowed flag (or an unclosed quote), at its column.
    case refusedSwiftcFlag(SourceLocation, flag: String, reason: String, suggestion: String?)
    case unknownAttribute(SourceLocation, attribute: String, suggestion: String?)
    case outputBeforeCell(SourceLocation)
    case undeclaredScenario(SourceLocation, scenario: String, declared: [String])
    case duplicateOutput(SourceLocation, scenario: String?, firstLine: Int)
    case conflictingAttributes(SourceLocation, attribute: String, other: String)
    case directiveNotOnCell(SourceLocation)
    case diagnosticsWithoutCompileFail(SourceLocation)
    case duplicateDiagnostics(SourceLocation, firstLine: Int)

    /// Where the problem is, for `path:line:col: error:` lines.
    var location: SourceLocation? {
        switch self {
        case .unreadable, .noLabs: nil
        case .notUTF8(let l, _), .nulByte(let l, _), .unclosedFence(let l, _, _, _),
             .frontMatterUnclosed(let l), .frontMatterSyntax(let l, _), .unknownKey(let l, _, _),
             .duplicateKey(let l, _, _), .badValue(let l, _, _, _), .refusedSwiftcFlag(let l, _, _, _), .unknownAttribute(let l, _, _),
             .outputBeforeCell(let l), .undeclaredScenario(let l, _, _), .duplicateOutput(let l, _, _),
             .conflictingAttributes(let l, _, _), .directiveNotOnCell(let l), .diagnosticsWithoutCompileFail(let l),
             .duplicateDiagnostics(let l, _):
            l
        }
    }

    /// The message without the location.
    var message: String {
        switch self {
        case .unreadable(_, let reason):
            return "cannot read lab: \(reason)"
        case .noLabs:
            return "no labs found in this folder: no .md or .markdown file in it or below it (hidden folders and node_modules are skipped)"
        case .notUTF8(_, let offset):
            return "not valid UTF-8 at byte offset \(offset); save the lab as UTF-8"
        case .nulByte(_, let offset):
            return "NUL byte at byte offset \(offset): a lab is text (a file saved as UTF-16 is full of them); remove it or save the lab as UTF-8"
        case .unclosedFence(_, let fence, let info, let end):
            let opening = fence + (info.isEmpty ? "" : info)
            return "fence '\(opening)' is never closed, so it runs to \(end); add a closing '\(fence)' line where it should end"
        case .frontMatterUnclosed:
            return "front matter opened with '---' is never closed; add a line '---' after its last key"
        case .frontMatterSyntax(_, let line):
            return "expected 'key: value' in front matter, found '\(line)'"
        case .unknownKey(_, let key, let suggestion):
            return "unknown front matter key '\(key)'" + Self.hint(suggestion)
                + " (keys: \(FrontMatter.keys.joined(separator: ", ")))"
        case .duplicateKey(_, let key, let first):
            return "front matter key '\(key)' is already set on line \(first)"
        case .badValue(_, let key, let value, let expected):
            return "bad value '\(value)' for '\(key)': expected \(expected)"
        case .refusedSwiftcFlag(_, let flag, let reason, let suggestion):
            return "'\(flag)' is not allowed in swiftc-flags: \(reason)" + Self.hint(suggestion)
                + " (allowed: language and warning settings, -D, optimisation and search paths; see the lab format)"
        case .unknownAttribute(_, let attribute, let suggestion):
            return "unknown cell attribute '\(attribute)'" + Self.hint(suggestion)
                + " (attributes: \(CellAttribute.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .outputBeforeCell:
            return "output block before any swift cell: an output block shows what the swift cell above it prints"
        case .undeclaredScenario(_, let scenario, let declared):
            return "output block names scenario '\(scenario)', which the lab does not declare"
                + Self.hint(EditDistance.closest(to: scenario, in: declared))
                + " (scenarios: \(declared.joined(separator: ", ")))"
        case .duplicateOutput(_, let scenario, let first):
            let which = scenario.map { "scenario '\($0)'" } ?? "all scenarios"
            return "second output block for \(which) of the same cell; the first is on line \(first)"
        case .conflictingAttributes(_, let attribute, let other):
            return "cell attribute '\(attribute)' cannot be combined with '\(other)': a cell is skipped, standalone, compile_fail or no_run, one at most"
        case .directiveNotOnCell:
            return "a '<!-- labrunner: … -->' directive applies to the fenced block right below it, which is not a swift cell"
        case .diagnosticsWithoutCompileFail:
            return "diagnostics block not after a compile_fail cell: it lists the errors the compile_fail cell above it must produce"
        case .duplicateDiagnostics(_, let first):
            return "second diagnostics block for the same compile_fail cell; the first is on line \(first)"
        }
    }

    package var description: String {
        switch self {
        case .unreadable(let path, _), .noLabs(let path):
            return "\(path): error: \(message)"
        default:
            return "\(location!): error: \(message)"
        }
    }

    private static func hint(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }
}

/// Where CommonMark ends a fence that is never closed: with its innermost container, or with
/// the file. Said in the error, so the author sees what an open fence swallowed.
package enum FenceEnd: Sendable, Equatable, CustomStringConvertible {
    case endOfFile(line: Int)
    case endOfBlockQuote(line: Int)
    case endOfListItem(line: Int)

    package var description: String {
        switch self {
        case .endOfFile(let line): "the end of the file (line \(line))"
        case .endOfBlockQuote(let line): "the end of its block quote (line \(line))"
        case .endOfListItem(let line): "the end of its list item (line \(line))"
        }
    }
}
