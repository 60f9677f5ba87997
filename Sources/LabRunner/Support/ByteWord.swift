/// A word of bytes looked for at a place in other bytes, with index loops: the generic slice
/// algorithms (`elementsEqual`, `starts(with:)`, `contains`) are unspecialized in a debug build,
/// where the Lab and Analysis stages ask this of nearly every line and comment.
enum ByteWord {
    /// `word` lies at `bytes[at...]`, ending at or before `end`.
    static func has(_ word: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at: Int, end: Int) -> Bool {
        guard at >= 0, end - at >= word.count, end <= bytes.count else { return false }
        var offset = 0
        while offset < word.count, bytes[at + offset] == word[offset] { offset += 1 }
        return offset == word.count
    }

    static func has(_ word: [UInt8], in bytes: [UInt8], at: Int, end: Int) -> Bool {
        bytes.withUnsafeBufferPointer { has(word, in: $0, at: at, end: end) }
    }

    /// `word` lies somewhere in `bytes[start..<end]`.
    static func contains(_ word: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> Bool {
        guard let first = word.first else { return false }
        var at = start
        while at + word.count <= end {
            if bytes[at] == first, has(word, in: bytes, at: at, end: end) { return true }
            at += 1
        }
        return false
    }
}
