#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Finds a NUL byte, which valid UTF-8 allows but no lab means: it is what a file saved as
/// UTF-16 looks like byte by byte, and swiftc silently reads it as a space.
enum NULDetection {
    static func firstNUL(in bytes: [UInt8]) -> Int? {
        // memchr is vectorised; on a 50 MB lab this costs a few milliseconds.
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, let found = memchr(base, 0, buffer.count) else { return nil }
            return UnsafeRawPointer(found) - UnsafeRawPointer(base)
        }
    }
}
