import Testing
@testable import LabRunner

/// Why an item is in a sample's context is what `labrunner list` prints: the same every run
/// (not the order of a hashed set), and the most direct reason, the sample's own use, first.
struct ContextReasonTests {
    @Test func aNameTheSampleUsesItselfIsGivenForThatUse() {
        // Every function uses both types; the last sample uses all of them directly. Before the
        // fix, a type was almost always reported as used by whichever function came off the
        // worklist first, a different one from run to run.
        let functions = (1...8).map { "func f\($0)(_ a: Alpha, _ b: Beta) -> Int { 0 }" }
        let codes = ["struct Alpha {}", "struct Beta {}"] + functions
            + ["print(" + (1...8).map { "f\($0)(Alpha(), Beta())" }.joined(separator: " + ") + ")"]
        let contexts = ContextResolverTests.resolve(codes)
        let reasons = contexts[codes.count - 1].entries.map { $0.reason.description { "\($0.sample).\($0.item)" } }
        #expect(reasons == ["uses Alpha", "uses Beta"] + (1...8).map { "uses f\($0)" })
    }

    /// Used by two items and not by the sample: the reason names the item whose name sorts first.
    @Test func aNameOnlyOtherItemsUseIsGivenForTheSameOneEveryRun() {
        let contexts = ContextResolverTests.resolve([
            "struct Alpha {}",
            "func g(_ a: Alpha) -> Int { 1 }\nfunc f(_ a: Alpha) -> Int { 0 }",
            "print(g(.init()) + f(.init()))",
        ])
        let reasons = contexts[2].entries.map { $0.reason.description { "\($0.sample).\($0.item)" } }
        #expect(reasons == ["uses Alpha (used by 1.1)", "uses g", "uses f"])
    }
}
