/// RFC 4180 CSV read back with each field's position, so that a file people edit (a gradebook)
/// can be said wrong at its line and column: fields separated by `,`, records by CRLF or LF
/// (a spreadsheet may save either), a field in double quotes may hold `,`, line breaks and `""`.
/// A leading UTF-8 byte order mark (as spreadsheets save) is skipped; a last line break is optional.
package enum CSVReader {
    package struct Field: Sendable, Equatable {
        package let text: String
        /// 1-based line and column (in characters) where the field starts.
        package let line: Int
        package let column: Int
    }

    /// A record's fields, and the line it starts on.
    package struct Record: Sendable, Equatable {
        package let line: Int
        package let fields: [Field]
    }

    /// What is not CSV, and where: `message` at 1-based `line` and `column`.
    package struct Failure: Error, Sendable, Equatable {
        package let line: Int
        package let column: Int
        package let message: String
    }

    package static func records(_ text: String) throws(Failure) -> [Record] {
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var records: [Record] = []
        var fields: [Field] = []
        var index = 0, line = 1, column = 1
        var recordLine = 1
        func advance() {
            if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
            index += 1
        }
        while index < scalars.count {
            let startLine = line, startColumn = column
            var text = String.UnicodeScalarView()
            if scalars[index] == "\"" {
                advance()
                var closed = false
                while index < scalars.count {
                    if scalars[index] == "\"" {
                        if index + 1 < scalars.count, scalars[index + 1] == "\"" {
                            text.append("\"")
                            advance(); advance()
                            continue
                        }
                        advance()
                        closed = true
                        break
                    }
                    if scalars[index] == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
                    text.append(scalars[index])
                    advance()
                }
                guard closed else {
                    throw Failure(line: startLine, column: startColumn, message: "a quoted field is not closed (a '\"' is missing)")
                }
                if index < scalars.count, !",\r\n".unicodeScalars.contains(scalars[index]) {
                    throw Failure(line: line, column: column, message: "text after a quoted field's closing '\"' (write a '\"' in a quoted field as '\"\"')")
                }
            } else {
                while index < scalars.count, !",\r\n".unicodeScalars.contains(scalars[index]) {
                    if scalars[index] == "\"" {
                        throw Failure(line: line, column: column, message: "a '\"' inside an unquoted field (quote the field, and write the '\"' as '\"\"')")
                    }
                    text.append(scalars[index])
                    advance()
                }
            }
            fields.append(Field(text: String(text), line: startLine, column: startColumn))
            if index < scalars.count, scalars[index] == "," {
                advance()
                if index == scalars.count { fields.append(Field(text: "", line: line, column: column)) }
                continue
            }
            // The end of a record: CRLF, LF, a lone CR, or the end of the text.
            if index < scalars.count, scalars[index] == "\r" {
                index += 1
                if index < scalars.count, scalars[index] == "\n" { index += 1 }
                line += 1; column = 1
            } else if index < scalars.count {
                advance()
            }
            records.append(Record(line: recordLine, fields: fields))
            fields = []
            recordLine = line
        }
        return records
    }
}
