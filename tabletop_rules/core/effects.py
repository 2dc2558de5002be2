"""One shape for card effects, in every game (after Forge's one effect registry).

Card data names an effect and its parameters (``{op: draw, n: 1}``); the game registers the function
in its Book (``@BOOK.effects("draw", n=int)``, or ``BOOK.registry("madness")`` for a further table of
the same game), and every effect is called the same way: ``fn(state, ctx, **params)``. ``ctx``
says for whom and from what the effect works: the seat that uses it, the card it comes from, its
target, the clause being resolved, and what else the game's resolution carries (``ctx.data``).
"""
from __future__ import annotations

from typing import Any


class EffectCtx:
    """For whom and from what an effect works (built when the effect is resolved, never stored)."""

    __slots__ = ("seat", "card", "target", "clause", "data")

    def __init__(self, seat: int | None, card: Any = None, target: Any = None, clause: str | None = None,
                 **data: Any):
        self.seat = seat            # the seat using the effect ("you")
        self.card = card            # the card it comes from (a uid, or a card id where no copy exists)
        self.target = target        # what it was aimed at, if anything
        self.clause = clause        # the rule being resolved: events cite it
        self.data = data            # the rest of the game's resolution (the spell, the source...)

    def get(self, key: str, default: Any = None) -> Any:
        """A field by name: the four above, then ``data``."""
        if key in ("seat", "card", "target", "clause"):
            value = getattr(self, key)
            return default if value is None else value
        return self.data.get(key, default)

    def __repr__(self) -> str:
        return (f"EffectCtx(seat={self.seat!r}, card={self.card!r}, target={self.target!r}, "
                f"clause={self.clause!r}, data={self.data!r})")

