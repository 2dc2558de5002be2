"""Rule clauses BF-9.x: the keyword abilities (Penetrate, Soul, Soulguard, Move, Double Attack,
Counterattack, Counter)."""
from __future__ import annotations

import pytest


def attack_pos(kit, p0=None, p1=None, **spec):
    spec.setdefault("turn", 2)
    return kit.scen(phase="attack.declare", turn_player=0, players=[p0 or {}, p1 or {}], **spec)


def events(st, kind):
    return [e for e in st.log if e.kind == kind]


# ---------------------------------------------------------------------------------------------- BF-9.1
@pytest.mark.clause("BF-9.1")
def test_bf_9_1_penetrate_destroying_center_damages_fighter(kit):
    st = attack_pos(kit, {"field": {"left": "spear-tusk-dragon"}}, {"life": 10, "field": {"center": "scrap-imp"}})
    imp = kit.uid(st, 1, "center")
    kit.do(st, "attack", attackers=["left"], target="center")
    kit.settle(st)
    assert imp in st.fighters[1].drop
    assert st.fighters[1].life == 8                       # Spear Tusk Dragon: critical 2


@pytest.mark.clause("BF-9.1")
def test_bf_9_1_penetrate_not_on_left_or_right(kit):
    st = attack_pos(kit, {"field": {"left": "spear-tusk-dragon"}}, {"life": 10, "field": {"right": "scrap-imp"}})
    imp = kit.uid(st, 1, "right")
    kit.do(st, "attack", attackers=["left"], target="right")
    kit.settle(st)
    assert imp in st.fighters[1].drop and st.fighters[1].life == 10


@pytest.mark.clause("BF-9.1")
def test_bf_9_1_no_penetrate_damage_if_center_survives(kit):
    st = attack_pos(kit, {"field": {"left": "spear-tusk-dragon"}},
                    {"life": 10, "field": {"center": "bone-crusher-titan"}})
    kit.do(st, "attack", attackers=["left"], target="center")
    kit.settle(st)
    assert kit.area(st, 1, "center") == "bone-crusher-titan" and st.fighters[1].life == 10


@pytest.mark.clause("BF-9.1")
def test_bf_9_1_no_penetrate_without_the_keyword(kit):
    st = attack_pos(kit, {"field": {"left": {"card": "twin-fang-dragon", "power": 6000}}},
                    {"life": 10, "field": {"center": "scrap-imp"}})
    kit.do(st, "attack", attackers=["left"], target="center")
    kit.settle(st)
    assert st.fighters[1].life == 10


@pytest.mark.clause("BF-9.1")
def test_bf_9_1_link_penetrate_counts_only_penetrate_participants(kit):
    st = attack_pos(kit, {"field": {"left": "spear-tusk-dragon", "right": {"card": "twin-fang-dragon",
                                                                             "critical": 3}}},
                    {"life": 10, "field": {"center": "gravel-golem"}})
    golem = kit.uid(st, 1, "center")
    kit.do(st, "attack", attackers=["left", "right"], target="center")    # 10000 against 6000
    kit.settle(st)
    assert golem in st.fighters[1].drop
    assert st.fighters[1].life == 8                       # 2 from Spear Tusk; Twin Fang's 3 adds nothing


@pytest.mark.clause("BF-9.1")
def test_bf_9_1_link_penetrate_sums_penetrate_participants(kit):
    st = attack_pos(kit, {"field": {"left": "spear-tusk-dragon", "right": {"card": "spear-tusk-dragon",
                                                                             "critical": 3}}},
                    {"life": 10, "field": {"center": "gravel-golem"}})
    kit.do(st, "attack", attackers=["left", "right"], target="center")
    kit.settle(st)
    assert st.fighters[1].life == 10 - (2 + 3)


