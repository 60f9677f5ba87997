import Foundation

/// Why a file cannot be read as a lab: where, and what (as swift-format's `Finding` keeps the
/// location apart from the message). Always a user's input error (exit status 2).
package struct LabError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, without the place.
    package enum Kind: Sendable, Equatable {
        case notUTF8(byteOffset: Int)
        case nulByte(byteOffset: Int)
        /// A fence never closed; `runsTo` says where CommonMark ends it instead.
        case unclosedFence(fence: String, info: String, runsTo: FenceEnd)
        case frontMatterUnclosed
        case frontMatterSyntax(line: String)
        /// A key that is not labrunner's but is one edit or so from one of them: a likely typo.
        case unknownKey(key: String, suggestion: String)
        case duplicateKey(key: String, firstLine: Int)
        /// A key a `.labrunner` file does not know (it is labrunner's own file: no key is someone else's).
        case unknownConfigKey(key: String, suggestion: String?)
        case configSyntax(line: String)
        case badValue(key: String, value: String, expected: String)
        /// A `swiftc-flags` word that is not an allowed flag (or an unclosed quote), at its column.
        case refusedSwiftcFlag(flag: String, reason: String, suggestion: String?)
        case unknownAttribute(attribute: String, suggestion: String?)
        case outputBeforeCell
        case undeclaredScenario(scenario: String, declared: [String])
        case duplicateOutput(scenario: String?, firstLine: Int)
        case conflictingAttributes(attribute: String, other: String)
        case directiveNotOnCell
        /// `fresh`, `continues=`, `name=` in a file read as a lab (`kind` says why it is one).
        case sampleDirectiveInLab(directive: String, kind: String)
        /// A `<!-- labrunner: setup` comment in a lab, or one whose fence the comment's `-->` cuts off.
        case hiddenSetupInLab(kind: String)
        case hiddenSetupUnclosed
        /// `lab.md:42`: a lab is one program, it has no samples to choose.
        case lineInLab(why: String)
        /// `extract guide.md` without a line: a guide has a program per sample.
        case guideNeedsLine(why: String, firstSample: Int?)
        /// `guide.md:42` where no Swift block is.
        case noSampleAtLine(nearest: Int?)
        /// `continues=NAME` names no earlier sample.
        case unknownSampleName(name: String, suggestion: String?)
        case diagnosticsWithoutCompileFail
        case duplicateDiagnostics(firstLine: Int)
        case badExerciseDirective(reason: String)
        case unknownExerciseKey(key: String, suggestion: String?)
        case duplicateExercise(id: String, firstLine: Int)
        case outsideExercise(what: String)
        case exerciseWithoutSolution(id: String)
        case solutionWithoutElse
        /// A branch of a solution region whose condition only the compiler can decide (`os(Linux)`).
        case solutionUndecidable(condition: String)
        case solutionUnclosed
    }

    /// Where the problem is, for `path:line:col: error:` lines.
    package let location: SourceLocation
    package let kind: Kind

    package init(_ location: SourceLocation, _ kind: Kind) {
        self.location = location
        self.kind = kind
    }

    /// The message without the location, in swiftc's style: lowercase, no final period.
    package var message: String {
        switch kind {
        case .notUTF8(let offset):
            return "not valid UTF-8 at byte offset \(offset); save the lab as UTF-8"
        case .nulByte(let offset):
            return "NUL byte at byte offset \(offset): a lab is text (a file saved as UTF-16 is full of them); remove it or save the lab as UTF-8"
        case .unclosedFence(let fence, let info, let end):
            let opening = fence + (info.isEmpty ? "" : info)
            return "fence '\(opening)' is never closed, so it runs to \(end); add a closing '\(fence)' line where it should end"
        case .frontMatterUnclosed:
            return "front matter opened with '---' is never closed; add a line '---' after its last key"
        case .frontMatterSyntax(let line):
            return "expected 'key: value' in front matter, found '\(line)'"
        case .unknownKey(let key, let suggestion):
            return "unknown front matter key '\(key)'" + Self.hint(suggestion)
                + " (labrunner reads \(FrontMatter.keys.joined(separator: ", ")); it leaves other keys to site generators)"
        case .unknownConfigKey(let key, let suggestion):
            return "unknown key '\(key)' in \(TreeConfig.fileName)" + Self.hint(suggestion)
                + " (it reads \(TreeConfig.keys.joined(separator: ", ")))"
        case .configSyntax(let line):
            return "expected 'key: value' in \(TreeConfig.fileName), found '\(line)'"
        case .duplicateKey(let key, let first):
            let inConfig = (location.path as NSString).lastPathComponent == TreeConfig.fileName
            return "\(inConfig ? "" : "front matter ")key '\(key)' is already set on line \(first)"
        case .badValue(let key, let value, let expected):
            return "bad value '\(value)' for '\(key)': expected \(expected)"
        case .refusedSwiftcFlag(let flag, let reason, let suggestion):
            return "'\(flag)' is not allowed in swiftc-flags: \(reason)" + Self.hint(suggestion)
                + " (allowed: language and warning settings, -D, optimisation and search paths; see the lab format)"
        case .unknownAttribute(let attribute, let suggestion):
            return "unknown cell attribute '\(attribute)'" + Self.hint(suggestion)
                + " (attributes: \(CellAttribute.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .outputBeforeCell:
            return "output block before any swift cell: an output block shows what the swift cell above it prints"
        case .undeclaredScenario(let scenario, let declared):
            return "output block names scenario '\(scenario)', which the lab does not declare"
                + Self.hint(EditDistance.closest(to: scenario, in: declared))
                + " (scenarios: \(declared.joined(separator: ", ")))"
        case .duplicateOutput(let scenario, let first):
            let which = scenario.map { "scenario '\($0)'" } ?? "all scenarios"
            return "second output block for \(which) of the same cell; the first is on line \(first)"
        case .conflictingAttributes(let attribute, let other):
            return "cell attribute '\(attribute)' cannot be combined with '\(other)': a cell is skipped, standalone, compile_fail or no_run, one at most"
        case .directiveNotOnCell:
            return "a '<!-- labrunner: … -->' directive applies to the fenced block right below it, which is not a swift cell"
        case .sampleDirectiveInLab(let directive, let why):
            return "'\(directive)' applies to a guide's samples, and this file is read as a lab (\(why)); a lab is one program, so every cell sees the cells before it (<!-- labrunner: guide --> before the first fence reads it as a guide)"
        case .hiddenSetupInLab(let why):
            return "a hidden setup block gives context to a guide's samples, and this file is read as a lab (\(why)); a lab's cells all see each other: write the setup as a cell (<!-- labrunner: guide --> before the first fence reads it as a guide)"
        case .hiddenSetupUnclosed:
            return "the hidden setup block is not closed before its comment's '-->': close the fence on a line of its own first"
        case .lineInLab(let why):
            return "a line selects one sample of a guide, and this file is read as a lab (\(why)): a lab is one program, checked whole; run it without ':LINE'"
        case .guideNeedsLine(let why, let first):
            return "this file is read as a guide (\(why)), which has a program per sample: name one with PATH:LINE"
                + (first.map { ", such as \(location.path):\($0)" } ?? "")
        case .noSampleAtLine(let nearest):
            return "no Swift sample at this line" + (nearest.map { "; the nearest starts at line \($0)" } ?? "; the file has no Swift samples")
        case .unknownSampleName(let name, let suggestion):
            return "'continues=\(name)' names no earlier sample" + Self.hint(suggestion) + " (a sample is named with <!-- labrunner: name=NAME --> before its fence)"
        case .diagnosticsWithoutCompileFail:
            return "diagnostics block not after a compile_fail cell: it lists the errors the compile_fail cell above it must produce"
        case .duplicateDiagnostics(let first):
            return "second diagnostics block for the same compile_fail cell; the first is on line \(first)"
        default:
            return exerciseMessage
        }
    }

    /// `path:line:col: error: message`, as compilers print it.
    package var description: String { "\(location): error: \(message)" }

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
