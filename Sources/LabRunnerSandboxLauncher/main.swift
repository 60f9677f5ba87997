#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LabRunnerSandbox

// `labrunner-sandbox [__labrunner-sandbox] OPTIONS -- PROGRAM ARGS`: what `labrunner` starts before
// every sealed program (see `SandboxLauncher`). Linux only; elsewhere `labrunner` is its own launcher.
#if os(Linux)
let words = Array(CommandLine.arguments.dropFirst())
SandboxLauncher.serve(words.first == Sandbox.argument ? Array(words.dropFirst()) : words)
#else
_ = write(2, "labrunner-sandbox: Linux only\n", 30)
exit(125)
#endif
