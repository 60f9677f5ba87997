import Foundation

/// The `swiftc` that builds labs: `SWIFTC` if set, else the first on `PATH`.
package struct SwiftCompiler: Sendable {
    package let path: String
    /// Seconds one swiftc run may take (`--compile-timeout`). No real lab comes near the default:
    /// the course's largest compiles in seconds, a generated 1,500-cell lab in about a minute.
    package var timeout: Double = SwiftCompiler.defaultTimeout

    package static let defaultTimeout = 600.0

    package static func locate(environment: [String: String]) throws(BuildError) -> SwiftCompiler {
        if let explicit = environment["SWIFTC"], !explicit.isEmpty {
            let resolved = explicit.contains("/") ? explicit : ExecutableSearch.find(explicit, path: environment["PATH"])
            guard let resolved, FileManager.default.fileExists(atPath: resolved) else { throw .swiftcMissing(explicit) }
            guard ExecutableSearch.isExecutableFile(resolved) else { throw .swiftcNotExecutable(explicit) }
            return SwiftCompiler(path: resolved)
        }
        guard let found = ExecutableSearch.find("swiftc", path: environment["PATH"]) else { throw .swiftcNotFound }
        return SwiftCompiler(path: found)
    }
}

/// What one `swiftc` run produced.
struct BuildOutcome: Sendable {
    /// The executable, when the build succeeded (and was not a check only).
    let executable: String?
    /// swiftc exited 0.
    var succeeded: Bool = false
    let diagnostics: [Diagnostic]
    /// Everything swiftc printed, for failures that produce no parsable diagnostic.
    let rawOutput: String
    let duration: Double

    var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
}

extension SwiftCompiler {
    /// The arguments that decide what `lab` compiles to (its paths aside): part of the cache key.
    func arguments(for lab: Lab) -> [String] {
        ["-swift-version", lab.settings.swiftVersion, "-diagnostic-style=llvm", "-module-name", "main"]
            + lab.settings.swiftcFlags
    }

    /// The compile cache key of `lab`: everything that decides its executable.
    /// A compile check's key has `checkOnly`, so it never names a program's executable.
    func cacheKey(for lab: Lab, program: String, compilerVersion: String, environment: [String: String],
                  checkOnly: Bool = false, syntaxOnly: Bool = false, extraArguments: [String] = []) -> String {
        CompileCache.key(source: program, compilerPath: path, compilerVersion: compilerVersion,
                         arguments: arguments(for: lab) + extraArguments
                             + stageArguments(for: lab, extraArguments: extraArguments, checkOnly: checkOnly, syntaxOnly: syntaxOnly),
                         environment: Self.steeringVariables(in: environment))
    }

    /// `NAME=value` of the variables through which swiftc picks another SDK, toolchain,
    /// deployment target or tool (linker, frontend) without a flag, sorted. Nothing else of the
    /// environment goes into the key: HOME, TMPDIR or PATH differ between shells and would only
    /// make keys miss.
    static func steeringVariables(in environment: [String: String]) -> [String] {
        let names: Set = ["SDKROOT", "DEVELOPER_DIR", "TOOLCHAINS", "MACOSX_DEPLOYMENT_TARGET"]
        return environment
            .filter { names.contains($0.key) || $0.key.hasPrefix("SWIFT_DRIVER_") }
            .map { "\($0.key)=\($0.value)" }
            .sorted()
    }

    /// Compiles the generated `program` of `lab` into `directory`. With `checkOnly`, swiftc stops
    /// after its diagnostic passes (`-emit-sil`: data races are found there, not by `-typecheck`)
    /// and no executable is written.
    ///
    /// swiftc writes only there and in `moduleCache`: its temporary files go to `directory` (as
    /// `TMPDIR`), removed with it even if swiftc is killed, and its clang module cache, which it
    /// would otherwise keep in `~/.cache/clang`, goes to `moduleCache` (`ModuleCacheFolder`), or
    /// into `directory` when there is none.
    ///
    /// A build that fails for the machine's reasons, not the lab's (`EnvironmentFault`), is a
    /// `BuildError`, never a compile failure: a damaged module cache of the tool's own is
    /// replaced once (`ModuleCacheRepair`) and the build run again; what is left is named.
    func build(_ lab: Lab, program: String, in directory: String, environment: [String: String],
               moduleCache folder: ModuleCacheFolder? = nil, limiter: JobLimiter? = nil, checkOnly: Bool = false,
               syntaxOnly: Bool = false, extraArguments: [String] = [], crashIsVerdict: Bool = false) throws(BuildError) -> BuildOutcome {
        let folder = folder ?? ModuleCacheFolder(path: directory + "/module-cache", isOwned: true)
        let moduleCache = folder.path
        let used = ModuleCacheRepair.identity(of: moduleCache)
        func attempt() throws(BuildError) -> (BuildOutcome, EnvironmentFault?) {
            let outcome = try compile(lab, program: program, in: directory, environment: environment,
                                      moduleCache: moduleCache, limiter: limiter, checkOnly: checkOnly,
                                      syntaxOnly: syntaxOnly, extraArguments: extraArguments, crashIsVerdict: crashIsVerdict)
            let fault = outcome.succeeded ? nil : EnvironmentFault.find(
                in: outcome.diagnostics, rawOutput: outcome.rawOutput, labPath: lab.path, moduleCache: folder,
                resolvedModuleCache: CacheFiles.resolved(moduleCache))
            return (outcome, fault)
        }
        var (outcome, fault) = try attempt()
        var repaired = false
        if fault == .damagedModuleCache, ModuleCacheRepair.renew(moduleCache, failed: used) {
            (outcome, fault) = try attempt()
            repaired = true
        }
        guard let fault else { return outcome }
        throw .swiftcFailed(path, reason: fault.reason(moduleCache: moduleCache, afterRepair: repaired), output: outcome.rawOutput)
    }

