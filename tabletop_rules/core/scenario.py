"""Helpers for the games' scenario builders (positions for rulings, tests and notebooks)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .datafile import DataError


def card_ids(game: Any, value: Any, source: str, field: str, filler: str,
             accept: Callable[[Any], bool] | None = None, what: str = "card") -> list[str]:
    """A zone's cards: a number pads with ``filler`` copies; a list must name known cards
    (``accept(card_def)`` may narrow which). Errors name the source and the field."""
    if isinstance(value, int) and not isinstance(value, bool):
        return [filler] * value
    if not isinstance(value, list):
        raise DataError(source, "expected a number or a list of card ids", field=field)
    for cid in value:
        c = game.cards.get(cid) if isinstance(cid, str) else None
        if c is None or (accept is not None and not accept(c)):
            raise DataError(source, f"unknown {what} {cid!r}", field=field)
    return list(value)
