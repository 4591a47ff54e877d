#!/usr/bin/env bash
# Installs what the tests need on a fresh Debian machine, then runs every test.
# Usage: bash tests/run.sh [pytest args...]
# The browser tests build the site themselves (build.py runs `npm ci` for the pinned Pyodide when
# node_modules is missing) and drive Debian's Chromium; never `playwright install`.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v npm >/dev/null 2>&1 || missing+=(nodejs npm)
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi
python3 -m pip install -q --disable-pip-version-check -r tests/requirements.txt
python3 -m pip install -q --disable-pip-version-check -e .

python3 -m ruff check .
# Build the site (and install the pinned Pyodide from npm) before the tests: the browser tests serve
# dist/, and the engine's Pyodide test runs the generator in node_modules/pyodide.
python3 build.py
python3 -m pytest -p no:playwright -p no:cacheprovider "$@"
