"""Clauses VV-7: the main phase (using characters, level up, cost reduction, events, [Act],
the mission check, ending the phase)."""
from __future__ import annotations

import pytest

from tabletop_rules.core.actions import Action


@pytest.mark.clause("VV-7.1")
def test_vv_7_1_main_phase_actions_in_any_order_any_number(kit):
    st = kit.scen(players=[{"hand": ["aoi-spotlight", "aoi-stagehand", "aoi-fan-service"],
                            "field": ["aoi-stagehand"], "energy": 5}, {}])
    assert {"use_character", "use_event", "act", "attack", "end_main"} <= kit.kinds(st)
    kit.use(st, "aoi-stagehand", 1)
    kit.use(st, "aoi-spotlight", 2)
    kit.do(st, "use_event", card=kit.uid(st, 0, "hand", "aoi-fan-service"))
    assert st.phase == "main.actions" and len(st.characters(0)) == 3


@pytest.mark.clause("VV-7.2")
def test_vv_7_2_no_event_and_no_attack_on_the_first_players_first_turn(kit):
    st = kit.scen(turn=1, turn_player=0, players=[{"hand": ["aoi-fan-service"], "field": ["aoi-spotlight"],
                                                    "energy": 5}, {}])
    assert "use_event" not in kit.kinds(st) and "attack" not in kit.kinds(st)
    ev = kit.uid(st, 0, "hand", "aoi-fan-service")
    kit.refused(st, Action("use_event", 0, {"card": ev}), "VV-7.2")
    kit.refused(st, Action("attack", 0, {"lane": 0}), "VV-7.2")
    st2 = kit.scen(turn=2, turn_player=0, players=[{"hand": ["aoi-fan-service"], "field": ["aoi-spotlight"]}, {}])
    assert {"use_event", "attack"} <= kit.kinds(st2)


@pytest.mark.clause("VV-7.3")
def test_vv_7_3_use_a_character_pay_its_cost_it_enters_standing(kit):
    st = kit.scen(players=[{"hand": ["aoi-spotlight"], "energy": 3}, {}])
    evs = kit.use(st, "aoi-spotlight", 1)
    u = st.character(0, 1)
    assert st.cards[u].cid == "aoi-spotlight" and not st.cards[u].rested and st.cards[u].face_up
    assert st.energy(0) == 1 and len(st.zones["0.drop"]) == 2
    assert any(e.kind == "enter" and e.clause == "VV-7.3" for e in evs)


@pytest.mark.clause("VV-7.4")
def test_vv_7_4_energy_must_cover_the_cost_and_the_payer_picks_the_cards(kit):
    st = kit.scen(players=[{"hand": ["aoi-headliner", "aoi-stage-rookie"],
                            "energy": ["aoi-stagehand", "aoi-cheer-yui"]}, {}])
    u = kit.uid(st, 0, "hand", "aoi-headliner")
    err = kit.refused(st, Action("use_character", 0, {"card": u, "lane": 0}), "VV-7.4")
    assert "costs 5" in err.reason
    kit.use(st, "aoi-stage-rookie", 0)
    # the two energy cards differ: the payer is asked which one goes, the older one included
    assert kit.choice(st) == "pay" and st.current_player == 0
    labels = sorted(a.label for a in st.legal_actions())
    assert labels == ["Pay with Cheering Yui", "Pay with Stagehand"]
    assert st.choices[-1].describe("zh") == "座位 0：把哪张能量放入弃牌区？（1点中还差1点）"
    assert kit.char(st, 0, 0) is None              # the character enters once the cost is paid
    kit.do(st, "pay", card=kit.uid(st, 0, "energy", "aoi-stagehand"))
    assert kit.cids(st, 0, "drop") == ["aoi-stagehand"]
    assert kit.char(st, 0, 0) == "aoi-stage-rookie"
    assert kit.cids(st, 0, "energy")[0] == "aoi-cheer-yui"      # kept (Mimi's acceleration adds one more)


