import Foundation
import Testing
@testable import LabRunner

/// `swiftc-flags` takes only flags that change how code is compiled; the rest used to reach
/// swiftc, so `-Xlinker -o -Xlinker FILE` in a guide that is only compiled overwrote FILE.
@Suite struct SwiftcFlagsTests {
    private func flags(_ value: String) throws(LabError) -> [String] {
        try FrontMatter.parse(MarkdownSource(text: "---\nswiftc-flags: \(value)\n---\n"), path: "lab.md").settings.swiftcFlags
    }

    @Test(arguments: [
        ("-Onone  -warnings-as-errors", ["-Onone", "-warnings-as-errors"]),
        ("-DDEBUG -D FAST -enable-upcoming-feature ExistentialAny", ["-DDEBUG", "-D", "FAST", "-enable-upcoming-feature", "ExistentialAny"]),
        ("-strict-concurrency=complete\t-Werror DeprecatedDeclaration", ["-strict-concurrency=complete", "-Werror", "DeprecatedDeclaration"]),
        (#"-I "My Headers/include" -L'/opt/my libs' -lsqlite3"#, ["-I", "My Headers/include", "-L/opt/my libs", "-lsqlite3"]),
        ("", []),
    ])
    func allowedFlags(value: String, expected: [String]) throws {
        #expect(try flags(value) == expected)
    }

    @Test(arguments: [
        ("-Xlinker -o -Xlinker /tmp/x", "lab.md:2:15: error: '-Xlinker' is not allowed in swiftc-flags: it hands arguments on to another tool unchecked"),
        ("-O -o /tmp/x", "lab.md:2:18: error: '-o' is not allowed in swiftc-flags: it decides where swiftc writes files or which tools it runs"),
        ("-emit-module-path /tmp/m", "lab.md:2:15: error: '-emit-module-path' is not allowed in swiftc-flags: it changes what swiftc writes, and where; labrunner decides that"),
        ("-index-store-path /tmp/i", "lab.md:2:15: error: '-index-store-path' is not allowed in swiftc-flags: it decides where swiftc writes files"),
        ("@/tmp/args", "lab.md:2:15: error: '@/tmp/args' is not allowed in swiftc-flags: swiftc would read more arguments from that file (a response file)"),
        ("-I @/tmp/args", "lab.md:2:18: error: '@/tmp/args' is not allowed"),
        ("-c", "lab.md:2:15: error: '-c' is not allowed in swiftc-flags: it changes what swiftc does; labrunner decides that"),
        ("-typecheck", "lab.md:2:15: error: '-typecheck' is not allowed"),
        ("-version", "lab.md:2:15: error: '-version' is not allowed"),
        ("-Xfrontend -disable-availability-checking", "lab.md:2:15: error: '-Xfrontend' is not allowed"),
        ("-Xcc -DX", "lab.md:2:15: error: '-Xcc' is not allowed"),
        ("-load-plugin-library /tmp/p.so", "lab.md:2:15: error: '-load-plugin-library' is not allowed in swiftc-flags: it loads code into the compiler"),
        ("-module-cache-path /tmp/m", "lab.md:2:15: error: '-module-cache-path' is not allowed"),
        ("-swift-version 5", "lab.md:2:15: error: '-swift-version' is not allowed in swiftc-flags: set the swift-version key instead"),
        ("-Onone other.swift", "lab.md:2:22: error: 'other.swift' is not allowed in swiftc-flags: it is not a flag (swiftc would read it as another file to compile)"),
        ("-warnings-as-error", "lab.md:2:15: error: '-warnings-as-error' is not allowed in swiftc-flags: it is not one of the flags that change how code is compiled; did you mean '-warnings-as-errors'?"),
        ("-D", "lab.md:2:15: error: '-D' is not allowed in swiftc-flags: it needs a value after it"),
        ("-D A=1", "lab.md:2:18: error: '-DA=1' is not allowed in swiftc-flags: a condition defined with -D is a name (letters, digits and _)"),
        (#"-I "unclosed"#, "lab.md:2:18: error: '\"' is not allowed in swiftc-flags: this quote is never closed"),
    ])
    func refusedFlagsAreInputErrorsAtTheirColumn(value: String, message: String) {
        let error = #expect(throws: LabError.self) { try flags(value) }
        #expect(error?.description.hasPrefix(message) == true, "\(error?.description ?? "")")
        #expect(error?.description.hasSuffix("(allowed: language and warning settings, -D, optimisation and search paths; see the lab format)") == true)
    }

    /// docs/lab-format.md lists every allowed flag, and nothing the parser refuses.
    @Test func theLabFormatListsExactlyTheAllowedFlags() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
        let text = try String(contentsOfFile: repository + "/docs/lab-format.md", encoding: .utf8)
        let start = try #require(text.range(of: "### `swiftc-flags`"))
        let section = text[start.upperBound...].prefix { $0 != "#" }
        let table = section[..<(section.range(of: "Anything else")?.lowerBound ?? section.endIndex)]
        let listed = Set(table.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }
            .compactMap { $0.element.split(separator: " ").first.map(String.init) }
            .filter { $0.hasPrefix("-") }
            .map { $0.hasSuffix("=…") ? String($0.dropLast()) : $0 })
        let allowed = Set(SwiftcFlags.allowed)
        #expect(allowed.subtracting(listed).isEmpty, "not documented: \(allowed.subtracting(listed).sorted())")
        let joined: Set = ["-DNAME", "-I/opt/include", "-lNAME"]
        #expect(listed.subtracting(allowed).subtracting(joined).isEmpty, "documented but refused: \(listed.subtracting(allowed).sorted())")
    }
}
