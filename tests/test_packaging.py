"""What the project's configuration promises about types: the wheel's py.typed marker and the mypy run
(checked on the source tree: building a wheel here would need setuptools from the network)."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_package_ships_its_py_typed_marker():
    # PEP 561: without py.typed in the wheel, mypy and pyright ignore the package's annotations.
    assert "py.typed" in CONFIG["tool"]["setuptools"]["package-data"]["sudoku_core"]
    assert (ROOT / "sudoku_core" / "py.typed").is_file()


def test_mypy_checks_the_engine_as_the_oldest_python_supported():
    # tests/run.sh runs a bare `python -m mypy`: the files and the Python version come from pyproject.toml.
    mypy = CONFIG["tool"]["mypy"]
    assert mypy["files"] == ["sudoku_core"]
    assert CONFIG["project"]["requires-python"] == ">=" + mypy["python_version"]


def test_every_public_function_is_annotated():
    """Issue 18: annotations on every public function and method (a name without a leading underscore,
    at module level or in a public class). mypy checks them (tests/run.sh); this keeps them all there,
    since mypy's disallow_untyped_defs would also ask it of every private helper."""
    import ast

    missing = []
    for path in sorted((ROOT / "sudoku_core").rglob("*.py")):

        def visit(body, owner="", path=path):
            for node in body:
                if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                    visit(node.body, f"{owner}{node.name}.")
                elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and not node.name.startswith("_"):
                    a = node.args
                    params = [x for x in a.posonlyargs + a.args + a.kwonlyargs if x.arg not in ("self", "cls")]
                    params += [x for x in (a.vararg, a.kwarg) if x]
                    if any(x.annotation is None for x in params) or node.returns is None:
                        missing.append(f"{path.relative_to(ROOT)}:{node.lineno} {owner}{node.name}")

        visit(ast.parse(path.read_text()).body)
    assert missing == []
