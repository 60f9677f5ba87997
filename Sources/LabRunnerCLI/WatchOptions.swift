import Foundation
import LabRunner

/// What `labrunner watch` was asked to do.
struct WatchOptions: Sendable {
    /// `run`'s options that mean the same in `watch`.
    static let shared = ["--scenario", "--bare", "--package", "--strict", "--min-rung"] + BuildOptions.names

    /// The port `--serve` takes without one.
    static let defaultPort: UInt16 = 8000

    /// The options of `watch` that `run` lacks.
    static let owned = [
        OptionDeclaration(name: "--serve", value: "[PORT]",
                          help: "Also serve each lab's notebook page on http://127.0.0.1:PORT/ (default \(defaultPort); 0 picks "
                          + "a free port), updated in place when a run finishes"),
        OptionDeclaration(name: "--host", value: "ADDRESS",
                          help: "Serve on this IPv4 address instead of 127.0.0.1 (0.0.0.0: every interface; anyone who can "
                          + "reach it sees the labs)"),
    ]

    /// Every option of `watch`, in the order `labrunner help watch` lists them.
    static let declarations = owned + RunOptions.declarations.filter { shared.contains($0.name) }

    static let spec = ArgumentSpec(declarations)

    /// `run`'s options, for the pipeline (`--update`, reports and shards do not apply).
    var run: RunConfiguration
    /// The port to serve on; nil without `--serve`.
    var port: UInt16? = nil
    var host = "127.0.0.1"

    init(arguments: [String]) throws(UsageError) {
        let arguments = Self.givingServeItsPort(arguments)
        let parsed = try Self.spec.parse(arguments)
        // The rest are run's options, their values checked with the same messages.
        run = try RunOptions.configuration(parsed)
        port = try parsed.value("--serve", as: .port)
        if let host = parsed.value("--host") {
            guard port != nil else { throw .badValue(option: "--host", value: host, expected: "--serve with it") }
            self.host = host == "localhost" ? "127.0.0.1" : host
        }
    }

    /// `--serve` takes an optional port: `--serve 0`, `--serve=8080`, or `--serve` alone.
    static func givingServeItsPort(_ arguments: [String]) -> [String] {
        var out: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" { return out + arguments[index...] }
            if word == "--serve" {
                let next = index + 1 < arguments.count ? arguments[index + 1] : ""
                if !next.isEmpty, next.allSatisfy(\.isASCII), next.allSatisfy(\.isNumber) {
                    out.append("--serve=\(next)")
                    index += 2
                    continue
                }
                out.append("--serve=\(defaultPort)")
            } else {
                out.append(word)
            }
            index += 1
        }
        return out
    }
}
