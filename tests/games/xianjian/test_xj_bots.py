"""Bots never concede (XJ-6.3): conceding is declared a person's choice (``person=True`` on the
kind), which the generic bots of core/bots.py leave alone, so bot games are played to their end
(elimination or the monster deck). The 900 random games of test_xj_random_play.py check the
endings; here the declaration and both bots."""
from __future__ import annotations

import pytest

from tabletop_rules.core.bots import MonteCarloBot, RandomBot, bot_actions
from tabletop_rules.games.xianjian.book import BOOK


@pytest.mark.clause("XJ-6.3")
def test_xj_6_3_conceding_is_a_persons_choice(kit):
    assert BOOK.moves.kinds["concede"].person
    assert [k for k, kind in BOOK.moves.kinds.items() if kind.person] == ["concede"]
    st = kit.scen(phase="battle.choose")
    assert kit.find(st, "concede", player=0)                 # a person may concede here
    assert {a.kind for a in bot_actions(st)} == {"fight", "no_fight"}


@pytest.mark.clause("XJ-6.3")
def test_xj_6_3_the_random_bot_never_concedes(kit, xj):
    offered = 0
    for seed in range(30):
        st = xj.new_game(seed=seed, players=4)
        bot = RandomBot(seed)
        while not st.is_over:
            offered += kit.find(st, "concede") is not None
            a = bot.choose(st)
            assert a.kind != "concede"
            st.apply(a)
        assert st.log[-1].clause in ("XJ-6.1", "XJ-6.2", "XJ-6.4")
    assert offered > 1000                                    # conceding was there to be taken


@pytest.mark.clause("XJ-6.3")
def test_xj_6_3_the_monte_carlo_bot_never_concedes(kit):
    bot = MonteCarloBot(seed=1, playouts=1, max_actions=4, max_steps=60)
    for phase in ("skill", "battle.choose"):
        st = kit.scen(players=2, phase=phase, seats=[{"hp": 1}, {}])     # a weak spot, where giving up is tempting
        assert kit.find(st, "concede")
        for _ in range(3):
            assert bot.choose(st).kind != "concede"