@pytest.mark.clause("VV-7.4")
def test_vv_7_4_no_question_when_the_choice_does_not_matter(kit):
    # all of one name: nothing to choose
    st = kit.scen(players=[{"hand": ["aoi-spotlight"], "energy": ["aoi-stagehand"] * 3}, {}])
    evs = kit.use(st, "aoi-spotlight", 0)
    assert kit.choice(st) is None and kit.cids(st, 0, "drop") == ["aoi-stagehand"] * 2
    assert [e.data["n"] for e in evs if e.kind == "pay"] == [2]
    # every card must go: nothing to choose either
    st = kit.scen(players=[{"hand": ["aoi-spotlight"], "energy": ["aoi-stagehand", "aoi-cheer-yui"]}, {}])
    kit.use(st, "aoi-spotlight", 0)
    assert kit.choice(st) is None and sorted(kit.cids(st, 0, "drop")) == ["aoi-cheer-yui", "aoi-stagehand"]
    # two of one name and one other, paying 2: asked once, then the rest goes by itself
    st = kit.scen(players=[{"hand": ["aoi-spotlight"], "energy": ["aoi-stagehand", "aoi-stagehand", "aoi-cheer-yui"]},
                           {}])
    kit.use(st, "aoi-spotlight", 0)
    assert kit.choice(st) == "pay" and len(st.legal_actions()) == 2      # one option per name
    kit.do(st, "pay", card=kit.uid(st, 0, "energy", "aoi-cheer-yui"))
    assert kit.choice(st) is None and kit.cids(st, 0, "energy") == ["aoi-stagehand"]
    assert kit.char(st, 0, 0) == "aoi-spotlight"


@pytest.mark.clause("VV-7.4", "VV-12.20")
def test_vv_7_4_the_choice_matters_to_a_later_reload(kit):
    """Paying with a character puts it in the drop zone, where [Reload] finds it; paying with an
    event does not (the reason the payer picks)."""
    for pay_with, back in (("aoi-spotlight", 1), ("aoi-fan-service", 0)):
        st = kit.scen(players=[{"hand": ["aoi-encore-event"], "deck": 3,
                                "energy": ["aoi-spotlight", "aoi-fan-service", "aoi-stagehand"]}, {}])
        kit.do(st, "use_event", card=kit.uid(st, 0, "hand", "aoi-encore-event"))
        kit.do(st, "pay", card=kit.uid(st, 0, "energy", pay_with))
        kit.do(st, "pay", card=kit.uid(st, 0, "energy", "aoi-stagehand"))
        rel = [e for e in st.log if e.kind == "reload"]
        assert rel and rel[-1].data["n"] == back + 1, (pay_with, rel[-1].data)


@pytest.mark.clause("VV-7.5")
def test_vv_7_5_level_up_over_a_cheaper_character_keeps_it_as_exp(kit):
    st = kit.scen(players=[{"hand": ["aoi-spotlight"], "field": [{"card": "aoi-stagehand", "exp": 1}]}, {}])
    evs = kit.use(st, "aoi-spotlight", 0)
    assert kit.cids(st, 0, "area0") == ["aoi-stagehand", "aoi-stagehand", "aoi-spotlight"]
    assert kit.char(st, 0, 0) == "aoi-spotlight"
    assert any(e.kind == "level_up" and e.clause == "VV-7.5" for e in evs)


@pytest.mark.clause("VV-7.6")
def test_vv_7_6_level_up_over_an_equal_or_dearer_character_drops_it(kit):
    st = kit.scen(players=[{"hand": ["aoi-curtain-guard", "aoi-stagehand"], "energy": 5,
                            "field": [{"card": "aoi-spotlight", "exp": 1}, "aoi-headliner"]}, {}])
    evs = kit.use(st, "aoi-curtain-guard", 0)                 # cost 2 over cost 2
    assert kit.cids(st, 0, "area0") == ["aoi-curtain-guard"]
    assert {"aoi-spotlight", "aoi-stagehand"} <= set(kit.cids(st, 0, "drop"))
    assert any(e.kind == "level_up" and e.clause == "VV-7.6" for e in evs)
    kit.use(st, "aoi-stagehand", 1)                           # cost 0 over cost 5
    assert kit.cids(st, 0, "area1") == ["aoi-stagehand"] and "aoi-headliner" in kit.cids(st, 0, "drop")


