/// What a lab's front matter decides, with the defaults of the lab format.
struct LabSettings: Sendable, Equatable {
    static let defaultScenarios = ["mock", "empty", "failing"]

    var title: String? = nil
    var scenarios: [String] = LabSettings.defaultScenarios
    var swiftVersion: String = "6"
    /// Seconds one scenario run may take.
    var timeout: Double = 10
    var swiftcFlags: [String] = []
}