@pytest.mark.clause("BF-9.1")
def test_bf_9_1_soulguarded_center_is_not_destroyed_so_no_penetrate(kit):
    st = attack_pos(kit, {"field": {"left": {"card": "spear-tusk-dragon", "power": 9000}}},
                    {"life": 10, "field": {"center": {"card": "drum-bunker-dragon", "soul": 1}}})
    kit.do(st, "attack", attackers=["left"], target="center")
    kit.settle(st)
    assert kit.choice(st) == "soulguard" and st.current_player == 1
    kit.do(st, "soulguard", use=True)
    kit.settle(st)
    assert kit.area(st, 1, "center") == "drum-bunker-dragon" and st.fighters[1].life == 10


# ---------------------------------------------------------------------------------------------- BF-9.2
@pytest.mark.clause("BF-9.2")
def test_bf_9_2_soul_goes_to_drop_when_monster_is_destroyed(kit):
    st = attack_pos(kit, {"field": {"left": {"card": "spear-tusk-dragon", "power": 9000}}},
                    {"field": {"right": {"card": "drum-bunker-dragon", "soul": 3}}})
    db = kit.uid(st, 1, "right")
    souls = list(st.cards[db].soul)
    kit.do(st, "attack", attackers=["left"], target="right")
    kit.settle(st)
    kit.do(st, "soulguard", use=False)
    drop = st.fighters[1].drop
    assert db in drop and all(s in drop for s in souls)
    assert st.cards[db].soul == []


@pytest.mark.clause("BF-9.2")
def test_bf_9_2_soul_goes_to_drop_when_monster_returns_to_hand(kit):
    st = kit.scen(phase="main.actions", players=[
        {"hand": ["gale-recall"], "gauge": 1},
        {"field": {"left": {"card": "drum-bunker-dragon", "soul": 2}}}])
    db = kit.uid(st, 1, "left")
    souls = list(st.cards[db].soul)
    kit.do(st, "cast", name="gale-recall", target=db)
    kit.settle(st)
    kit.do(st, "soulguard", use=False)
    assert db in st.fighters[1].hand
    assert all(s in st.fighters[1].drop for s in souls)


@pytest.mark.clause("BF-9.2")
def test_bf_9_2_any_number_of_soul_cards_shown_as_a_count(kit):
    st = kit.scen(phase="main.actions", players=[{"field": {"center": {"card": "drum-bunker-dragon", "soul": 5}}},
                                                 {}])
    assert len(st.cards[kit.uid(st, 0, "center")].soul) == 5
    assert st.view(1)["players"][0]["field"]["center"]["soul"] == 5


@pytest.mark.clause("BF-9.2")
def test_bf_9_2_soul_spent_to_pay_a_cost(kit):
    st = kit.scen(phase="main.actions", players=[
        {"flag": "danger-world", "field": {"center": {"card": "bone-crusher-titan", "soul": 1}}},
        {"field": {"left": "blade-claw-raptor"}}])
    titan = kit.uid(st, 0, "center")
    kit.do(st, "act", name="bone-crusher-titan")
    kit.settle(st)
    assert st.cards[titan].soul == []
    assert kit.area(st, 1, "left") is None


# ---------------------------------------------------------------------------------------------- BF-9.3
@pytest.mark.clause("BF-9.3")
def test_bf_9_3_soulguard_keeps_the_monster(kit):
    st = attack_pos(kit, {"field": {"left": {"card": "spear-tusk-dragon", "power": 9000}}},
                    {"field": {"right": {"card": "drum-bunker-dragon", "soul": 2}}})
    db = kit.uid(st, 1, "right")
    kit.do(st, "attack", attackers=["left"], target="right")
    kit.settle(st)
    assert kit.choice(st) == "soulguard" and st.current_player == 1       # the owner decides
    kit.do(st, "soulguard", use=True)
    kit.settle(st)
    assert kit.uid(st, 1, "right") == db
    assert len(st.cards[db].soul) == 1 and len(st.fighters[1].drop) == 1   # exactly one soul card


