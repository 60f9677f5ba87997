import Testing
@testable import LabRunner

/// `labrunner cache`'s words: sizes in powers of 1000 with one decimal, and each part of the
/// cache on a line of its own under where it is.
struct CacheReportTests {
    @Test(arguments: [
        (0, "0 B"), (999, "999 B"), (1000, "1.0 kB"), (3000, "3.0 kB"), (41_700_000, "41.7 MB"),
        (999_949_999, "999.9 MB"), (1_200_000_000, "1.2 GB"), (5_000_000_000_000, "5000.0 GB"),
    ])
    func sizes(_ bytes: Int, _ text: String) {
        #expect(CacheReport.size(bytes) == text)
    }

    @Test func usageSaysEachPartAndTheTotal() {
        var usage = CompileCacheUsage()
        usage.entries = 2
        usage.entryBytes = 2_500_000
        usage.moduleBytes = 3000
        usage.otherBytes = 12
        GoldenText.expect(CacheReport.usage(usage, at: "/c").joined(separator: "\n") + "\n", equals: """
        /c
          entries       2 (2.5 MB: built labs and compile checks)
          module cache  3.0 kB (swiftc's, rebuilt when needed)
          other         12 B (compiler versions, replaced module caches)
          total         2.5 MB

        """)
    }

    @Test func aMissingCacheIsEmptyOrNothingToClean() {
        #expect(CacheReport.missing(at: "/c", cleaning: false) == ["/c", "  empty (no cache yet)"])
        #expect(CacheReport.missing(at: "/c", cleaning: true) == ["nothing to clean: /c does not exist"])
    }
}
