"""Reading the command line's input: files, standard input or a puzzle given as an argument, as a stream.

* :func:`open_lines` opens ``FILE``, ``-`` (standard input) or takes the argument itself as the puzzle
  when no such file exists, and returns its lines one at a time: a 300 MB file costs no more memory
  than its longest line, and output starts with the first puzzle. The first bytes decide how it is
  read: a UTF-16 or UTF-32 byte-order mark reads it in that encoding, a UTF-8 one is dropped,
  anything else is UTF-8. A file holding NUL bytes (a binary file, ``/dev/zero``) is refused at once,
  as are a directory, an empty input and a file that cannot be opened; text that is not UTF-8 is
  refused at its line. Each is one :class:`InputError` line and exit status 2.
* A line longer than :data:`MAX_LINE` characters is never held whole: it is skipped up to its end and
  reported as a failed puzzle (:data:`TOO_LONG`).
* :func:`puzzle_lines` turns lines into puzzles: one per line that is not blank or a ``#`` comment, or
  a single multi-line grid (a file whose first line is not a puzzle alone, but whose whole text of at
  most :data:`MAX_LINE` characters is one). A line ``end`` ends the input, as in POJ 3074's files
  (81-character lines, then ``end``), so those are read as given.

Exit statuses of the commands that read puzzles: 0 every puzzle answered, 1 some puzzle could not be
read (the others are still answered), 2 usage or unreadable input, 3 a bug in sudoku-core (one line,
never a traceback; please report it).
"""

from __future__ import annotations

import codecs
import io
import os
import re
import sys
from collections.abc import Iterable, Iterator
from typing import Any, cast

from ..errors import ParseError, SudokuError
from ..formats import MAX_TEXT, parse
from ..puzzle import Puzzle

#: Longest line read as a puzzle: the parser's own cap.
MAX_LINE = MAX_TEXT
#: Stands in for a line longer than :data:`MAX_LINE` (its text is never kept).
TOO_LONG = "\0too long"

_BOMS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF16_LE, "utf-16"),
         (codecs.BOM_UTF16_BE, "utf-16"), (codecs.BOM_UTF8, "utf-8-sig"))


class InputError(SudokuError):
    """Input that cannot be read as text at all: exit status 2."""

    kind = "input"


def open_lines(source: str) -> Iterator[str]:
    """The lines of ``source`` (see the module notes), each without its line ending; raises
    :class:`InputError` before the first line for input that is not text, and at the line for a line
    that is not UTF-8."""
    if source == "-":
        if sys.stdin is None:  # started with standard input closed ("<&-")
            raise InputError("standard input is closed: no puzzle given")
        # A BufferedReader at run time (typeshed says BinaryIO, which has no peek).
        return _lines(cast(io.BufferedReader, sys.stdin.buffer), "standard input", close=False)
    if not os.path.exists(source):
        return _argument_lines(source)
    if os.path.isdir(source):
        raise InputError(f"cannot read {source}: it is a directory, not a file of puzzles")
    try:
        raw = open(source, "rb")  # noqa: SIM115 - closed by the line reader when the stream ends
    except OSError as exc:
        raise InputError(f"cannot read {source}: {exc.strerror or exc}") from None
    return _lines(raw, source, close=True)


def _argument_lines(source: str) -> Iterator[str]:
    """The lines of an argument that names no file: the puzzle itself. One line that is not a puzzle is
    refused here, saying that both readings were tried: as :class:`InputError` (status 2) when it looks
    like a file name (``does-not-exist.txt``, ``data/p.sdk``), else as the puzzle's
    :class:`~sudoku_core.errors.ParseError` (status 1) with the missing file named first."""
    lines = source.splitlines() or [source]
    if len(lines) > 1 or len(source) > MAX_LINE:
        return iter(lines)  # several lines (or one too long): each is answered, or reported, in its place
    try:
        parse(source, check=False)
    except ParseError as exc:
        if _PATH_LIKE.search(source):
            raise InputError(f"cannot read {source}: there is no such file (nor is it a puzzle: {exc})") from None
        raise ParseError(f"no file is named {_shown(source)}, and as a puzzle it does not read: {exc}",
                         **{k: v for k, v in exc.to_dict().items() if k not in ("kind", "message")}) from None
    except SudokuError:
        pass  # a conflict or a bad cage: the puzzle's own error, said when it is answered
    return iter(lines)


#: What only a file name has: a path separator, or a name ending in a dot and a letter-led extension
#: (``.txt``, ``.sdk``, ``.ss``); a blank-ended puzzle line ends in a dot and a digit or a dot.
_PATH_LIKE = re.compile(r"[/\\]|^~|\.[A-Za-z][A-Za-z0-9]{0,7}$")


def _shown(text: str, most: int = 40) -> str:
    return repr(text) if len(text) <= most else f"{text[:most]!r}... ({len(text):,} characters)"


