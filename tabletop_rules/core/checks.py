"""Rule checks, registered by the clause they decide: the one hop from a clause to its code.

A *check* is a small function that answers "why not?" for one rule: ``(text key, clause)`` when the
rule forbids the candidate, ``None`` when it allows it (points.cannot_pay of the mirror dolls is the
model). Listers enumerate candidates and compose checks (``no = a(...) or b(...)``), labels that
predict an effect and the functions that apply it call the same checks, so a rule is written once.

``@BOOK.rule(CLAUSE_ID)`` records the function under its clause and hands the function back
unchanged: the registry is metadata only (what ``tabletop-rules rules GAME CLAUSE`` prints and what
the conformance test reads), and every call stays a direct call, free at play time.
A clause marked ``decides: true`` in rules.yaml has exactly one registered check
(core/conformance.py ``check_problems``).
"""
from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeAlias, TypeVar

#: What a check answers when the rule forbids: the sentence's key in texts.yaml and the clause.
Why: TypeAlias = "tuple[str, str]"

F = TypeVar("F", bound=Callable[..., Any])

_ROOT = Path(__file__).resolve().parent.parent.parent      # the checkout: file names are shown from here


class Checks:
    """One game's rule checks by clause id (in registration order)."""

    def __init__(self, game: str):
        self.game = game
        self.by_clause: dict[str, list[Callable[..., Any]]] = {}

    def __call__(self, clause: str) -> Callable[[F], F]:
        """Decorator: ``fn`` decides ``clause``; ``fn`` itself is returned, untouched."""
        def deco(fn: F) -> F:
            self.by_clause.setdefault(clause, []).append(fn)
            return fn
        return deco

    def deciding(self, clause: str) -> list[Callable[..., Any]]:
        """The checks registered for ``clause`` (empty: none)."""
        return list(self.by_clause.get(clause, ()))

    def problems(self, rules: Any) -> list[str]:
        """Every clause marked as deciding has exactly one check; every check's clause exists and
        is marked as deciding (so the mark and the code cannot drift apart)."""
        out = []
        for c in rules:
            n = len(self.by_clause.get(c.id, ()))
            if getattr(c, "decides", False) and n != 1:
                out.append(f"{self.game}: clause {c.id} is marked 'decides' but has {n} registered checks"
                           + (": " + ", ".join(where(f) for f in self.by_clause[c.id]) if n else ""))
        for cid, fns in self.by_clause.items():
            if cid not in rules:
                out.append(f"{self.game}: {', '.join(where(f) for f in fns)} decides {cid}, no clause of the rule book")
            elif not getattr(rules.clause(cid), "decides", False):
                out.append(f"{self.game}: clause {cid} has a registered check but is not marked 'decides: true'")
        return out


def where(fn: Callable[..., Any]) -> str:
    """``path/to/file.py:LINE name``: where a check is written (from the checkout's root)."""
    fn = inspect.unwrap(fn)
    code = getattr(fn, "__code__", None)
    if code is None:
        return getattr(fn, "__qualname__", repr(fn))
    path = Path(code.co_filename)
    try:
        path = path.resolve().relative_to(_ROOT)
    except ValueError:
        pass
    return f"{path.as_posix()}:{code.co_firstlineno} {fn.__qualname__}"
