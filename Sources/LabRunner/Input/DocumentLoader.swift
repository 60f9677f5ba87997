/// Why a document could not be loaded: its file could not be read, or it is not a valid document.
package enum LoadError: Error, Sendable {
    case unreadable(FileError)
    /// `bytes` are those of the file the error is in (a `.labrunner` file's, when the error is
    /// there), so the report can show the line at fault.
    case invalid(LabError, bytes: [UInt8])
}

/// Reads a document, finds its `.labrunner` and parses it: the one way every command loads a
/// file, so every command reports a file that cannot be loaded alike.
package struct DocumentLoader: Sendable {
    /// Finds each file's `.labrunner` (nil: none is read).
    package var configs: TreeConfigSearch?
    /// How to read fences without an info string (`--bare swift`).
    package var bareLanguage: String? = nil
    /// `--as guide|lab`: how to read every file, whatever the rule says.
    package var kind: DocumentKind? = nil
    /// `--swiftc-flags`: added after every file's own (front matter, `.labrunner`).
    package var swiftcFlags: [String] = []

    package init(configs: TreeConfigSearch?, bareLanguage: String? = nil, kind: DocumentKind? = nil) {
        self.configs = configs
        self.bareLanguage = bareLanguage
        self.kind = kind
    }

    /// The document at `path`, parsed with its configuration.
    package func load(_ path: String) throws(LoadError) -> Lab {
        try load(path) { lab, _ throws(LabError) in lab }
    }

    /// Loads `path`, then makes something of the document and its configuration: an input error
    /// `make` finds (a guide's directive naming no sample) is an invalid document too.
    package func load<T>(_ path: String, _ make: (Lab, TreeConfig?) throws(LabError) -> T) throws(LoadError) -> T {
        let bytes: [UInt8]
        do { bytes = try DocumentFile.read(path) } catch { throw .unreadable(error) }
        do throws(LabError) {
            let config = try configs?.config(for: path)
            var lab = try LabParser.parse(bytes: bytes, path: path, bareLanguage: bareLanguage, kind: kind, config: config)
            lab.settings.swiftcFlags += swiftcFlags
            return try make(lab, config)
        } catch {
            throw Self.invalid(error, documentPath: path, documentBytes: bytes)
        }
    }

    /// `error` with the bytes of the file it is in: the document's own, or (an error in its
    /// `.labrunner`) that file's, read again; none when it cannot be read.
    package static func invalid(_ error: LabError, documentPath: String? = nil, documentBytes: [UInt8] = []) -> LoadError {
        let shown = error.location.path == documentPath ? documentBytes : (try? DocumentFile.read(error.location.path)) ?? []
        return .invalid(error, bytes: shown)
    }
}
