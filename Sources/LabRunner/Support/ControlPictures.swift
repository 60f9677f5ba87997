import Foundation

/// Control characters as the Unicode control pictures that stand for them (U+2400 + code:
/// `␍` for a carriage return, `␛` for escape, `␀` for NUL; `␡` U+2421 for DEL). Tab and line
/// feed are text and stay as they are.
///
/// This is the escaped form of output blocks: Markdown cannot hold a lone `\r` (it ends a line)
/// or a NUL byte-for-byte, and a terminal would act on an escape sequence. Comparison reads both
/// sides through it, so a control character and its picture compare equal, and what `--update`
/// writes is read back as what the cell printed.
package enum ControlPictures {
    /// True for the bytes this form replaces.
    static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A) || byte == 0x7F
    }

    /// The UTF-8 bytes of the picture of a control byte.
    static func picture(of byte: UInt8) -> [UInt8] {
        byte == 0x7F ? [0xE2, 0x90, 0xA1] : [0xE2, 0x90, 0x80 + byte]
    }

    /// `bytes` with every control byte replaced by its picture.
    static func replacing(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for byte in bytes {
            if isControl(byte) { out += picture(of: byte) } else { out.append(byte) }
        }
        return out
    }

    /// `text` with control characters shown as pictures (line feeds kept).
    package static func shown(_ text: String) -> String {
        guard text.utf8.contains(where: isControl) else { return text }
        return String(decoding: replacing(text.utf8), as: UTF8.self)
    }

    /// Text a lab printed (stderr, output so far), for a report: CRLF line endings read as
    /// line feeds, every other control character shown as its picture.
    package static func forDisplay(_ text: String) -> String {
        guard text.utf8.contains(where: isControl) else { return text }
        return shown(text.replacingOccurrences(of: "\r\n", with: "\n"))
    }

    /// `text` without control characters (a tab becomes a space) and without C1 controls
    /// (U+0080–U+009F, which some terminals act on too): for one-line names that came from a lab
    /// (a title, a section) and are printed as they are.
    package static func stripped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnprintable) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where scalar == "\t" || !isUnprintable(scalar) {
            scalars.append(scalar == "\t" ? " " : scalar)
        }
        return String(scalars)
    }

    /// A name that came from a file name (a path, a student's submission) as the tool prints it:
    /// every C0 control (tab and line feed too), DEL and C1 control written `\xNN` (`\u{NN}` for
    /// C1), the rest as it is. A terminal would act on an escape sequence, and a line feed in a name
    /// would start a line of the report that the name wrote (`bob  1 of 1 points`). A byte of the
    /// name that is not UTF-8 (`FileName`) is written `\xe9`.
    package static func escapedName(_ name: String) -> String {
        guard name.unicodeScalars.contains(where: { isUnprintable($0) || FileName.shownRawByte($0) != nil }) else { return name }
        var shown = ""
        for scalar in name.unicodeScalars {
            let hex = String(scalar.value, radix: 16)
            if let byte = FileName.shownRawByte(scalar) {
                shown += byte
            } else if scalar.value < 0x20 || scalar.value == 0x7F {
                shown += "\\x" + (hex.count < 2 ? "0" : "") + hex
            } else if isUnprintable(scalar) {
                shown += "\\u{" + hex + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
