#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Names signals for reports, e.g. 11 -> "SIGSEGV". Signal numbers differ between
/// Linux and macOS, so the names are matched against this platform's constants.
enum SignalName {
    static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGHUP: "SIGHUP"
        case SIGINT: "SIGINT"
        case SIGQUIT: "SIGQUIT"
        case SIGILL: "SIGILL"
        case SIGTRAP: "SIGTRAP"
        case SIGABRT: "SIGABRT"
        case SIGBUS: "SIGBUS"
        case SIGFPE: "SIGFPE"
        case SIGKILL: "SIGKILL"
        case SIGUSR1: "SIGUSR1"
        case SIGSEGV: "SIGSEGV"
        case SIGUSR2: "SIGUSR2"
        case SIGPIPE: "SIGPIPE"
        case SIGALRM: "SIGALRM"
        case SIGTERM: "SIGTERM"
        case SIGCHLD: "SIGCHLD"
        case SIGCONT: "SIGCONT"
        case SIGSTOP: "SIGSTOP"
        case SIGTSTP: "SIGTSTP"
        case SIGTTIN: "SIGTTIN"
        case SIGTTOU: "SIGTTOU"
        case SIGURG: "SIGURG"
        case SIGXCPU: "SIGXCPU"
        case SIGXFSZ: "SIGXFSZ"
        case SIGVTALRM: "SIGVTALRM"
        case SIGPROF: "SIGPROF"
        case SIGWINCH: "SIGWINCH"
        case SIGIO: "SIGIO"
        case SIGSYS: "SIGSYS"
        default: platformName(signal) ?? "signal \(signal)"
        }
    }

    /// Signals that exist on only one of the two platforms.
    private static func platformName(_ signal: Int32) -> String? {
        #if canImport(Darwin)
        switch signal {
        case SIGEMT: return "SIGEMT"
        case SIGINFO: return "SIGINFO"
        default: return nil
        }
        #else
        switch signal {
        case SIGSTKFLT: return "SIGSTKFLT"
        case SIGPWR: return "SIGPWR"
        default: return nil
        }
        #endif
    }
}
