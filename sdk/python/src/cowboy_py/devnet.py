"""Starting a throwaway devnet for a test run: the repository's node (cowboyd) in manual mode
(`--block-time 0`, blocks made by `dev_mine` and automine) on a free loopback port with a temporary
data directory, stopped (and the directory removed) by `Devnet.stop()`.

Which node runs: `$COWBOY_NODE` (a command line, e.g. "cowboyd" or "node /path/to/main.js"), else
the node of the Cowboy repository found from `$COWBOY_REPO` or upwards from the current directory
(its built `apps/node/dist/main.js`, else its TypeScript sources through tsx), else `cowboyd` on PATH.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

READY = re.compile(r"ready url=(http://127\.0\.0\.1:\d+)")
START_TIMEOUT = 180.0


class DevnetError(RuntimeError):
    """The node could not be found or did not start."""


def find_repository(start: Path | None = None) -> Path | None:
    """The Cowboy repository holding `start` (default: the current directory), or $COWBOY_REPO."""
    env = os.environ.get("COWBOY_REPO")
    if env:
        return Path(env).resolve()
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "pnpm-workspace.yaml").is_file() and (folder / "apps" / "node" / "src" / "main.ts").is_file():
            return folder
    return None


def node_command() -> tuple[list[str], Path | None]:
    """The command that starts cowboyd, and the directory to run it in."""
    env = os.environ.get("COWBOY_NODE")
    if env:
        return shlex.split(env), None
    repo = find_repository()
    if repo is not None:
        node_dir = repo / "apps" / "node"
        built = node_dir / "dist" / "main.js"
        if built.is_file() and os.environ.get("COWBOY_NODE_FROM_SOURCE") is None:
            return ["node", str(built)], node_dir
        return ["node", "--import", "tsx", "--conditions=@cowboy/source", str(node_dir / "src" / "main.ts")], node_dir
    on_path = shutil.which("cowboyd")
    if on_path is not None:
        return [on_path], None
    raise DevnetError("no Cowboy node to start: set COWBOY_RPC to attach to a running devnet, COWBOY_NODE to a cowboyd command, or run inside the Cowboy repository")


class Devnet:
    """A running devnet node process; `url` is its JSON-RPC endpoint."""

    def __init__(self, process: subprocess.Popen[bytes], url: str, data_dir: Path, log_path: Path) -> None:
        self.process = process
        self.url = url
        self.data_dir = data_dir
        self.log_path = log_path

    @classmethod
    def start(cls, extra_args: list[str] | None = None, timeout: float = START_TIMEOUT) -> Devnet:
        command, cwd = node_command()
        work = Path(tempfile.mkdtemp(prefix="cowboy-pytest-"))
        data_dir = work / "data"
        log_path = work / "node.log"
        args = [*command, "--data", str(data_dir), "--reset", "--rpc-host", "127.0.0.1", "--rpc-port", "0", "--block-time", "0", "--interpreters", "1", *(extra_args or [])]
        with open(log_path, "wb") as log:
            process = subprocess.Popen(args, cwd=cwd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        while True:
            text = log_path.read_text("utf-8", "replace")
            match = READY.search(text)
            if match is not None:
                return cls(process, match.group(1), data_dir, log_path)
            if process.poll() is not None:
                shutil.rmtree(work, ignore_errors=True)
                raise DevnetError(f"cowboyd exited with {process.returncode}:\n{text[-4000:]}")
            if time.monotonic() > deadline:
                process.kill()
                process.wait()
                shutil.rmtree(work, ignore_errors=True)
                raise DevnetError(f"cowboyd did not start within {timeout} s:\n{text[-4000:]}")
            time.sleep(0.1)

    def log(self) -> str:
        return self.log_path.read_text("utf-8", "replace") if self.log_path.exists() else ""

    def stop(self) -> None:
        """Stops the node (SIGTERM, then SIGKILL after 15 s) and removes its directory."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.data_dir.parent, ignore_errors=True)
