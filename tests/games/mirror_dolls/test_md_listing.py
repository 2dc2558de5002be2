"""Listing fast, explaining in full: the listers build refusals only while the state is explaining
(``state.explaining``), but the conditions that decide what is listed are the same either way (checked for
every game by core/conformance.py's ``listing_agrees``, tests/core/test_listing_agrees.py); here, a refusal
after a quick listing and the board's shared look-ups."""
from __future__ import annotations

import pytest

from tabletop_rules.core.bots import RandomBot
from tabletop_rules.games.mirror_dolls import board


def _positions(md, seeds=range(4)):
    for seed in seeds:
        st, bot = md.new_game(seed=seed), RandomBot(seed)
        while not st.is_over:
            if not st.choices:
                yield st
            st.apply(bot.choose(st))


def test_a_refusal_is_still_explained_after_a_quick_listing(kit):
    st = kit.scen(players=[{"field": {"real_f0": "clockwork-knight", "real_b0": "mirror-wisp"}},
                           {"field": {"real_f1": "mirror-wisp"}}])
    assert not any(a.args.get("from") == "real_b0" and a.kind == "attack" for a in st.legal_actions())
    action = st.build_action({"kind": "attack", "player": 0, "args": {"from": "real_b0", "at": "1:real_f1"}})
    err = kit.refused(st, action, "MD-9.3")
    assert "back row" in str(err)


@pytest.mark.clause("MD-9.3")
def test_spots_agree_with_the_one_doll_look_ups(md):
    """board.spots (once per listing) and counts_on / blocked (one doll) share sides_at and behind."""
    seen = 0
    for st in _positions(md, range(2)):
        for seat in (0, 1):
            for uid, slot, sides, blocked in board.spots(st, seat):
                assert board.slot_of(st, uid) == slot
                assert board.counts_on(st, uid) == sides
                assert board.blocked(st, uid) == blocked
                seen += 1
    assert seen > 500
