"""Issue 15 (bots that play well without peeking): a game may declare how the ISMC bot's playouts
lean by action kind (State.playout_weights). Vividz and the mirror dolls do: uniform random play ends
main phases and turns long before an attack, and their playouts misjudged the moves they tried."""
from __future__ import annotations

import random
from collections import Counter
from types import SimpleNamespace

import pytest

import tabletop_rules as tr
from tabletop_rules.core.bots import ISMCBot, MonteCarloBot

GO, STOP = SimpleNamespace(kind="go"), SimpleNamespace(kind="stop")


class _Walk:
    """A stand-in game of 4,000 steps, each a choice between "go" and "stop"; nothing is hidden."""

    winners = None
    playout_weights = {"go": 4.0}

    def __init__(self):
        self.chosen: Counter = Counter()

    @property
    def is_over(self):
        return sum(self.chosen.values()) >= 4000

    def legal_actions(self):
        return [GO, STOP]

    def apply(self, action):
        self.chosen[action.kind] += 1

    def outlook(self, seat):
        return None


def test_the_ismc_playouts_lean_as_the_game_declares_and_the_peeking_bot_stays_uniform():
    walk = _Walk()
    ISMCBot(seed=1, max_steps=10**6)._playout(walk, 0, random.Random(5))
    assert 0.77 < walk.chosen["go"] / 4000 < 0.83                 # weight 4 against 1: 80%
    walk = _Walk()
    MonteCarloBot(seed=1, max_steps=10**6)._playout(walk, 0, random.Random(5))
    assert 0.47 < walk.chosen["go"] / 4000 < 0.53                 # the yardstick is unchanged


def _state_class(gid):
    game = tr.load_game(gid)
    return type(game.new_game(seed=0, players=game.player_counts[0]))


def _weights(gid):
    return _state_class(gid).playout_weights


LEANING = [gid for gid in tr.list_games() if _weights(gid)]


@pytest.mark.parametrize("gid", tr.list_games())
def test_a_declared_lean_names_kinds_of_the_game_and_weighs_above_zero(gid):
    cls = _state_class(gid)
    weights, kinds = cls.playout_weights, cls.book.moves.kinds
    assert set(weights) <= set(kinds), set(weights) - set(kinds)
    assert all(w > 0 for w in weights.values())


def test_vividz_and_the_mirror_dolls_declare_a_lean():
    assert {"vividz", "mirror-dolls"} <= set(LEANING)


@pytest.mark.parametrize("gid", LEANING)
def test_a_leaning_playout_plays_the_favoured_kind_more_often_than_a_uniform_one(gid):
    """The lean's reason (VividzState, MirrorDollsState): with it a playout reaches attacks (VV-8.1,
    MD-9.x) far more often, against the kind weighed least (a main phase's end; a move)."""
    game = tr.load_game(gid)
    weights = _weights(gid)
    most, least = max(weights, key=weights.get), min(weights, key=weights.get)
    ratio = {}
    for bot in (MonteCarloBot(seed=3), ISMCBot(seed=3)):
        kinds: Counter = Counter()
        for seed in range(12):
            sim = game.new_game(seed=seed, players=2)
            bot._playout(sim, 0, random.Random(seed))
            kinds.update(a["kind"] for a in sim.record.actions)
        ratio[bot.name] = kinds[most] / max(1, kinds[least])
    # measured: Vividz attack per main-phase end 1.71 against 0.94; mirror dolls attack per move 4.0 against 1.1
    assert ratio["ismc"] > 1.5 * ratio["monte-carlo"]
