"""The two modes' Books: every procedure, decision, move and card effect of Blood Recall is
registered in them by name (core.state.Book), never found by building method names.

One Book per mode, because the same rule cites its own clause in each mode's rule book (the turn's
actions are BRD-3.1 in duel mode, BRS-4.1 in story mode) and each mode's flow has its own nodes.
Rules both modes share register into both Books at once through ``SHARED``; a kind declared there
gives its sentence once and its clause for each mode, duel first: ``("...", "BRD-3.2", "BRS-4.2")``.
A mode's own rules register into ``DUEL`` or ``STORY``.

A rule check both modes share (core/checks.py) is registered in both Books, under its clause in
each (``@SHARED.rule("BRD-3.3", "BRS-4.3")``), and answers with a constant of ``why(...)`` picked
by the mode (``RESTED[s.STORY]``): each Book's conformance counts its own clause, and the check
allocates nothing.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ...core.checks import Why
from ...core.moves import NotYours
from ...core.state import Book

DUEL = Book("blood-recall-duel")
STORY = Book("blood-recall-story")

F = TypeVar("F", bound=Callable[..., Any])
#: (reason, duel clause, story clause)
Said = tuple[str, str, str]


def why(key: str, duel: str, story: str) -> tuple[Why, Why]:
    """A check's answer in each mode, duel first: index it with ``s.STORY`` (False 0, True 1)."""
    return ((key, duel), (key, story))


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

    def effect(self, name: str, /, *, optional: tuple[str, ...] = (), **params: Any) -> Callable[[F], F]:
        """Decorator: a card effect ``fn(state, ctx, **params)`` in both Books' ``effects``, with the
        parameters card data may give it (checked when the cards load)."""
        def deco(fn: F) -> F:
            for b in self.books:
                b.effects(name, optional=optional, **params)(fn)
            return fn
        return deco

    def rule(self, duel: str, story: str) -> Callable[[F], F]:
        """Decorator: ``fn`` is the check that decides a rule both modes share, clause ``duel`` in
        duel mode and ``story`` in story mode (metadata only: ``fn`` is returned untouched)."""
        def deco(fn: F) -> F:
            for b, clause in zip(self.books, (duel, story), strict=True):
                b.rule(clause)(fn)
            return fn
        return deco

    def lister(self, *kinds: str, name: str | None = None, actor: str | None = None,
               not_yours: tuple[NotYours | None, NotYours | None] = (None, None)) -> Callable[[F], F]:
        """``Moves.lister`` in both Books; ``not_yours``: what the seat that may not act is told in
        each mode, duel first (story mode has one seat, so it never needs one)."""
        def deco(fn: F) -> F:
            for b, ny in zip(self.books, not_yours, strict=True):
                b.moves.lister(*kinds, name=name, actor=actor, not_yours=ny)(fn)
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
