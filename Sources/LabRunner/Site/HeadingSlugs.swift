/// Heading ids as GitHub makes them (github-slugger), so a link written for the `.md` on GitHub
/// (`#a-complete-example`) finds the same heading on the page: the heading's text lowercased,
/// every character that is not a letter, a digit, a mark, `_`, `-` or a space dropped, each
/// space a `-`; a repeat gets `-1`, `-2`… after the first. One value per page, in document order.
struct HeadingSlugs {
    /// How many times each slug was handed out, as github-slugger counts them.
    private var occurrences: [String: Int] = [:]

    /// `reserved`: ids the page already uses, which a heading must not take.
    init(reserved: Set<String> = []) {
        for id in reserved { occurrences[id] = 0 }
    }

    /// The id for the next heading whose text (markup removed, references decoded) is `text`.
    mutating func id(for text: String) -> String {
        let original = Self.slug(text)
        var result = original
        while occurrences[result] != nil {
            let count = (occurrences[original] ?? 0) + 1
            occurrences[original] = count
            result = original + "-" + String(count)
        }
        occurrences[result] = 0
        // GitHub would write an empty id for a heading of punctuation only; an id must not be empty.
        return result.isEmpty ? "section" : result
    }

    /// The slug alone, without the count of repeats.
    static func slug(_ text: String) -> String {
        var result = ""
        for scalar in text.lowercased().unicodeScalars {
            let properties = scalar.properties
            if scalar == " " {
                result += "-"
            } else if scalar == "-" || scalar == "_" || properties.isAlphabetic || properties.numericType != nil
                        || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark {
                // Emoji and symbols (`©`, `→`) are not alphabetic: github-slugger drops them too.
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
