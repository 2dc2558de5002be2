"""Issue 15 (bots that play well): a playout cut off before the end scores the game's own reading
of who is ahead (``State.outlook``), read off public scores only, and long games cut their
playouts short (``State.playout_steps``) so a decision stays within its time."""
from __future__ import annotations

import random

import pytest

from tabletop_rules import load_game
from tabletop_rules.core.bots import ISMCBot, MonteCarloBot, RandomBot


def test_blood_recall_duel_outlook_follows_life():
    s = load_game("blood-recall-duel").new_game(seed=2)
    assert s.outlook(0) == s.outlook(1) == 0.5             # both start at full life (BRD-1.8)
    s.seats[1].life -= 6
    assert s.outlook(0) > 0.5 > s.outlook(1)
    assert s.outlook(0) + s.outlook(1) == pytest.approx(1.0)
    s.seats[1].life = 1                                     # far ahead is still not a win
    assert 0.5 < s.outlook(0) < 1.0


def test_story_mode_has_no_outlook():
    assert load_game("blood-recall-story").new_game(seed=0).outlook(0) is None


def test_mirror_dolls_outlook_follows_the_scores():
    s = load_game("mirror-dolls").new_game(seed=3)
    assert s.outlook(0) == s.outlook(1) == 0.5              # scores start at 0 (MD-1.1)
    s.ps[0].score, s.ps[1].score = 60, 20
    assert s.outlook(0) > 0.5 > s.outlook(1)
    assert s.outlook(0) + s.outlook(1) == pytest.approx(1.0)
    assert s.playout_steps is not None and s.playout_steps < 300


class _Probe:
    """A stand-in state whose game never ends: the playout must stop at the cut and read it."""

    is_over = False
    winners = None
    playout_steps = 5

    def __init__(self, value: float | None):
        self.value, self.steps = value, 0

    def legal_actions(self):
        return ["x"]

    def apply(self, action):
        self.steps += 1

    def outlook(self, seat):
        return self.value


@pytest.mark.parametrize("value, expect", [(0.8, 0.8), (None, 0.5)])
def test_a_cut_playout_scores_the_outlook(value, expect):
    sim = _Probe(value)
    assert MonteCarloBot(seed=0, max_steps=50)._playout(sim, 0) == expect
    assert sim.steps == 5                                   # the game's own cut, not the bot's 50


@pytest.mark.slow
def test_the_ismc_bot_wins_mirror_dolls_against_random_play():
    """Random mirror-doll games last ~900 actions: without the outlook every cut playout is a
    draw and the bot plays at random; with it the bot goes for the score (MD-1.2). Two playouts
    per candidate in the first round: the smallest search whose choice rests on more than one
    random game (measured: 15 of 16 games won; with one playout 13 of 16)."""
    game = load_game("mirror-dolls")
    wins = 0
    for i in range(6):
        s = game.new_game(seed=700 + i)
        me = i % 2
        bots = {me: ISMCBot(seed=i, playouts=2, max_actions=4, budget=None), 1 - me: RandomBot(seed=i)}
        while not s.is_over:
            s.apply(bots[s.current_player].choose(s))
        wins += me in (s.winners or ())
    assert wins >= 5, f"the searching bot won only {wins} of 6 mirror-doll games against random play"


def test_outlook_stays_between_0_and_1_along_random_games():
    for gid in ("blood-recall-duel", "mirror-dolls"):
        game = load_game(gid)
        for seed in range(3):
            s = game.new_game(seed=seed)
            rng = random.Random(seed)
            while not s.is_over:
                for seat in range(s.players):
                    v = s.outlook(seat)
                    assert v is not None and 0.0 <= v <= 1.0, (gid, seat, v)
                s.apply(rng.choice(s.legal_actions()))


class _Short(_Probe):
    """Two legal actions; every playout stops at the game's cut of 3 actions."""

    playout_steps = 3
    clones = 0
    current_player = 0

    def legal_actions(self):
        return ["a", "b"]

    def clone(self):
        _Short.clones += 1
        return _Short(self.value)


@pytest.mark.parametrize("budget, max_playouts, per_candidate", [(None, 24, 2), (30, 24, 5), (1000, 6, 6)])
def test_the_playout_budget_adds_rounds_until_spent(budget, max_playouts, per_candidate):
    """2 playouts each always; then another round for both candidates while fewer than ``budget``
    playout actions were spent (3 per playout), never more than ``max_playouts`` each."""
    _Short.clones = 0
    MonteCarloBot(seed=0, playouts=2, budget=budget, max_playouts=max_playouts).choose(_Short(0.5))
    assert _Short.clones == 2 * per_candidate


def _decision(game_id, seed=5, options=4):
    """A state of a seeded random game where the seat to move has at least ``options`` choices."""
    s = load_game(game_id).new_game(seed=seed)
    rng = random.Random(seed)
    while len(s.legal_actions()) < options:
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_a_game_bounds_the_playout_actions_of_one_decision(monkeypatch):
    """Mirror dolls' actions cost about twice the others': the game declares a smaller budget
    (State.bot_budget), which the bot keeps to, so its decisions stay under a second."""
    s = _decision("mirror-dolls")
    cap = type(s).bot_budget
    assert cap is not None and cap < 6000
    bot = ISMCBot(seed=1, budget=6000)
    bot.choose(s)
    one_round = min(len(s.legal_actions()), bot.max_actions) * s.playout_steps
    assert bot._spent <= cap + one_round                     # it stops once the game's bound is spent
    monkeypatch.setattr(type(s), "bot_budget", None)
    free = ISMCBot(seed=1, budget=6000)
    free.choose(s)
    assert free._spent > bot._spent                          # without it, the bot's own budget
