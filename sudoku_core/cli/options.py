"""The command line's number, seed and language options, checked before they are used (issue 34).

Every number an option takes is read by one of these argparse types: ASCII digits only (``²`` and ``١``
pass ``str.isdigit`` but are not numbers here), at most :data:`MAX_DIGITS` of them before ``int`` sees
the text (so ``--count`` of 10,000 digits is a usage error, not a 4,300-digit ``ValueError``), and a
range stated in the message. A value out of range is one line and exit status 2, never a traceback
and never status 3.
"""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable

from .. import locales
from ..generate import MAX_SEED_DIGITS

#: Most digits of a whole number option: the largest range below (10**12) has 13.
MAX_DIGITS = 18
#: Longest ``--seed``: the bridge's cap (:data:`sudoku_core.bridge.MAX_SEED_CHARS`), so a seed typed at a
#: terminal and one sent by the page are held to the same rule.
MAX_SEED_CHARS = MAX_SEED_DIGITS

_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]{1,3})?")


def shown(text: str, most: int = 24) -> str:
    """An option's text quoted for a message: cut to ``most`` characters, with its length when longer."""
    return repr(text) if len(text) <= most else f"{text[:most]!r}... ({len(text):,} characters)"


def whole(name: str, low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number of at most :data:`MAX_DIGITS` digits for option ``name``, from
    ``low`` to ``high`` when given (a command may check its own range, to word it in one line)."""
    span = f" from {low:,} to {high:,}" if low is not None and high is not None else ""

    def read(text: str) -> int:
        t = text.strip()
        if len(t) > MAX_DIGITS or not _WHOLE.fullmatch(t):
            raise argparse.ArgumentTypeError(f"{name} takes a whole number{span} (digits 0-9), not {shown(text)}")
        value = int(t)
        if (low is not None and value < low) or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{name} must be{span or ' in range'}, not {value:,}")
        return value

    read.__name__ = "whole number"  # argparse names the type in its own messages
    return read


def seconds(name: str, low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a finite number of seconds, more than ``low`` and at most ``high``."""

    def read(text: str) -> float:
        t = text.strip()
        if len(t) > 32 or not _DECIMAL.fullmatch(t):
            raise argparse.ArgumentTypeError(f"{name} takes a number of seconds, not {shown(text)}")
        value = float(t)
        if not (math.isfinite(value) and low < value <= high):
            raise argparse.ArgumentTypeError(f"{name} must be more than {low:g} and at most {high:,g} seconds, "
                                             f"not {shown(text)}")
        return value

    read.__name__ = "seconds"
    return read


def language(text: str) -> str:
    """An argparse type: ``--lang``, a catalogue's tag (:func:`sudoku_core.locales.languages`) or an older name
    of one ("zh" for "zh-CN"), returned as the tag."""
    try:
        return locales.tag(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_lang(parser: argparse.ArgumentParser) -> None:
    """The ``--lang`` option: the language of the words, one of the catalogues found."""
    parser.add_argument("--lang", type=language, default=locales.DEFAULT, metavar="TAG",
                        help=f"the language of the words: {', '.join(locales.languages())} (default {locales.DEFAULT})")


def seed(text: str) -> str:
    """An argparse type: ``--seed``, 1 to :data:`MAX_SEED_CHARS` characters (a number or any text)."""
    if not 1 <= len(text) <= MAX_SEED_CHARS:
        raise argparse.ArgumentTypeError(f"--seed takes 1 to {MAX_SEED_CHARS} characters (a number or any text), "
                                         f"not {len(text):,}")
    return text
