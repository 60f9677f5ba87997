import LabRunner

/// What `labrunner --help` and `labrunner help COMMAND` say besides what the command table and
/// the option declarations give: the overview's frame, and each command's usage, description
/// and closing notes (`CommandHelp`). `OptionDocumentationTests` checks it against the parsers.
enum HelpText {
    static let version = "labrunner " + Version.current

    /// `labrunner --help`: a line per command of `CommandTable`, then the global options.
    static let overview = """
    labrunner: run literate Swift labs written in Markdown and check what they print.

    USAGE: labrunner <command> [options]

    COMMANDS:
    \(overviewRows(CommandTable.entries.map { ($0.name + " " + $0.synopsis, $0.summary) }))

    OPTIONS:
    \(overviewRows([("-h, --help", "Show help"), ("--version", "Show the version")]))

    Environment: SWIFTC (the swiftc to use; default: the one on PATH), NO_COLOR, CI,
    CLANG_MODULE_CACHE_PATH (swiftc's module cache; default: in the compile cache).
    The lab format is described in docs/lab-format.md.
    """

    /// The overview's two columns: names padded to 17, two spaces, the summary.
    static func overviewRows(_ rows: [(String, String)]) -> String {
        rows.map { name, summary in
            "  " + name + String(repeating: " ", count: max(0, 17 - name.count)) + "  " + summary
        }.joined(separator: "\n")
    }

    static let run = CommandHelp(
        usage: ["run [options] PATH..."],
        about: """
        Compiles each lab (a Markdown file of any extension; a folder means every .md and .markdown
        file in it, recursively) into one Swift program with swiftc, runs it once per scenario and
        checks each cell's output against the output blocks below it. Prints PASS or FAIL per scenario
        and ends with `N passed, N failed` (after `N files could not be checked`, if any). A file
        without output blocks is only compiled. Cells marked
        compile_fail, no_run or standalone are built apart and reported under `path:line`.
        Labs build and run in parallel; reports come in path order.
        """,
        trailer: """
        Under GitHub Actions (GITHUB_ACTIONS=true) failures are also printed as ::error annotations.

        EXIT STATUS: 0 all passed, 1 a lab failed, 2 usage or input error, or a lab that could
        not be checked (swiftc missing or failing). 130/143 after Ctrl-C/SIGTERM, 128+N after
        another terminating signal N (141: standard output was closed).
        """)

    static let watch = CommandHelp(
        usage: ["watch [options] PATH..."],
        about: """
        Runs the labs once, as `run` does, then watches their files: when one is saved (in place or by
        an editor renaming a new file over it), runs that lab again and prints what changed since its
        last run (a cell that now passes, one that now fails with its diff, compile errors that
        appeared or were fixed) and the time from the save to the verdict. Runs until Ctrl-C.
        """,
        trailer: """
        The server answers only GET of `/`, `/lab/N` and `/events` (server-sent events), on 127.0.0.1
        unless --host says otherwise. See docs/watch.md.

        EXIT STATUS: 2 usage or input error; 130/143 after Ctrl-C/SIGTERM.
        """)

    static let html = CommandHelp(
        usage: ["html [options] PATH... -o DIR"],
        about: """
        Runs the files exactly as `labrunner run` does (same report, cache and exit status), then
        writes into DIR one self-contained page per file (prose, each Swift cell with its output in
        every scenario, diffs, compile errors at their line) and an index.html with every verdict,
        rooted at the folder named. Relative images and linked files are copied beside the pages. A
        lab holding solutions or hidden checks is refused unless --student or --key says whom its
        pages are for. See docs/notebook.md.
        """)

    static let extract = CommandHelp(
        usage: ["extract LAB [-o FILE] [--plain] [--bare LANG]", "extract GUIDE:LINE [-o FILE] [--plain] [--bare LANG]"],
        about: """
        Writes the single Swift file that `labrunner run` compiles for LAB, with the prelude and every
        cell in order under its MARK sections, to standard output or FILE. For a guide, writes the
        program of the sample at LINE: the earlier declarations it is given, then its own code.
        """)

