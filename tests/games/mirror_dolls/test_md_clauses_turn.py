"""Clauses MD-4.x (turn start, the mirror slot, the end of the turn), MD-5.x (points), MD-6.x (hands, decks)."""
from __future__ import annotations

import pytest

from tabletop_rules.core.modifiers import lasting


@pytest.mark.clause("MD-4.1")
def test_md_4_1_draw_a_doll_and_a_spell_at_turn_start(kit):
    st = kit.scen(players=[{}, {"deck": 5, "spell_deck": 2}])
    kit.do(st, "end_turn")
    assert st.turn_player == 1
    assert len(st.pile(1, "dolls")) == 1 and len(st.pile(1, "spells")) == 1
    assert len(st.pile(1, "real_deck")) == 4 and len(st.pile(1, "spell_deck")) == 1


@pytest.mark.clause("MD-4.2")
@pytest.mark.parametrize("order,after", [(0, 4), (5, 9), (8, 10), (10, 10)])
def test_md_4_2_four_order_capped_at_ten(kit, order, after):
    st = kit.scen(players=[{}, {"order": order}])
    kit.do(st, "end_turn")
    assert st.ps[1].order == after


@pytest.mark.clause("MD-4.3")
def test_md_4_3_one_shared_slot_new_mirror_pushes_old_home(kit):
    st = kit.scen(mirror={"card": "silvered-hall", "owner": 1}, players=[
        {"mirror_deck": ["sunlit-pane"], "field": {"real_f0": "lace-duelist"}},
        {"field": {"mirror_f0": "mirror-wisp"}}])
    wisp = st.at(1, "mirror_f0")
    duel = st.at(0, "real_f0")
    assert st.view(None)["players"][1]["field"]["mirror_f0"]["attack"] == 3     # Silvered Hall: +1 on mirror side
    kit.do(st, "place_mirror")
    assert kit.cids(st, 1, "mirror_deck") == ["silvered-hall"]                  # back to its owner
    assert st.view(None)["mirror"]["id"] == "sunlit-pane"
    assert st.view(None)["players"][1]["field"]["mirror_f0"]["attack"] == 2     # only the face-up one counts
    assert st.view(None)["players"][0]["field"]["real_f0"]["attack"] == 4
    assert wisp is not None and duel is not None


@pytest.mark.clause("MD-4.4")
def test_md_4_4_first_turn_must_place_a_mirror(kit):
    st = kit.new(seed=3)
    assert st.turn == 1 and st.phase == "start.mirror"
    assert kit.kinds(st) == {"place_mirror"}
    kit.refused(st, kit.act(st, "keep_mirror"), "MD-4.4")
    kit.do(st, "place_mirror")
    assert st.phase == "action.main" and st.view(None)["mirror"] is not None


@pytest.mark.clause("MD-4.5")
def test_md_4_5_later_keep_or_replace_in_draw_and_action_steps(kit):
    st = kit.new(seed=3)
    kit.do(st, "place_mirror")
    kit.do(st, "end_turn")
    assert st.turn == 2 and st.phase == "start.mirror"
    assert {"place_mirror", "keep_mirror"} <= kit.kinds(st)
    kit.do(st, "keep_mirror")
    assert st.phase == "action.main"
    kit.refused(st, kit.act(st, "keep_mirror"), "MD-4.5")
    old = st.view(None)["mirror"]["uid"]
    kit.do(st, "place_mirror")
    assert st.view(None)["mirror"]["owner"] == st.turn_player
    assert old in st.pile(st.cards[old].owner, "mirror_deck")
    again = st.pile(st.turn_player, "mirror_deck")[0]
    err = kit.refused(st, kit.act(st, "place_mirror", card=again, name=st.cards[again].cid), "MD-4.5")
    assert "once" in err.reason


@pytest.mark.clause("MD-4.5")
def test_md_4_5_no_mirror_left_skips_the_choice(kit):
    st = kit.scen(players=[{}, {"mirror_deck": []}])
    kit.do(st, "end_turn")
    assert st.phase == "action.main"


@pytest.mark.clause("MD-4.6")
def test_md_4_6_actions_in_any_order_points_carry_over(kit):
    st = kit.scen(players=[{"order": 6, "dolls": ["tin-drummer", "lace-duelist"], "spells": ["veil-of-glass"]}, {}])
    kit.do(st, "summon", card=kit.uid(st, 0, "tin-drummer"))
    kit.do(st, "attack", card=st.at(0, "real_f0"))
    kit.do(st, "cast", card=kit.uid(st, 0, "veil-of-glass", "spells"))
    kit.do(st, "summon", card=kit.uid(st, 0, "lace-duelist"))
    assert st.ps[0].order == 2 and st.phase == "action.main"
    kit.end_turn(st)
    kit.end_turn(st)
    assert st.turn_player == 0 and st.ps[0].order == 6


