"""The wire: JSON text in, JSON text out, and the dispatch of one request to its operation.

:func:`handle_json` always answers: a request that is not JSON, too long or too deep gets
``bad_request``; an exception of any kind (but ``KeyboardInterrupt``) gets ``internal``; a reply is
always valid JSON.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from itertools import accumulate

from sudoku_core import SudokuError

from .payload import BadRequest, short
from .registry import OPS

#: Longest request read, in characters. The largest real one is a lab batch of 500 25x25 lines (about
#: 320,000); a pencil-mark grid of 25x25 as digit lists is about 50,000.
MAX_REQUEST = 1_000_000
#: Deepest nesting of arrays and objects read. Real requests go 4 deep ({payload: {pencil: [[1, 2]]}});
#: the cap keeps ``json.loads`` far from the recursion limit (about 1,000 in CPython, less in Pyodide).
MAX_DEPTH = 32
_ESCAPE = re.compile(r"\\.", re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_SURROGATE = re.compile("[\\ud800-\\udfff]")


def _error(kind: str, message: str, **facts: object) -> dict:
    return {"ok": False, "error": {"kind": kind, "message": message, **facts}}


def _lone_surrogate(value: object, path: str) -> BadRequest | None:
    """The error for the first string (key or value) in ``value`` holding a lone surrogate, which no
    text can encode: named by its path and the character's position."""
    if isinstance(value, str):
        m = _SURROGATE.search(value)
        if m:
            return BadRequest(f"{path} holds a lone surrogate (U+{ord(m.group()):04X}) at character {m.start() + 1}; "
                              "text must be valid Unicode", field=path, reason="surrogate", index=m.start())
    elif isinstance(value, dict):
        for k, v in value.items():
            found = _lone_surrogate(k, f"{path} key") or _lone_surrogate(v, f"{path}.{k}")
            if found:
                return found
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found = _lone_surrogate(v, f"{path}[{i}]")
            if found:
                return found
    return None


def handle(request: object, ops: dict[str, Callable[[dict], dict]] = OPS) -> dict:
    """Run one request (already decoded from JSON) and return the reply as plain data. ``ops``: the
    operations to choose from (a :class:`Session`'s add its jobs to :data:`OPS`)."""
    if not isinstance(request, dict):
        return _error("bad_request", "a request is an object {type, payload}")
    op_name = request.get("type")
    if not isinstance(op_name, str):
        return _error("bad_request", "a request needs 'type', the name of an operation", field="type")
    op = ops.get(op_name)
    if op is None:
        return _error("unknown_op", f"unknown operation {short(op_name)}; choose one of {', '.join(sorted(ops))}")
    payload = request.get("payload")
    if payload is None:
        payload = {}
    if not isinstance(payload, dict):
        return _error("bad_request", "'payload' must be an object", field="payload")
    try:
        bad = _lone_surrogate(payload, "payload")
        if bad:
            raise bad
        return {"ok": True, "result": op(payload)}
    except BadRequest as exc:
        return _error(BadRequest.kind, str(exc), **exc.facts)
    except SudokuError as exc:
        facts = exc.to_dict() if hasattr(exc, "to_dict") else {}
        facts.pop("kind", None)
        facts.pop("message", None)
        return _error(exc.kind, str(exc), **facts)
    except Exception as exc:  # a bug: say which, never let it kill the worker
        return _error("internal", f"internal error in {op_name!r}: {type(exc).__name__}: {exc}")


def _depth(text: str) -> int:
    """How deep arrays and objects nest in JSON ``text`` (or, with at most :data:`MAX_DEPTH` brackets, their
    number), brackets inside strings skipped. Linear, and
    at C speed but for the last step: escape pairs (``\\"``) dropped, the text split at the quotes that
    are left (odd pieces are inside strings), then a running sum over the brackets alone."""
    openers = text.count("[") + text.count("{")
    if openers <= MAX_DEPTH:
        return openers  # no deeper than that: enough to know it is within the cap
    outside = "".join(_ESCAPE.sub("", text).split('"')[0::2])
    brackets = _NOT_BRACKET.sub("", outside)
    if not brackets:
        return 0
    return max(accumulate(1 if ch in "[{" else -1 for ch in brackets))


def _decode(text: object) -> dict | list | str | int | float | None:
    """The request ``text`` decoded, or :class:`BadRequest` saying why it cannot be."""
    if not isinstance(text, str):
        raise BadRequest(f"a request is JSON text, not {type(text).__name__}", reason="not_json")
    if len(text) > MAX_REQUEST:
        raise BadRequest(f"the request is {len(text):,} characters long; the most is {MAX_REQUEST:,}",
                         reason="too_large")
    depth = _depth(text)
    if depth > MAX_DEPTH:
        raise BadRequest(f"the request nests arrays and objects {depth} deep; the most is {MAX_DEPTH}",
                         reason="too_deep")
    try:
        return json.loads(text)
    except ValueError as exc:  # JSONDecodeError, and integers too long to read
        raise BadRequest(f"a request must be JSON: {exc}", reason="not_json") from None


def _dumps(reply: dict) -> str:
    out = json.dumps(reply, ensure_ascii=False, allow_nan=False)
    # A reply never holds a lone surrogate (requests with one are refused); if one slipped through, the
    # ASCII form still encodes.
    return json.dumps(reply, allow_nan=False) if _SURROGATE.search(out) else out


def handle_json(text: str, ops: dict[str, Callable[[dict], dict]] = OPS) -> str:
    """:func:`handle` on a JSON string, returning a JSON string (the worker calls it through its
    :class:`Session`).

    It always returns a reply: a request that is not JSON, too long or too deep gets ``bad_request``;
    an exception of any kind (but ``KeyboardInterrupt``) gets ``internal``."""
    try:
        try:
            request = _decode(text)
        except BadRequest as exc:
            return _dumps(_error(BadRequest.kind, str(exc), **exc.facts))
        reply = handle(request, ops)
        try:
            return _dumps(reply)
        except (TypeError, ValueError) as exc:  # a result that is not plain JSON: a bug
            return _dumps(_error("internal", f"internal error: the reply is not JSON: {type(exc).__name__}: {exc}"))
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # RecursionError, MemoryError, SystemExit, ...: answer all the same
        try:
            return _dumps(_error("internal", f"internal error: {type(exc).__name__}: {exc}"))
        except BaseException:
            return '{"ok": false, "error": {"kind": "internal", "message": "internal error"}}'
