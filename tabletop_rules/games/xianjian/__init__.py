"""Sword-and-Fairy team monster battle (仙剑奇侠传), beginner mode, with the project's decisions.

``load()`` builds the Game from ``data/xianjian``; the engine is ``XianjianState``. Two to four
players in two teams fight monsters, keep them as pets and try to outlast the other team.
"""
from __future__ import annotations

from pathlib import Path

from ...core.game import Game, Option

TITLE = {"en": "Sword and Fairy: team monster battle (beginner mode)", "zh": "仙剑奇侠传卡牌（初级模式）"}


def load(directory: Path | None = None) -> Game:
    from .cards import load_cards
    from .state import XianjianState
    from .view import elements, view

    options = {
        "three_player_order": Option("alternate", ("alternate", "round"),
                                     "Three players: the lone player of team B takes a turn after each opponent "
                                     "(alternate: seats 0, 1, 2, 1), or plain seat order (round: 0, 1, 2)", "XJ-1.3"),
    }
    return Game("xianjian", TITLE, (2, 3, 4), XianjianState, load_cards, options, directory,
                view=view, elements=elements, scenario=f"{__name__}.scenario:build")
