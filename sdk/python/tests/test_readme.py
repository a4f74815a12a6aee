"""The README's "Test your actor with pytest" commands, run as written (in a fresh virtualenv, from
the repository root), against this run's devnet (COWBOY_RPC) so no second node starts."""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text("utf-8")
    section = text.split("### Test your actor with pytest", 1)[1].split("\n###", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    return [line.split("#", 1)[0].strip() for line in block.splitlines() if line.split("#", 1)[0].strip()]


def test_the_readme_step_runs_as_written(cowboy_devnet, tmp_path):
    commands = readme_commands()
    assert commands == [
        "python3 -m venv --system-site-packages .venv && . .venv/bin/activate",
        "pip install --no-build-isolation ./sdk/python",
        "python -m pytest sdk/python/examples",
    ]
    # The same commands, with the virtualenv outside the checkout and this interpreter as python3.
    venv = tmp_path / "venv"
    script = "\n".join(["set -e", *(c.replace(".venv", str(venv)) for c in commands)])
    env = {**os.environ, "COWBOY_RPC": cowboy_devnet, "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_NO_INDEX": "1"}
    env.pop("PYTHONPATH", None)  # the installed package, not the sources, must serve the test
    bindir = tmp_path / "bin"
    bindir.mkdir()
    (bindir / "python3").symlink_to(sys.executable)
    env["PATH"] = f"{bindir}{os.pathsep}{env['PATH']}"
    run = subprocess.run(["sh", "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert re.search(r"3 passed", run.stdout), run.stdout[-3000:]
    # The plugin came from the installed package's pytest11 entry point (no conftest there).
    assert not (ROOT / "sdk" / "python" / "examples" / "conftest.py").exists()
