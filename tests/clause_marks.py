"""Which tests cover which rule clause: read from ``@pytest.mark.clause("BF-6.7")`` marks.

The marks are read statically (``ast``), so a coverage test needs neither the whole suite
collected nor the test modules imported. Lives in tests/: it is not shipped in the wheel.
"""
from __future__ import annotations

import ast
from pathlib import Path


def _clause_marks(fn: ast.FunctionDef) -> list[str]:
    out = []
    for dec in fn.decorator_list:
        # pytest.mark.clause("BF-6.7", "BF-6.8")
        if (isinstance(dec, ast.Call) and isinstance(dec.func, ast.Attribute) and dec.func.attr == "clause"
                and isinstance(dec.func.value, ast.Attribute) and dec.func.value.attr == "mark"):
            out += [a.value for a in dec.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return out


def tests_by_clause(folder: Path | str, pattern: str = "test_*.py") -> dict[str, list[str]]:
    """Clause id -> the tests in ``folder`` marked as covering it."""
    out: dict[str, list[str]] = {}
    for path in sorted(Path(folder).glob(pattern)):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                for cid in _clause_marks(node):
                    out.setdefault(cid, []).append(f"{path.name}::{node.name}")
    return out
