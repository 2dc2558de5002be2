"""Clauses VV-1.2 .. VV-1.4, VV-6, VV-9, VV-10, VV-11: draw phases, the mission phase, the
charge phase and the ways a game ends."""
from __future__ import annotations

import pytest
from vv_helpers import placed

from tabletop_rules.core import conformance
from tabletop_rules.core.actions import Action, IllegalAction


@pytest.mark.clause("VV-6.1")
def test_vv_6_1_a_turn_runs_through_five_phases_in_order(vv):
    st = conformance.play_random(vv, 3)
    phases = []
    for e in st.log:
        if e.kind == "phase":
            p = vv.flow.phase_of(e.data["to"])
            if p == "attack":          # attacks happen inside the main phase
                p = "main"
            if not phases or phases[-1] != p:
                phases.append(p)
    turn = ["start", "main", "mission", "charge", "end"]
    i = phases.index("start")
    assert phases[i:i + 10] == turn + turn


@pytest.mark.clause("VV-6.2", "VV-11.1")
def test_vv_6_2_the_account_stands_at_each_draw_phase(kit):
    st = kit.scen(phase="charge.energy", players=[{"account_rested": True}, {"account_rested": True}])
    evs = kit.do(st, "end_charge")
    stands = [(e.data["seat"], e.clause) for e in evs if e.kind == "stand"]
    assert stands == [(0, "VV-11.1"), (1, "VV-6.2")]
    assert not st.cards[st.account(0)].rested and not st.cards[st.account(1)].rested


@pytest.mark.clause("VV-6.3")
def test_vv_6_3_draw_one_with_five_or_more_else_draw_up_to_five(kit):
    st = kit.scen(phase="charge.energy", players=[{"hand": 6}, {"hand": 2}])
    kit.do(st, "end_charge")
    assert len(st.hand(0)) == 7            # 6 in hand: draws 1 (end draw)
    assert len(st.hand(1)) == 5            # 2 in hand: draws 3 (start draw)
    short = kit.scen(phase="charge.energy", players=[{"hand": 1, "deck": 2}, {}])
    kit.do(short, "end_charge")
    assert len(short.hand(0)) == 3 and not short.is_over


@pytest.mark.clause("VV-6.4")
def test_vv_6_4_the_first_player_does_not_draw_on_the_first_turn(vv):
    st = placed(vv, 2)
    st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])
    assert st.turn == 1 and len(st.hand(st.first_player)) == 5
    assert any(e.kind == "no_draw" and e.clause == "VV-6.4" for e in st.log)


@pytest.mark.clause("VV-6.5", "VV-6.2", "VV-11.1")
def test_vv_6_5_a_rested_character_stays_rested_through_the_turns(kit):
    """Only the account stands at the draw phases and only missions at the mission phase: an
    attacker rested in one turn is still rested in its owner's next main phase."""
    st = kit.scen(players=[{"field": [{"card": "aoi-spotlight", "rested": True}], "account_rested": True}, {}])
    kit.do(st, "end_main")                             # seat 0: mission, charge (empty hand), end draw
    kit.do(st, "end_main")                             # seat 1's turn
    kit.do(st, "skip_keep")
    kit.do(st, "end_charge")
    assert (st.turn_player, st.phase) == (0, "main.actions")
    assert not st.cards[st.account(0)].rested          # the account stood (VV-6.2)
    u = st.character(0, 0)
    assert u is not None and st.cards[u].rested        # the character did not
    assert kit.find(st, "attack", lane=0) is None
    with pytest.raises(IllegalAction) as info:
        st.apply(Action("attack", 0, {"lane": 0}))
    assert info.value.clause == "VV-8.1"


@pytest.mark.clause("VV-1.4")
def test_vv_1_4_an_empty_deck_as_a_draw_phase_begins_loses(kit):
    st = kit.scen(phase="charge.energy", players=[{"deck": 0}, {}])
    kit.do(st, "end_charge")
    assert st.winners == (1,) and st.log[-1].clause == "VV-1.4" and st.phase == "game-over"
    st = kit.scen(phase="charge.energy", players=[{"deck": 3}, {"deck": 0}])
    kit.do(st, "end_charge")
    assert st.winners == (0,) and "Seat 1's deck" in st.result
    assert "座位 1的卡组" in st.describe_result("zh")
    # an empty deck in the middle of a turn is no loss
    st = kit.scen(players=[{"deck": 0, "hand": ["aoi-fan-service"]}, {}])
    kit.do(st, "use_event", card=kit.uid(st, 0, "hand", "aoi-fan-service"))
    assert not st.is_over


@pytest.mark.clause("VV-11.1")
def test_vv_11_1_end_draw_then_the_opponents_turn(kit):
    st = kit.scen(phase="charge.energy", players=[{"hand": 3}, {}])
    evs = kit.do(st, "end_charge")
    assert [e.data["to"] for e in evs if e.kind == "phase"][:3] == ["end.stand", "end.draw", "start.stand"]
    assert len(st.hand(0)) == 5 and st.turn_player == 1 and st.turn == 3


# ----- mission phase  ----------
@pytest.mark.clause("VV-9.1")
def test_vv_9_1_checked_missions_whose_clear_holds_are_cleared(kit):
    # Debut Stage: [Clear] you have 2 or more characters
    st = kit.scen(players=[{"missions": [{"rested": True}], "field": ["aoi-spotlight", "aoi-stagehand"]}, {}])
    evs = kit.do(st, "end_main")
    m = st.cards[st.missions(0)[0]]
    assert not m.face_up and any(e.kind == "mission_clear" and e.clause == "VV-9.1" for e in evs)
    assert st.view(1)["players"][0]["lanes"][0]["mission"]["state"] == "cleared"


