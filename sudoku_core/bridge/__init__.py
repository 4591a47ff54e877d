"""The JSON bridge between the web page's worker and the engine: JSON in, JSON out.

The worker holds one :class:`Session` and calls its ``handle_json`` with one request ``{"type": ...,
"payload": {...}}`` as a JSON string, and posts the JSON string it returns back to the page. Every
operation of :data:`OPS` is stateless (module-level :func:`handle_json` runs them alone); the session
adds resumable jobs, the one kind of work that outlives a request (a generation run in slices), and
keeps them in itself, so the module holds no state. Only the operations named in
:data:`OPS` exist: the page can never run arbitrary Python, and only plain JSON crosses (never a
Python object), so nothing the page holds can outlive or leak into the interpreter.

A reply is ``{"ok": true, "result": {...}}`` or ``{"ok": false, "error": {"kind", "message", ...}}``.
Error kinds:

* ``unknown_op``: the ``type`` names no operation;
* ``bad_request``: the request or its payload has the wrong shape (missing field, wrong type, a value
  out of range, a lone surrogate in a string, a request over :data:`MAX_REQUEST` characters or nested
  deeper than :data:`MAX_DEPTH`). The error names the field (``field``, a path such as
  ``payload.seed``) when one is to blame, and ``reason`` says which rule was broken when the page may
  want to word it: ``too_large``, ``too_deep``, ``not_json``, ``surrogate``;
* ``parse`` / ``conflict`` / ``method`` / ``generate`` / ``error``: the engine's own :class:`SudokuError` kinds,
  with the structured facts of :meth:`ParseError.to_dict` (line, column, cells) when there are any;
* ``internal``: a bug in the engine; the message names the exception so it can be reported. Nothing
  a page or a user sends should ever get it: the fuzz test (``tests/test_bridge_fuzz.py``) checks that.

:func:`handle_json` always answers: no exception of any kind leaves it (only ``KeyboardInterrupt``, the
host's way to cancel, passes through), and its reply is always valid JSON. Searches are bounded (see
:mod:`sudoku_core.solvers`: :func:`~sudoku_core.solvers.budget_nodes` and
:func:`~sudoku_core.solvers.check_unique`), so every request ends in about a second of CPython; the
limits are listed in ``docs/reliability.md``.

A puzzle arrives either as ``text`` (any format :func:`sudoku_core.parse` reads; ``alphabet``, when
given, is passed on: ``"hex"``, ``"letters"`` or the symbols themselves) or as a grid value
``{"box": [rows, cols], "cells": [digit, ...], "symbols"?: "..."}``, which is how the page, which
owns the puzzle state, sends what is on its board. Cells are 0-based integers, digits ``1..n``,
0 empty, exactly as in the engine.

The package, one concept per module:

* :mod:`~sudoku_core.bridge.wire`: JSON in and out, the caps, and the dispatch (:func:`handle`,
  :func:`handle_json`);
* :mod:`~sudoku_core.bridge.payload`: :class:`BadRequest` and the checked readers every operation uses;
* :mod:`~sudoku_core.bridge.registry`: :data:`OPS`, the operations by name, and ``version``;
* the operations by kind: :mod:`~sudoku_core.bridge.core` (parse, solve, format),
  :mod:`~sudoku_core.bridge.play` (hint, rate, steps, daily, and the generation and path jobs),
  :mod:`~sudoku_core.bridge.lab` (compare, trace, matrix, batch, samples);
* :mod:`~sudoku_core.bridge.session`: :class:`Session`, the worker's entry point.

To add an operation: write ``op_name(payload) -> dict`` in the module of its kind and add it to that
module's table.
"""

from __future__ import annotations

from .payload import MAX_SEED_CHARS, MAX_SEED_INT, SIDES, BadRequest
from .registry import OPS
from .session import Session
from .wire import MAX_DEPTH, MAX_REQUEST, handle, handle_json

__all__ = ["MAX_DEPTH", "MAX_REQUEST", "MAX_SEED_CHARS", "MAX_SEED_INT", "OPS", "SIDES", "BadRequest", "Session",
           "handle", "handle_json"]
