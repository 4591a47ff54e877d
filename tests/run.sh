#!/usr/bin/env bash
# Runs every test on a fresh Debian machine: installs what is missing, then ruff, the build and pytest.
#
#   bash tests/run.sh                  # everything
#   bash tests/run.sh -m "not e2e"     # the unit tests only: no browser, no build (other arguments go to pytest as well)
#   bash tests/run.sh -n 0             # pytest in one process (later arguments win over the defaults)
#
# * System packages (python3-venv, chromium, firefox-esr, webkit2gtk-driver, xvfb, nodejs, npm) are installed with apt-get only when missing,
#   through sudo unless run as root. A run whose `-m` leaves out the e2e tests (pytest's own reading of the
#   expression, tests/support.py) needs no browser and no build: it installs no browser and skips build.py.
# * Checks run fastest first: ruff, mypy, tsc, the build, then pytest; the first to fail stops the run.
#   What does not wait on another runs beside it, on the second core: `npm ci` (node_modules: tsc, axe,
#   Pyodide) while pip installs, and the build beside tsc.
# * Python packages go into a project-local virtual environment, .venv/ (ignored by git): the pinned
#   tests/requirements.txt and the engine itself (pip install -e .), in one pip run that does not
#   byte-compile them all (Python compiles what the tests import, once). Nothing goes into the system's
#   Python. PYTHON=... picks the interpreter the environment is made from (default python3, 3.11+).
# * pytest runs on every core (pytest-xdist, one worker per core, at most 4): `--dist loadgroup` keeps
#   the browser tests of a module that share a module-scoped page on one worker (tests/e2e/conftest.py
#   groups them), so that page boots once, and spreads the other tests one by one; `--no-loadscope-reorder`
#   hands them out in the order tests/conftest.py sorts them (the longest first, by the seconds of a
#   measured run in tests/e2e/work_seconds.json), where xdist would start the groups of most tests first.
# * The browser tests use the dist/ built here (run alone, pytest builds its own copy once) and drive
#   Debian's Chromium; never `playwright install`.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=.venv

# --- system packages, only those missing -------------------------------------------------------
apt_install() {  # the Debian packages named, if any
  [ $# -gt 0 ] || return 0
  local as_root=()
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
      echo "tests/run.sh: needs $*; install them as root: apt-get install $*" >&2
      exit 1
    fi
    as_root=(sudo)
  fi
  echo "tests/run.sh: installing $* with apt-get" >&2
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
missing=()
if ! command -v "$PYTHON" >/dev/null 2>&1; then
  missing+=(python3 python3-venv)
elif ! "$PYTHON" -c "import ensurepip, venv" >/dev/null 2>&1; then
  missing+=(python3-venv)  # Debian's python3 makes no virtual environment without it
fi
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
apt_install "${missing[@]}"

# --- node_modules (tsc, axe-core, the pinned Pyodide), beside pip's work ---------------------------
npm_log=$(mktemp)
npm_pid=
trap '[ -z "$npm_pid" ] || kill "$npm_pid" 2>/dev/null; rm -f "$npm_log"' EXIT
if [ ! -x node_modules/.bin/tsc ]; then
  npm ci --no-audit --no-fund >"$npm_log" 2>&1 &
  npm_pid=$!
fi
npm_done() {  # waits for that npm ci; its output, and its failure stops the run
  [ -n "$npm_pid" ] || return 0
  local rc=0
  wait "$npm_pid" || rc=$?
  npm_pid=
  cat "$npm_log"
  rm -f "$npm_log"
  if [ "$rc" -ne 0 ]; then
    echo "tests/run.sh: npm ci failed (status $rc)" >&2
    exit "$rc"
  fi
}

# --- the project's virtual environment ---------------------------------------------------------
if ! "$VENV/bin/python" -m pip --version >/dev/null 2>&1; then
  echo "tests/run.sh: creating $VENV" >&2
  "$PYTHON" -m venv --clear "$VENV"
fi
PY="$VENV/bin/python"
"$PY" -m pip install -q --disable-pip-version-check --no-compile -r tests/requirements.txt -e .

# --- the browsers, if the arguments select any e2e test ----------------------------------------
status=0
"$PY" tests/support.py "$@" || status=$?  # pytest's reading of the arguments' -m: 0 e2e tests wanted, 10 none
case $status in
  0) e2e=1 ;;
  10) e2e=0 ;;
  *) exit "$status" ;;
esac
if [ "$e2e" = 1 ]; then
  missing=()
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  command -v firefox-esr >/dev/null 2>&1 || missing+=(firefox-esr)
  command -v WebKitWebDriver >/dev/null 2>&1 || missing+=(webkit2gtk-driver)
  command -v xvfb-run >/dev/null 2>&1 || missing+=(xvfb)
  apt_install "${missing[@]}"
fi

# --- the checks ----------------------------------------------------------------------------------
"$PY" -m ruff check .
"$PY" -m mypy  # the engine's types, zero errors (files and settings: [tool.mypy] in pyproject.toml)
# The page's JSDoc types (tsconfig.json: the modules that start with `// @ts-check`), and the worker's and
# the service worker's (tsconfig.worker.json: a worker's globals, no DOM), zero errors.
npm_done
# Build the site (Pyodide comes from node_modules) beside tsc, so a broken build stops the run before
# pytest; the e2e tests use this build (tests/e2e/conftest.py's `site`) instead of making their own.
# A run without e2e tests builds nothing.
build_pid=
if [ "$e2e" = 1 ]; then
  "$PY" build.py &
  build_pid=$!
fi
tsc_status=0
node_modules/.bin/tsc -p . || tsc_status=$?
[ "$tsc_status" -ne 0 ] || node_modules/.bin/tsc -p tsconfig.worker.json || tsc_status=$?
build_status=0
[ -z "$build_pid" ] || wait "$build_pid" || build_status=$?
[ "$tsc_status" -eq 0 ] || exit "$tsc_status"
[ "$build_status" -eq 0 ] || exit "$build_status"
[ "$e2e" = 0 ] || export SUDOKU_TEST_SITE="$PWD/dist"
exec "$PY" -m pytest -p no:playwright -p no:cacheprovider -n auto --maxprocesses=4 --dist loadgroup \
  --no-loadscope-reorder "$@"
