import Testing
@testable import LabRunner

/// Seeded random front matter, hostile `swiftc-flags` values included: parsing never crashes,
/// an error is always at a line of the front matter, and every flag list it accepts holds only
/// allowed flags, none of which names a file swiftc would write or read arguments from.
@Suite struct FrontMatterFuzzTests {
    static let flagWords = [
        "-O", "-Onone", "-g", "-D", "DEBUG", "-DFAST", "-I", "/usr/include", "\"a b\"", "'c d'", "\"", "'",
        "-o", "/tmp/victim", "-Xlinker", "-Xfrontend", "-Xcc", "-emit-module-path", "-emit-library", "-index-store-path",
        "@/tmp/args", "-c", "-typecheck", "-version", "-module-cache-path", "-load-plugin-library", "-plugin-path",
        "-enable-upcoming-feature", "ExistentialAny", "-strict-concurrency=complete", "-strict-concurrency=", "-warnings-as-errors",
        "-l", "-lm", "-L", "-L/tmp", "-F", "x.swift", "-", "--", "=", "-D1", "-I@x", "\t", "é", "-Werror", "-sdk", "",
    ]
    static let keys = FrontMatter.keys + ["timout", "swiftc-flag", "flags", ""]
    static let values = ["Greetings", "mock, empty", "[a, b]", "6", "5.10", "99", "2.5", "0x10", "1e6", "inf", "-1", "\"quoted\"", "'", ""]

    @Test(arguments: SeededGenerator.seeds(2_000, base: 0xF1A6))
    func randomFrontMatterIsParsedOrLocated(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var lines = ["---"]
        for _ in 0..<random.int(0...5) {
            let key = random.chance(0.5) ? "swiftc-flags" : random.pick(Self.keys)
            let value = key == "swiftc-flags" || random.chance(0.2)
                ? (0..<random.int(0...6)).map { _ in random.pick(Self.flagWords) }.joined(separator: random.pick([" ", "  ", "\t"]))
                : random.pick(Self.values)
            lines.append(random.chance(0.05) ? value : "\(key):\(random.pick([" ", "", "\t"]))\(value)")
        }
        if random.chance(0.9) { lines.append("---") }
        let text = lines.joined(separator: "\n") + "\n# body\n"
        do {
            let front = try FrontMatter.parse(MarkdownSource(text: text), path: "lab.md")
            #expect(SwiftcFlagsFuzzOracle.onlyAllowed(front.settings.swiftcFlags), "seed \(seed): \(text.debugDescription)")
        } catch {
            let line = error.location.line
            #expect((1...lines.count).contains(line), "seed \(seed): \(error) in \(text.debugDescription)")
        }
    }
}

/// What an accepted flag list may hold, checked independently of the parser's own branches.
enum SwiftcFlagsFuzzOracle {
    static func onlyAllowed(_ arguments: [String]) -> Bool {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("@") { return false }
            if SwiftcFlags.withValue.contains(argument) {
                guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("@"), !arguments[index + 1].hasPrefix("-") else { return false }
                index += 2
                continue
            }
            let name = argument.split(separator: "=").first.map(String.init) ?? argument
            let allowed = SwiftcFlags.switches.contains(argument)
                || (argument.contains("=") && SwiftcFlags.withEquals.contains(name))
                || SwiftcFlags.joinable.contains { argument.hasPrefix($0) && argument.count > $0.count }
            if !allowed || ["-o", "-c", "-X"].contains(where: { argument.hasPrefix($0) && !argument.hasPrefix("-cxx") }) { return false }
            index += 1
        }
        return true
    }
}