@pytest.mark.clause("BF-9.3")
def test_bf_9_3_soulguard_is_optional(kit):
    st = attack_pos(kit, {"field": {"left": {"card": "spear-tusk-dragon", "power": 9000}}},
                    {"field": {"right": {"card": "drum-bunker-dragon", "soul": 2}}})
    db = kit.uid(st, 1, "right")
    kit.do(st, "attack", attackers=["left"], target="right")
    kit.settle(st)
    kit.do(st, "soulguard", use=False)
    assert db in st.fighters[1].drop


@pytest.mark.clause("BF-9.3")
def test_bf_9_3_no_soul_no_soulguard(kit):
    st = attack_pos(kit, {"field": {"left": {"card": "spear-tusk-dragon", "power": 9000}}},
                    {"field": {"right": "drum-bunker-dragon"}})
    db = kit.uid(st, 1, "right")
    kit.do(st, "attack", attackers=["left"], target="right")
    kit.settle(st)
    assert kit.choice(st) != "soulguard"
    assert db in st.fighters[1].drop


@pytest.mark.clause("BF-9.3")
def test_bf_9_3_each_use_costs_one_soul(kit):
    st = attack_pos(kit, {"field": {"left": {"card": "spear-tusk-dragon", "power": 9000},
                                    "right": {"card": "great-citadel-dragon"}}},
                    {"field": {"center": {"card": "drum-bunker-dragon", "soul": 2}}})
    db = kit.uid(st, 1, "center")
    for n, area in ((1, "left"), (0, "right")):
        kit.do(st, "attack", attackers=[area], target="center")
        kit.settle(st)
        kit.do(st, "soulguard", use=True)
        kit.settle(st)
        assert kit.uid(st, 1, "center") == db and len(st.cards[db].soul) == n


@pytest.mark.clause("BF-9.3")
def test_bf_9_3_soulguard_against_return_to_hand(kit):
    st = kit.scen(phase="main.actions", players=[
        {"hand": ["gale-recall"], "gauge": 1},
        {"field": {"left": {"card": "drum-bunker-dragon", "soul": 2}}}])
    db = kit.uid(st, 1, "left")
    kit.do(st, "cast", name="gale-recall", target=db)
    kit.settle(st)
    assert kit.choice(st) == "soulguard" and st.current_player == 1
    kit.do(st, "soulguard", use=True)
    kit.settle(st)
    assert kit.uid(st, 1, "left") == db and db not in st.fighters[1].hand
    assert len(st.cards[db].soul) == 1


@pytest.mark.clause("BF-9.3")
def test_bf_9_3_without_soulguard_return_to_hand(kit):
    st = kit.scen(phase="main.actions", players=[
        {"hand": ["gale-recall"], "gauge": 1},
        {"field": {"left": {"card": "twin-fang-dragon"}}}])
    tf = kit.uid(st, 1, "left")
    kit.do(st, "cast", name="gale-recall", target=tf)
    kit.settle(st)
    assert tf in st.fighters[1].hand


@pytest.mark.clause("BF-9.3")
def test_bf_9_3_soulguard_against_destruction_by_an_effect(kit):
    st = kit.scen(phase="main.actions", players=[
        {"hand": ["dragon-breath"], "gauge": 1},
        {"field": {"center": {"card": "drum-bunker-dragon", "soul": 1}}}])
    db = kit.uid(st, 1, "center")
    kit.do(st, "cast", name="dragon-breath", target=db)
    kit.settle(st)
    assert kit.choice(st) == "soulguard" and st.current_player == 1
    kit.do(st, "soulguard", use=True)
    kit.settle(st)
    assert kit.uid(st, 1, "center") == db and st.cards[db].soul == []


@pytest.mark.clause("BF-9.3")
def test_bf_9_3_soulguard_for_an_attacker_hit_by_counterattack(kit):
    st = attack_pos(kit, {"field": {"left": {"card": "drum-bunker-dragon", "soul": 1}}},
                    {"field": {"center": {"card": "bastion-wall-dragon", "power": 5000, "defense": 10000}}})
    db = kit.uid(st, 0, "left")
    kit.do(st, "attack", attackers=["left"], target="center")
    kit.settle(st)
    assert kit.choice(st) == "soulguard" and st.current_player == 0    # the attacker's owner decides
    kit.do(st, "soulguard", use=True)
    assert kit.uid(st, 0, "left") == db and st.cards[db].soul == []


