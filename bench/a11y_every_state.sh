#!/usr/bin/env bash
# The accessibility sweep in full: axe over every state of the game's, the lab's and the Learn page's walks
# in every variant (theme, language, screen) of tests/e2e/test_a11y.py, where the normal run audits every
# state in the two main themes and a sample of them elsewhere, and the lab and the Learn page in half of
# the other variants (the module's docstring says which). Takes
# about twice the module's normal time. Run it after a change of colours, of a dialog or of the Learn page.
#
#   bash bench/a11y_every_state.sh            # uses the project's .venv and dist/ (bash tests/run.sh makes them)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || { echo "bench/a11y_every_state.sh: no .venv; run bash tests/run.sh --co -q first" >&2; exit 1; }
[ -f dist/asset-map.json ] || .venv/bin/python build.py
SUDOKU_A11Y_EVERY_STATE=1 SUDOKU_TEST_SITE="$PWD/dist" exec .venv/bin/python -m pytest -p no:playwright \
  -p no:cacheprovider -n 2 --dist loadgroup -q -rf -s tests/e2e/test_a11y.py "$@"
