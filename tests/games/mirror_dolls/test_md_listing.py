"""Listing fast, explaining in full: the listers build refusals only while the state is explaining
(``state.explaining``, set by the core while it explains a refused action), but the conditions that
decide what is listed are the same either way. Checked on every position of a few random games, for
each lister of the position's flow node, for both seats."""
from __future__ import annotations

import pytest

from tabletop_rules.core.actions import Action
from tabletop_rules.core.bots import RandomBot
from tabletop_rules.core.moves import Refusal
from tabletop_rules.games.mirror_dolls import board


def _listed(st, fn, seat, explaining):
    st.explaining = explaining
    try:
        return list(fn(st, seat))
    finally:
        st.explaining = False


def _positions(md, seeds=range(4)):
    for seed in seeds:
        st, bot = md.new_game(seed=seed), RandomBot(seed)
        while not st.is_over:
            if not st.choices:
                yield st
            st.apply(bot.choose(st))


def test_listing_builds_no_refusals_and_lists_what_explaining_lists(md):
    checked = refused = 0
    for st in _positions(md):
        for fn in st.phase_listers():
            for seat in (0, 1):
                quick = _listed(st, fn, seat, False)
                full = _listed(st, fn, seat, True)
                assert all(type(o) is Action for o in quick), fn.__name__
                acts = [o for o in full if type(o) is Action]
                assert [(a.key, a.label, a.clause) for a in quick] == [(a.key, a.label, a.clause) for a in acts]
                refused += sum(isinstance(o, Refusal) for o in full)
                checked += 1
    assert checked > 1000 and refused > checked      # explaining still gives the reasons


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
