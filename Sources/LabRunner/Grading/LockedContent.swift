/// What a submission changed outside its exercises: every line there is the handout's (the key's
/// students' copy), so a changed cell, transcript or prose line is reported to the instructor
/// (a warning, never points: the graded lab uses the key's outputs whatever the student wrote).
/// The handout holds no solution and no hidden check, so its lines may be shown to the student.
package struct LockedContent: Sendable, Equatable {
    /// `- line of the handout` and `+ line of yours (NAME.md:LINE)`, in order.
    package let changes: [String]
    /// Lines removed or added.
    package var count: Int { changes.count }

    /// The changes of `submission` against `handout` (the key's students' copy, parsed).
    static func compare(handout: Lab, submission: Lab) -> LockedContent {
        let path = submission.path
        let theirs = outsideExercises(handout), yours = outsideExercises(submission)
        var ids: [String: Int] = [:]
        func intern(_ text: String) -> Int {
            if let id = ids[text] { return id }
            ids[text] = ids.count
            return ids.count - 1
        }
        let idsA = theirs.map { intern($0.text) }, idsB = yours.map { intern($0.text) }
        let pairs = LineAlignment(countA: idsA.count, countB: idsB.count, matches: { idsA[$0] == idsB[$1] },
                                  anchorKeys: { (idsA, idsB) }).pairs()
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var changes: [String] = []
        for step in LineDiff.script(pairs, countA: theirs.count, countB: yours.count) {
            switch step {
            case .same: break
            case .removed(let index): changes.append("- \(theirs[index].text)")
            case .added(let index): changes.append("+ \(yours[index].text)  (\(name):\(yours[index].line))")
            }
        }
        return LockedContent(changes: changes)
    }

    /// The lines of `lab` outside its exercises' regions (front matter included), with their numbers.
    static func outsideExercises(_ lab: Lab) -> [(line: Int, text: String)] {
        let source = lab.source
        let regions = lab.exercises.map { $0.line...(($0.endLine ?? source.lines.count + 1)) }
        return source.lines.indices.compactMap { offset in
            let number = offset + 1
            guard !regions.contains(where: { $0.contains(number) }) else { return nil }
            return (number, ControlPictures.forDisplay(source.text(of: source.lines[offset])))
        }
    }
}