    /// What a guide's sample gets when swiftc crashes on it: a failed build whose output ends
    /// with a line the diagnostic parser reads back as `CompilerCrash.marker` (so the compile
    /// cache keeps the crash like any failed build).
    private func crashed(_ reason: String, output: String, diagnostics: [Diagnostic], duration: Double) -> BuildOutcome {
        let line = "error: \(CompilerCrash.marker) swiftc \(reason)"
        return BuildOutcome(executable: nil, diagnostics: diagnostics + [Diagnostic(severity: .error, location: nil, message: String(line.dropFirst(7)))],
                            rawOutput: output + (output.hasSuffix("\n") || output.isEmpty ? "" : "\n") + line + "\n", duration: duration)
    }

    /// The flag that says how far swiftc goes, as the cache key has it (paths left out).
    static func modeArguments(checkOnly: Bool, syntaxOnly: Bool) -> [String] {
        checkOnly ? [syntaxOnly ? "-parse" : "-emit-sil"] : []
    }

    /// What a build passes beyond the lab's arguments and `extraArguments`, paths aside: how far
    /// swiftc goes, and for a build that links, the linker (`Linker`). The cache key has it all.
    func stageArguments(for lab: Lab, extraArguments: [String], checkOnly: Bool, syntaxOnly: Bool) -> [String] {
        Self.modeArguments(checkOnly: checkOnly, syntaxOnly: syntaxOnly)
            + (checkOnly ? [] : Linker.arguments(compilerPath: path, flags: lab.settings.swiftcFlags + extraArguments))
    }

    private func compile(_ lab: Lab, program: String, in directory: String, environment: [String: String],
                         moduleCache: String, limiter: JobLimiter?, checkOnly: Bool,
                         syntaxOnly: Bool, extraArguments: [String], crashIsVerdict: Bool) throws(BuildError) -> BuildOutcome {
        let sourceFile = directory + "/" + ProgramGenerator.fileName
        let executable = directory + "/lab"
        do {
            try Data(program.utf8).write(to: URL(fileURLWithPath: sourceFile))
        } catch {
            throw .buildDirectory("cannot write \(sourceFile): \(error.localizedDescription)")
        }
        // Paths only: they decide where swiftc writes, not what it builds, so they stay out of the key.
        let destination = checkOnly ? (syntaxOnly ? [] : ["-o", "/dev/null"]) : ["-o", executable]
        // The source first: given an object file first (a package's, in `extraArguments`), the
        // driver writes `main.autolink` beside it, a file every concurrent link shares; after
        // the source, it goes into the driver's temporary folder, ours alone.
        let arguments = [sourceFile] + arguments(for: lab) + extraArguments + ["-module-cache-path", moduleCache]
            + stageArguments(for: lab, extraArguments: extraArguments, checkOnly: checkOnly, syntaxOnly: syntaxOnly)
            + destination
        // The driver keeps its object files in $TMPDIR/TemporaryDirectory.*, which a killed
        // swiftc (Ctrl-C) leaves behind: inside the build folder they go with it.
        var environment = environment
        environment["TMPDIR"] = directory
        let request = ProcessRequest(executable: path, arguments: arguments, environment: environment,
                                     workingDirectory: directory, timeout: timeout, outputLimit: 16 << 20)
        let result: ProcessResult
        do {
            let run = { () throws(ProcessError) -> ProcessResult in try ChildProcess.run(request) }
            if let limiter { result = try limiter.withSlot(run) } else { result = try run() }
        } catch {
            throw .swiftcFailed(path, reason: "could not be started (\(error.description))")
        }
        let output = String(decoding: result.stdout + result.stderr, as: UTF8.self)
        let diagnostics = DiagnosticParser.parse(output, lab: lab, generatedFile: sourceFile)
        switch result.termination {
        case .exited(0):
            return BuildOutcome(executable: checkOnly ? nil : executable, succeeded: true, diagnostics: diagnostics,
                                rawOutput: output, duration: result.duration)
        case .exited(let status):
            // Without an error there is nothing to show the author: the compiler, not the lab, failed.
            // It crashed on this program only if it says so; else it cannot compile anything.
            guard diagnostics.contains(where: { $0.severity == .error }) else {
                let reason = "exited with status \(status) without an error message"
                if crashIsVerdict && CompilerCrash.isEvident(in: output) {
                    return crashed(reason, output: output, diagnostics: diagnostics, duration: result.duration)
                }
                throw .swiftcFailed(path, reason: reason, output: output)
            }
            return BuildOutcome(executable: nil, diagnostics: diagnostics, rawOutput: output, duration: result.duration)
        case .signaled(let signal) where crashIsVerdict:
            return crashed("crashed: killed by \(SignalName.name(signal))", output: output, diagnostics: diagnostics, duration: result.duration)
        case .signaled(let signal):
            throw .swiftcFailed(path, reason: "crashed: killed by \(SignalName.name(signal))", output: output)
        case .timedOut:
            // The lab's failure, like a scenario's timeout: what is slow to compile is its program
            // (an expression the type checker explores without end, thousands of cells).
            let message = "swiftc did not finish within \(String(format: "%g", timeout)) s, the compile time limit (--compile-timeout)"
            return BuildOutcome(executable: nil, diagnostics: [Diagnostic(severity: .error, location: nil, message: message)],
                                rawOutput: output, duration: result.duration)
        case .outputLimitExceeded:
            throw .swiftcFailed(path, reason: "printed more than \(request.outputLimit) bytes", output: output)
        }
    }
}