# ---------------------------------------------------------------------------------------------- BF-9.4
@pytest.mark.clause("BF-9.4")
def test_bf_9_4_move_into_an_empty_area_at_attack_phase_start(kit):
    st = kit.scen(phase="main.actions", players=[
        {"field": {"left": "wind-step-dragon", "center": "twin-fang-dragon"}}, {}])
    ws = kit.uid(st, 0, "left")
    kit.do(st, "end_main")
    assert st.phase == "attack.move"
    dests = {a.args["to"] for a in st.legal_actions() if a.kind == "move"}
    assert dests == {"right"}                                  # the center is occupied
    kit.refused(st, kit.act(st, "move", card=ws, name="wind-step-dragon", **{"from": "left", "to": "center"}),
                "BF-9.4")
    kit.do(st, "move", card=ws, to="right")
    assert kit.uid(st, 0, "right") == ws and kit.uid(st, 0, "left") is None


@pytest.mark.clause("BF-9.4")
def test_bf_9_4_move_at_start_of_opponents_attack_phase(kit):
    st = kit.scen(phase="main.actions", turn_player=0, players=[
        {"field": {"left": "twin-fang-dragon"}}, {"field": {"center": "shadow-runner"}}])
    sr = kit.uid(st, 1, "center")
    kit.do(st, "end_main")
    assert kit.choice(st) == "move" and st.current_player == 1
    kit.do(st, "move", card=sr, to="left")
    kit.passes(st)
    assert kit.uid(st, 1, "left") == sr and kit.uid(st, 1, "center") is None
    assert st.phase == "attack.declare"
    # Its center now empty, seat 1 can be attacked directly.
    assert kit.find(st, "attack", target="fighter") is not None


@pytest.mark.clause("BF-9.4")
def test_bf_9_4_no_move_at_other_times(kit):
    st = kit.scen(phase="attack.declare", players=[{"field": {"left": "wind-step-dragon"}}, {}])
    ws = kit.uid(st, 0, "left")
    assert "move" not in kit.kinds(st)
    # BF-6.1 (the move window) is also a fair citation for "not now".
    kit.refused(st, kit.act(st, "move", card=ws, name="wind-step-dragon", **{"from": "left", "to": "center"}),
                ("BF-9.4", "BF-5.11", "BF-6.1"))


# ---------------------------------------------------------------------------------------------- BF-9.5
@pytest.mark.clause("BF-9.5")
def test_bf_9_5_double_attack_stands_and_attacks_again(kit):
    st = attack_pos(kit, {"field": {"left": "twin-fang-dragon"}},
                    {"life": 10, "field": {"left": "scrap-imp", "right": "shadow-runner"}})
    tf = kit.uid(st, 0, "left")
    imp, sr = kit.uid(st, 1, "left"), kit.uid(st, 1, "right")
    kit.do(st, "attack", attackers=["left"], target="left")
    kit.settle(st)
    assert imp in st.fighters[1].drop
    assert st.cards[tf].rested is False                          # stood again
    kit.do(st, "attack", attackers=["left"], target="right")     # compared on its own
    kit.settle(st)
    assert sr in st.fighters[1].drop
    assert st.cards[tf].rested is True
    assert not any("left" in a.args.get("attackers", []) for a in st.legal_actions())   # only twice


@pytest.mark.clause("BF-9.5")
def test_bf_9_5_each_attack_compared_separately(kit):
    st = attack_pos(kit, {"field": {"left": "twin-fang-dragon"}},
                    {"life": 10, "field": {"left": "gravel-golem", "right": "scrap-imp"}})
    golem, imp = kit.uid(st, 1, "left"), kit.uid(st, 1, "right")
    kit.do(st, "attack", attackers=["left"], target="left")      # 4000 against 6000: fails
    kit.settle(st)
    assert kit.uid(st, 1, "left") == golem
    kit.do(st, "attack", attackers=["left"], target="right")     # 4000 against 1000
    kit.settle(st)
    assert imp in st.fighters[1].drop and kit.uid(st, 1, "left") == golem


