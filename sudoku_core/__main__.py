"""``python -m sudoku_core``: see :mod:`sudoku_core.cli`."""

import sys

from .cli import main

sys.exit(main())
