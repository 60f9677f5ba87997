/// What a crashing or panicking tool would print; an input error must print none of it.
enum CrashSigns {
    static let markers = ["Fatal error", "Current stack trace", "Stack dump", "💣", "Backtrace", "Illegal instruction",
                          "Segmentation fault", "precondition failed", "Thread 0 crashed"]

    static func found(in result: LabRunnerCLI.Result) -> [String] {
        markers.filter { result.stdout.contains($0) || result.stderr.contains($0) }
    }
}
