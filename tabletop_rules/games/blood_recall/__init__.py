"""Blood Recall (Thyella Games), from the Chinese translation of its rule book, with the project's
decisions: two game ids sharing one engine and one card file.

- ``blood-recall-duel``: two players (``duel.py``), ``load_duel()``;
- ``blood-recall-story``: solo against a Mythic Madness (``story.py``, ``madness.py``), ``load_story()``.

The player's turn (turn.py), blood, decks and zones (state.py), the view, refusals and the scenario
builder serve both. ``duel.load`` and ``story.load`` are the factories a game registry points to.
"""
from __future__ import annotations


def load_duel(directory=None):
    from .duel import load

    return load(directory)


def load_story(directory=None):
    from .story import load

    return load(directory)


__all__ = ["load_duel", "load_story"]
