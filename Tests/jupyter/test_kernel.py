"""Jupyter's conformance suite (jupyter_kernel_test) for labrunner's Swift kernel, and the
kernel's own behaviour as a Jupyter client sees it: notebook semantics, history, interrupt and
shutdown.

    python3 Tests/jupyter/test_kernel.py PATH/TO/labrunner

installs the kernelspec of that binary into a temporary JUPYTER_PATH (nothing of the user's
is touched) and runs the tests; .ci/run does this. Needs jupyter_client and jupyter_kernel_test
(PyPI); exits 0 with a line saying the tests were skipped when they are missing.
"""
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

try:
    import jupyter_kernel_test
    from jupyter_client.manager import KernelManager, start_new_kernel
except ImportError as error:  # pragma: no cover - reported, not failed
    print(f"skipped: the kernel's Jupyter tests need jupyter_client and jupyter_kernel_test ({error})")
    sys.exit(0)

TIMEOUT = 120


class LabRunnerKernelTests(jupyter_kernel_test.KernelTests):
    kernel_name = "labrunner"
    language_name = "swift"
    file_extension = ".swift"

    code_hello_world = 'print("hello, world")'
    code_stderr = 'FileHandle.standardError.write(Data("to stderr\\n".utf8))'
    code_generate_error = "print(notDeclaredAnywhere)"
    code_inspect_sample = "Lab.pick"
    completion_samples = [
        {"text": "struct Zebra {}\nZeb", "matches": {"Zebra"}},
        {"text": "Lab.pi", "matches": {"pick"}},
        {"text": "Lab.scen", "matches": {"scenario", "scenarios"}},
    ]
    complete_code_samples = ['print("hi")', "func f() {\n}", "let s = \"{\"", "// a comment {"]
    incomplete_code_samples = ["func f() {", 'let s = """', "/* open comment", "let x = (1,", "let y ="]
    invalid_code_samples = ["}", "let x = (1]", "%nosuchmagic"]

    def execute(self, code, cell_id=None, timeout=TIMEOUT):
        """Runs `code` (as cell `cell_id`) and returns the reply and iopub messages in order."""
        self.flush_channels()
        if cell_id:
            # As JupyterLab and VS Code send it: the cell's id in the request's metadata.
            content = {"code": code, "silent": False, "store_history": True, "user_expressions": {},
                       "allow_stdin": False, "stop_on_error": True}
            msg = self.kc.session.msg("execute_request", content, metadata={"cellId": cell_id})
            self.kc.shell_channel.send(msg)
            msg_id = msg["header"]["msg_id"]
        else:
            msg_id = self.kc.execute(code)
        reply = self.get_non_kernel_info_reply(timeout=timeout)
        self.assertEqual(reply["parent_header"]["msg_id"], msg_id)
        messages = []
        while True:
            msg = self.kc.get_iopub_msg(timeout=timeout)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            messages.append(msg)
            if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                return reply, messages

    @staticmethod
    def stdout(messages):
        return "".join(m["content"]["text"] for m in messages if m["msg_type"] == "stream" and m["content"]["name"] == "stdout")

    def test_notebook_is_one_program(self):
        reply, _ = self.execute("let base = 40", cell_id="t-base")
        self.assertEqual(reply["content"]["status"], "ok")
        reply, messages = self.execute('print("base + 2 =", base + 2)', cell_id="t-use")
        self.assertEqual(reply["content"]["status"], "ok")
        # Only this cell's output: the cell above ran again, and printed nothing here.
        self.assertEqual(self.stdout(messages), "base + 2 = 42\n")
        # Re-running a cell replaces it: `base` is declared once, not twice.
        reply, _ = self.execute("let base = 1", cell_id="t-base")
        self.assertEqual(reply["content"]["status"], "ok")
        reply, messages = self.execute('print("base + 2 =", base + 2)', cell_id="t-use")
        self.assertEqual(self.stdout(messages), "base + 2 = 3\n")

    @staticmethod
    def stderr(messages):
        return "".join(m["content"]["text"] for m in messages if m["msg_type"] == "stream" and m["content"]["name"] == "stderr")

    def test_a_type_declared_later_is_waited_for(self):
        reply, messages = self.execute("struct Holder { let later: LaterType }", cell_id="w-holder")
        self.assertEqual(reply["content"]["status"], "ok")
        self.assertIn("'LaterType' is not declared by the cells executed so far", self.stderr(messages))
        reply, messages = self.execute('struct LaterType {}\nprint("declared")', cell_id="w-later")
        self.assertEqual(self.stdout(messages), "declared\n")
        reply, messages = self.execute("print(type(of: Holder(later: LaterType())))", cell_id="w-use")
        self.assertEqual(self.stdout(messages), "Holder\n")
        # A waiting cell that still does not compile once its name is declared is left out, and
        # the declaring cell runs.
        reply, _ = self.execute("struct Waiter { let m: Missing3\n func f() -> Int { m.nope } }", cell_id="w-broken")
        self.assertEqual(reply["content"]["status"], "ok")
        reply, messages = self.execute('struct Missing3 {}\nprint("missing no more")', cell_id="w-missing")
        self.assertEqual(reply["content"]["status"], "ok", reply["content"])
        self.assertEqual(self.stdout(messages), "missing no more\n")
        self.assertIn("still do not compile; they are left out", self.stderr(messages))
        self.assertIn("has no member 'nope'", self.stderr(messages))

    def test_an_error_aborts_the_cells_queued_behind_it(self):
        self.flush_channels()
        ids = [self.kc.execute("print(notDeclared1)"), self.kc.execute('print("queued")'), self.kc.execute('print("queued too")')]
        replies = {}
        while len(replies) < 3:
            reply = self.get_non_kernel_info_reply(timeout=TIMEOUT)
            replies[reply["parent_header"]["msg_id"]] = reply["content"]["status"]
        self.assertEqual([replies[i] for i in ids], ["error", "aborted", "aborted"])
        reply, messages = self.execute('print("runs again")')
        self.assertEqual(self.stdout(messages), "runs again\n")

    def test_a_swiftui_cell_is_only_parsed_where_swiftui_is_missing(self):
        if sys.platform == "darwin":
            self.skipTest("SwiftUI exists here: the cell is built")
        reply, messages = self.execute("import SwiftUI\nstruct V: View { var body: some View { Text(\"hi\") } }")
        self.assertEqual(reply["content"]["status"], "ok", reply["content"])
        self.assertIn("needs SwiftUI", self.stderr(messages))

    def test_compile_error_names_cell_line_column(self):
        reply, messages = self.execute("let fine = 1\nlet broken: Int = \"text\"")
        self.assertEqual(reply["content"]["status"], "error")
        count = reply["content"]["execution_count"]
        self.assertTrue(reply["content"]["evalue"].startswith(f"cell [{count}], line 2, column 19: error: "), reply["content"]["evalue"])
        self.assertEqual([m["msg_type"] for m in messages], ["status", "execute_input", "error", "status"])

    def test_scenario_magic_and_lab(self):
        reply, messages = self.execute("%scenario failing\nprint(Lab.scenario, Lab.pick(mock: 1, empty: 2, failing: 3))")
        self.assertEqual(self.stdout(messages), "failing 3\n")
        reply, messages = self.execute("%scenario mock")
        self.assertEqual(reply["content"]["status"], "ok")
        reply, messages = self.execute("%lab")
        self.assertIn("enum Lab {", self.stdout(messages))

    def test_crash_is_an_error(self):
        reply, messages = self.execute('print("before")\nfatalError("boom")')
        self.assertEqual(reply["content"]["status"], "error")
        self.assertIn("crashed", reply["content"]["evalue"])
        self.assertEqual(self.stdout(messages), "before\n")

    def test_history_tail(self):
        self.execute('print("for the history")')
        self.flush_channels()
        msg_id = self.kc.history(hist_access_type="tail", n=1, output=False, raw=True)
        reply = self.get_non_kernel_info_reply(timeout=TIMEOUT)
        jupyter_kernel_test.validate_message(reply, "history_reply", msg_id)
        self.assertEqual(reply["content"]["history"][-1][2], 'print("for the history")')

    def test_interrupt_stops_an_infinite_loop(self):
        self.flush_channels()
        msg_id = self.kc.execute('print("looping")\nwhile true {}')
        # Wait for the program to start (its first line), then interrupt it.
        deadline = time.time() + TIMEOUT
        while time.time() < deadline:
            msg = self.kc.get_iopub_msg(timeout=TIMEOUT)
            if msg["parent_header"].get("msg_id") == msg_id and msg["msg_type"] == "stream":
                break
        started = time.time()
        self.km.interrupt_kernel()
        reply = self.get_non_kernel_info_reply(timeout=10)
        self.assertLess(time.time() - started, 1.0)
        self.assertEqual(reply["content"]["status"], "error")
        self.assertEqual(reply["content"]["ename"], "Interrupt")
        # The kernel goes on serving.
        reply, messages = self.execute('print("after")')
        self.assertEqual(self.stdout(messages), "after\n")


    def test_sigint_interrupts_too(self):
        self.flush_channels()
        msg_id = self.kc.execute('print("spinning")\nwhile true {}')
        deadline = time.time() + TIMEOUT
        while time.time() < deadline:
            msg = self.kc.get_iopub_msg(timeout=TIMEOUT)
            if msg["parent_header"].get("msg_id") == msg_id and msg["msg_type"] == "stream":
                break
        self.km.signal_kernel(signal.SIGINT)
        reply = self.get_non_kernel_info_reply(timeout=10)
        self.assertEqual(reply["content"]["ename"], "Interrupt")
        self.assertTrue(self.km.is_alive(), "SIGINT interrupts the cell, it does not end the kernel")


