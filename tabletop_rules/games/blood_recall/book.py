"""The two modes' Books: every procedure, decision, move and card effect of Blood Recall is
registered in them by name (core.state.Book), never found by building method names.

One Book per mode, because the same rule cites its own clause in each mode's rule book (the turn's
actions are BRD-3.1 in duel mode, BRS-4.1 in story mode) and each mode's flow has its own nodes.
Rules both modes share register into both Books at once through ``SHARED``; a kind declared there
gives its sentence once and its clause for each mode, duel first: ``("...", "BRD-3.2", "BRS-4.2")``.
A mode's own rules register into ``DUEL`` or ``STORY``.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ...core.state import Book

DUEL = Book("blood-recall-duel")
STORY = Book("blood-recall-story")

F = TypeVar("F", bound=Callable[..., Any])
#: (reason, duel clause, story clause)
Said = tuple[str, str, str]


def _pick(said: Said | None, mode: int) -> tuple[str, str | None] | None:
    return None if said is None else (said[0], said[1 + mode])


class Shared:
    """Registers a rule both modes share into both Books."""

    def __init__(self, *books: Book):
        self.books = books

    def procedure(self, fn: F) -> F:
        for b in self.books:
            b.procedure(fn)
        return fn

    def choice(self, name: str) -> Callable[[F], F]:
        def deco(fn: F) -> F:
            for b in self.books:
                b.choice(name)(fn)
            return fn
        return deco

    def lister(self, *kinds: str, name: str | None = None) -> Callable[[F], F]:
        def deco(fn: F) -> F:
            for b in self.books:
                b.moves.lister(*kinds, name=name)(fn)
            return fn
        return deco

    # ``label``: the kind's button word, a key of texts.yaml (``kind.<name>``; issue 34: words in the data)
    def kind(self, name: str, *, not_now: Said, label: str, no_such: Said | None = None) -> Callable[[F], F]:
        """Decorator for the function that applies a legal action of kind ``name``, in both modes."""
        def deco(fn: F) -> F:
            self._declare(name, fn, not_now, no_such, label)
            return fn
        return deco

    def declare(self, name: str, *, not_now: Said, label: str, no_such: Said | None = None) -> None:
        """A kind that only answers decisions (its decision's handler applies it), in both modes."""
        self._declare(name, None, not_now, no_such, label)

    def _declare(self, name: str, fn: Callable[..., Any] | None, not_now: Said, no_such: Said | None,
                 label: str) -> None:
        for mode, b in enumerate(self.books):
            now = _pick(not_now, mode)
            assert now is not None
            b.moves.declare(name, fn, not_now=now, no_such=_pick(no_such, mode), label=label)


SHARED = Shared(DUEL, STORY)
