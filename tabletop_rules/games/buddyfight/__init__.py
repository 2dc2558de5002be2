"""Future Card Buddyfight (basic rules part 2, 2014) with the project's decisions.

``load()`` builds the Game from ``data/buddyfight``; the engine is ``BuddyfightState``, whose
rules are registered in ``BOOK`` (book.py).
"""
from __future__ import annotations

from pathlib import Path

from ...core.game import Game, Option

TITLE = {"en": "Future Card Buddyfight", "zh": "未来卡 搭档对战", "ja": "フューチャーカード バディファイト"}


def load(directory: Path | None = None) -> Game:
    from .cards import load_cards
    from .state import BuddyfightState
    from .view import elements, view_of

    options = {
        "link_critical": Option("sum", ("sum", "one"), "Link attack damage to a fighter: the sum of the "
                                "criticals, or one participant's critical (the older reading)", "BF-6.9"),
        "first_turn_link_attack": Option(True, (True, False), "May the first player's single first-turn "
                                         "attack be a link attack?", "BF-6.3"),
        "decks": Option(["dragon-demo", "danger-demo"], None, "The two fighters' decks: ids from decks.yaml "
                        "or decks given inline"),
    }
    game = Game("buddyfight", TITLE, (2,), BuddyfightState, load_cards, options, directory,
                view=view_of, elements=elements, scenario=f"{__name__}.scenario:build")
    game.draws = {"deck": 1}          # the draw phase draws one card (BF-4.2)
    return game
