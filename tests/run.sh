#!/usr/bin/env bash
# Installs what the tests need on a fresh Debian machine, then runs every test.
# Usage: bash tests/run.sh [pytest args...]
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
fi
python3 -m pip install -q --disable-pip-version-check -r tests/requirements.txt
python3 -m pip install -q --disable-pip-version-check -e .

python3 -m ruff check .
python3 -m pytest -p no:playwright -p no:cacheprovider "$@"
