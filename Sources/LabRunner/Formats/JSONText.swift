import Foundation

/// JSON as every report and listing writes it: keys sorted and pretty-printed (the same value
/// always gives the same bytes), `/` unescaped. A value that cannot be encoded (a number that is
/// not finite) is an error the user sees, never empty output.
package enum JSONText {
    package struct Failure: Error, CustomStringConvertible, Equatable {
        /// What was being encoded: "the run's report", "the grades".
        let what: String
        let reason: String

        package var description: String { "cannot write \(what) as JSON: \(reason)" }
    }

    package static func encode(_ value: some Encodable, what: String) throws(Failure) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch let EncodingError.invalidValue(_, context) {
            throw Failure(what: what, reason: context.debugDescription)
        } catch {
            throw Failure(what: what, reason: "\(error)")
        }
    }
}
