"""Blood Recall (Thyella Games), from the Chinese translation of its rule book, with the project's
decisions: two game ids sharing one engine and one card file.

- ``blood-recall-duel``: two players (``duel.py``), ``load_duel()``;
- ``blood-recall-story``: solo against a Mythic Madness (``story.py``, ``madness.py``), ``load_story()``.

The player's turn (turn.py), blood, decks and zones (state.py), the card effects (effects.py), the
view and the scenario builder serve both. Each mode has its Book (book.py): the rules both share are
registered into both. ``duel.load`` and ``story.load`` are the factories a game registry points to.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...core.game import Game


def load_duel(directory: Path | None = None) -> Game:
    from .duel import load

    return load(directory)


def load_story(directory: Path | None = None) -> Game:
    from .story import load

    return load(directory)


__all__ = ["load_duel", "load_story"]
