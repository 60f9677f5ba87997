import Testing
@testable import LabRunner

/// The command-line values of run settings: what each accepts and refuses.
struct ArgumentFormatTests {
    @Test func timeouts() {
        #expect(ArgumentFormat.timeout.read("2.5") == 2.5)
        #expect(ArgumentFormat.timeout.read("3s") == 3)
        for refused in ["0", "86401", "inf", "1e3", "-1", ""] { #expect(ArgumentFormat.timeout.read(refused) == nil, "\(refused)") }
        #expect(ArgumentFormat.compileTimeout.read("0.5") == 0.5)
        #expect(ArgumentFormat.compileTimeout.read("100000") == 100_000)
        for refused in ["0", "-1", "inf", "nan", "x"] { #expect(ArgumentFormat.compileTimeout.read(refused) == nil, "\(refused)") }
    }

    @Test func counts() {
        #expect(ArgumentFormat.jobs.read("1") == 1)
        #expect(ArgumentFormat.jobs.read("0") == nil)
        #expect(ArgumentFormat.jobs.read("two") == nil)
        #expect(ArgumentFormat.repeats.read("1000") == 1000)
        #expect(ArgumentFormat.repeats.read("1001") == nil)
        #expect(ArgumentFormat.repeats.read("0") == nil)
    }

    @Test func namesKindsShardsAndPorts() {
        #expect(ArgumentFormat.bareLanguage.read("swift") == "swift")
        #expect(ArgumentFormat.bareLanguage.read("objective-c_2") == "objective-c_2")
        #expect(ArgumentFormat.bareLanguage.read("a b") == nil)
        #expect(ArgumentFormat.bareLanguage.read("") == nil)
        #expect(ArgumentFormat.documentKind.read("guide") == .guide)
        #expect(ArgumentFormat.documentKind.read("Lab") == nil)
        #expect(ArgumentFormat.shard.read("2/3") == Shard("2/3"))
        #expect(ArgumentFormat.shard.read("3/2") == nil)
        #expect(ArgumentFormat.port.read("0") == 0)
        #expect(ArgumentFormat.port.read("65536") == nil)
    }

    /// What a usage error says was expected, word for word as `labrunner help` promises.
    @Test func expectations() {
        #expect(ArgumentFormat.repeats.expected == "a whole number from 1 to 1000")
        #expect(ArgumentFormat.timeout.expected == LabSettings.timeoutRange)
        #expect(ArgumentFormat.shard.expected == "K/N with 1 <= K <= N, such as 2/3")
    }
}
