#!/bin/sh
# Runs cowboy-py's pytest suite from the sources (PYTHONPATH=src: nothing is installed, no index is
# contacted). The plugin starts the repository's node for the run. Python: $COWBOY_PYTHON, else the
# first of python3, python, /usr/bin/python3 that has everything the suite uses (pytest, and venv,
# setuptools and wheel for the README's `pip install` step), else the first that has pytest. A machine
# whose own python3 lacks wheel (a pyenv build, say) then uses Debian's, which .ci/run installs.
set -eu
cd "$(dirname "$0")/.."
for need in "pytest, setuptools, venv, wheel" "pytest"; do
  for py in ${COWBOY_PYTHON:-} python3 python /usr/bin/python3; do
    if command -v "$py" >/dev/null 2>&1 && "$py" -c "import $need" >/dev/null 2>&1; then
      PYTHONPATH="src${PYTHONPATH:+:$PYTHONPATH}" exec "$py" -m pytest -p no:cacheprovider "$@"
    fi
  done
done
echo "sdk/python: no Python with pytest found (install python3 and python3-pytest, or set COWBOY_PYTHON)" >&2
exit 1
