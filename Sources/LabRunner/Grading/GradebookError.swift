/// Why an existing gradebook cannot be read back or would lose what the instructor wrote: said at
/// the cell (`grades/gradebook.csv:4:12: error: …`), and the gradebook is then left as it is.
package struct GradebookError: Error, Sendable, Equatable, CustomStringConvertible {
    package let path: String
    package let line: Int
    package let column: Int
    package let message: String

    package init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    package var description: String { "\(path):\(line):\(column): error: \(message)" }
}