@pytest.mark.clause("VV-7.7", "VV-12.25")
def test_vv_7_7_cost_reduction_only_over_a_cheaper_character(kit):
    st = kit.scen(players=[{"hand": ["aoi-encore-rina"], "energy": 5,
                            "field": [{"card": "aoi-stagehand", "exp": 1}, "aoi-curtain-guard", "aoi-headliner"]}, {}])
    u = kit.uid(st, 0, "hand", "aoi-encore-rina")
    costs = {lane: st.cost_to_use(u, 0, lane) for lane in range(3)}
    assert costs == {0: 1, 1: 2, 2: 3}                 # 3 - 2 cards, 3 - 1 card, no reduction over cost 5
    empty = kit.scen(players=[{"hand": ["aoi-encore-rina"]}, {}])
    assert empty.cost_to_use(kit.uid(empty, 0, "hand", "aoi-encore-rina"), 0, 0) == 3
    evs = kit.use(st, "aoi-encore-rina", 0)
    assert st.energy(0) == 4 and any(e.kind == "use" and e.clause == "VV-7.7" for e in evs)


@pytest.mark.clause("VV-7.8", "VV-12.4")
def test_vv_7_8_use_an_event_pay_resolve_drop(kit):
    st = kit.scen(players=[{"hand": ["aoi-fan-service"], "energy": 2, "deck": 10}, {}])
    evs = kit.do(st, "use_event", card=kit.uid(st, 0, "hand", "aoi-fan-service"))
    order = [e.kind for e in evs if e.kind in ("use", "pay", "draw", "drop")]
    assert order == ["use", "pay", "draw", "draw", "drop"]
    assert len(st.hand(0)) == 2 and kit.cids(st, 0, "drop")[-1] == "aoi-fan-service" and st.energy(0) == 1


@pytest.mark.clause("VV-7.9", "VV-12.1")
def test_vv_7_9_act_abilities_pay_their_cost(kit):
    st = kit.scen(players=[{"deck": 5}, {}])
    acc = st.account(0)
    evs = kit.do(st, "act", card=acc, ability=0)
    assert st.cards[acc].rested and len(st.hand(0)) == 1
    assert [e.clause for e in evs if e.kind == "act"] == ["VV-7.9"]


@pytest.mark.clause("VV-7.10", "VV-12.10")
def test_vv_7_10_the_mission_check_follows_every_action(kit):
    # Full House (lane 3): [Check] you have 3 characters
    st = kit.scen(players=[{"hand": ["aoi-stagehand"], "field": ["aoi-spotlight", "aoi-stagehand"]}, {}])
    full_house = st.missions(0)[2]
    assert not st.cards[full_house].rested
    evs = kit.use(st, "aoi-stagehand", 2)
    assert st.cards[full_house].rested and st.cards[full_house].face_up
    assert any(e.kind == "mission_check" and e.clause == "VV-7.10" for e in evs)
    assert not st.cards[st.missions(0)[0]].rested     # Debut Stage needs an attack success


@pytest.mark.clause("VV-7.11")
def test_vv_7_11_ending_the_main_phase_leads_to_the_mission_phase(kit):
    st = kit.scen(players=[{"hand": ["aoi-spotlight"]}, {}])
    evs = kit.do(st, "end_main")
    steps = [e.data["to"] for e in evs if e.kind == "phase"]
    assert steps[:2] == ["mission.clear", "mission.cleanup"] and st.phase == "charge.keep"
