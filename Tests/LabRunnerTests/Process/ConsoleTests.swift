import Foundation
import Testing
@testable import LabRunner

/// `Console`'s writer: every byte reaches the descriptor, and a refused write says so; a reader
/// that went away (EPIPE) is reported to the caller's `onClosed` (the interrupt handler's, in the tool).
struct ConsoleTests {
    private static func write(_ text: String, to descriptor: Int32, closed: inout Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in Console.write(bytes: bytes, to: descriptor, onClosed: { closed = true }) }
    }

    @Test func everyByteReachesThePipe() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let text = String(repeating: "é line\n", count: 2_000)
        var closed = false
        #expect(Self.write(text, to: ends[1], closed: &closed))
        close(ends[1])
        let read = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readDataToEndOfFile()
        #expect(String(decoding: read, as: UTF8.self) == text)
        #expect(!closed)
    }

    @Test func aClosedReaderIsReportedAndABadDescriptorRefused() throws {
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        var closed = false
        #expect(!Self.write("x\n", to: ends[1], closed: &closed))
        #expect(closed)
        closed = false
        #expect(!Self.write("x\n", to: -1, closed: &closed))
        #expect(!closed)
    }
}
