import Foundation
import LabRunnerSandbox

/// The outcome of running a lab's executable for one scenario.
struct ScenarioRun: Sendable {
    let scenario: String
    let result: ProcessResult
    let transcript: Transcript
    /// Standard error by the cell that wrote it, markers left out; nil for a run not split so.
    var stderrSegments: [StderrSegment]? = nil
}

/// Runs a built lab once per scenario: stdin closed, output captured, the timeout enforced on
/// the whole process group.
struct ScenarioRunner: Sendable {
    let executable: String
    let timeout: Double
    let environment: [String: String]
    var outputLimit = 1 << 20
    var limiter = JobLimiter(slots: ProcessInfo.processInfo.activeProcessorCount)
    /// Seals each run off from the machine; nil runs the program as it is (`--no-sandbox`).
    var sandbox: Sandbox? = nil

    /// `observer` sees the output as it comes (with the markers) and can stop the run; `nonce`
    /// is the markers' (fresh unless the observer must know it beforehand).
    func run(_ scenario: String, observer: ProcessObserver? = nil, nonce: String = ScenarioRunner.nonce()) throws(ProcessError) -> ScenarioRun {
        var environment = self.environment
        environment[Prelude.scenarioVariable] = scenario
        // Named, not given: the nonce itself comes on fd 3 (see `Prelude`).
        environment[Prelude.markerVariable] = Prelude.markerDescriptor
        // The runtime's backtracer buries a crash's "Fatal error: …" line under pages of frames.
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        var request = ProcessRequest(executable: executable, environment: environment, timeout: timeout, outputLimit: outputLimit,
                                     sandbox: sandbox, descriptor3: Array(nonce.utf8))
        request.observer = observer
        let result = try limiter.withSlot { () throws(ProcessError) -> ProcessResult in try ChildProcess.run(request) }
        return ScenarioRun(scenario: scenario, result: result, transcript: Transcript.split(result.stdout, nonce: nonce),
                           stderrSegments: StderrSegment.split(result.stderr, nonce: nonce))
    }

    /// Runs every scenario `repeats` times, in parallel as far as the limiter allows; for each
    /// scenario in the order given, its runs in order.
    func runAll(_ scenarios: [String], repeats: Int = 1) -> [[Result<ScenarioRun, ProcessError>]] {
        let count = scenarios.count * repeats
        let flat = Parallel.map(count, width: count) { i in
            Result { () throws(ProcessError) -> ScenarioRun in try self.run(scenarios[i / repeats]) }
        }
        return scenarios.indices.map { Array(flat[($0 * repeats)..<(($0 + 1) * repeats)]) }
    }

    static func nonce() -> String {
        (0..<4).map { _ in String(UInt32.random(in: .min ... .max), radix: 36) }.joined()
    }
}
