#!/usr/bin/env python3
"""JupyterLab in headless Chromium runs lab 01's notebook with labrunner's kernel: every cell
through JupyterLab's own "Run All Cells", each output compared with the lab's for its first
scenario (as `.ci/execute-notebooks.py` compares), and a screenshot of a cell and its output.

    python3 Tests/jupyter/jupyterlab_browser.py LABRUNNER NOTEBOOK [--screenshot PNG]

NOTEBOOK is lab 01's notebook as `labrunner html --ipynb` wrote it. Starts `jupyter lab` (token
auth, 127.0.0.1, the app exposed to the page's script) and Chromium with a DevTools port, drives
them over the DevTools protocol, and stops both. Needs PyPI's jupyterlab and websocket-client
and Debian's chromium; says it skipped when one is missing.
"""
import base64
import importlib.util
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

try:
    import jupyterlab  # noqa: F401
    import websocket
except ImportError as error:
    print(f"skipped: the JupyterLab browser test needs jupyterlab and websocket-client ({error})")
    sys.exit(0)

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("execute_notebooks", os.path.join(HERE, "..", "..", ".ci", "execute-notebooks.py"))
execute_notebooks = importlib.util.module_from_spec(spec)
spec.loader.exec_module(execute_notebooks)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class DevTools:
    def __init__(self, port):
        for _ in range(100):
            try:
                pages = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json"))
                page = next(p for p in pages if p["type"] == "page")
                break
            except Exception:
                time.sleep(0.1)
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=60)
        self.next_id = 0

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message["result"]

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        return result["result"].get("value")

    def wait_for(self, expression, timeout, what):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.evaluate(expression):
                return
            time.sleep(0.25)
        state = self.evaluate("""JSON.stringify({app: !!window.jupyterapp, url: location.href,
            widget: window.jupyterapp && String(window.jupyterapp.shell.currentWidget && window.jupyterapp.shell.currentWidget.title.label),
            kernel: window.jupyterapp && window.jupyterapp.shell.currentWidget && window.jupyterapp.shell.currentWidget.sessionContext
                && window.jupyterapp.shell.currentWidget.sessionContext.kernelDisplayName,
            dialog: document.querySelector('.jp-Dialog') && document.querySelector('.jp-Dialog').innerText})""")
        raise TimeoutError(f"JupyterLab: {what} within {timeout}s ({state})")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    labrunner, notebook_path = os.path.abspath(sys.argv[1]), sys.argv[2]
    screenshot = sys.argv[sys.argv.index("--screenshot") + 1] if "--screenshot" in sys.argv else None
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        print("skipped: the JupyterLab browser test needs chromium")
        return
    with tempfile.TemporaryDirectory() as scratch:
        subprocess.run([labrunner, "kernel", "install", "--prefix", scratch], check=True, stdout=subprocess.DEVNULL)
        env = dict(os.environ, JUPYTER_PATH=os.path.join(scratch, "share", "jupyter"),
                   JUPYTER_CONFIG_DIR=os.path.join(scratch, "config"), JUPYTER_RUNTIME_DIR=os.path.join(scratch, "runtime"))
        notebook = json.load(open(notebook_path))
        lab_path = notebook["metadata"]["labrunner"]["path"]
        for cell in notebook["cells"]:  # the browser's run fills them in
            if cell["cell_type"] == "code":
                cell["outputs"], cell["execution_count"] = [], None
        root = os.path.join(scratch, "root")
        os.makedirs(root)
        with open(os.path.join(root, "lab.ipynb"), "w") as file:
            json.dump(notebook, file)
        lab_port, devtools_port, token = free_port(), free_port(), "labrunner-browser-test"
        server = subprocess.Popen([sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={lab_port}", "--ip=127.0.0.1",
                                   f"--ServerApp.token={token}", f"--ServerApp.root_dir={root}", "--LabApp.expose_app_in_browser=True",
                                   "--allow-root"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        browser = subprocess.Popen([chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                    f"--remote-debugging-port={devtools_port}", f"--user-data-dir={scratch}/chromium",
                                    "--window-size=1400,1000", "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{lab_port}/api?token={token}")
                    break
                except Exception:
                    time.sleep(0.2)
            page = DevTools(devtools_port)
            page.call("Page.enable")
            page.call("Page.navigate", url=f"http://127.0.0.1:{lab_port}/lab/tree/lab.ipynb?token={token}")
            # The notebook's panel (a headless window has no focus, so no current widget).
            widget = "(window.jupyterapp && Array.from(window.jupyterapp.shell.widgets('main')).find(w => w.sessionContext))"
            kernel = f"{widget} && {widget}.sessionContext.session && {widget}.sessionContext.session.kernel"
            page.wait_for(f"!!({kernel}) && {kernel}.status === 'idle' && {widget}.sessionContext.kernelDisplayName === 'Swift 6 (labrunner)'",
                          120, "the notebook did not open with an idle Swift 6 (labrunner) kernel")
            started = time.time()
            page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
            cells = f"{widget}.content.widgets.filter(c => c.model.type === 'code')"
            page.wait_for(f"{cells}.every(c => c.model.executionCount !== null) && {kernel}.status === 'idle'",
                          600, "the cells did not all run")
            print(f"JupyterLab ran every cell of {lab_path} in {time.time() - started:.1f}s")
            outputs = page.evaluate(f"JSON.stringify({cells}.map(c => [c.model.id, c.model.outputs.toJSON()]))")
            expected = execute_notebooks.expectations(labrunner, lab_path)
            problems, compared = [], 0
            for cell_id, cell_outputs in json.loads(outputs):
                want = expected.get(int(cell_id[1:])) if cell_id.startswith("L") else None
                if want is None:
                    continue
                compared += 1
                printed = "".join("".join(o["text"]) if isinstance(o["text"], list) else o["text"]
                                  for o in cell_outputs if o["output_type"] == "stream" and o["name"] == "stdout")
                errors = [o for o in cell_outputs if o["output_type"] == "error"]
                if errors or not execute_notebooks.matches(execute_notebooks.lines_of(want), execute_notebooks.lines_of(printed)):
                    problems.append(f"{lab_path}: cell {cell_id} shows\n{printed}{errors}\n  where the lab expects\n{want}")
            if screenshot:
                # The lab's Run section: the view model's transitions under their cell.
                page.evaluate(f"""(() => {{ const n = {widget}.content;
                    const i = n.widgets.findIndex(c => c.model.id === 'L487');
                    n.activeCellIndex = i; n.scrollToItem(i, 'start'); }})()""")
                # JupyterLab's first-run question about its news would cover the cell.
                page.evaluate("Array.from(document.querySelectorAll('button')).filter(b => b.innerText.trim() === 'No').forEach(b => b.click())")
                time.sleep(1.5)
                image = page.call("Page.captureScreenshot", format="png")["data"]
                with open(screenshot, "wb") as file:
                    file.write(base64.b64decode(image))
            for problem in problems:
                print(f"error: {problem}")
            print(f"{compared} cells compared in the browser, {len(problems)} differ")
            sys.exit(1 if problems else 0)
        finally:
            for process in (browser, server):
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()


if __name__ == "__main__":
    main()
