"""Vividz (ビビッヅ, Broccoli 2022) with the project's decisions; every card is demo data.

``load()`` builds the Game from ``data/vividz``; the engine is ``VividzState``.
"""
from __future__ import annotations

from pathlib import Path

from ...core.game import Game, Option

TITLE = {"en": "Vividz", "zh": "Vividz", "ja": "ビビッヅ"}


def load(directory: Path | None = None) -> Game:
    from . import attack, main, turn  # noqa: F401  (they register their moves and procedures)
    from .cards import load_cards
    from .state import VividzState

    options = {
        "decks": Option(["aoi-demo", "ren-demo"], None, "The two players' decks: ids from decks.yaml or decks "
                        "given inline", "VV-3.7"),
    }
    return Game("vividz", TITLE, (2,), VividzState, load_cards, options, directory)