@pytest.mark.clause("MD-4.7")
def test_md_4_7_end_of_turn_ends_turn_effects_then_next_player(kit):
    st = kit.scen(players=[{"field": {"real_f0": "lace-duelist"}}, {}])
    uid = st.at(0, "real_f0")
    lasting(st.cards[uid].mods, st.turn, attack=2, src=None)
    assert st.view(None)["players"][0]["field"]["real_f0"]["attack"] == 5
    evs = kit.do(st, "end_turn")
    assert st.view(None)["players"][0]["field"]["real_f0"]["attack"] == 3
    assert st.turn_player == 1 and any(e.kind == "end_turn" and e.clause == "MD-4.7" for e in evs)


# ---------------------------------------------------------------------------------------------------- points
@pytest.mark.clause("MD-5.1")
def test_md_5_1_costs_need_the_points(kit):
    st = kit.scen(players=[{"order": 1, "spells": ["shatter-bolt"]}, {"field": {"real_f0": "mirror-wisp"}}])
    bolt = kit.uid(st, 0, "shatter-bolt", "spells")
    err = kit.refused(st, kit.act(st, "cast", card=bolt, target=st.at(1, "real_f0")), "MD-5.1")
    assert "order" in err.reason


@pytest.mark.clause("MD-5.1")
def test_md_5_1_chaos_made_by_order_cannot_pay_the_same_cost(kit):
    st = kit.scen(players=[{"order": 1, "chaos": 0, "spells": ["true-sight-needle"]},
                           {"field": {"real_f0": "mirror-wisp"}}])
    needle = kit.uid(st, 0, "true-sight-needle", "spells")
    kit.refused(st, kit.act(st, "cast", card=needle, target=st.at(1, "real_f0")), "MD-5.1")
    st.ps[0].chaos = 1
    st._legal_cache = None
    kit.do(st, "cast", card=needle)
    assert (st.ps[0].order, st.ps[0].chaos) == (0, 1)    # 1 chaos paid, then 1 order made 1 chaos


@pytest.mark.clause("MD-5.2")
def test_md_5_2_each_order_spent_makes_a_chaos(kit):
    st = kit.scen(players=[{"order": 5, "chaos": 9, "dolls": ["lace-duelist", "porcelain-guard"]}, {}])
    kit.do(st, "summon", card=kit.uid(st, 0, "porcelain-guard"))
    assert (st.ps[0].order, st.ps[0].chaos) == (4, 10)
    kit.do(st, "summon", card=kit.uid(st, 0, "lace-duelist"))
    assert (st.ps[0].order, st.ps[0].chaos) == (2, 10)                    # capped at 10


@pytest.mark.clause("MD-5.3")
def test_md_5_3_five_chaos_spent_make_overflow_unless_held(kit):
    st = kit.scen(players=[{"chaos": 6, "chaos_count": 3, "pile": ["tin-drummer", "mirror-wisp", "quicksilver-fox"]},
                           {}])
    kit.do(st, "summon", card=kit.uid(st, 0, "tin-drummer", "mirror_pile"))
    assert st.ps[0].chaos_count == 4 and st.ps[0].overflow == 0
    evs = kit.do(st, "summon", card=kit.uid(st, 0, "mirror-wisp", "mirror_pile"))
    assert st.ps[0].overflow == 1 and st.ps[0].chaos_count == 0
    assert any(e.kind == "overflow" and e.clause == "MD-5.3" for e in evs)
    kit.do(st, "summon", card=kit.uid(st, 0, "quicksilver-fox", "mirror_pile"))
    assert st.ps[0].chaos_count == 0 and st.ps[0].overflow == 1           # no count while held


@pytest.mark.clause("MD-5.4")
def test_md_5_4_spending_overflow_fills_order_and_chaos(kit):
    st = kit.scen(players=[{"order": 1, "chaos": 2, "overflow": 1, "spells": ["overflow-surge"]}, {}])
    evs = kit.do(st, "cast")
    p = st.ps[0]
    assert (p.order, p.chaos, p.overflow) == (10, 10, 0)
    assert any(e.kind == "surge" and e.clause == "MD-5.4" for e in evs)
    assert len(st.pile(0, "dolls")) == 2                                    # and the spell drew 2


