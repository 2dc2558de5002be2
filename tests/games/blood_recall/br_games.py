"""The two Blood Recall games, loaded once per test session (test modules import this at import
time for parametrization; a unique module name, since the tests folders are not packages)."""
from __future__ import annotations

from tabletop_rules.games.blood_recall import load_duel, load_story

_GAMES: dict = {}


def game(which: str):
    """``"duel"`` or ``"story"``: the loaded Game, cached."""
    if which not in _GAMES:
        _GAMES[which] = load_duel() if which == "duel" else load_story()
    return _GAMES[which]