@pytest.mark.clause("BF-9.5")
def test_bf_9_5_no_double_attack_without_the_keyword(kit):
    st = attack_pos(kit, {"field": {"left": "wind-step-dragon"}}, {"life": 10})
    kit.do(st, "attack", attackers=["left"], target="fighter")
    kit.settle(st)
    assert st.cards[kit.uid(st, 0, "left")].rested is True


# ---------------------------------------------------------------------------------------------- BF-9.6
@pytest.mark.clause("BF-9.6")
def test_bf_9_6_counterattack_destroys_attacker(kit):
    st = attack_pos(kit, {"field": {"left": "twin-fang-dragon"}}, {"field": {"center": "iron-tusk-boar"}})
    tf, boar = kit.uid(st, 0, "left"), kit.uid(st, 1, "center")
    kit.do(st, "attack", attackers=["left"], target="center")    # 4000 against 3000: boar destroyed
    kit.settle(st)
    assert boar in st.fighters[1].drop and kit.uid(st, 0, "left") == tf     # destroyed: no counterattack
    st = attack_pos(kit, {"field": {"left": "wind-step-dragon"}}, {"field": {"center": "iron-tusk-boar"}})
    ws = kit.uid(st, 0, "left")
    kit.do(st, "attack", attackers=["left"], target="center")    # 3000 against 3000: destroyed too
    kit.settle(st)
    assert kit.uid(st, 0, "left") == ws
    st = attack_pos(kit, {"field": {"left": "twin-fang-dragon"}}, {"field": {"center": "bastion-wall-dragon"}})
    tf, bw = kit.uid(st, 0, "left"), kit.uid(st, 1, "center")
    kit.do(st, "attack", attackers=["left"], target="center")    # 4000 against 5000: survives
    kit.settle(st)
    assert kit.uid(st, 1, "center") == bw
    assert tf in st.fighters[0].drop                             # its 2000 reaches Twin Fang's 2000 defense


@pytest.mark.clause("BF-9.6")
def test_bf_9_6_counterattack_needs_enough_power(kit):
    st = attack_pos(kit, {"field": {"left": "dragon-oracle"}}, {"field": {"center": "bastion-wall-dragon"}})
    oracle = kit.uid(st, 0, "left")
    kit.do(st, "attack", attackers=["left"], target="center")    # 2000 power < 3000 defense
    kit.settle(st)
    assert kit.uid(st, 0, "left") == oracle


@pytest.mark.clause("BF-9.6")
def test_bf_9_6_counterattack_after_soulguard(kit):
    st = attack_pos(kit, {"field": {"left": "great-citadel-dragon"}},
                    {"flag": "dragon-world", "hand": ["dragoenergy"],
                     "field": {"center": {"card": "drum-bunker-dragon", "soul": 1}}})
    gc, db = kit.uid(st, 0, "left"), kit.uid(st, 1, "center")
    kit.do(st, "attack", attackers=["left"], target="center")
    kit.do(st, "cast", name="dragoenergy", target=db)            # 8000 / 8000 with [Counterattack]
    kit.settle(st)
    assert kit.choice(st) == "soulguard"                         # 10000 >= 8000
    kit.do(st, "soulguard", use=True)
    kit.settle(st)
    assert kit.uid(st, 1, "center") == db
    assert gc in st.fighters[0].drop                             # 8000 reaches its 8000 defense


@pytest.mark.clause("BF-9.6")
def test_bf_9_6_link_defender_picks_one(kit):
    st = attack_pos(kit, {"field": {"left": "twin-fang-dragon", "right": "wind-step-dragon"}},
                    {"field": {"center": {"card": "bastion-wall-dragon", "defense": 10000}}})
    tf, ws = kit.uid(st, 0, "left"), kit.uid(st, 0, "right")
    kit.do(st, "attack", attackers=["left", "right"], target="center")
    kit.settle(st)
    assert kit.choice(st) == "counterattack" and st.current_player == 1
    assert {a.args["card"] for a in st.legal_actions()} == {tf, ws}
    kit.do(st, "counterattack", card=ws)
    assert ws in st.fighters[0].drop and kit.uid(st, 0, "left") == tf


