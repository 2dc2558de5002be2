"""Bots that do not peek (issue 15): a determinization deals again everything a seat cannot see,
so the seat's view is unchanged, play goes on from it, and a searching bot's decision is the
same from two real states that differ only in what its seat cannot see."""
from __future__ import annotations

import json
import random

import pytest

from tabletop_rules import list_games, load_game
from tabletop_rules.core.bots import BOTS, ISMCBot, RandomBot
from tabletop_rules.core.determinize import determinize, secret_pools

CASES = [(g, n) for g in list_games() for n in load_game(g).player_counts]


def _positions(game, players, seeds=3, every=9, limit=300):
    for seed in range(seeds):
        rng = random.Random(seed)
        s = game.new_game(seed=seed, players=players)
        for step in range(limit):
            if s.is_over:
                break
            if step % every == 0:
                yield s
            s.apply(rng.choice(s.legal_actions()))


def _same(a, b) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


@pytest.mark.parametrize("game_id,players", CASES)
def test_a_determinization_keeps_the_seats_view_and_plays_on(game_id, players):
    game = load_game(game_id)
    changed = 0
    for s in _positions(game, players):
        seat = s.current_player
        assert secret_pools(s, seat), f"{game_id} declares no secret zones"
        d = determinize(s, seat, random.Random(7))
        assert _same(d.view(seat), s.view(seat)), "the seat could tell the dealt-again state from the real one"
        changed += not _same(d.view(None), s.view(None))
        before = s.view(None)
        rng = random.Random(1)
        for _ in range(60):                      # play goes on from it, and the real game is untouched
            if d.is_over:
                break
            d.apply(rng.choice(d.legal_actions()))
        assert _same(s.view(None), before)
    assert changed, f"{game_id}: no determinization dealt anything again"


@pytest.mark.parametrize("game_id", list_games())
def test_the_bots_decision_does_not_depend_on_what_its_seat_cannot_see(game_id):
    game = load_game(game_id)
    tried = 0
    for s in _positions(game, game.player_counts[0], seeds=2, every=13, limit=120):
        seat = s.current_player
        other = determinize(s, seat, random.Random(99))      # another real state, the same view
        if _same(other.view(None), s.view(None)) or len(s.legal_actions()) < 2:
            continue
        a = ISMCBot(seed=5, playouts=2, max_actions=4, max_steps=80, budget=300, max_playouts=4).choose(s)
        b = ISMCBot(seed=5, playouts=2, max_actions=4, max_steps=80, budget=300, max_playouts=4).choose(other)
        assert a == b
        tried += 1
    assert tried >= 2


@pytest.mark.slow
def test_the_ismc_bot_is_a_seat_choice_and_beats_random_play():
    assert BOTS["ismc"] is ISMCBot
    game = load_game("buddyfight")
    wins = 0
    for i in range(6):
        s = game.new_game(seed=500 + i)
        me = i % 2
        bots = {me: ISMCBot(seed=i, playouts=3, max_actions=6, max_steps=200, budget=None), 1 - me: RandomBot(seed=i)}
        while not s.is_over:
            s.apply(bots[s.current_player].choose(s))
        wins += bool(s.winners) and me in s.winners
    assert wins >= 4, f"the searching bot won only {wins} of 6 games against random play"
