"""Who acts, and how a refusal names a seat: the turn player's prologue that several modules' listers
declare (``actor="turn_player", not_yours=not_your_turn``), kept apart so that they can all import it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.moves import Refusal
from .book import BOOK

if TYPE_CHECKING:
    from .state import XianjianState


def seat_words(s: XianjianState, seat: int) -> dict[str, Any]:
    """A seat as a sentence names it: its team label counted from 1 ("A1") and its character, as
    the board shows them, never the engine's seat number."""
    u = s.p[seat].character
    return {"label": s.p[seat].label, "card": s.cards[u].cid if u is not None else None}


@BOOK.rule("XJ-4.14")
def not_your_turn(s: XianjianState) -> Refusal:
    """What another seat is told when it tries a move of the turn player's skill step or fight
    decision (XJ-4.14)."""
    return Refusal(s.say("why.not_your_turn", **seat_words(s, s.turn_player)), "XJ-4.14")
