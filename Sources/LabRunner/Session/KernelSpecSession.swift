import Foundation

/// `labrunner kernel install` and `uninstall`: the kernelspec (a folder with `kernel.json`)
/// through which Jupyter, JupyterLab, VS Code and nbconvert start this binary as the Swift kernel.
package struct KernelSpecSession: Sendable {
    /// Where kernelspecs go.
    package enum Location: Sendable, Equatable {
        /// The user's Jupyter data folder (`--user`, the default).
        case user
        /// `DIR/share/jupyter/kernels` (`--prefix DIR`, a virtual environment's prefix).
        case prefix(String)
    }

    package static let defaultName = "labrunner"
    package static let displayName = "Swift 6 (labrunner)"

    package let name: String
    package let location: Location
    package let environment: [String: String]
    package let output: any SessionOutput

    package init(name: String, location: Location, environment: [String: String], output: any SessionOutput) {
        self.name = name
        self.location = location
        self.environment = environment
        self.output = output
    }

    /// The kernelspec folder.
    package var folder: String {
        switch location {
        case .prefix(let prefix): return prefix + "/share/jupyter/kernels/" + name.lowercased()
        case .user:
            if let data = environment["JUPYTER_DATA_DIR"], !data.isEmpty { return data + "/kernels/" + name.lowercased() }
            let home = environment["HOME"] ?? NSHomeDirectory()
            #if os(macOS)
            return home + "/Library/Jupyter/kernels/" + name.lowercased()
            #else
            let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
            return data + "/jupyter/kernels/" + name.lowercased()
            #endif
        }
    }

    /// `kernel.json` for the binary at `executable`: Jupyter fills in `{connection_file}`.
    /// SWIFTC pins the compiler found now, as frontends started from a desktop often lack the
    /// shell's PATH.
    package func kernelJSON(executable: String, compiler: String?) -> String {
        var spec: [String: JupyterJSON] = [
            "argv": .array([executable, "kernel", "-f", "{connection_file}"].map(JupyterJSON.string)),
            "display_name": .string(Self.displayName),
            "language": .string("swift"),
            "interrupt_mode": .string("message"),
            "metadata": .object(["labrunner": .bool(true)]),
        ]
        if let compiler { spec["env"] = .object(["SWIFTC": .string(compiler)]) }
        return JupyterJSON.object(spec).text + "\n"
    }

    package func install(executable: String) -> SessionEnd {
        guard Self.isValidName(name) else {
            output.error("'\(name)' is not a kernel name (letters, digits, '.', '_' and '-')")
            return .notChecked
        }
        let compiler = try? SwiftCompiler.locate(environment: environment)
        if compiler == nil { output.diagnostic(["warning: no swiftc on PATH (or in SWIFTC): the kernel will look for one when it starts"]) }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try AtomicFile.write(Array(kernelJSON(executable: executable, compiler: compiler?.path).utf8), to: folder + "/kernel.json")
        } catch {
            output.error("cannot write \(folder)/kernel.json: \(error)")
            return .notChecked
        }
        output.out(["Installed the kernel '\(name)' (\(Self.displayName)) in \(folder)"])
        return .passed
    }

    /// Removes the kernelspec, only when it is one this tool wrote (its metadata says so).
    package func uninstall() -> SessionEnd {
        let file = folder + "/kernel.json"
        guard let bytes = FileManager.default.contents(atPath: file) else {
            output.error("no kernel '\(name)' in \(folder)")
            return .notChecked
        }
        guard JupyterJSONParser.parse(Array(bytes))?["metadata"]?["labrunner"] == .bool(true) else {
            output.error("\(file) is not a kernelspec labrunner installed; it was left alone")
            return .notChecked
        }
        do {
            try FileManager.default.removeItem(atPath: file)
            try FileManager.default.removeItem(atPath: folder)
        } catch {
            output.error("cannot remove \(folder): \(error)")
            return .notChecked
        }
        output.out(["Removed the kernel '\(name)' from \(folder)"])
        return .passed
    }

    /// Jupyter's rule for kernel names (ASCII letters, digits, `.`, `_`, `-`), less `.` and `..`,
    /// which would name the kernels folder or its parent.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.allSatisfy({ $0 == "." }) && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)) }
    }
}
