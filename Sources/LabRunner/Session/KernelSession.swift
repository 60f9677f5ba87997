import Foundation

/// The Swift kernel's session: what each Jupyter request means for a notebook that is one lab
/// (docs/jupyter.md). `JupyterKernelServer` carries the messages; this decides the answers.
package final class KernelSession: JupyterKernelHandler {
    struct State: Sendable {
        var notebook = KernelNotebook()
        var executionCount = 0
        /// Every cell executed with `store_history`, in order: `history_request`'s answer.
        var history: [(count: Int, code: String)] = []
    }

    let state = LockedValue(State())
    let execution: KernelExecution
    private let languageVersion: String
    private let toolVersion: String
    /// The program running for the current cell: an interrupt stops it.
    let running = LockedValue<ProcessObserver?>(nil)
    let interrupted = LockedValue(false)
    /// After an execution fails with `stop_on_error`, the requests received until then are
    /// answered `aborted` instead of run (a frontend's "Run All" stops at the error).
    let abortThrough = LockedValue(0)
    /// Ends the kernel after a `shutdown_request` has been answered.
    private let shutDown: @Sendable () -> Void

    /// `compiler` builds every cell through `cache` (nil: no cache), `environment` is the
    /// programs' (and swiftc's) environment.
    package init(compiler: SwiftCompiler, cache: CompileCache?, environment: [String: String], toolVersion: String,
                 shutDown: @escaping @Sendable () -> Void) {
        self.toolVersion = toolVersion
        let version = cache.map { CompilerVersionLookup(compilerPath: compiler.path, cache: $0, environment: environment) }
        let toolchain = SwiftToolchain(compiler: compiler, environment: environment, cache: cache, compilerVersion: version,
                                       moduleCacheWithoutCache: nil, limiter: JobLimiter(slots: 2), outputLimit: 1 << 20)
        execution = KernelExecution(toolchain: toolchain, environment: environment)
        let text = version?.wait() ?? CompilerVersion.ask(compiler.path, environment: environment) ?? ""
        languageVersion = Self.swiftVersion(in: text)
        self.shutDown = shutDown
    }

    /// `Swift version 6.3.1 (swift-6.3.1-RELEASE)` → `6.3.1`.
    static func swiftVersion(in text: String) -> String {
        guard let range = text.range(of: "Swift version ") else { return "6" }
        return String(text[range.upperBound...].prefix { !$0.isWhitespace })
    }

    package func handleShell(_ request: JupyterMessage, _ replier: JupyterReplier) {
        switch request.type {
        case "kernel_info_request": replier.reply("kernel_info_reply", kernelInfo)
        case "execute_request": execute(request, replier)
        case "is_complete_request":
            replier.reply("is_complete_reply", KernelCompletion.isComplete(request.content["code"]?.string ?? ""))
        case "complete_request":
            let code = request.content["code"]?.string ?? ""
            let cursor = request.content["cursor_pos"]?.int ?? code.unicodeScalars.count
            replier.reply("complete_reply", KernelCompletion.complete(code, cursor: cursor, cells: state.withLock { $0.notebook.cells }))
        case "inspect_request":
            let code = request.content["code"]?.string ?? ""
            let cursor = request.content["cursor_pos"]?.int ?? code.unicodeScalars.count
            replier.reply("inspect_reply", KernelCompletion.inspect(code, cursor: cursor, cells: state.withLock { $0.notebook.cells }))
        case "history_request": replier.reply("history_reply", history(request.content))
        case "comm_info_request": replier.reply("comm_info_reply", .object(["status": .string("ok"), "comms": .object([:])]))
        case "shutdown_request", "interrupt_request": handleControl(request, replier)
        default:
            // Unknown requests are ignored, as the protocol asks (a newer frontend's message).
            FileHandle.standardError.write(Data("labrunner kernel: unknown message type '\(request.type)' ignored\n".utf8))
        }
    }

    package func handleControl(_ request: JupyterMessage, _ replier: JupyterReplier) {
        switch request.type {
        case "interrupt_request":
            interrupt()
            replier.reply("interrupt_reply", .object(["status": .string("ok")]))
        case "shutdown_request":
            interrupt()
            let restart = request.content["restart"]?.bool ?? false
            replier.reply("shutdown_reply", .object(["status": .string("ok"), "restart": .bool(restart)]))
            shutDown()
        case "kernel_info_request":
            replier.reply("kernel_info_reply", kernelInfo)
        default:
            FileHandle.standardError.write(Data("labrunner kernel: unknown control message type '\(request.type)' ignored\n".utf8))
        }
    }

    /// Stops the running cell's program (its whole process group), or the build about to run one.
    package func interrupt() {
        interrupted.withLock { $0 = true }
        running.withLock { $0 }?.stop()
    }

    private var kernelInfo: JupyterJSON {
        .object([
            "status": .string("ok"),
            "protocol_version": .string(JupyterMessage.protocolVersion),
            "implementation": .string("labrunner"),
            "implementation_version": .string(toolVersion),
            "language_info": .object([
                "name": .string("swift"), "version": .string(languageVersion), "mimetype": .string("text/x-swift"),
                "file_extension": .string(".swift"), "pygments_lexer": .string("swift"), "codemirror_mode": .string("swift"),
            ]),
            "banner": .string("Swift \(languageVersion) (labrunner): a notebook is one lab; %scenario NAME, %lab"),
            "help_links": .array([]),
        ])
    }

    private func history(_ content: JupyterJSON) -> JupyterJSON {
        let output = content["output"]?.bool ?? false
        let all = state.withLock { $0.history }
        var chosen: [(count: Int, code: String)]
        switch content["hist_access_type"]?.string {
        case "range":
            let start = content["start"]?.int ?? 0, stop = content["stop"]?.int ?? Int.max
            chosen = all.filter { $0.count >= start && $0.count < stop }
        case "search":
            let pattern = content["pattern"]?.string ?? "*"
            chosen = all.filter { Self.glob(pattern, matches: $0.code) }
            if content["unique"]?.bool == true {
                var seen = Set<String>()
                chosen = chosen.reversed().filter { seen.insert($0.code).inserted }.reversed()
            }
            if let n = content["n"]?.int { chosen = Array(chosen.suffix(max(0, n))) }
        default:
            chosen = Array(all.suffix(max(0, content["n"]?.int ?? all.count)))
        }
        let entries = chosen.map { entry -> JupyterJSON in
            let input = JupyterJSON.string(entry.code)
            return .array([.int(0), .int(entry.count), output ? .array([input, .null]) : input])
        }
        return .object(["status": .string("ok"), "history": .array(entries)])
    }

    /// IPython's history search pattern: `*` any text, `?` one character, the whole code matched.
    static func glob(_ pattern: String, matches text: String) -> Bool {
        let pattern = Array(pattern), text = Array(text)
        var p = 0, t = 0, star: Int? = nil, resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1; t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p; resume = t; p += 1
            } else if let star {
                p = star + 1; resume += 1; t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
