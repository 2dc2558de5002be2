"""Vividz (ビビッヅ, Broccoli 2022) with the project's decisions; every card is demo data.

``load()`` builds the Game from ``data/vividz``; the engine is ``VividzState``.

Files: cards.py (card data, deck building), conditions.py (the mission condition language),
effects.py (effect ops, targets, [Valid]), checks.py (the rule checks: "why not?", one per clause),
state.py (zones, helpers, setup, shared procedures),
turn.py (draw, mission and charge phases), main.py (main-phase moves), attack.py (the five
attack steps), decisions.py (paying energy, placing missions), view.py, scenario.py.

Simplifications (each stated in a clause): every card is demo data (VV-1.5); acceleration N is
read as "top N cards of the deck to energy" (VV-12.17); [Act] costs are resting the card and/or
energy (VV-12.6); effects reach fixed targets (this card, the opposing character in its lane, the
attacker, the defender, all of a side), so no effect asks for a target, and [Auto] abilities are
not optional (VV-12.28); no demo card uses the removed zone (VV-4.9).
"""
from __future__ import annotations

from pathlib import Path

from ...core.game import Game, Option

TITLE = {"en": "Vividz", "zh": "Vividz", "ja": "ビビッヅ"}


def load(directory: Path | None = None) -> Game:
    from . import attack, decisions, main, turn  # noqa: F401  (they register their moves and procedures)
    from .cards import load_cards
    from .state import VividzState
    from .view import elements, view

    options = {
        "decks": Option(["aoi-demo", "ren-demo"], None, "The two players' decks: ids from decks.yaml or decks "
                        "given inline", "VV-3.7"),
    }
    game = Game("vividz", TITLE, (2,), VividzState, load_cards, options, directory,
                view=view, elements=elements, scenario=f"{__name__}.scenario:build")
    # The draw phase draws up to five in hand, one card with five or more (VV-6.3, state.draw_up).
    game.draws = {"deck": lambda p: 1 if p.get("hand_count", 0) >= 5 else 5 - p.get("hand_count", 0)}
    return game
