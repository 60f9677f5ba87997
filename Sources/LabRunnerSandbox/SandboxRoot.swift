#if os(Linux)
import Glibc

/// A system call of the sandbox's setup that failed: which step, and errno.
struct SandboxFailure: Error {
    let step: String
    let code: Int32
}

/// The file system a sandboxed program sees, built in a fresh mount namespace: a read-only
/// tmpfs root holding the system's `/usr`, `/etc` and library folders and the toolchain's
/// runtime (read-only binds), a copy of the executable, the harmless `/dev` nodes and a private
/// writable tmpfs `/tmp`, and a `/proc` that shows only the sandbox's own processes. No home, no
/// course, no cache, not the tool's processes: whatever is not bound here does not exist inside.
struct SandboxRoot {
    /// Where the new root is assembled before `pivot_root`: a folder every system has, hidden by
    /// the tmpfs mounted on it (in this namespace only).
    var staging = "/tmp"
    /// The system's entries: a symbolic link (merged /usr) is copied as a link, a folder bound.
    var systemEntries = ["usr", "etc", "bin", "sbin", "lib", "lib64", "lib32", "libx32"]
    var devices = ["null", "zero", "full", "random", "urandom"]

    /// Where the executable's copy is inside: its own path would show where the tool keeps its cache.
    static func programPath(of executable: String) -> String {
        "/program/" + (executable.split(separator: "/").last.map(String.init) ?? "program")
    }

    /// Builds the root and moves into it (`/tmp` the working directory). `executable` is copied
    /// from `source`, opened before privileges were dropped (the compile cache is private), to
    /// `programPath(of:)`, unless it is a system program, already there.
    func enter(executable: String, source: Int32, readOnly: [String], temporaryBytes: Int) throws(SandboxFailure) {
        try mountCall(nil, "/", nil, Flag.recursive | Flag.private, "make the mounts private")
        try mountCall("tmpfs", staging, "tmpfs", Flag.noSetUID | Flag.noDevices, "mount the root", data: "mode=0755")
        for name in systemEntries {
            try show("/" + name)
        }
        for path in readOnly where !systemEntries.contains(where: { path == "/" + $0 || path.hasPrefix("/" + $0 + "/") }) {
            try show(path)
        }
        try makeFolders("/dev")
        for name in devices {
            let path = "/dev/" + name
            guard access(path, F_OK) == 0 else { continue }
            try makeFile(staging + path)
            try mountCall(path, staging + path, nil, Flag.bind, "bind " + path)
        }
        // A /proc of this PID namespace (the caller is its PID 1): Foundation finds the executable
        // through /proc/self/exe. It is mounted while the old root, with the host's /proc, is still
        // attached: the kernel refuses a new proc in a user namespace that has no visible one.
        try makeFolders("/proc")
        try mountCall("proc", staging + "/proc", "proc", Flag.noSetUID | Flag.noDevices | Flag.noExec, "mount /proc")
        try makeFolders("/tmp")
        try mountCall("tmpfs", staging + "/tmp", "tmpfs", Flag.noSetUID | Flag.noDevices, "mount /tmp",
                      data: "mode=1777,size=\(temporaryBytes)")
        if !isShown(executable) { try copy(source, to: Self.programPath(of: executable)) }

        try check(chdir(staging), "enter the root")
        try check(SandboxCalls.shared?.pivotRoot(".", ".") ?? -1, "pivot_root")
        // The old root now lies under the new one at "."; detach it whole.
        try check(umount2(".", Int32(MNT_DETACH)), "detach the old root")
        try check(chdir("/"), "enter the root")
        try mountCall(nil, "/", nil, Flag.bind | Flag.remount | Flag.readOnly | Flag.noSetUID | Flag.noDevices,
                      "make the root read-only")
        try check(chdir("/tmp"), "enter /tmp")
    }

