#!/bin/sh
# Runs cowboy-py's pytest suite from the sources (PYTHONPATH=src: nothing is installed, no index is
# contacted). The plugin starts the repository's node for the run. Python: $COWBOY_PYTHON, else the
# first of python3, python that has pytest.
set -eu
cd "$(dirname "$0")/.."
for py in ${COWBOY_PYTHON:-} python3 python; do
  if command -v "$py" >/dev/null 2>&1 && "$py" -c "import pytest" >/dev/null 2>&1; then
    PYTHONPATH="src${PYTHONPATH:+:$PYTHONPATH}" exec "$py" -m pytest -p no:cacheprovider "$@"
  fi
done
echo "sdk/python: no Python with pytest found (install python3 and python3-pytest, or set COWBOY_PYTHON)" >&2
exit 1
