import Testing
@testable import LabRunner

@Test func smoke() { #expect(1 + 1 == 2) }
