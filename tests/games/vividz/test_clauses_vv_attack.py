"""Clauses VV-8: the attack's five steps (attack, interference, search, battle, attack end)."""
from __future__ import annotations

import pytest

from tabletop_rules.core.actions import Action


def attack(kit, st, lane, settle=True):
    evs = kit.do(st, "attack", lane=lane)
    if settle:
        evs += kit.settle(st)
    return evs


@pytest.mark.clause("VV-8.1")
def test_vv_8_1_a_standing_character_rests_and_attacks_its_own_lane(kit):
    st = kit.scen(players=[{"field": [None, "aoi-spotlight"]},
                           {"field": ["ren-forge-titan", "ren-bolt-pup"]}])
    evs = attack(kit, st, 1)
    assert st.cards[st.character(0, 1)].rested
    steps = [e.data["to"] for e in evs if e.kind == "phase"]
    assert steps == ["attack.attack", "attack.interfere", "attack.search", "attack.battle", "attack.end",
                     "main.actions"]
    assert kit.char(st, 1, 1) is None and kit.char(st, 1, 0) == "ren-forge-titan"   # lane 2's pup retired
    kit.refused(st, Action("attack", 0, {"lane": 1}), "VV-8.1")       # rested now
    kit.refused(st, Action("attack", 0, {"lane": 0}), "VV-8.1")       # no character there


@pytest.mark.clause("VV-8.2", "VV-12.26")
def test_vv_8_2_the_no_attack_symbol(kit):
    st = kit.scen(players=[{"field": ["aoi-backup-dancer"]}, {}])
    err = kit.refused(st, Action("attack", 0, {"lane": 0}), "VV-8.2")
    assert "no-attack" in err.reason


@pytest.mark.clause("VV-8.3")
def test_vv_8_3_the_defender_interferes_once(kit):
    st = kit.scen(players=[{"field": ["aoi-spotlight"]}, {"field": ["ren-bulwark"], "hand": 2}])
    kit.do(st, "attack", lane=0)
    assert st.current_player == 1 and kit.choice(st) == "interfere"
    assert {"pass", "act", "slide"} <= kit.kinds(st)
    kit.refused(st, Action("end_main", 0, {}), "VV-8.3")
    kit.do(st, "act", card=st.account(1), ability=0)          # +2000 to the defender
    assert st.phase != "attack.interfere" and kit.choice(st) != "interfere"
    assert st.cards[st.character(1, 0)].damage == 3000 and st.cards[st.character(1, 0)].mods


@pytest.mark.clause("VV-8.4", "VV-4.1")
def test_vv_8_4_slide_to_an_adjacent_empty_area_for_two_cards(kit):
    st = kit.scen(players=[{"field": ["aoi-spotlight"]},
                           {"field": [{"card": "ren-bolt-pup", "exp": 1}, None, "ren-bulwark"], "hand": 3}])
    kit.do(st, "attack", lane=0)
    pup = st.character(1, 0)
    kit.refused(st, Action("slide", 1, {"card": pup, "to": 2}), "VV-8.4")     # lane 3 not next to lane 1
    kit.refused(st, Action("slide", 1, {"card": st.character(1, 2), "to": 0}), "VV-8.4")
    kit.do(st, "slide", card=pup, to=1)
    assert kit.choice(st) == "discard"
    st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])
    kit.settle(st)
    assert kit.cids(st, 1, "area1") == ["aoi-stagehand", "ren-bolt-pup"] and len(st.hand(1)) == 1
    assert len(st.zones["1.drop"]) == 2
    assert any(e.kind == "p_attack_success" for e in st.log)       # the lane was left empty: no battle
    short = kit.scen(players=[{"field": ["aoi-spotlight"]}, {"field": ["ren-bolt-pup"], "hand": 1}])
    kit.do(short, "attack", lane=0)
    if kit.choice(short) == "interfere":
        kit.refused(short, Action("slide", 1, {"card": short.character(1, 0), "to": 1}), "VV-8.4")


@pytest.mark.clause("VV-8.5", "VV-12.19")
def test_vv_8_5_a_searched_card_with_the_symbol_is_used_free(kit):
    st = kit.scen(players=[{"field": ["aoi-stagehand"], "deck": ["aoi-spotlight", "aoi-stagehand"], "energy": 0},
                           {}])
    kit.do(st, "attack", lane=0)
    if kit.choice(st) == "interfere":
        kit.do(st, "pass")
    assert kit.choice(st) == "search_use" and st.current_player == 0
    kit.do(st, "search_use", lane=2)
    kit.settle(st)
    assert kit.char(st, 0, 2) == "aoi-spotlight" and st.energy(0) == 0
    # without the symbol (or declined) it goes to the energy zone
    st = kit.scen(players=[{"field": ["aoi-stagehand"], "deck": ["aoi-stagehand"], "energy": 0}, {}])
    attack(kit, st, 0)
    assert st.energy(0) == 1
    st = kit.scen(players=[{"field": ["aoi-stagehand"], "deck": ["aoi-spotlight"], "energy": 0}, {}])
    attack(kit, st, 0)          # settle declines
    assert kit.cids(st, 0, "energy") == ["aoi-spotlight"]


@pytest.mark.clause("VV-8.6")
def test_vv_8_6_who_searches(kit):
    st = kit.scen(players=[{"field": ["aoi-stagehand"]}, {}])
    evs = attack(kit, st, 0)
    assert [e.data["seat"] for e in evs if e.kind == "search"][:1] == [0]
    assert not [e for e in evs if e.kind == "search" and e.data.get("seat") == 1]
    st = kit.scen(players=[{"field": ["aoi-stagehand"]}, {"field": ["ren-forge-titan"]}])
    evs = attack(kit, st, 0)
    assert {e.data["seat"] for e in evs if e.kind == "search" and "reveals" in e.text} == {0, 1}


