import Foundation
import Testing
@testable import LabRunner

/// `labrunner kernel install` and `uninstall` in-process: where the kernelspec goes, what it
/// says, and that uninstall removes only a kernelspec this tool wrote.
@Suite struct KernelSpecSessionTests {
    static func session(_ location: KernelSpecSession.Location, name: String = "labrunner",
                        environment: [String: String] = ["PATH": "/nonexistent"]) -> (KernelSpecSession, RecordingOutput) {
        let output = RecordingOutput()
        return (KernelSpecSession(name: name, location: location, environment: environment, output: output), output)
    }

    @Test(arguments: [
        (KernelSpecSession.Location.prefix("/venv"), [String: String](), "/venv/share/jupyter/kernels/labrunner"),
        (.user, ["HOME": "/home/ana", "JUPYTER_DATA_DIR": "/data"], "/data/kernels/labrunner"),
        (.user, ["HOME": "/home/ana", "XDG_DATA_HOME": "/xdg"], "/xdg/jupyter/kernels/labrunner"),
        (.user, ["HOME": "/home/ana"], "/home/ana/.local/share/jupyter/kernels/labrunner"),
    ])
    func theKernelspecGoesWhereJupyterLooks(_ location: KernelSpecSession.Location, _ environment: [String: String], _ folder: String) {
        #if os(Linux)
        #expect(Self.session(location, environment: environment).0.folder == folder)
        #endif
    }

    @Test func installWritesAKernelspecAndUninstallRemovesIt() throws {
        let folder = try SessionFolder()
        defer { folder.remove() }
        let (install, output) = Self.session(.prefix(folder.path))
        #expect(install.install(executable: "/opt/labrunner/bin/labrunner") == .passed)
        let file = folder.path + "/share/jupyter/kernels/labrunner/kernel.json"
        #expect(try String(contentsOfFile: file, encoding: .utf8) == """
            {"argv": ["/opt/labrunner/bin/labrunner", "kernel", "-f", "{connection_file}"], "display_name": "Swift 6 (labrunner)", \
            "interrupt_mode": "message", "language": "swift", "metadata": {"labrunner": true}}

            """)
        #expect(output.stdout == "Installed the kernel 'labrunner' (Swift 6 (labrunner)) in \(folder.path)/share/jupyter/kernels/labrunner\n")
        #expect(output.stderr.contains("warning: no swiftc on PATH"))
        let (uninstall, removed) = Self.session(.prefix(folder.path))
        #expect(uninstall.uninstall() == .passed)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/share/jupyter/kernels/labrunner"))
        #expect(removed.stdout == "Removed the kernel 'labrunner' from \(folder.path)/share/jupyter/kernels/labrunner\n")
    }

    @Test func uninstallLeavesAnotherToolsKernelspecAlone() throws {
        let folder = try SessionFolder(["share/jupyter/kernels/swift/kernel.json": #"{"argv": ["swift-kernel"], "display_name": "Swift"}"#])
        defer { folder.remove() }
        let (uninstall, output) = Self.session(.prefix(folder.path), name: "swift")
        #expect(uninstall.uninstall() == .notChecked)
        #expect(output.stderr.contains("is not a kernelspec labrunner installed; it was left alone"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/share/jupyter/kernels/swift/kernel.json"))
    }

    @Test(arguments: ["", "../escape", "a/b", "näme", "with space", "..", "."])
    func aNameThatIsNoFolderNameIsRefused(_ name: String) throws {
        let folder = try SessionFolder()
        defer { folder.remove() }
        let (install, output) = Self.session(.prefix(folder.path), name: name)
        #expect(install.install(executable: "/bin/labrunner") == .notChecked)
        #expect(output.stderr.contains("is not a kernel name"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
