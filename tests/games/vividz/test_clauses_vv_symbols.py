"""Clauses VV-12: every symbol of the rule book's list, each shown on a demo card."""
from __future__ import annotations

import pytest

from tabletop_rules.core.actions import Action


def ren_attacks(kit, st, lane):
    """Seat 1 (Ren) attacks; returns with seat 0's interference pending (if any)."""
    return kit.do(st, "attack", lane=lane)


@pytest.mark.clause("VV-12.2", "VV-12.21", "VV-12.17")
def test_vv_12_2_auto_on_entering_acceleration(kit):
    st = kit.scen(players=[{"hand": ["aoi-stage-rookie"], "deck": ["aoi-spotlight"], "energy": 1}, {}])
    evs = kit.use(st, "aoi-stage-rookie", 0)
    assert [e.clause for e in evs if e.kind == "auto"] == ["VV-12.21"]
    assert kit.cids(st, 0, "energy") == ["aoi-spotlight"]
    assert any(e.kind == "accelerate" and e.clause == "VV-12.17" for e in evs)


@pytest.mark.clause("VV-12.3", "VV-12.5")
def test_vv_12_3_continuous_power_and_its_valid_condition(kit):
    st = kit.scen(players=[{"field": ["aoi-spotlight", "aoi-backup-dancer"]}, {"field": [None, None, "ren-bulwark"]}])
    assert st.power(st.character(0, 0)) == 4000 and st.power(st.character(0, 1)) == 1000
    assert st.power(st.character(1, 2)) == 7000          # Bulwark: +2000 in the opponent's turn
    own = kit.scen(turn_player=1, players=[{}, {"field": [None, None, "ren-bulwark"]}])
    assert own.power(own.character(1, 2)) == 5000


@pytest.mark.clause("VV-12.5", "VV-12.12")
def test_vv_12_5_valid_and_own_turn_in_the_interference_step(kit):
    st = kit.scen(turn_player=1, players=[{"field": ["aoi-spotlight", None, {"card": "aoi-curtain-guard",
                                                                              "rested": True}], "hand": 2},
                                          {"field": ["ren-bolt-pup"]}])
    ren_attacks(kit, st, 0)
    assert kit.choice(st) == "interfere" and st.current_player == 0
    kit.refused(st, Action("act", 0, {"card": st.character(0, 2), "ability": 0}), "VV-12.5")
    kit.refused(st, Action("act", 0, {"card": st.account(0), "ability": 0}), "VV-12.12")


@pytest.mark.clause("VV-12.6", "VV-12.18")
def test_vv_12_6_cost_must_be_paid_and_search_by_effect(kit):
    st = kit.scen(turn_player=1, players=[{}, {"field": ["ren-rivet-rookie"], "energy": 0}])
    err = kit.refused(st, Action("act", 1, {"card": st.character(1, 0), "ability": 0}), "VV-12.6")
    assert "energy" in err.reason
    st = kit.scen(turn_player=1, players=[{}, {"field": ["ren-rivet-rookie"], "energy": 1, "deck": ["aoi-stagehand"]}])
    evs = kit.do(st, "act", card=st.character(1, 0), ability=0)
    assert st.cards[st.character(1, 0)].rested and kit.cids(st, 1, "energy") == ["aoi-stagehand"]
    assert any(e.kind == "search" and e.clause == "VV-12.18" for e in evs)


@pytest.mark.clause("VV-12.7", "VV-12.20")
def test_vv_12_7_effects_in_order_reload_then_draw(kit):
    st = kit.scen(players=[{"hand": ["aoi-encore-event"], "deck": 0, "energy": ["aoi-scouting", "aoi-scouting"],
                            "drop": ["aoi-spotlight", "aoi-fan-service", "aoi-headliner"]}, {}])
    evs = kit.do(st, "use_event", card=kit.uid(st, 0, "hand", "aoi-encore-event"))
    order = [e.kind for e in evs if e.kind in ("reload", "draw", "no_draw")]
    assert order == ["reload", "draw"]                          # the deck was empty before the reload
    assert sorted(kit.cids(st, 0, "deck") + [st.cards[u].cid for u in st.hand(0)]) == ["aoi-headliner",
                                                                                         "aoi-spotlight"]
    assert "aoi-fan-service" in kit.cids(st, 0, "drop") and "aoi-encore-event" in kit.cids(st, 0, "drop")


@pytest.mark.clause("VV-12.11")
def test_vv_12_11_turn_1_limits_an_ability_to_once_per_turn(kit):
    st = kit.scen(players=[{}, {}])
    acc = st.account(0)
    kit.do(st, "act", card=acc, ability=0)
    st.cards[acc].rested = False                                # even standing again, the limit holds
    st._legal_cache = None
    kit.refused(st, Action("act", 0, {"card": acc, "ability": 0}), "VV-12.11")


