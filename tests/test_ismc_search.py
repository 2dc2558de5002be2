"""Issue 15 (bots that play well without peeking): how the ISMC bot spends its playouts. It
searches by sequential halving: every candidate is tried, the better half goes on, round after
round, so the strongest candidates get most of the playouts, and the budget is kept to."""
from __future__ import annotations

import random
from collections import Counter
from types import SimpleNamespace

import pytest

from tabletop_rules.core.bots import ISMCBot

#: The chance that a playout after each first move is won: "c" is the best by far.
CHANCE = {"a": 0.1, "b": 0.3, "c": 0.8, "d": 0.35, "e": 0.2}
STEPS = 3                        # actions per playout: the first move, then two more


class _Bandit:
    """A stand-in state with no hidden cards: the first move decides a playout's chance of a win."""

    players = 2
    current_player = 0
    winners = None
    secret_zones = None
    tried: Counter = Counter()
    luck: dict = {}              # first move -> the random numbers its playouts were decided by
    deals = 0                    # determinizations made (each is a clone of the real state)

    def __init__(self, moves=tuple(CHANCE)):
        self.moves, self.first, self.steps = list(moves), None, 0
        self.zones = SimpleNamespace(lists={}, cards={})
        self.rng = random.Random(0)
        self._legal_cache = None

    @property
    def is_over(self):
        return self.steps >= STEPS

    def legal_actions(self):
        return self.moves if self.first is None else ["pass"]

    def apply(self, action):
        if self.first is None:
            self.first = action
            _Bandit.tried[action] += 1
        self.steps += 1
        if self.is_over:        # the determinization's generator, reseeded from the bot's own
            r = self.rng.random()
            _Bandit.luck.setdefault(self.first, []).append(r)
            self.winners = (0,) if r < CHANCE[self.first] else (1,)

    def clone(self):
        if getattr(self, "real", False):       # only a deal clones the real state (copies of a deal do not)
            _Bandit.deals += 1
        return _Bandit(self.moves)


def _choose(**kw):
    _Bandit.tried, _Bandit.luck, _Bandit.deals = Counter(), {}, 0
    moves = kw.pop("moves", tuple(CHANCE))
    bot = ISMCBot(seed=kw.pop("seed", 0), **kw)
    real = _Bandit(moves)
    real.real = True
    return bot.choose(real), _Bandit.tried, bot


@pytest.mark.parametrize("seed", range(5))
def test_the_best_move_gets_most_playouts_and_the_worst_only_the_first_round(seed):
    pick, tried, bot = _choose(seed=seed, budget=600, max_playouts=24)
    assert pick == "c"
    assert tried["c"] == max(tried.values())
    first, second = sorted(tried.values())[:2]
    assert first == second >= bot.playouts               # the two dropped after the first round
    assert tried["c"] >= 3 * first
    # the budget is kept to: at most one more pass of the candidates still in the running
    assert bot._spent <= 600 + 3 * STEPS


def test_playouts_in_all_stay_within_max_playouts_per_candidate():
    """Short playouts never make a decision run on: the playouts of all rounds are bounded too."""
    pick, tried, bot = _choose(budget=10**6, max_playouts=10)
    assert pick == "c"
    assert sum(tried.values()) <= 10 * len(CHANCE) + 3


def test_a_game_may_allow_more_playouts_per_candidate(monkeypatch):
    """State.bot_playouts (Sword-and-Fairy: short playouts, decisions far inside the budget) raises the
    bound of the test above for that game's decisions only."""
    monkeypatch.setattr(_Bandit, "bot_playouts", 20, raising=False)
    _pick, tried, _bot = _choose(budget=10**6, max_playouts=10)
    assert 10 * len(CHANCE) + 3 < sum(tried.values()) <= 20 * len(CHANCE) + 3


def test_without_a_budget_each_round_adds_one_playout_per_candidate_left():
    # 5 candidates: 3 rounds, 5 -> 3 -> 2 -> 1; 4 playouts each first, then 1 each for 3, then for 2
    _pick, tried, _bot = _choose(playouts=4, budget=None)
    assert sum(tried.values()) == 5 * 4 + 3 + 2
    assert sorted(tried.values()) == [4, 4, 5, 6, 6]


def test_two_candidates_share_the_budget_evenly():
    """With two candidates sequential halving is flat Monte Carlo: one round, the same playouts each."""
    pick, tried, _bot = _choose(moves=("a", "c"), budget=300, max_playouts=100)
    assert pick == "c"
    assert tried["a"] == tried["c"] >= 300 // (2 * STEPS)


def test_the_same_seed_gives_the_same_choice_and_the_same_playouts():
    assert _choose(seed=3, budget=400)[:2] == _choose(seed=3, budget=400)[:2]


def test_every_candidate_of_a_pass_is_played_on_the_same_deal_and_future():
    """Common random numbers: in each pass over the candidates still in the running, one
    determinization is dealt, and every candidate's playout starts from a copy of it with the same
    generator, so candidates differ only by their own move. Two candidates, flat: their playouts
    were decided by the same random numbers, in the same order, one deal per pass."""
    _pick, tried, _bot = _choose(moves=("a", "c"), playouts=5, budget=None)
    assert tried["a"] == tried["c"] == 5
    assert _Bandit.luck["a"] == _Bandit.luck["c"]
    assert len(set(_Bandit.luck["a"])) == 5          # a fresh deal for each pass
    assert _Bandit.deals == 5


def test_a_move_that_is_better_on_every_deal_is_never_passed_over():
    """Paired on the same deals, a move that wins whenever a worse one wins (here: its chance is
    higher, and the deal's random number decides both) never scores below it, whatever the seed."""
    for seed in range(20):
        _pick, _tried, _bot = _choose(moves=("d", "b"), seed=seed, playouts=3, budget=None)
        wins = {m: sum(r < CHANCE[m] for r in rs) for m, rs in _Bandit.luck.items()}
        assert wins["d"] >= wins["b"]
        assert _pick == "d"


def test_a_budget_bounds_a_decision_whose_first_round_would_overrun_it():
    """Buddyfight's wide decisions: ``playouts`` passes over every candidate cost far more than the
    budget. The first round then stops once the budget is spent (at most one pass over it), after two
    passes at least (one deal alone is a coin toss); with room in the budget every candidate still
    gets its ``playouts``."""
    pass_cost = len(CHANCE) * (STEPS - 1)      # the budget counts playout actions after the first move
    _pick, tried, bot = _choose(budget=25, playouts=6)
    assert bot._spent == 3 * pass_cost         # 10, 20, then 30 >= 25: three passes, not six
    assert set(tried.values()) == {3}
    _pick, tried, bot = _choose(budget=5, playouts=6)
    assert bot._spent == 2 * pass_cost         # the floor: two passes even over a tiny budget
    assert set(tried.values()) == {2}
    _pick, tried, bot = _choose(budget=600, playouts=6)
    assert min(tried.values()) >= 6
    assert bot._spent > 6 * pass_cost
