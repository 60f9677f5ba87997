import Testing
@testable import LabRunner

/// RFC 4180 read back with positions: what a spreadsheet saves, and where a broken file breaks.
struct CSVReaderTests {
    static let readable: [(text: String, records: [[String]])] = [
        ("a,b\r\nc,d\r\n", [["a", "b"], ["c", "d"]]),
        ("a,b\nc,d", [["a", "b"], ["c", "d"]]),
        ("\u{FEFF}a,b\n", [["a", "b"]]),
        ("\"x, y\",\"say \"\"hi\"\"\"\n", [["x, y", "say \"hi\""]]),
        ("\"two\r\nlines\",z\r\n", [["two\nlines", "z"]]),
        ("a,,\n", [["a", "", ""]]),
        ("é,'=1\n", [["é", "'=1"]]),
    ]

    @Test(arguments: readable) func fieldsAreRead(_ text: String, _ records: [[String]]) throws {
        #expect(try CSVReader.records(text).map { $0.fields.map(\.text) } == records)
    }

    @Test func positionsAreLinesAndColumns() throws {
        let records = try CSVReader.records("ab,\"c\nd\",e\nf\n")
        #expect(records.map(\.line) == [1, 3])
        #expect(records[0].fields.map { [$0.line, $0.column] } == [[1, 1], [1, 4], [2, 4]])
    }

    static let broken: [(text: String, line: Int, column: Int)] = [
        ("a,\"open\n", 1, 3),
        ("a,\"x\"y\n", 1, 6),
        ("a\nb,c\"d\n", 2, 4),
    ]

    @Test(arguments: broken) func brokenTextIsSaidWhere(_ text: String, _ line: Int, _ column: Int) {
        #expect(throws: CSVReader.Failure.self) { try CSVReader.records(text) }
        do { _ = try CSVReader.records(text) } catch {
            #expect([error.line, error.column] == [line, column], "\(error.message)")
        }
    }
}