@pytest.mark.clause("VV-8.7")
def test_vv_8_7_both_reveal_together_the_turn_player_resolves_first(kit):
    st = kit.scen(players=[{"field": ["aoi-stagehand"], "deck": ["aoi-spotlight", "aoi-stagehand"]},
                           {"field": ["ren-forge-titan"], "deck": ["ren-scrap-scout", "ren-bolt-pup"]}])
    kit.do(st, "attack", lane=0)
    if kit.choice(st) == "interfere":
        kit.do(st, "pass")
    assert st.zones["0.reveal"] and st.zones["1.reveal"]            # revealed together
    assert kit.choice(st) == "search_use" and st.current_player == 0
    kit.do(st, "search_use", lane=1)
    assert kit.choice(st) == "search_use" and st.current_player == 1
    kit.do(st, "search_use", lane=2)
    assert kit.char(st, 0, 1) == "aoi-spotlight" and kit.char(st, 1, 2) == "ren-scrap-scout"


@pytest.mark.clause("VV-8.8")
def test_vv_8_8_an_empty_deck_searches_nothing(kit):
    st = kit.scen(players=[{"field": ["aoi-stagehand"], "deck": 0}, {}])
    evs = attack(kit, st, 0)
    assert any(e.kind == "search" and e.clause == "VV-8.8" for e in evs) and not st.is_over


@pytest.mark.clause("VV-8.9")
def test_vv_8_9_battle_the_attacker_deals_its_power(kit):
    st = kit.scen(players=[{"field": ["aoi-spotlight"]}, {"field": ["ren-forge-titan"]}])
    attack(kit, st, 0)
    assert st.cards[st.character(1, 0)].damage == 3000 and st.cards[st.character(0, 0)].damage == 0
    st = kit.scen(players=[{"field": ["aoi-spotlight"]}, {}])
    evs = attack(kit, st, 0)
    assert not any(e.kind == "damage" for e in evs) and "attack.battle" not in [e.data.get("to") for e in evs]


@pytest.mark.clause("VV-8.10")
def test_vv_8_10_damage_adds_up_over_the_turn(kit):
    st = kit.scen(players=[{"field": ["aoi-headliner"], "hand": ["aoi-twin-vocal"], "energy": 4},
                           {"field": ["ren-forge-titan"]}])
    attack(kit, st, 0)
    titan = st.character(1, 0)
    assert st.cards[titan].damage == 7000 and kit.char(st, 1, 0) == "ren-forge-titan"
    kit.use(st, "aoi-twin-vocal", 0)               # [On entering] 2000 more: 9000 >= 8000
    assert kit.char(st, 1, 0) is None and "ren-forge-titan" in kit.cids(st, 1, "energy")


@pytest.mark.clause("VV-8.11")
def test_vv_8_11_a_retired_character_goes_to_energy_with_its_exp(kit):
    st = kit.scen(players=[{"field": ["aoi-spotlight"]},
                           {"field": [{"card": "ren-bolt-pup", "exp": 2}], "energy": 0}])
    evs = attack(kit, st, 0)
    assert kit.char(st, 1, 0) is None
    # the search put one card there first; then the pup and its two EXP
    assert kit.cids(st, 1, "energy")[-3:] == ["aoi-stagehand", "aoi-stagehand", "ren-bolt-pup"]
    assert any(e.kind == "retire" and e.clause == "VV-8.11" for e in evs)


@pytest.mark.clause("VV-8.12")
def test_vv_8_12_attack_success_and_p_attack_success(kit):
    st = kit.scen(players=[{"field": ["aoi-spotlight"]}, {}])
    evs = attack(kit, st, 0)
    assert [e.kind for e in evs if e.kind.endswith("attack_success")] == ["attack_success", "p_attack_success"]
    st = kit.scen(players=[{"field": ["aoi-spotlight"]}, {"field": ["ren-bolt-pup"]}])
    evs = attack(kit, st, 0)
    assert [e.kind for e in evs if e.kind.endswith("attack_success")] == ["attack_success"]
    assert st.turn_log[-1] == {"kind": "attack", "by": 0, "lane": 0, "card": "aoi-spotlight", "battle": True,
                               "success": True, "p_success": False}


@pytest.mark.clause("VV-8.12", "VV-8.5")
def test_vv_8_12_an_attacker_levelled_over_by_its_own_search_has_no_success(kit):
    st = kit.scen(players=[{"field": ["aoi-stagehand"], "deck": ["aoi-spotlight"]}, {"field": ["ren-forge-titan"]}])
    kit.do(st, "attack", lane=0)
    if kit.choice(st) == "interfere":
        kit.do(st, "pass")
    kit.do(st, "search_use", lane=0)          # Spotlight levels up over the attacking Stagehand
    kit.settle(st)
    assert kit.cids(st, 0, "area0") == ["aoi-stagehand", "aoi-spotlight"]
    assert not any(e.kind == "attack_success" for e in st.log) and any(e.kind == "attack_failed" for e in st.log)
    assert st.cards[st.character(1, 0)].damage == 0       # no battle without the attacker


@pytest.mark.clause("VV-8.3")
def test_vv_8_3_no_interference_question_when_nothing_is_possible(kit):
    st = kit.scen(turn_player=1, players=[{"field": ["aoi-stagehand"]}, {"field": ["ren-bolt-pup"]}])
    evs = kit.do(st, "attack", lane=0)
    assert kit.choice(st) is None and any(e.kind == "interfere" and "no way" in e.text for e in evs)
    assert "attack.interfere" in [e.data.get("to") for e in evs]
