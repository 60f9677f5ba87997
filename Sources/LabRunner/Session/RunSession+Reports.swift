import Foundation

extension RunSession {
    /// `--junit FILE` and `--json FILE`; false (after saying why) when one cannot be written.
    func writeReports(_ run: RunReport) -> Bool {
        var reports: [(String, String)] = []
        if let path = configuration.junitPath { reports.append((path, JUnitReport.xml(run))) }
        if let path = configuration.jsonPath {
            do throws(JSONText.Failure) { reports.append((path, try JSONReport.json(run))) } catch {
                output.error(error.description + "; \(path) not written")
                return false
            }
        }
        for (path, text) in reports {
            do throws(AtomicFile.WriteError) {
                try AtomicFile.write(Array(text.utf8), to: path)
            } catch {
                output.error(error.description)
                return false
            }
        }
        return true
    }

    /// `html`'s pages and index; false (after saying why) when one cannot be written.
    func write(_ run: RunReport, site: SiteWriter) -> Bool {
        let start = ContinuousClock.now
        let written = site.write(run)
        for warning in written.warnings { output.sayWarning(warning) }
        if let failure = written.failure {
            output.error(failure)
            return false
        }
        let took = (ContinuousClock.now - start).components
        let milliseconds = Double(took.seconds) * 1000 + Double(took.attoseconds) / 1e15
        let count = run.files.count
        output.out("wrote \(count) page\(count == 1 ? "" : "s") and index.html to \(site.directory)"
                   + (configuration.verbose ? String(format: " in %.1f ms", milliseconds) : ""))
        return true
    }
}
