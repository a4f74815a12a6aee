"""Where the repository's language-neutral vectors are (test-vectors/ at the repository root)."""

import json
import os
from pathlib import Path

VECTORS = Path(os.environ.get("COWBOY_TEST_VECTORS", Path(__file__).resolve().parents[3] / "test-vectors"))


def load(relative: str):
    return json.loads((VECTORS / relative).read_text("utf-8"))
