import Testing
@testable import LabRunner

/// HMAC-SHA256, the JSON of message parts and the five-part wire format.
struct JupyterWireTests {
    /// RFC 4231's test cases 1, 2 and 6 (a key longer than a block).
    @Test(arguments: [
        ([UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        (Array("Jefe".utf8), Array("what do ya want for nothing?".utf8), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        ([UInt8](repeating: 0xaa, count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
         "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
    ])
    func hmacMatchesRFC4231(_ key: [UInt8], _ data: [UInt8], _ expected: String) {
        #expect(HMACSHA256.hexSignature(key: key, parts: [data]) == expected)
    }

    @Test(arguments: [
        ("{\"a\": [1, 2.5, true, null, \"x\"]}", JupyterJSON.object(["a": .array([.int(1), .double(2.5), .bool(true), .null, .string("x")])])),
        ("\"\\u00e9\\ud83d\\ude00\\n\"", .string("é😀\n")),
        ("  {}  ", .object([:])),
    ])
    func jsonIsRead(_ text: String, _ value: JupyterJSON) {
        #expect(JupyterJSONParser.parse(Array(text.utf8)) == value)
    }

    @Test(arguments: ["", "{", "{\"a\" 1}", "[1,]", "\"unterminated", "\"raw \n line\"", "tru", "{} {}", "\"\\x\"",
                      String(repeating: "[", count: 100) + String(repeating: "]", count: 100)])
    func badJSONIsRefused(_ text: String) {
        #expect(JupyterJSONParser.parse(Array(text.utf8)) == nil)
    }

    @Test func aMessageSurvivesTheWireAndItsSignatureIsChecked() throws {
        let wire = JupyterWire(key: Array("key".utf8))
        var message = JupyterMessage(header: JupyterMessage.header(type: "execute_request", session: "s"),
                                     content: .object(["code": .string("print(\"é\\n\")")]))
        message.identities = [[1, 2, 3]]
        let parts = wire.encode(message)
        #expect(parts.count == 7 && parts[1] == JupyterMessage.delimiter)
        #expect(try wire.decode(parts).get() == message)
        var forged = parts
        forged[6] = Array("{\"code\": \"rm -rf\"}".utf8)
        #expect(wire.decode(forged) == .failure(.badSignature))
        #expect(wire.decode(Array(parts.prefix(5))) == .failure(.tooFewParts(3)))
        #expect(wire.decode([[0]]) == .failure(.noDelimiter))
    }
}