    static let list = CommandHelp(
        usage: ["list LAB [--json] [--bare LANG] [--as KIND]"],
        about: """
        Shows the file as labrunner reads it. A lab: front matter settings, sections, Swift cells with
        their line, section and attributes, scenarios and output blocks. A guide: why it is one, then
        per sample its line, its role (program, package manifest, listing and why, skipped and why),
        the modules it needs and the earlier declarations it is compiled with, and why.
        """)

    static let cache = CommandHelp(
        usage: ["cache [clean] [--cache-dir DIR]"],
        about: """
        Shows where the compile cache is and what it holds: built labs and compile checks, swiftc's
        module cache, and the total. `labrunner cache clean` removes all of it; runs then build every
        lab again, and swiftc rebuilds its modules once. The cache is also pruned to 1 GB of built
        labs by every run that stores something; a damaged module cache is replaced by the run that
        finds it.
        """)

    static let student = CommandHelp(
        usage: ["student LAB... -o DIR"],
        about: """
        Writes the students' copy of each lab (a folder means every .md and .markdown file in it) to
        DIR: each exercise's solution regions removed but their stubs ('#if SOLUTION' … '#else' and
        '#endif'), hidden checks removed, everything else byte for byte. Then runs each copy with
        exercises: it must compile, and every exercise must fail at least one of its outputs. See
        docs/teaching.md.
        """,
        trailer: """
        EXIT STATUS: 0 copies written and checked, 1 a copy does not compile or an exercise already
        passes, 2 usage or input error.
        """)

    static let grade = CommandHelp(
        usage: ["grade --key LAB SUBMISSION... [--repeat N] [-o DIR]", "grade --key LAB --key LAB... STUDENT-FOLDER... [-o DIR]"],
        about: """
        Runs each submission (a lab file, or a folder holding one; the student is named by it) with
        the key's expected outputs, hidden checks and settings: its cells are matched to the key's by
        exercise id, and its own transcripts, hints and checks are ignored. Submissions run in
        parallel with the timeouts, isolation and clean-up of `run`. Each exercise is graded on its
        own: one whose code does not compile is built as the key's stub and scores zero, with its
        errors at the student's lines, and the others are graded. Prints each student's points, and the
        checks that printed differently between runs (flaky: the exercise scores zero). Several
        keys (or a folder of them) grade a course: each submission is a student's folder holding
        their labs named as the keys. With -o, DIR/gradebook.csv gets a row per student; the
        written exercises' and `late` cells are the instructor's, kept when grade runs again.
        """,
        trailer: """
        EXIT STATUS: 0 graded (whatever the scores), 2 usage or input error in the key.
        """)

    static let kernel = CommandHelp(
        usage: ["kernel install [--user | --prefix DIR] [--name NAME]", "kernel uninstall [--user | --prefix DIR] [--name NAME]",
                "kernel -f CONNECTION_FILE"],
        about: """
        A Jupyter kernel for Swift 6, built in: `kernel install` writes the kernelspec ("Swift 6
        (labrunner)") through which JupyterLab, VS Code and `jupyter nbconvert` start this binary
        through; `kernel uninstall` removes it. A notebook is one lab: each cell is built with the
        cells executed before it and the lab prelude (`Lab.pick`, `Lab.scenario`), through the
        compile cache, and shows its own output. Magics: %scenario NAME, %lab, %%compile_fail,
        %%standalone, %%no_run, %%skip. See docs/jupyter.md.
        """,
        trailer: """
        EXIT STATUS: 0 installed, removed, or the kernel was shut down; 2 usage or input error.
        """)

    static let help = CommandHelp(
        usage: ["help [COMMAND]"],
        about: "Shows what COMMAND does and its options; without one, lists the commands.")
}
