import LabRunner
/// The text of `labrunner --help` and `labrunner help COMMAND`. `run`'s options are listed from
/// `RunOptions.declarations`; `extract`'s and `list`'s few are written out here, and
/// `OptionDocumentationTests` checks every command's help against what its parser accepts.
enum HelpText {
    static let version = "labrunner 0.1.0"

    static let overview = """
    labrunner: run literate Swift labs written in Markdown and check what they print.

    USAGE: labrunner <command> [options]

    COMMANDS:
      run PATH...        Compile each lab, run it once per scenario, compare with its output blocks
      watch PATH...      Run the labs, then re-run each one when it is saved and print what changed
      html PATH...       Run like `run`, then write a notebook page per file and an index.html
      extract LAB        Write the single Swift file that `run` compiles
      list LAB           Show the file as labrunner reads it: a lab's cells, a guide's samples and their context
      cache [clean]      Show where the compile cache is and its size, or empty it
      student LAB...     Write the students' copies of labs (exercises without solutions), check them
      grade SUBMISSION...  Grade students' labs against the instructor's lab (the key)
      help [COMMAND]     Show help for a command

    OPTIONS:
      -h, --help         Show help
      --version          Show the version

    Environment: SWIFTC (the swiftc to use; default: the one on PATH), NO_COLOR, CI.
    The lab format is described in docs/lab-format.md.
    """

    static let run = """
    USAGE: labrunner run [options] PATH...

    Compiles each lab (a Markdown file of any extension; a folder means every .md and .markdown
    file in it, recursively) into one Swift program with swiftc, runs it once per scenario and
    checks each cell's output against the output blocks below it. Prints PASS or FAIL per scenario
    and ends with `N passed, N failed` (after `N files could not be checked`, if any). A file
    without output blocks is only compiled. Cells marked
    compile_fail, no_run or standalone are built apart and reported under `path:line`.
    Labs build and run in parallel; reports come in path order.

    OPTIONS:
    \(OptionDeclaration.helpLines(RunOptions.declarations).joined(separator: "\n"))

    Under GitHub Actions (GITHUB_ACTIONS=true) failures are also printed as ::error annotations.

    EXIT STATUS: 0 all passed, 1 a lab failed, 2 usage or input error, or a lab that could
    not be checked (swiftc missing or failing). 130/143 after Ctrl-C/SIGTERM, 128+N after
    another terminating signal N (141: standard output was closed).
    """

    static let student = """
    USAGE: labrunner student LAB... -o DIR

    Writes the students' copy of each lab (a folder means every .md and .markdown file in it) to
    DIR: each exercise's '#if SOLUTION' … '#else' lines and its '#endif' removed (the stub stays),
    hidden checks removed, everything else byte for byte. Then runs each copy with exercises: it
    must compile, and every exercise must fail at least one of its outputs. See docs/teaching.md.

    OPTIONS:
      -o, --output DIR     Where the copies go (below it, as below the folder named)
      -h, --help           Show this help

    EXIT STATUS: 0 copies written and checked, 1 a copy does not compile or an exercise already
    passes, 2 usage or input error.
    """

    static let grade = """
    USAGE: labrunner grade --key LAB SUBMISSION... [--repeat N] [-o DIR]

    Runs each submission (a lab file, or a folder holding one; the student is named by it) with
    the key's expected outputs, hidden checks and settings: its cells are matched to the key's by
    exercise id, and its own transcripts, hints and checks are ignored. Submissions run in
    parallel with the timeouts, isolation and clean-up of `run`. A submission that does not
    compile scores zero, with its errors at its lines. Prints each student's points, and the
    checks that printed differently between runs (flaky: the exercise scores zero).

    OPTIONS:
      --key LAB            The instructor's lab (with solutions and hidden checks)
      --repeat N           Run each scenario N times (default 3); an exercise whose checks
                           differ between runs scores zero and is reported as flaky
      -o, --output DIR     Also write DIR/grades.csv (student, exercise, points, out of, note),
                           DIR/grades.json and DIR/STUDENT.feedback.txt (diffs and hints)
      -h, --help           Show this help

    EXIT STATUS: 0 graded (whatever the scores), 2 usage or input error in the key.
    """

    static let watch = """
    USAGE: labrunner watch [options] PATH...

    Runs the labs once, as `run` does, then watches their files: when one is saved (in place or by
    an editor renaming a new file over it), runs that lab again and prints what changed since its
    last run (a cell that now passes, one that now fails with its diff, compile errors that
    appeared or were fixed) and the time from the save to the verdict. Runs until Ctrl-C.

    OPTIONS:
    \(OptionDeclaration.helpLines(WatchOptions.declarations).joined(separator: "\n"))

    The server answers only GET of `/`, `/lab/N` and `/events` (server-sent events), on 127.0.0.1
    unless --host says otherwise. See docs/watch.md.

    EXIT STATUS: 2 usage or input error; 130/143 after Ctrl-C/SIGTERM.
    """

    static let html = """
    USAGE: labrunner html [options] PATH... -o DIR

    Runs the files exactly as `labrunner run` does (same report, cache and exit status), then
    writes into DIR one self-contained page per file (prose, each Swift cell with its output in
    every scenario, diffs, compile errors at their line) and an index.html with every verdict.
    Relative images are copied beside the pages. See docs/notebook.md.

    OPTIONS:
    \(OptionDeclaration.helpLines(HTMLCommand.declarations).joined(separator: "\n"))
    """

    static let extract = """
    USAGE: labrunner extract LAB [-o FILE] [--plain] [--bare LANG]
           labrunner extract GUIDE:LINE [-o FILE] [--plain] [--bare LANG]

    Writes the single Swift file that `labrunner run` compiles for LAB, with the prelude and every
    cell in order under its MARK sections, to standard output or FILE. For a guide, writes the
    program of the sample at LINE: the earlier declarations it is given, then its own code.

    OPTIONS:
      -o, --output FILE    Write to FILE instead of standard output
      --plain              Leave out the #sourceLocation lines (errors then point at the .swift file)
      --bare LANG          Read fences without an info string as LANG
      -h, --help           Show this help
    """

    static let list = """
    USAGE: labrunner list LAB [--json] [--bare LANG] [--as KIND]

    Shows the file as labrunner reads it. A lab: front matter settings, sections, Swift cells with
    their line, section and attributes, scenarios and output blocks. A guide: why it is one, then
    per sample its line, its role (program, package manifest, listing and why, skipped and why),
    the modules it needs and the earlier declarations it is compiled with, and why.

    OPTIONS:
      --json               Print JSON (a lab's includes `blocks`: every fenced code block of the document)
      --bare LANG          Read fences without an info string as LANG
      --as KIND            Read the file as a guide or a lab, whatever its contents say
      -h, --help           Show this help
    """

    static let cache = """
    USAGE: labrunner cache [clean] [--cache-dir DIR]

    Shows where the compile cache is and what it holds: built labs and compile checks, swiftc's
    module cache, and the total. `labrunner cache clean` removes all of it; runs then build every
    lab again, and swiftc rebuilds its modules once. The cache is also pruned to 1 GB of built
    labs by every run that stores something; a damaged module cache is replaced by the run that
    finds it.

    OPTIONS:
      --cache-dir DIR      The cache (default: $XDG_CACHE_HOME/labrunner or ~/.cache/labrunner)
      -h, --help           Show this help
    """

    static func forCommand(_ name: String) -> String? {
        switch name {
        case "run": run
        case "watch": watch
        case "html": html
        case "extract": extract
        case "list": list
        case "cache": cache
        case "student": student
        case "grade": grade
        default: nil
        }
    }
}
