import Foundation

/// The plugin's child processes: labrunner, its output passed through as it comes.
enum ToolProcess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `tool` with the plugin's standard output and error; its exit status (128 + N when a
    /// signal N ended it, as a shell says).
    static func run(_ tool: URL, _ arguments: [String], environment: [String: String]) throws -> Int32 {
        // What the plugin printed (buffered by stdio) must come before what the tool prints.
        fflush(nil)
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    /// What `tool` prints on standard output, without the final newline.
    static func output(of tool: URL, _ arguments: [String]) throws -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = tool
        process.arguments = arguments
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(tool.path) \(arguments.joined(separator: " ")) exited with status \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    }
}
