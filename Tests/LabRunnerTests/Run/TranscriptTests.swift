import Testing
@testable import LabRunner

struct TranscriptTests {
    private func marker(_ nonce: String, _ label: String) -> [UInt8] {
        [0x1E] + Array("\(nonce):\(label)".utf8) + [0x1E]
    }

    @Test func splitsByCellAndNotesTheEnd() {
        let out = Array("boot\n".utf8) + marker("n1", "0") + Array("a\nb".utf8) + marker("n1", "2")
            + Array("c\n".utf8) + marker("n1", "end") + Array("late\n".utf8)
        let transcript = Transcript.split(out, nonce: "n1")
        #expect(transcript.output(ofCell: 0) == "a\nb")
        #expect(transcript.output(ofCell: 2) == "c\n")
        #expect(transcript.outputs[1] == nil)
        #expect(transcript.beforeFirstCell == Array("boot\n".utf8))
        #expect(transcript.lastCell == 2)
        #expect(transcript.reachedEnd)
    }

    @Test func markersWithAnotherNonceAreOutput() {
        let forged = marker("other", "1")
        let out = marker("n1", "0") + forged + Array("x".utf8)
        let transcript = Transcript.split(out, nonce: "n1")
        #expect(transcript.outputs[0] == forged + Array("x".utf8))
        #expect(transcript.lastCell == 0)
        #expect(!transcript.reachedEnd)
    }

    @Test func silentCellsAreRecordedAsStarted() {
        let transcript = Transcript.split(marker("n", "0") + marker("n", "1"), nonce: "n")
        #expect(transcript.outputs[0] == [])
        #expect(transcript.outputs[1] == [])
        #expect(transcript.lastCell == 1)
    }

    /// The generated program marks each cell once, in increasing order, then the end; anything
    /// else was written by the lab's own code, and is named.
    @Test(arguments: [
        (["0", "2", "end"], nil),
        (["0", "1"], nil),
        (["0", "0"], "cell 0 marked after cell 0"),
        (["0", "2", "1", "end"], "cell 1 marked after cell 2"),
        (["0", "end", "1"], "a marker for '1' after the end"),
        (["0", "end", "end"], "a marker for 'end' after the end"),
        (["0", "x"], "a marker 'x' the prelude never writes"),
    ] as [([String], String?)])
    func markersOutOfTheProgramsOrderAreTampering(_ labels: [String], _ tampering: String?) {
        let out = labels.flatMap { marker("n", $0) + Array("printed\n".utf8) }
        #expect(Transcript.split(out, nonce: "n").tampering == tampering)
    }

    @Test func aStrayDelimiterIsKept() {
        let out = marker("n", "0") + [0x1E] + Array("n:".utf8)
        #expect(Transcript.split(out, nonce: "n").outputs[0] == [0x1E] + Array("n:".utf8))
    }
}
