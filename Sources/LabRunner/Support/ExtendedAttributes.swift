import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Copies a file's extended attributes (on Linux also its POSIX ACLs and SELinux label, which are
/// stored as such) onto a replacement being written, so `--update` keeps them.
///
/// Best effort: an attribute the file system or the permissions refuse is skipped. Glibc's module
/// does not export the xattr calls, so on Linux they are looked up in the C library at run time.
enum ExtendedAttributes {
    /// Copies every attribute of the file at `path` onto the open file `descriptor`; returns the
    /// names that could not be copied.
    @discardableResult
    static func copy(from path: String, to descriptor: Int32) -> [String] {
        var failed: [String] = []
        for name in names(of: path) {
            guard let value = value(of: name, at: path), set(name, value, on: descriptor) else {
                failed.append(name)
                continue
            }
        }
        return failed
    }

    /// The attribute names of `path` (following symlinks); empty when it has none or they cannot be read.
    static func names(of path: String) -> [String] {
        let size = Calls.list(path, nil, 0)
        guard size > 0 else { return [] }
        var buffer = [CChar](repeating: 0, count: size)
        let got = buffer.withUnsafeMutableBufferPointer { Calls.list(path, $0.baseAddress, size) }
        guard got > 0 else { return [] }
        return buffer[..<got].split(separator: 0).map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    }

    static func value(of name: String, at path: String) -> [UInt8]? {
        let size = Calls.get(path, name, nil, 0)
        guard size >= 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: max(size, 1))
        let got = buffer.withUnsafeMutableBytes { Calls.get(path, name, $0.baseAddress, size) }
        return got >= 0 ? Array(buffer[..<got]) : nil
    }

    static func set(_ name: String, _ value: [UInt8], on descriptor: Int32) -> Bool {
        value.withUnsafeBytes { Calls.set(descriptor, name, $0.baseAddress, value.count) } == 0
    }

    /// `listxattr`, `getxattr` and `fsetxattr`, with the platform's signature hidden.
    private enum Calls {
        #if canImport(Darwin)
        static func list(_ path: String, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
            FileName.withSystemPath(path) { listxattr($0, buffer, size, 0) }
        }
        static func get(_ path: String, _ name: String, _ buffer: UnsafeMutableRawPointer?, _ size: Int) -> Int {
            FileName.withSystemPath(path) { getxattr($0, name, buffer, size, 0, 0) }
        }
        static func set(_ descriptor: Int32, _ name: String, _ value: UnsafeRawPointer?, _ size: Int) -> Int32 {
            fsetxattr(descriptor, name, value, size, 0, 0)
        }
        #else
        private typealias ListFunction = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int) -> Int
        private typealias GetFunction = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, Int) -> Int
        private typealias SetFunction = @convention(c) (Int32, UnsafePointer<CChar>?, UnsafeRawPointer?, Int, Int32) -> Int32

        private static func symbol<T>(_ name: String, as type: T.Type) -> T? {
            guard let pointer = dlsym(dlopen(nil, RTLD_NOW), name) else { return nil }
            return unsafeBitCast(pointer, to: type)
        }
        private static let listCall = symbol("listxattr", as: ListFunction.self)
        private static let getCall = symbol("getxattr", as: GetFunction.self)
        private static let setCall = symbol("fsetxattr", as: SetFunction.self)

        static func list(_ path: String, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
            listCall.map { call in FileName.withSystemPath(path) { call($0, buffer, size) } } ?? -1
        }
        static func get(_ path: String, _ name: String, _ buffer: UnsafeMutableRawPointer?, _ size: Int) -> Int {
            getCall.map { call in FileName.withSystemPath(path) { call($0, name, buffer, size) } } ?? -1
        }
        static func set(_ descriptor: Int32, _ name: String, _ value: UnsafeRawPointer?, _ size: Int) -> Int32 {
            setCall.map { $0(descriptor, name, value, size, 0) } ?? -1
        }
        #endif
    }
}
