#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// One of a child's output pipes (stdout or stderr) and the bytes read from it, capped at
/// `limit`. Owns the read end and closes it at EOF, on overflow, or in `close()`.
struct ChildOutputStream {
    private(set) var fd: Int32
    private(set) var bytes: [UInt8] = []
    /// The child wrote more than `limit` bytes; `bytes` holds exactly the first `limit`.
    private(set) var overflowed = false
    let limit: Int

    init(fd: Int32, limit: Int) {
        self.fd = fd
        self.limit = max(0, limit)
    }

    var isOpen: Bool { fd >= 0 }

    /// Reads once (the caller polled the fd as ready, so this does not block) and keeps what fits.
    /// A read past the limit marks the stream overflowed and closes it: the run is being stopped,
    /// and there is nothing more we would keep.
    mutating func readOnce(using scratch: UnsafeMutableRawBufferPointer) {
        guard isOpen else { return }
        let count = ProcessPlatform.read(fd, into: scratch)
        guard count > 0 else {
            // 0 is EOF; an error on a pipe we own is treated the same way rather than spinning on it.
            close()
            return
        }
        let room = limit - bytes.count
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[0..<min(count, room)]))
        if count > room {
            overflowed = true
            close()
        }
    }

    mutating func close() {
        guard isOpen else { return }
        // Not retried on EINTR: the fd is released either way, and a retry could close a reused fd.
        _ = systemClose(fd)
        fd = -1
    }

    private func systemClose(_ fd: Int32) -> Int32 {
        #if canImport(Darwin)
        Darwin.close(fd)
        #else
        Glibc.close(fd)
        #endif
    }
}
