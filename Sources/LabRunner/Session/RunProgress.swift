/// What a run's progress line says, from the `ProgressEvent`s a session gives its output:
/// `[done/total] file +N`, the file that started first among those still running and how many
/// others are. The CLI draws it on a terminal; how it draws is no concern of this.
package struct RunProgress: Sendable, Equatable {
    /// Between a run's `begin` and `end`: only then is there a line to show.
    package private(set) var active = false
    private var total = 0
    private var done = 0
    /// In the order they started.
    private var running: [String] = []

    package init() {}

    package mutating func apply(_ event: ProgressEvent) {
        switch event {
        case .begin(let total): self = RunProgress(active: true, total: total)
        case .started(let path): running.append(path)
        case .finished(let path):
            running.removeAll { $0 == path }
            done += 1
        case .end: active = false
        }
    }

    package var line: String {
        var text = "[\(done)/\(total)]"
        if let first = running.first {
            text += " " + first + (running.count > 1 ? " +\(running.count - 1)" : "")
        }
        return text
    }

    /// `text` cut to one line of a terminal `width` columns wide, ending in `…` when cut: a
    /// status line that wrapped could not be erased.
    package static func fitted(_ text: String, width: Int) -> String {
        text.count > width - 1 ? String(text.prefix(width - 2)) + "…" : text
    }

    private init(active: Bool, total: Int) {
        self.active = active
        self.total = total
    }
}
