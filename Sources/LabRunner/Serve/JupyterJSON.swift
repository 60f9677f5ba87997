/// A JSON value of a Jupyter message (header, parent header, metadata, content), read with
/// `JupyterJSONParser` and written compactly, as Jupyter's own sessions write messages.
package enum JupyterJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JupyterJSON])
    case object([String: JupyterJSON])

    package subscript(key: String) -> JupyterJSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    package var string: String? { if case .string(let text) = self { text } else { nil } }
    package var int: Int? {
        switch self {
        case .int(let number): number
        case .double(let number) where number.rounded() == number && abs(number) < 1e15: Int(number)
        default: nil
        }
    }
    package var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    package var array: [JupyterJSON]? { if case .array(let items) = self { items } else { nil } }
    package var object: [String: JupyterJSON]? { if case .object(let members) = self { members } else { nil } }

    /// The compact UTF-8 text, keys sorted so that a message is the same bytes every time.
    package var bytes: [UInt8] { Array(text.utf8) }

    package var text: String {
        var output = ""
        write(into: &output)
        return output
    }

    private func write(into output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let number): output += String(number)
        case .double(let number): output += number.isFinite ? "\(number)" : "null"
        case .string(let text): Self.quote(text, into: &output)
        case .array(let items):
            output += "["
            for (offset, item) in items.enumerated() {
                if offset > 0 { output += ", " }
                item.write(into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (offset, key) in members.keys.sorted().enumerated() {
                if offset > 0 { output += ", " }
                Self.quote(key, into: &output)
                output += ": "
                members[key]?.write(into: &output)
            }
            output += "}"
        }
    }

    private static func quote(_ text: String, into output: inout String) {
        NotebookJSON.quote(text, into: &output)
    }
}
