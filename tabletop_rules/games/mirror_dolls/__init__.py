"""The two-player mirror-doll duel (real name unknown), built from a damaged Traditional Chinese rule book
and the project's decisions. ``load()`` builds the Game from ``data/mirror-dolls``.
"""
from __future__ import annotations

from ...core.game import Game, Option

TITLE = {"en": "Mirror Dolls: a two-player doll duel", "zh": "镜偶对决（双人人偶对战）"}


def load(directory=None) -> Game:
    from .cards import load_cards
    from .state import MirrorDollsState

    options = {
        "decks": Option(["porcelain-court", "looking-glass-troupe"], None,
                        "The two players' decks: ids from decks.yaml or decks given inline", "MD-2.4"),
    }
    return Game("mirror-dolls", TITLE, (2,), MirrorDollsState, load_cards, options, directory)
