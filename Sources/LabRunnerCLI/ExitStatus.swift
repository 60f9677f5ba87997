import LabRunner

/// Exit statuses, as documented in `labrunner run --help`.
enum ExitStatus {
    static let success: Int32 = 0
    static let failed: Int32 = 1
    static let usage: Int32 = 2

    /// The status of a session that ended so.
    static func of(_ end: SessionEnd) -> Int32 {
        switch end {
        case .passed: success
        case .failed: failed
        case .notChecked: usage
        }
    }
}