@pytest.mark.clause("VV-9.2")
def test_vv_9_2_unfinished_missions_stand_again(kit):
    st = kit.scen(players=[{"missions": [{"rested": True}], "field": ["aoi-spotlight"]}, {}])
    evs = kit.do(st, "end_main")
    m = st.cards[st.missions(0)[0]]
    assert m.face_up and not m.rested and any(e.kind == "mission_reset" and e.clause == "VV-9.2" for e in evs)


@pytest.mark.clause("VV-9.3", "VV-1.2")
def test_vv_9_3_three_cleared_missions_win(kit):
    st = kit.scen(players=[{"missions": [{"rested": True}, {"cleared": True}, {"cleared": True}],
                            "field": ["aoi-spotlight", "aoi-stagehand"]}, {}])
    kit.do(st, "end_main")
    assert st.winners == (0,) and st.log[-1].clause == "VV-1.2" and st.phase == "game-over"


@pytest.mark.clause("VV-1.3")
def test_vv_1_3_both_complete_at_once_the_turn_player_wins(kit):
    both = {"missions": [{"rested": True}, {"cleared": True}, {"cleared": True}],
            "field": ["aoi-spotlight", "aoi-stagehand"]}
    for tp in (0, 1):
        st = kit.scen(turn_player=tp, options={"decks": ["aoi-demo", "aoi-demo"]}, players=[both, both])
        kit.do(st, "end_main")
        assert st.winners == (tp,) and st.log[-1].clause == "VV-1.3"


@pytest.mark.clause("VV-9.4")
def test_vv_9_4_damage_is_removed(kit):
    st = kit.scen(players=[{"field": [{"card": "aoi-headliner", "damage": 3000}]},
                           {"field": [{"card": "ren-forge-titan", "damage": 5000}]}])
    kit.do(st, "end_main")
    assert st.cards[st.character(0, 0)].damage == 0 and st.cards[st.character(1, 0)].damage == 0


@pytest.mark.clause("VV-9.5")
def test_vv_9_5_until_the_end_of_the_mission_phase_effects_end(kit):
    st = kit.scen(players=[{"hand": ["aoi-final-chorus"], "field": ["aoi-spotlight"]}, {}])
    kit.do(st, "use_event", card=kit.uid(st, 0, "hand", "aoi-final-chorus"))
    u = st.character(0, 0)
    assert st.power(u) == 5000
    evs = kit.do(st, "end_main")
    assert st.power(u) == 3000 and any(e.clause == "VV-9.5" for e in evs)


# ----- charge phase  ----------
@pytest.mark.clause("VV-10.1")
def test_vv_10_1_keep_one_card_the_old_one_is_dropped(kit):
    st = kit.scen(phase="charge.keep", players=[{"hand": ["aoi-spotlight", "aoi-fan-service"],
                                                 "keep": "aoi-stagehand"}, {}])
    kit.do(st, "keep", card=kit.uid(st, 0, "hand", "aoi-spotlight"))
    assert kit.cids(st, 0, "keep") == ["aoi-spotlight"] and kit.cids(st, 0, "drop") == ["aoi-stagehand"]
    assert st.phase == "charge.energy" and st.cards[st.zones["0.keep"][0]].face_up
    kit.refused(st, Action("keep", 0, {"card": st.hand(0)[0]}), "VV-10.1")


@pytest.mark.clause("VV-10.2")
def test_vv_10_2_the_kept_card_is_used_as_from_hand_but_not_counted_for_the_refill(kit):
    st = kit.scen(players=[{"keep": "aoi-spotlight"}, {}])
    assert kit.find(st, "use_character", card=st.zones["0.keep"][0], lane=0)
    kit.use(st, "aoi-spotlight", 0)
    assert kit.char(st, 0, 0) == "aoi-spotlight" and not st.zones["0.keep"]
    st = kit.scen(phase="charge.energy", players=[{"hand": 3, "keep": "aoi-spotlight"}, {}])
    kit.do(st, "end_charge")
    assert len(st.hand(0)) == 5        # drew 2: the kept card is not a hand card


@pytest.mark.clause("VV-10.3")
def test_vv_10_3_any_number_of_cards_to_energy(kit):
    st = kit.scen(phase="charge.energy", players=[{"hand": ["aoi-spotlight", "aoi-fan-service", "aoi-stagehand"],
                                                   "energy": 0}, {}])
    for _ in range(3):
        kit.do(st, "charge", card=st.hand(0)[0])
    assert st.energy(0) == 3 and not st.hand(0)
    assert {a.kind for a in st.legal_actions()} == {"end_charge"}


@pytest.mark.clause("VV-9.5")
def test_vv_9_5_only_mission_long_changes_end_a_lasting_one_stays(kit):
    """Power changes are core's lasting modifiers (core/modifiers.py): the event's +2000 lasts until the
    end of the mission phase and ends there; a change with no end (a built position's power) stays."""
    st = kit.scen(players=[{"hand": ["aoi-final-chorus"], "field": [{"card": "aoi-spotlight", "power": 4000}]}, {}])
    u = st.character(0, 0)
    assert st.cards[u].mods == [{"power": 1000, "until": "always"}] and st.power(u) == 4000
    kit.do(st, "use_event", card=kit.uid(st, 0, "hand", "aoi-final-chorus"))
    assert {"power": 2000, "until": "mission"} in st.cards[u].mods and st.power(u) == 6000
    kit.do(st, "end_main")
    assert st.cards[u].mods == [{"power": 1000, "until": "always"}] and st.power(u) == 4000