def _lines(raw: io.BufferedReader, name: str, close: bool) -> Iterator[str]:
    """Checks the first bytes at once (so a bad input fails before any output), then reads lines."""
    try:
        try:
            head = raw.peek(4096)[:4096]
        except OSError as exc:
            raise InputError(f"cannot read {name}: {exc.strerror or exc}") from None
        if not head:
            raise InputError(f"{name} is empty: no puzzle given")
        encoding = next((enc for bom, enc in _BOMS if head.startswith(bom)), None)
        if encoding is None and b"\0" in head:
            raise InputError(f"{name} is not text (it holds NUL bytes): give a file of puzzles, one per line")
    except BaseException:
        if close:
            raw.close()
        raise
    if encoding in (None, "utf-8-sig"):
        return _utf8_lines(raw, name, close)
    return _wide_lines(io.TextIOWrapper(raw, encoding=encoding, errors="strict", newline=None), name)


def _utf8_lines(raw: io.BufferedReader, name: str, close: bool) -> Iterator[str]:
    """Lines of UTF-8 bytes, each decoded alone, so a bad byte is reported at its own line."""
    most = 4 * MAX_LINE  # bytes: a UTF-8 character takes at most 4
    number = 0
    try:
        while True:
            try:
                data = raw.readline(most + 1)
            except OSError as exc:
                raise InputError(f"cannot read {name}: {exc.strerror or exc}") from None
            if not data:
                return
            number += 1
            if number == 1 and data.startswith(codecs.BOM_UTF8):
                data = data[len(codecs.BOM_UTF8):]
            if len(data) > most and not data.endswith(b"\n"):
                while True:  # skip the rest of the line, a bounded piece at a time
                    rest = raw.readline(most)
                    if not rest or rest.endswith(b"\n"):
                        break
                yield TOO_LONG
                continue
            try:
                line = data.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise InputError(f"{name}: line {number} is not UTF-8 text (byte {exc.start + 1} is "
                                 f"0x{data[exc.start]:02x}); save the file as UTF-8") from None
            parts = line.removesuffix("\n").removesuffix("\r").split("\r")  # "\r" alone: old Mac line ends
            number += len(parts) - 1
            yield from (TOO_LONG if len(part) > MAX_LINE else part for part in parts)
    finally:
        if close:
            raw.close()


def _wide_lines(stream: io.TextIOWrapper, name: str) -> Iterator[str]:
    """Lines of a UTF-16 or UTF-32 file (it began with its byte-order mark)."""
    number = 0
    try:
        while True:
            number += 1
            try:
                line = stream.readline(MAX_LINE + 1)
            except UnicodeDecodeError:
                raise InputError(f"{name}: near line {number}, the text is not valid {stream.encoding}") from None
            except OSError as exc:
                raise InputError(f"cannot read {name}: {exc.strerror or exc}") from None
            if not line:
                return
            if len(line) > MAX_LINE and not line.endswith("\n"):
                while True:  # skip the rest of the line, a bounded piece at a time
                    rest = stream.readline(MAX_LINE)
                    if not rest or rest.endswith("\n"):
                        break
                yield TOO_LONG
                continue
            yield line.rstrip("\n")
    finally:
        stream.close()


def puzzle_lines(lines: Iterable[str], alphabet: str | None = None) -> Iterator[tuple[int, str]]:
    """``(line number, text)`` for each puzzle: one per line that is not blank or a ``#`` comment, or the
    whole text when the first such line is not a puzzle alone but the whole (at most :data:`MAX_LINE`
    characters) is one grid. Only a first line that fails is followed by buffering, so output starts
    at once for a file of one-line puzzles; text is :data:`TOO_LONG` for a line over the cap."""
    it = _until_end(lines)
    raw: list[str] = []
    content: list[tuple[int, str]] = []
    size = number = 0
    for number, line in enumerate(it, 1):
        raw.append(line)
        size += len(line) + 1
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            content.append((number, TOO_LONG if line == TOO_LONG else stripped))
            if len(content) == 1 and _parses(stripped, alphabet):
                break  # one puzzle per line: stream the rest
        if size > MAX_LINE:
            break  # too long for one grid: lines it is
    else:  # the whole input is in the buffer: one multi-line grid, or lines
        whole = "\n".join(raw)
        if len(content) > 1 and TOO_LONG not in raw and _parses(whole, alphabet):
            yield 1, whole
        else:
            yield from content
        return
    yield from content
    for later, line in enumerate(it, number + 1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            yield later, TOO_LONG if line == TOO_LONG else stripped


def _until_end(lines: Iterable[str]) -> Iterator[str]:
    """The lines up to one that says ``end`` (POJ 3074's last line), which is not a puzzle."""
    for line in lines:
        if line.strip().lower() == "end":
            return
        yield line


def _parses(text: str, alphabet: str | None) -> bool:
    if text == TOO_LONG:
        return False
    try:
        parse(text, alphabet=alphabet, check=False)
    except SudokuError:
        return False
    return True


def too_long_message() -> str:
    return f"the line is longer than {MAX_LINE:,} characters, so it is not one puzzle"


def parse_line(line: str, **options: Any) -> Puzzle:
    """A line of :func:`puzzle_lines` read as a puzzle (``options`` go to :func:`~sudoku_core.formats.parse`);
    :class:`SudokuError` for a line too long to be one, as for one that does not parse."""
    if line == TOO_LONG:
        raise SudokuError(too_long_message())
    return parse(line, **options)