class TransportTests(unittest.TestCase):
    def test_ipc_transport(self):
        with tempfile.TemporaryDirectory() as folder:
            km = KernelManager(kernel_name="labrunner", transport="ipc", ip=os.path.join(folder, "kernel"))
            km.start_kernel()
            kc = km.client()
            kc.start_channels()
            try:
                kc.wait_for_ready(timeout=60)
                reply = kc.execute_interactive('print("over ipc")', timeout=TIMEOUT, output_hook=lambda msg: None)
                self.assertEqual(reply["content"]["status"], "ok")
            finally:
                kc.stop_channels()
                km.shutdown_kernel(now=False)


class ShutdownTests(unittest.TestCase):
    def test_nothing_is_left_after_shutdown(self):
        km, kc = start_new_kernel(kernel_name="labrunner", startup_timeout=60)
        pid = km.provisioner.process.pid
        kc.execute('import Foundation\nprint("sleeping")\nThread.sleep(forTimeInterval: 600)')
        deadline = time.time() + TIMEOUT
        while time.time() < deadline:
            msg = kc.get_iopub_msg(timeout=TIMEOUT)
            if msg["msg_type"] == "stream":
                break
        children = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
        self.assertTrue(children, "the cell's program runs as a child of the kernel")
        kc.shutdown()
        km.finish_shutdown(waittime=5)
        kc.stop_channels()
        time.sleep(0.5)
        for process in [str(pid)] + children:
            self.assertFalse(self.running(process), f"process {process} is still running")

    @staticmethod
    def running(pid):
        try:
            with open(f"/proc/{pid}/status") as status:
                return "zombie" not in status.read().lower()
        except FileNotFoundError:
            return False


def main():
    binary = os.path.abspath(sys.argv.pop(1)) if len(sys.argv) > 1 else "labrunner"
    with tempfile.TemporaryDirectory() as prefix:
        subprocess.run([binary, "kernel", "install", "--prefix", prefix], check=True, stdout=subprocess.DEVNULL)
        os.environ["JUPYTER_PATH"] = os.path.join(prefix, "share", "jupyter")
        unittest.main(verbosity=2)


if __name__ == "__main__":
    main()
