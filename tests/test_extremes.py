"""The Extreme catalogue (sudoku_core/extremes.py) and the New game bank: one source for the bank's Extremes.

The bank's Extremes (9x9, 12x12, 16x16 classic; 9x9 X, Windoku, Jigsaw; rot180) are listed once, in the
engine's catalogue (``BANKED``), from which a seed's Extreme is drawn; build.py writes them into the page as
``js/bank-extremes.js`` and web/js/bank.js merges them into its ``BANK``. tests/test_bank.py checks each
entry as a banked puzzle (unique by two solvers, rot180, rated Extreme).
"""

import json
import re
from pathlib import Path

import build
from sudoku_core.extremes import BANKED, EXTREMES, FOUND, bank_key, bank_lists

ROOT = Path(__file__).resolve().parent.parent
BANK_JS = (ROOT / "web" / "js" / "bank.js").read_text(encoding="utf-8")


def test_the_page_bank_takes_its_extremes_from_the_catalogue_and_lists_none_itself():
    module = build.bank_extremes_module()
    written = json.loads(re.search(r"export const EXTREMES = (\{.*\});", module, re.S).group(1))
    assert written == bank_lists() == {bank_key(k): list(v) for k, v in BANKED.items()}
    assert set(written) == {"9|extreme", "12|extreme", "16|extreme", "9|extreme|x", "9|extreme|windoku",
                            "9|extreme|jigsaw"}
    assert 'import { EXTREMES } from "./bank-extremes.js";' in BANK_JS and "  ...EXTREMES,\n" in BANK_JS
    for key in written:  # no second copy in bank.js to drift from the engine's
        assert f'\n  "{key}": [' not in BANK_JS
    for lines in written.values():
        assert not any(line in BANK_JS for line in lines)


def test_the_catalogue_is_the_bank_then_the_found_in_that_order():
    # A seed's Extreme is drawn by position: the bank's first, then the others.
    assert set(EXTREMES) == set(BANKED) | set(FOUND)
    for key, lines in EXTREMES.items():
        assert lines == BANKED.get(key, ()) + FOUND.get(key, ())
    assert bank_key("9") == "9|extreme" and bank_key("9|jigsaw") == "9|extreme|jigsaw"