    /// The host's `path` at the same place inside: a symbolic link copied, a folder or file bound
    /// read-only; nothing for a path that does not exist.
    private func show(_ path: String) throws(SandboxFailure) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        let target = staging + path
        try makeFolders(parent(of: path))
        switch info.st_mode & S_IFMT {
        case S_IFLNK:
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &buffer, buffer.count - 1)
            guard count > 0 else { throw SandboxFailure(step: "read the link " + path, code: errno) }
            try check(symlink(buffer, target), "link " + path)
            return
        case S_IFDIR:
            try makeFolders(path)
        default:
            try makeFile(target)
        }
        try bindReadOnly(path, target)
    }

    /// A recursive bind made read-only. In a user namespace the flags the host mount had (nosuid,
    /// noexec, its atime mode) are locked: the remount must keep them or it fails.
    private func bindReadOnly(_ source: String, _ target: String) throws(SandboxFailure) {
        try mountCall(source, target, nil, Flag.bind | Flag.recursive, "bind " + source)
        var info = statvfs()
        try check(statvfs(target, &info), "read the flags of " + source)
        var flags = Flag.bind | Flag.remount | Flag.readOnly | Flag.noSetUID | Flag.noDevices
        if info.f_flag & 8 != 0 { flags |= Flag.noExec }  // ST_NOEXEC
        if info.f_flag & 1024 != 0 { flags |= Flag.noAccessTime }  // ST_NOATIME
        if info.f_flag & 2048 != 0 { flags |= Flag.noFolderAccessTime }  // ST_NODIRATIME
        if info.f_flag & 4096 != 0 { flags |= Flag.relativeAccessTime }  // ST_RELATIME
        if info.f_flag & (1024 | 4096) == 0 { flags |= Flag.strictAccessTime }
        try mountCall(nil, target, nil, flags, "make " + source + " read-only")
    }

    /// Whether `path` is inside what the root shows of the host (a system program).
    func isShown(_ path: String) -> Bool {
        systemEntries.contains { path.hasPrefix("/" + $0 + "/") }
    }

    private func copy(_ source: Int32, to path: String) throws(SandboxFailure) {
        try makeFolders(parent(of: path))
        let output = open(staging + path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard output >= 0 else { throw SandboxFailure(step: "copy the executable", code: errno) }
        defer { close(output) }
        while true {
            let count = sendfile(output, source, nil, 1 << 30)
            if count == 0 { return }
            if count < 0 && errno != EINTR { throw SandboxFailure(step: "copy the executable", code: errno) }
        }
    }

    private func makeFolders(_ path: String) throws(SandboxFailure) {
        var built = staging
        for component in path.split(separator: "/") {
            built += "/" + component
            if mkdir(built, 0o755) != 0 && errno != EEXIST { throw SandboxFailure(step: "make " + built, code: errno) }
        }
    }

    private func makeFile(_ path: String) throws(SandboxFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SandboxFailure(step: "make " + path, code: errno) }
        close(descriptor)
    }

    private func parent(of path: String) -> String {
        String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    }

    private func mountCall(_ source: String?, _ target: String, _ type: String?, _ flags: UInt, _ step: String,
                           data: String? = nil) throws(SandboxFailure) {
        try check(mount(source, target, type, flags, data), step)
    }

    private func check(_ result: Int32, _ step: String) throws(SandboxFailure) {
        if result != 0 { throw SandboxFailure(step: step, code: errno) }
    }

    /// <sys/mount.h> flags, spelled out (Swift imports them inconsistently across glibc versions).
    enum Flag {
        static let readOnly: UInt = 1, noSetUID: UInt = 2, noDevices: UInt = 4, noExec: UInt = 8
        static let remount: UInt = 32, noAccessTime: UInt = 1024, noFolderAccessTime: UInt = 2048
        static let bind: UInt = 4096, recursive: UInt = 16384, `private`: UInt = 1 << 18
        static let relativeAccessTime: UInt = 1 << 21, strictAccessTime: UInt = 1 << 24
    }
}
#endif
