"""Core owns the glue every game repeated (issue 37.3): one home in core for what was written per game."""
from __future__ import annotations

import random

import pytest

import tabletop_rules as tr
from tabletop_rules.core.state import State

GAMES = tr.list_games()


@pytest.mark.parametrize("gid", GAMES)
def test_census_is_cores_and_no_card_is_created_or_lost(gid):
    """Every game's census is core's (no game writes its own) and, through random play, every card the
    game made at the start is still somewhere, once."""
    game = tr.load_game(gid)
    assert all("census" not in vars(cls) for cls in game.state_cls.__mro__ if cls is not State), gid
    s = game.new_game(seed=5, players=game.player_counts[0])
    start = s.census()
    assert start, gid
    rng = random.Random(5)
    for _ in range(300):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
        assert sorted(s.census()) == sorted(start), gid
