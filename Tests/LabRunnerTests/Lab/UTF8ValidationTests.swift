import Testing
@testable import LabRunner

struct UTF8ValidationTests {
    @Test(arguments: [
        ([], nil),
        (Array("plain ascii that is longer than eight bytes".utf8), nil),
        (Array("é ü ✓ 🎉 mixed with ascii, long enough to cross words".utf8), nil),
        (Array("12345678".utf8) + [0xFF], 8),
        (Array("1234567".utf8) + [0xC3], 7),
        (Array("123456789abcdef".utf8) + [0xE2, 0x82], 15),
        ([0xC0, 0x80], 0),
        ([0xED, 0xA0, 0x80], 0),
        ([0xF4, 0x90, 0x80, 0x80], 0),
        (Array("abcdefgh".utf8) + [0xC3, 0xA9] + Array("abcdefgh".utf8) + [0x80], 18),
    ] as [([UInt8], Int?)])
    func firstInvalidByte(bytes: [UInt8], offset: Int?) {
        #expect(UTF8Validation.firstInvalidByte(in: bytes) == offset)
    }

    @Test func agreesWithTheStandardLibraryOnRandomBytes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let count = Int.random(in: 0..<40, using: &generator)
            let bytes = (0..<count).map { _ in Bool.random() ? UInt8.random(in: 0x20..<0x7F) : UInt8.random(in: 0x80...0xFF) }
            let valid = String(validating: bytes, as: UTF8.self) != nil
            #expect((UTF8Validation.firstInvalidByte(in: bytes) == nil) == valid, "\(bytes)")
        }
    }
}
