"""Card-data rules shared by every game."""
from __future__ import annotations

from typing import Any

from .datafile import Strict

PROVENANCE = "a card is either invented (demo: true) or real (source: where its facts come from)"


def check_provenance(card: Any) -> None:
    """Invented card data says so (``demo: true``); real card facts cite where they come from.
    Raised inside a pydantic validator, so the error names the file, the card and the field."""
    if not getattr(card, "demo", False) and not getattr(card, "source", None):
        raise ValueError(PROVENANCE)


class CardData(Strict):
    """Base of every game's card definitions: validated, frozen, and shared by every state and
    clone (a clone copies the cards in play, never the definitions they point to)."""

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> CardData:
        return self


class Name(Strict):
    """A card's (or character's) name: English, and the Chinese and Japanese forms where known."""

    en: str
    zh: str | None = None
    ja: str | None = None
