import Foundation
import Testing

/// Issue 38: a student's feedback says which hidden check failed, in which scenario, and how
/// (output differs, did not compile, crashed), never what the check wrote to stderr, what its
/// compiler diagnostics quote, nor what the student's own code wrote to stderr while it ran.
struct HiddenCheckFeedbackEndToEndTests {
    static let key = """
    <!-- labrunner: exercise id=double points=2 -->
    ```swift
    func double(_ x: Int) -> Int {
        #if SOLUTION
        return x * 2
        #else
        return 0
        #endif
    }
    print(double(1))
    ```
    ```output
    2
    ```
    <!-- labrunner: hidden -->
    ```swift
    let got = double(12345)
    if got != 24690 {
        FileHandle.standardError.write(Data("want 24690 for 12345, got \\(got)\\n".utf8))
        exit(1)
    }
    print(got)
    ```
    ```output
    24690
    ```

    """

    static func submission(_ body: String) -> String {
        "<!-- labrunner: exercise id=double points=2 -->\n```swift\n\(body)\nprint(double(1))\n```\n```output\n2\n```\n"
    }

    /// Bob's answer tells the hidden check's argument on stderr and is wrong past 1.
    static let bob = submission("""
    func double(_ x: Int) -> Int {
        FileHandle.standardError.write(Data("called with \\(x)\\n".utf8))
        return x == 1 ? 2 : x * 2 + 1
    }
    """)
    /// Carol's takes an `Int8`: the hidden check's literal overflows it.
    static let carol = submission("func double(_ x: Int8) -> Int8 { x * 2 }")
    /// Dave's stops with the argument in its message.
    static let dave = submission("""
    func double(_ x: Int) -> Int {
        if x != 1 { fatalError("stopped at \\(x)") }
        return 2
    }
    """)

    @Test func feedbackNamesAFailingHiddenCheckAndQuotesNothingOfIt() async throws {
        let folder = NSTemporaryDirectory() + "labrunner-hidden-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in [("key.md", Self.key), ("bob.md", Self.bob), ("carol.md", Self.carol), ("dave.md", Self.dave)] {
            try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }
        let result = try await LabRunnerCLI.run(["grade", "--repeat", "1", "--key", "key.md", "bob.md", "carol.md", "dave.md", "-o", "out"],
                                                in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let expected = [
            "bob": "exited with status 1 in hidden check 1 of exercise 'double'",
            "carol": "hidden check 1 of exercise 'double'",
            "dave": "crashed",
        ]
        for (student, named) in expected {
            let feedback = try String(contentsOfFile: folder + "/out/\(student).feedback.txt", encoding: .utf8)
            let page = try String(contentsOfFile: folder + "/out/\(student).feedback.html", encoding: .utf8)
            for text in [feedback, page] {
                #expect(text.contains(named), "\(student): \(text)")
                for secret in ["12345", "24690", "98765", "want ", "overflows"] {
                    #expect(!text.contains(secret), "\(student)'s feedback shows '\(secret)': \(text)")
                }
            }
        }
        // What a student wrote to stderr in their own cell is still theirs to read.
        let bob = try String(contentsOfFile: folder + "/out/bob.feedback.txt", encoding: .utf8)
        #expect(!bob.contains("called with 12345"))
        let carol = try String(contentsOfFile: folder + "/out/carol.feedback.txt", encoding: .utf8)
        #expect(carol.contains("did not compile"), "\(carol)")
    }
}
