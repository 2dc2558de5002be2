"""Listing and explaining agree, for every game (issue 37.3: one test in core/conformance.py instead of one
copy per game): the listers that list a position are the ones that explain its refusals, with the same
actions either way, and a refused action gets its lister's words and clause (DESIGN.md section 2)."""
from __future__ import annotations

import pytest

import tabletop_rules as tr
from tabletop_rules.core.conformance import listing_agrees

CASES = [(gid, n) for gid in tr.list_games() for n in sorted({tr.load_game(gid).player_counts[0],
                                                              tr.load_game(gid).player_counts[-1]})]


@pytest.mark.parametrize("gid, players", CASES)
def test_listing_and_explaining_agree(gid, players):
    seen = listing_agrees(tr.load_game(gid), range(2), players=players)
    assert seen["listings"] > 50 and seen["legal explained"] > 50, seen
    assert seen["refusals built"] > 50 and seen["refused as explained"] > 10, seen


def test_a_lister_that_lists_otherwise_while_explaining_is_caught():
    """The check fails when a lister's listing depends on ``explaining`` (the copy a speed-up could make)."""
    game = tr.load_game("vividz")
    moves = game.state_cls.book.moves
    name = "end_main_offer"
    real = moves.listers.fns[name]
    bound = dict(moves.phases)

    def skewed(s, seat):
        out = real(s, seat)
        return out if s.explaining else [a for a in out if False]

    try:
        moves.listers.fns[name] = skewed
        moves.listers._names[skewed] = name
        moves.phases = {node: tuple(skewed if fn is real else fn for fn in fns) for node, fns in bound.items()}
        with pytest.raises(AssertionError, match="end_main_offer|explained"):
            listing_agrees(game, range(1))
    finally:
        moves.listers.fns[name] = real
        moves.listers._names.pop(skewed, None)
        moves.phases = bound