@pytest.mark.clause("BF-9.6")
def test_bf_9_6_never_an_item(kit):
    st = attack_pos(kit, {"item": "flare-edge-blade"}, {"field": {"center": "bastion-wall-dragon"}})
    blade = kit.uid(st, 0, "item")
    kit.do(st, "attack", attackers=["item"], target="center")    # 4000 against 5000
    kit.settle(st)
    assert kit.uid(st, 0, "item") == blade and blade not in st.fighters[0].drop
    st = attack_pos(kit, {"field": {"left": "wind-step-dragon"}, "item": "flare-edge-blade"},
                    {"field": {"center": {"card": "bastion-wall-dragon", "defense": 10000}}})
    blade, ws = kit.uid(st, 0, "item"), kit.uid(st, 0, "left")
    kit.do(st, "attack", attackers=["left", "item"], target="center")
    kit.settle(st)
    if kit.choice(st) == "counterattack":
        assert blade not in {a.args["card"] for a in st.legal_actions()}
        kit.do(st, "counterattack", card=ws)
    assert ws in st.fighters[0].drop and kit.uid(st, 0, "item") == blade


# ---------------------------------------------------------------------------------------------- BF-9.7
@pytest.mark.clause("BF-9.7")
def test_bf_9_7_counter_spell_in_own_attack_phase(kit):
    st = attack_pos(kit, {"field": {"left": "drum-bunker-dragon"}, "hand": ["dragoenergy"]},
                    {"field": {"center": "gravel-golem"}, "gauge": 0})
    golem = kit.uid(st, 1, "center")
    kit.do(st, "attack", attackers=["left"], target="center")
    assert st.current_player == 0 and kit.choice(st) == "window"
    kit.do(st, "cast", name="dragoenergy", target=kit.uid(st, 0, "left"))
    kit.settle(st)
    assert golem in st.fighters[1].drop                          # 8000 against 6000


@pytest.mark.clause("BF-9.7")
def test_bf_9_7_counter_act_in_opponents_turn(kit):
    st = attack_pos(kit, {"field": {"left": {"card": "great-citadel-dragon", "power": 8000}}},
                    {"gauge": 1, "field": {"center": "gravel-golem"}})
    golem = kit.uid(st, 1, "center")
    kit.do(st, "attack", attackers=["left"], target="center")
    assert st.current_player == 1 and kit.find(st, "act", name="gravel-golem") is not None
    kit.do(st, "act", name="gravel-golem")
    kit.settle(st)
    assert kit.uid(st, 1, "center") == golem                     # 8000 against 9000


@pytest.mark.clause("BF-9.7")
def test_bf_9_7_counter_spell_in_own_final_phase(kit):
    st = kit.scen(phase="final.impacts", players=[{"hand": ["dragon-breath"], "gauge": 1},
                                                  {"field": {"left": "scrap-imp"}}])
    imp = kit.uid(st, 1, "left")
    kit.do(st, "cast", name="dragon-breath", target=imp)
    kit.settle(st)
    assert imp in st.fighters[1].drop and st.phase == "final.impacts"


@pytest.mark.clause("BF-9.7")
def test_bf_9_7_without_counter_only_own_main_phase(kit):
    st = kit.scen(phase="final.impacts", players=[{"hand": ["dragon-strike"], "gauge": 1},
                                                  {"field": {"left": "scrap-imp"}}])
    assert kit.find(st, "cast", name="dragon-strike") is None
    st = kit.scen(phase="main.actions", players=[{"hand": ["dragon-strike"], "gauge": 1},
                                                 {"field": {"left": "scrap-imp"}}])
    assert kit.find(st, "cast", name="dragon-strike") is not None
