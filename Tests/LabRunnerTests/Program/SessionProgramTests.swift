import Testing
@testable import LabRunner

/// The programs of a reader's session: what earlier samples ran comes before the sample's marker,
/// and top-level tasks finish before the program ends.
struct SessionProgramTests {
    static func source(_ text: String, sample: Int) throws -> String {
        let plan = try SampleProgramTests.plan(text)
        let (candidates, _) = plan.batches(programs: [sample])
        return SampleProgram.source([sample], plan: plan, candidates: candidates, runs: plan.runs(sample) ? sample : nil)
    }

    /// The Swift book's "Hello Guest": `Lab.track(` on the line before the task's (its columns as
    /// written), and the wait before the end marker.
    @Test func aTopLevelTaskIsWaitedFor() throws {
        let source = try Self.source("```swift\nTask {\n    print(\"Hello Guest\")\n}\n// Prints \"Hello Guest\"\n```\n", sample: 0)
        #expect(source.hasSuffix("""
            Lab.cell(0)
            #sourceLocation(file: "g.md", line: 1)
            Lab.track(
            Task {
                print("Hello Guest")
            })
            #sourceLocation()
            Lab.waitForTasks()
            Lab.end()

            """), "\(source)")
    }

    /// A task an earlier sample started, given as context (it changes `counter`), finishes before
    /// the sample's marker: what it prints is not the sample's.
    @Test func aContextTaskFinishesBeforeTheMarker() throws {
        let source = try Self.source("""
            ```swift
            var counter = 0
            ```
            ```swift
            Task {
                counter += 1
                print("counted")
            }
            ```
            ```swift
            print(counter)
            // Prints "1"
            ```

            """, sample: 2)
        #expect(source.hasSuffix("""
            #sourceLocation(file: "g.md", line: 4)
            Lab.track(
            Task {
                counter += 1
                print("counted")
            })
            #sourceLocation()
            Lab.waitForTasks()
            Lab.cell(2)
            #sourceLocation(file: "g.md", line: 11)
            print(counter)
            #sourceLocation()
            Lab.end()

            """), "\(source)")
    }

    /// The Swift book's `let handle = Task { … }`, given to a later sample that awaits it: what
    /// the task prints is the earlier sample's, so it finishes before the later one's marker.
    @Test func aTaskKeptInAConstantIsTrackedByItsName() throws {
        let source = try Self.source("""
            ```swift
            let handle = Task {
                print("Adding the photo")
                return 42
            }
            ```
            ```swift
            let result = await handle.value
            print(result)
            // Prints "42"
            ```

            """, sample: 1)
        #expect(source.hasSuffix("""
            #sourceLocation(file: "g.md", line: 2)
            let handle = Task {
                print("Adding the photo")
                return 42
            }
            #sourceLocation()
            Lab.track(`handle`)
            Lab.waitForTasks()
            Lab.cell(1)
            """ + "\n#sourceLocation(file: \"g.md\", line: 8)\nlet result = await handle.value\n#sourceLocation()\n"
            + "#sourceLocation(file: \"g.md\", line: 9)\nprint(result)\n#sourceLocation()\nLab.end()\n"), "\(source)")
    }

    /// No task, no wait; a file declaring its own `Task` (a to-do list's) keeps its statements as written.
    @Test func onlyTheConcurrencyLibrarysTasksAreTracked() throws {
        let plain = try Self.source("```swift\nprint(1)\n// Prints \"1\"\n```\n", sample: 0)
        #expect(!plain.contains("Lab.track(\n") && !plain.contains("Lab.waitForTasks()\n"))
        let own = try Self.source("```swift\nstruct Task { init(_ body: () -> Void) { body() } }\n```\n"
            + "```swift\nTask {\n    print(1)\n}\n// Prints \"1\"\n```\n", sample: 1)
        #expect(!own.contains("Lab.track(\n") && !own.contains("Lab.waitForTasks()\n"), "\(own)")
    }

    /// A statement a sample that runs is given (`fruits[1] = "grapes"`) still runs in its own
    /// sample's scope when that sample shares a program: it declares nothing, so packing is as before.
    @Test func aStatementGivenAsContextKeepsItsScope() throws {
        let plan = try SampleProgramTests.plan("""
            ```swift
            var fruits = ["apple", "banana"]
            ```
            ```swift
            fruits[1] = "grapes"
            let first = fruits[0]
            ```
            ```swift
            fruits.append("kiwi")
            print(fruits)
            // Prints "["apple", "grapes", "kiwi"]"
            ```

            """)
        #expect(plan.contexts[2].entries.map(\.reason.kind) == [.uses, .mutates])
        let (candidates, batches) = plan.batches(programs: [0, 1, 2])
        #expect(batches == [[0, 1], [2]])
        #expect(candidates[1]?.scoped.count == 2)
    }
}
