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