@pytest.mark.clause("VV-12.13", "VV-8.10")
def test_vv_12_13_opponents_turn_ability_and_power_zero_retires(kit):
    st = kit.scen(players=[{"field": ["aoi-curtain-guard"]}, {}])
    kit.refused(st, Action("act", 0, {"card": st.character(0, 0), "ability": 0}), "VV-12.13")
    st = kit.scen(turn_player=1, players=[{"field": [None, "aoi-curtain-guard"]}, {"field": ["ren-scrap-scout"]}])
    ren_attacks(kit, st, 0)
    evs = kit.do(st, "act", card=st.character(0, 1), ability=0)   # attacker: 2000 - 2000 = 0
    evs += kit.settle(st)
    assert kit.char(st, 1, 0) is None and any(e.kind == "retire" and "power is 0" in e.text for e in evs)
    assert not any(e.kind == "attack_success" for e in evs)


@pytest.mark.clause("VV-12.14")
def test_vv_12_14_rest_on_entering(kit):
    st = kit.scen(turn_player=1, players=[{"field": ["aoi-spotlight"]}, {"hand": ["ren-scrap-scout"]}])
    kit.use(st, "ren-scrap-scout", 0)
    assert st.cards[st.character(0, 0)].rested


@pytest.mark.clause("VV-12.15")
def test_vv_12_15_stand_on_attack_success_once_per_turn(kit):
    st = kit.scen(turn_player=1, players=[{}, {"field": ["ren-iron-vanguard"]}])
    evs = kit.do(st, "attack", lane=0) + kit.settle(st)
    u = st.character(1, 0)
    assert not st.cards[u].rested and any(e.kind == "stand" and e.clause == "VV-12.15" for e in evs)
    evs = kit.do(st, "attack", lane=0) + kit.settle(st)
    assert st.cards[u].rested and any(e.kind == "limit" for e in evs)


@pytest.mark.clause("VV-12.16", "VV-12.23")
def test_vv_12_16_exp_on_attack_success(kit):
    st = kit.scen(players=[{"field": ["aoi-headliner"], "deck": ["aoi-stagehand", "aoi-spotlight"]}, {}])
    kit.do(st, "attack", lane=0)
    kit.settle(st)
    assert kit.cids(st, 0, "area0") == ["aoi-spotlight", "aoi-headliner"]
    assert any(e.kind == "auto" and e.clause == "VV-12.23" for e in st.log)


@pytest.mark.clause("VV-12.22")
def test_vv_12_22_lvup_triggers_on_every_level_up_whatever_the_costs(kit):
    st = kit.scen(players=[{"hand": ["aoi-encore-rina", "aoi-encore-rina", "aoi-encore-rina"], "energy": 9,
                            "deck": 5, "field": ["aoi-stagehand", "aoi-headliner"]}, {}])
    evs = kit.use(st, "aoi-encore-rina", 0)           # over a cheaper one: it becomes EXP
    assert [e.clause for e in evs if e.kind == "auto"] == ["VV-12.22"] and len(st.hand(0)) == 3
    evs = kit.use(st, "aoi-encore-rina", 1)           # over a dearer one: it goes to the drop zone
    assert [e.clause for e in evs if e.kind == "auto"] == ["VV-12.22"] and len(st.hand(0)) == 3
    evs = kit.use(st, "aoi-encore-rina", 0)           # Encore Rina over Encore Rina: equal costs
    assert [e.clause for e in evs if e.kind == "auto"] == ["VV-12.22"] and len(st.hand(0)) == 3
    assert any(e.kind == "level_up" and e.clause == "VV-7.6" for e in evs)
    assert "aoi-headliner" in kit.cids(st, 0, "drop")
    # a plain entry into an empty area is no level up
    st = kit.scen(players=[{"hand": ["aoi-encore-rina"], "energy": 3, "deck": 5}, {}])
    evs = kit.use(st, "aoi-encore-rina", 2)
    assert not [e for e in evs if e.kind == "auto"] and len(st.hand(0)) == 0


@pytest.mark.clause("VV-12.24")
def test_vv_12_24_p_attack_success_trigger(kit):
    st = kit.scen(players=[{"field": ["aoi-cheer-yui"], "deck": 3}, {}])
    kit.do(st, "attack", lane=0)
    kit.settle(st)
    assert len(st.hand(0)) == 1 and any(e.kind == "auto" and e.clause == "VV-12.24" for e in st.log)


@pytest.mark.clause("VV-12.27")
def test_vv_12_27_simultaneous_autos_the_turn_player_first(kit):
    st = kit.scen(turn_player=1, players=[{"field": ["aoi-stage-rookie"]}, {"field": [None, "ren-forge-titan"]}])
    st.fire(["enter"], [st.character(0, 0), st.character(1, 1)])
    st.run()
    owners = [e.data["seat"] for e in st.log if e.kind == "auto"]
    assert owners == [1, 0]
