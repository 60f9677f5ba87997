#if os(Linux)
import Glibc

/// The Linux system calls the sandbox launcher needs that Swift's Glibc module does not import
/// (it is built without _GNU_SOURCE, and `pivot_root` has no glibc wrapper), looked up once.
/// `prctl` and `syscall` are variadic in C; called with integer or pointer arguments through a
/// fixed signature, which x86-64 and arm64 Linux pass the same way.
struct SandboxCalls: @unchecked Sendable {
    // @unchecked: plain C function pointers, immutable once looked up.
    typealias Unshare = @convention(c) (Int32) -> Int32
    typealias SetIDs = @convention(c) (UInt32, UInt32, UInt32) -> Int32
    typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
    typealias Syscall2 = @convention(c) (Int, UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int

    let unshare: Unshare
    let setresuid: SetIDs
    let setresgid: SetIDs
    let prctl: Prctl
    private let syscall2: Syscall2

    static let shared = SandboxCalls()

    private init?() {
        let handle = dlopen(nil, RTLD_NOW)
        func lookUp<F>(_ name: String, as type: F.Type) -> F? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let unshare = lookUp("unshare", as: Unshare.self), let setresuid = lookUp("setresuid", as: SetIDs.self),
              let setresgid = lookUp("setresgid", as: SetIDs.self), let prctl = lookUp("prctl", as: Prctl.self),
              let syscall2 = lookUp("syscall", as: Syscall2.self) else { return nil }
        self.unshare = unshare
        self.setresuid = setresuid
        self.setresgid = setresgid
        self.prctl = prctl
        self.syscall2 = syscall2
    }

    /// `pivot_root(2)`; -1 with errno set on failure.
    func pivotRoot(_ newRoot: String, _ putOld: String) -> Int32 {
        #if arch(x86_64)
        let number = 155
        #elseif arch(arm64)
        let number = 41
        #else
        let number = -1
        #endif
        guard number >= 0 else {
            errno = ENOSYS
            return -1
        }
        return Int32(syscall2(number, newRoot, putOld))
    }

    // <sched.h>, <sys/prctl.h>: not imported without _GNU_SOURCE.
    static let newNamespace = (user: Int32(0x1000_0000), mount: Int32(0x0002_0000), pid: Int32(0x2000_0000),
                               ipc: Int32(0x0800_0000), network: Int32(0x4000_0000), uts: Int32(0x0400_0000))
    static let setDumpable: Int32 = 4
    static let setParentDeathSignal: Int32 = 1
    static let setNoNewPrivileges: Int32 = 38
}
#endif
