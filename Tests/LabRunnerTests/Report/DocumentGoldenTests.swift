import Testing
@testable import LabRunner

/// The JSON and JUnit reports of a small run, compared whole: a passing one-cell lab whose second
/// scenario prints something else, and a file that is not a lab.
struct DocumentGoldenTests {
    static let text = """
    ---
    title: Tiny
    scenarios: mock, failing
    ---
    ```swift
    print(Lab.scenario)
    ```
    ```output
    mock
    ```

    """

    static func run() -> RunReport {
        let lab = try! LabParser.parse(bytes: Array(text.utf8), path: "labs/tiny.md")
        let outcome = ReportFixture.ran(lab, [
            ReportFixture.verdict(lab, "mock", outputs: [0: "mock\n"], duration: 0.125),
            ReportFixture.verdict(lab, "failing", outputs: [0: "failing\n"], stderr: "warning: offline\n", duration: 0.25),
        ])
        return ReportFixture.run([outcome, ReportFixture.invalid()], durations: ["labs/tiny.md": 2])
    }

    @Test func theJSONReport() throws {
        // Foundation writes an empty array over two lines, with or without indentation on the
        // blank one depending on the version: blank lines are left out of the comparison.
        GoldenText.expect(withoutBlankLines(try JSONReport.json(Self.run())), equals: """
            {
              "appleAvailable" : false,
              "labs" : [
                {
                  "buildDuration" : 1.5,
                  "check" : null,
                  "compilerRan" : true,
                  "diagnostics" : [
                  ],
                  "error" : null,
                  "exercises" : [
                  ],
                  "failed" : 1,
                  "line" : null,
                  "part" : "program",
                  "passed" : 1,
                  "path" : "labs/tiny.md",
                  "samples" : [
                  ],
                  "scenarios" : [
                    {
                      "cells" : [
                        {
                          "diff" : [
                          ],
                          "expectedLine" : 8,
                          "index" : 0,
                          "line" : 5,
                          "section" : null,
                          "status" : "pass"
                        }
                      ],
                      "duration" : 0.125,
                      "name" : "mock",
                      "problem" : null,
                      "status" : "pass",
                      "stderrTail" : [
                      ]
                    },
                    {
                      "cells" : [
                        {
                          "diff" : [
                            "@@ -1,1 +1,1 @@",
                            "-mock",
                            "+failing"
                          ],
                          "expectedLine" : 8,
                          "index" : 0,
                          "line" : 5,
                          "section" : null,
                          "status" : "fail"
                        }
                      ],
                      "duration" : 0.25,
                      "name" : "failing",
                      "problem" : null,
                      "status" : "fail",
                      "stderrTail" : [
                        "warning: offline"
                      ]
                    }
                  ],
                  "skippedCells" : [
                  ],
                  "status" : "fail",
                  "title" : "Tiny",
                  "warnings" : [
                  ]
                },
                {
                  "buildDuration" : 0,
                  "check" : null,
                  "compilerRan" : false,
                  "diagnostics" : [
                    {
                      "column" : 1,
                      "inPrelude" : false,
                      "line" : 2,
                      "message" : "unknown front matter key 'timout'; did you mean 'timeout'? (labrunner reads title, scenarios, swift-version, timeout, swiftc-flags, network; it leaves other keys to site generators)",
                      "path" : "labs/bad.md",
                      "severity" : "error"
                    }
                  ],
                  "error" : "unknown front matter key 'timout'; did you mean 'timeout'? (labrunner reads title, scenarios, swift-version, timeout, swiftc-flags, network; it leaves other keys to site generators)",
                  "exercises" : [
                  ],
                  "failed" : 0,
                  "line" : null,
                  "part" : "program",
                  "passed" : 0,
                  "path" : "labs/bad.md",
                  "samples" : [
                  ],
                  "scenarios" : [
                  ],
                  "skippedCells" : [
                  ],
                  "status" : "invalid",
                  "title" : null,
                  "warnings" : [
                  ]
                }
              ],
              "schemaVersion" : 2,
              "totals" : {
                "failed" : 1,
                "invalid" : 1,
                "notChecked" : 1,
                "passed" : 1,
                "rungs" : {
                  "compiled" : 0,
                  "listing" : 0,
                  "output-checked" : 0,
                  "parsed" : 0
                },
                "skipped" : 0
              }
            }

            """)
    }

    private func withoutBlankLines(_ text: String) -> String {
        text.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }.joined(separator: "\n") + "\n"
    }

    @Test func theJUnitReport() {
        GoldenText.expect(JUnitReport.xml(Self.run()), equals: """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="labrunner" tests="3" failures="1" errors="1" skipped="0" time="2.000">
              <testsuite name="labs/tiny.md" tests="2" failures="1" errors="0" skipped="0" time="2.000">
                <properties>
                  <property name="title" value="Tiny"/>
                  <property name="compiler-ran" value="true"/>
                  <property name="build-duration" value="1.500"/>
                </properties>
                <testcase classname="labs/tiny.md" name="mock" time="0.125"/>
                <testcase classname="labs/tiny.md" name="failing" time="0.250">
                  <failure message="labs/tiny.md:8: output differs in scenario failing (- expected, + actual)" type="mismatch">labs/tiny.md:8: output differs in scenario failing (- expected, + actual)
            @@ -1,1 +1,1 @@
            -mock
            +failing</failure>
                  <system-err>warning: offline
            </system-err>
                </testcase>
              </testsuite>
              <testsuite name="labs/bad.md" tests="1" failures="0" errors="1" skipped="0" time="0.000">
                <testcase classname="labs/bad.md" name="parse" time="0.000">
                  <error message="unknown front matter key &apos;timout&apos;; did you mean &apos;timeout&apos;? (labrunner reads title, scenarios, swift-version, timeout, swiftc-flags, network; it leaves other keys to site generators)" type="input-error">labs/bad.md:2:1: error: unknown front matter key &apos;timout&apos;; did you mean &apos;timeout&apos;? (labrunner reads title, scenarios, swift-version, timeout, swiftc-flags, network; it leaves other keys to site generators)
                timout: 5
                ^</error>
                </testcase>
              </testsuite>
            </testsuites>

            """)
    }
}
