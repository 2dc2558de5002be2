"""Issue 40.2: a bot at the table answers in time. A searching bot may be given a clock as well as
its budget of playout actions (``time_limit`` per decision, ``until`` for all the replies to one
click); without a clock a decision stays what it was, the same on any machine. The table gives its
searching bots the clock and leaves the random bot alone. (Speed itself is measured in
benchmarks/table_bots.py, not here.)"""
from __future__ import annotations

import time

import pytest

import tabletop_rules as tr
from tabletop_rules.core.bots import ISMCBot, MonteCarloBot, RandomBot

GAMES = ["buddyfight", "vividz", "mirror-dolls"]


def a_decision(game_id: str):
    """A state after a few random actions where the seat to act has several choices."""
    st = tr.load_game(game_id).new_game(seed=3)
    bot = RandomBot(seed=1)
    while len(st.legal_actions()) < 3:
        st.apply(bot.choose(st))
    return st


@pytest.mark.parametrize("cls", [ISMCBot, MonteCarloBot])
@pytest.mark.parametrize("game_id", GAMES)
def test_a_bot_out_of_time_plays_a_legal_action_without_searching(game_id, cls):
    st = a_decision(game_id)
    record = st.record.to_json()
    bot = cls(seed=5, time_limit=0.5)
    bot.until = time.perf_counter() - 1.0           # the reply's time is already up
    action = bot.choose(st)
    assert action in st.legal_actions()
    assert bot._spent == 0                          # not one playout was run
    assert st.record.to_json() == record            # the real state is untouched


@pytest.mark.parametrize("game_id", GAMES)
def test_without_a_clock_a_decision_is_the_same_as_before(game_id):
    st = a_decision(game_id)
    plain = ISMCBot(seed=9).choose(st.clone())
    assert ISMCBot(seed=9, time_limit=None).choose(st.clone()) == plain
    # a clock that is never reached changes only the floor of passes, never the legality
    late = ISMCBot(seed=9, time_limit=3600.0).choose(st.clone())
    assert late in st.legal_actions()


def test_a_clocked_search_tries_every_candidate_at_least_once():
    st = a_decision("vividz")
    bot = ISMCBot(seed=2)
    tried = []
    play = bot._play

    def counting(sim, seat, act, rng):
        tried.append(act)
        return play(sim, seat, act, rng)

    bot._play = counting                             # type: ignore[method-assign]
    cands = st.legal_actions()[: bot.max_actions]
    bot._deadline = time.perf_counter()              # as choose() sets it: the time is up after the floor
    choice = bot.search(st, st.current_player, cands)
    assert choice in cands
    assert {a.to_dict().__repr__() for a in tried} == {a.to_dict().__repr__() for a in cands}
    assert len(tried) == len(cands)                  # one pass, then the clock stopped it


def test_the_table_gives_searching_bots_a_clock_and_random_bots_none():
    from tabletop_rules.notebook import table as T

    table = T.PlayTable(tr.load_game("vividz"), seed=1, seats=["human", "ismc"], graph=False, app=False)
    bot = table._bot_for(1, until=123.0)
    assert isinstance(bot, ISMCBot) and bot.time_limit == T.DECISION_SECONDS and bot.until == 123.0
    assert T.DECISION_SECONDS < T.REPLY_SECONDS < 1.0
    table.seats[1] = "random"
    assert isinstance(table._bot_for(1, until=123.0), RandomBot)
