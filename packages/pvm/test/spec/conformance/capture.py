"""Capture expected outputs of the conformance programs from CPython 3.11.

For each NAME.py here, writes NAME.expected: the program's stdout, followed (when the program
ends with an uncaught exception) by one line "!! " + the last line of CPython's traceback.
Run from this directory: python3 capture.py
"""
import pathlib
import subprocess
import sys

assert sys.version_info[:2] == (3, 11), "capture with CPython 3.11"
here = pathlib.Path(__file__).parent
for py in sorted(here.glob("*.py")):
    if py.name == "capture.py":
        continue
    p = subprocess.run([sys.executable, py.name], cwd=here, capture_output=True, text=True, env={"PYTHONHASHSEED": "0"})
    out = p.stdout
    if p.returncode != 0:
        last = [l for l in p.stderr.splitlines() if l.strip()][-1]
        out += "!! " + last + "\n"
    (here / (py.stem + ".expected")).write_text(out)
    print(py.name, "exit", p.returncode)