@pytest.mark.clause("MD-5.5")
def test_md_5_5_next_five_chaos_make_no_overflow(kit):
    st = kit.scen(players=[{"overflow": 1, "spells": ["overflow-surge", "chaos-tide"],
                            "pile": ["tin-drummer", "mirror-wisp", "quicksilver-fox"]}, {}])
    kit.do(st, "cast", card=kit.uid(st, 0, "overflow-surge", "spells"))
    assert st.ps[0].suppress == 5
    kit.do(st, "cast", card=kit.uid(st, 0, "chaos-tide", "spells"))             # 2 chaos
    kit.do(st, "summon", card=kit.uid(st, 0, "tin-drummer", "mirror_pile"))      # 1
    kit.do(st, "summon", card=kit.uid(st, 0, "quicksilver-fox", "mirror_pile"))  # 2: five in all
    assert st.ps[0].chaos_count == 0 and st.ps[0].suppress == 0
    kit.do(st, "summon", card=kit.uid(st, 0, "mirror-wisp", "mirror_pile"))      # the sixth counts
    assert st.ps[0].chaos_count == 1


@pytest.mark.clause("MD-5.6")
def test_md_5_6_overflow_waits_for_the_fifth_own_turn(kit):
    st = kit.scen(turn=5, players=[{"overflow": 1, "own_turns": 3, "spells": ["overflow-surge"],
                                    "field": {"real_f0": "clockwork-knight"}}, {}])
    kit.do(st, "cast")
    assert st.ps[0].ready == 8
    st.ps[0].overflow = 1                       # gained again in the meantime
    st._legal_cache = None
    knight = st.at(0, "real_f0")
    err = kit.refused(st, kit.act(st, "move", card=knight, to="threshold"), "MD-5.6")
    assert "own turn" in err.reason
    for _ in range(4):                          # own turns 4 .. 7: still waiting
        kit.end_turn(st)
        kit.end_turn(st)
        st.ps[0].overflow = 1
        st._legal_cache = None
        assert kit.find(st, "move", card=knight, to="threshold") is None
    assert st.ps[0].own_turns == 7
    kit.end_turn(st)
    kit.end_turn(st)
    st.ps[0].overflow = 1
    st._legal_cache = None
    assert st.ps[0].own_turns == 8
    assert kit.find(st, "move", card=knight, to="threshold") is not None


# ---------------------------------------------------------------------------------------------------- hands
@pytest.mark.clause("MD-6.1")
def test_md_6_1_doll_hand_limit_ten_excess_back_at_random(kit):
    st = kit.scen(players=[{}, {"dolls": ["tin-drummer"] * 10, "deck": ["lace-duelist"]}])
    evs = kit.do(st, "end_turn")
    assert len(st.pile(1, "dolls")) == 10 and len(st.pile(1, "real_deck")) == 1
    assert any(e.kind == "hand_limit" and e.clause == "MD-6.1" for e in evs)
    outcomes = set()
    for seed in range(60):
        st = kit.g.scenario({"players": [{}, {"dolls": ["tin-drummer"] * 10, "deck": ["lace-duelist"]}]}, seed=seed)
        kit.do(st, "end_turn")
        outcomes.add(kit.cids(st, 1, "real_deck")[0])
    assert outcomes == {"tin-drummer", "lace-duelist"}                      # picked at random


@pytest.mark.clause("MD-6.2")
def test_md_6_2_spell_hand_limit_three(kit):
    st = kit.scen(players=[{}, {"spells": ["veil-of-glass"] * 3, "spell_deck": ["mirror-swap"]}])
    evs = kit.do(st, "end_turn")
    assert len(st.pile(1, "spells")) == 3 and len(st.pile(1, "spell_deck")) == 1
    assert any(e.kind == "hand_limit" and e.clause == "MD-6.2" for e in evs)


@pytest.mark.clause("MD-6.3")
@pytest.mark.parametrize("pile", [0, 1, 5])
def test_md_6_3_empty_doll_deck_fifty_to_opponent_half_pile_back(kit, pile):
    st = kit.scen(players=[{"score": 10}, {"deck": 0, "pile": pile}])
    evs = kit.do(st, "end_turn")
    assert st.ps[0].score == 60
    back = pile // 2
    assert len(st.pile(1, "mirror_pile")) == pile - back
    drawn = 1 if back else 0
    assert len(st.pile(1, "dolls")) == drawn and len(st.pile(1, "real_deck")) == back - drawn
    assert [e.kind for e in evs if e.clause == "MD-6.3"][:2] == ["deck_out", "refill"]


@pytest.mark.clause("MD-6.3")
def test_md_6_3_the_penalty_can_win(kit):
    st = kit.scen(players=[{"score": 60}, {"deck": 0}])
    kit.do(st, "end_turn")
    assert st.is_over and st.winners == (0,)


@pytest.mark.clause("MD-6.4")
def test_md_6_4_empty_spell_deck_draws_nothing(kit):
    st = kit.scen(players=[{"score": 10}, {"spell_deck": 0}])
    evs = kit.do(st, "end_turn")
    assert st.pile(1, "spells") == [] and st.ps[0].score == 10
    assert any(e.kind == "no_draw" and e.clause == "MD-6.4" for e in evs)
