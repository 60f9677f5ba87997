/// Finds the first byte that makes a buffer invalid UTF-8, so the error can name its offset.
enum UTF8Validation {
    static func firstInvalidByte(in bytes: [UInt8]) -> Int? {
        var i = 0
        let n = bytes.count
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            while i < n {
                // Labs are nearly all ASCII: skip eight ASCII bytes at a time.
                while i + 8 <= n {
                    let word = UnsafeRawPointer(buffer.baseAddress! + i).loadUnaligned(as: UInt64.self)
                    guard word & 0x8080_8080_8080_8080 == 0 else { break }
                    i += 8
                }
                guard i < n else { break }
                let byte = buffer[i]
                if byte < 0x80 { i += 1; continue }
                let length: Int, minimum: UInt32
                var scalar: UInt32
                switch byte {
                case 0xC2...0xDF: length = 2; scalar = UInt32(byte & 0x1F); minimum = 0x80
                case 0xE0...0xEF: length = 3; scalar = UInt32(byte & 0x0F); minimum = 0x800
                case 0xF0...0xF4: length = 4; scalar = UInt32(byte & 0x07); minimum = 0x10000
                default: return i
                }
                guard i + length <= n else { return i }
                for k in 1..<length {
                    let next = buffer[i + k]
                    guard next & 0xC0 == 0x80 else { return i }
                    scalar = scalar << 6 | UInt32(next & 0x3F)
                }
                // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
                if scalar < minimum || (0xD800...0xDFFF).contains(scalar) || scalar > 0x10FFFF { return i }
                i += length
            }
            return nil
        }
    }
}
