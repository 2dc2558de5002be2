"""Every listed action's board elements are on the board the acting seat sees (issue 35.1).

Games declare the elements of their actions (``State.elements``, core/elements.py); the board
views draw the same elements with ``data-el``. Seeded random games of every game (``list_games``)
check, at each decision, that each element of each legal action is drawn on the acting seat's
board, and that each game's cards are playable from the board: some action of each game names a
card there.
"""
from __future__ import annotations

import random
import re

import pytest

import tabletop_rules as tr
from tabletop_rules.core.elements import Element, area, card, elements, seat
from tabletop_rules.notebook.boards import board_html

STEPS = 160          # actions per game: enough to pass setup and a few turns of each game
SEEDS = (1, 2)
REFS = re.compile(r"data-el='([^']+)'")


def board_refs(game, state, seat_no, lang="en") -> set[str]:
    return set(REFS.findall(board_html(game, state.view(seat_no), seat_no, lang, {})))


@pytest.mark.parametrize("gid", tr.list_games())
def test_elements_are_on_the_board(gid):
    game = tr.load_game(gid)
    with_cards = 0
    for seed in SEEDS:
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(STEPS):
            if state.is_over:
                break
            cp = state.current_player
            refs = board_refs(game, state, cp)
            acts = state.legal_actions()
            for a in acts:
                els = elements(state, a)
                missing = [e for e in els if e.ref not in refs]
                assert not missing, f"{gid} seed {seed} {state.phase}: {a.kind} {a.args} names {missing}, not drawn"
                with_cards += any(e.role == "card" for e in els)
                # a card instance the action names and the board shows is one of its elements
                # (the test reads the args; the notebook never does)
                uid = a.args.get("card")
                if isinstance(uid, int) and not isinstance(uid, bool) and f"card:{uid}" in refs:
                    assert f"card:{uid}" in {e.ref for e in els}, f"{gid}: {a.kind} {a.args} does not name its card"
            state.apply(rng.choice(acts))
    assert with_cards > 0, f"{gid}: no action names a card on the board"


def test_element_refs():
    assert card(17) == Element("card", "card:17")
    assert area(0, "lane", 1) == Element("to", "area:0:lane:1")
    assert area(None, "pile", 3, role="from").ref == "area:pile:3"
    assert seat(1) == Element("target", "seat:1")


def test_a_bad_declaration_is_refused():
    class Odd:
        def elements(self, action):
            return (("card", "uid 17"),)
    with pytest.raises(ValueError):
        elements(Odd(), None)
