"""Rule clauses BF-6.x (attack phase), BF-7.x (counters and the chain), BF-8.x (final phase, end of turn)."""
from __future__ import annotations

import pytest


def attack_pos(kit, p0=None, p1=None, **spec):
    spec.setdefault("turn", 2)
    return kit.scen(phase="attack.declare", turn_player=0, players=[p0 or {}, p1 or {}], **spec)


def battle_events(st, kind="battle"):
    return [e for e in st.log if e.kind == kind]


# ---------------------------------------------------------------------------------------------- BF-6.1
@pytest.mark.clause("BF-6.1")
def test_bf_6_1_move_window_turn_player_first_then_opponent(kit):
    st = kit.scen(phase="main.actions", turn_player=0, players=[
        {"field": {"left": "wind-step-dragon"}}, {"field": {"left": "shadow-runner"}}])
    kit.do(st, "end_main")
    assert st.phase == "attack.move"
    assert kit.choice(st) == "move" and st.current_player == 0
    assert {a.args["card"] for a in st.legal_actions() if a.kind == "move"} == {kit.uid(st, 0, "left")}
    kit.do(st, "move", to="center")
    assert kit.area(st, 0, "center") == "wind-step-dragon"
    # Then the opponent moves.
    assert kit.choice(st) == "move" and st.current_player == 1
    kit.do(st, "move", to="right")
    assert kit.area(st, 1, "right") == "shadow-runner" and kit.area(st, 1, "left") is None
    kit.passes(st)
    # After that the turn player declares attacks.
    assert st.phase == "attack.declare" and st.current_player == 0 and kit.choice(st) is None
    moves = [e for e in st.log if e.kind == "move"]
    assert [m.text.split()[0] for m in moves] == ["Wind", "Shadow"]


@pytest.mark.clause("BF-6.1")
def test_bf_6_1_no_move_window_without_move_monsters(kit):
    st = kit.scen(phase="main.actions", turn_player=0, players=[{"field": {"left": "twin-fang-dragon"}}, {}])
    kit.do(st, "end_main")
    kit.passes(st)
    assert st.phase == "attack.declare" and st.current_player == 0


# ---------------------------------------------------------------------------------------------- BF-6.2
@pytest.mark.clause("BF-6.2")
def test_bf_6_2_attack_rests_the_attacker(kit):
    st = attack_pos(kit, {"field": {"left": "wind-step-dragon", "right": "full-armor-shortsword-dragon"}})
    kit.do(st, "attack", attackers=["right"], target="fighter")
    assert st.cards[kit.uid(st, 0, "right")].rested is True
    assert st.cards[kit.uid(st, 0, "left")].rested is False


@pytest.mark.clause("BF-6.2")
def test_bf_6_2_rested_card_cannot_attack(kit):
    st = attack_pos(kit, {"field": {"left": {"card": "wind-step-dragon", "rested": True}, "right": "ember-drake-pup"}})
    assert not any("left" in a.args.get("attackers", []) for a in st.legal_actions())
    kit.refused(st, kit.act(st, "attack", attackers=["left"], target="fighter"), "BF-6.2")


@pytest.mark.clause("BF-6.2")
def test_bf_6_2_item_attacks_only_with_empty_center(kit):
    st = attack_pos(kit, {"field": {"center": "ember-drake-pup"}, "item": "flare-edge-blade"})
    assert not any("item" in a.args.get("attackers", []) for a in st.legal_actions())
    kit.refused(st, kit.act(st, "attack", attackers=["item"], target="fighter"), "BF-6.2")
    st = attack_pos(kit, {"field": {"left": "ember-drake-pup"}, "item": "flare-edge-blade"}, {"life": 10})
    kit.do(st, "attack", attackers=["item"], target="fighter")
    kit.settle(st)
    assert st.cards[kit.uid(st, 0, "item")].rested is True
    assert st.fighters[1].life == 8                         # Flare Edge Blade: critical 2


@pytest.mark.clause("BF-6.2")
@pytest.mark.parametrize("area", ["left", "center", "right"])
def test_bf_6_2_monster_in_any_area_may_attack(kit, area):
    st = attack_pos(kit, {"field": {area: "full-armor-shortsword-dragon"}}, {"life": 10})
    kit.do(st, "attack", attackers=[area], target="fighter")
    kit.settle(st)
    assert st.fighters[1].life == 9


# ---------------------------------------------------------------------------------------------- BF-6.3
def first_turn(kit, **options):
    return kit.scen(phase="attack.declare", turn=1, turn_player=0, options=options or None, players=[
        {"field": {"left": "wind-step-dragon", "right": "full-armor-shortsword-dragon"}}, {"life": 10}])


@pytest.mark.clause("BF-6.3")
def test_bf_6_3_first_turn_single_attack(kit):
    st = first_turn(kit)
    kit.do(st, "attack", attackers=["left"], target="fighter")
    kit.settle(st)
    assert st.fighters[1].life == 8
    assert "attack" not in kit.kinds(st)
    assert st.phase == "final.impacts"
    kit.refused(st, kit.act(st, "attack", attackers=["right"], target="fighter"), "BF-6.3")


@pytest.mark.clause("BF-6.3")
def test_bf_6_3_link_attack_counts_as_the_one_attack(kit):
    st = first_turn(kit)
    assert st.options["first_turn_link_attack"] is True             # allowed by default
    assert kit.find(st, "attack", attackers=["left", "right"], target="fighter") is not None
    kit.do(st, "attack", attackers=["left", "right"], target="fighter")
    kit.settle(st)
    assert st.fighters[1].life == 7
    assert "attack" not in kit.kinds(st)


@pytest.mark.clause("BF-6.3")
def test_bf_6_3_option_forbids_first_turn_link_attack(kit):
    st = first_turn(kit, first_turn_link_attack=False)
    assert not any(len(a.args.get("attackers", [])) > 1 for a in st.legal_actions())
    assert kit.find(st, "attack", attackers=["left"], target="fighter") is not None
    kit.refused(st, kit.act(st, "attack", attackers=["left", "right"], target="fighter"), "BF-6.3")


@pytest.mark.clause("BF-6.3")
def test_bf_6_3_later_turns_attack_more_than_once(kit):
    st = kit.scen(phase="attack.declare", turn=2, turn_player=0, options={"first_turn_link_attack": False}, players=[
        {"field": {"left": "wind-step-dragon", "right": "full-armor-shortsword-dragon"}}, {"life": 10}])
    assert kit.find(st, "attack", attackers=["left", "right"], target="fighter") is not None
    kit.do(st, "attack", attackers=["left"], target="fighter")
    kit.settle(st)
    kit.do(st, "attack", attackers=["right"], target="fighter")
    kit.settle(st)
    assert st.fighters[1].life == 7


# ---------------------------------------------------------------------------------------------- BF-6.4
@pytest.mark.clause("BF-6.4")
def test_bf_6_4_link_attack_power_is_the_sum(kit):
    st = attack_pos(kit, {"field": {"left": "full-armor-shortsword-dragon", "right": "wind-step-dragon"}},
                    {"field": {"center": "gravel-golem"}})                 # defense 6000
    golem = kit.uid(st, 1, "center")
    kit.do(st, "attack", attackers=["left", "right"], target="center")
    assert st.cards[kit.uid(st, 0, "left")].rested and st.cards[kit.uid(st, 0, "right")].rested
    kit.settle(st)
    assert battle_events(st)[-1].data["power"] == 6000
    assert golem in st.fighters[1].drop


@pytest.mark.clause("BF-6.4")
def test_bf_6_4_single_attackers_would_not_be_enough(kit):
    st = attack_pos(kit, {"field": {"left": "full-armor-shortsword-dragon", "right": "wind-step-dragon"}},
                    {"field": {"center": "gravel-golem"}})
    golem = kit.uid(st, 1, "center")
    kit.do(st, "attack", attackers=["left"], target="center")
    kit.settle(st)
    assert kit.uid(st, 1, "center") == golem


@pytest.mark.clause("BF-6.4")
def test_bf_6_4_item_joins_a_link_attack(kit):
    st = attack_pos(kit, {"field": {"left": "wind-step-dragon"}, "item": "flare-edge-blade"},
                    {"field": {"center": "gravel-golem"}})
    golem = kit.uid(st, 1, "center")
    kit.do(st, "attack", attackers=["left", "item"], target="center")
    kit.settle(st)
    assert battle_events(st)[-1].data["power"] == 7000
    assert golem in st.fighters[1].drop
    assert st.cards[kit.uid(st, 0, "item")].rested is True


@pytest.mark.clause("BF-6.4")
def test_bf_6_4_each_participant_must_be_able_to_attack(kit):
    st = attack_pos(kit, {"field": {"center": "wind-step-dragon", "left": {"card": "twin-fang-dragon",
                                                                            "rested": True}},
                          "item": "flare-edge-blade"}, {"field": {"center": "gravel-golem"}})
    assert not any(len(a.args.get("attackers", [])) > 1 for a in st.legal_actions())
    kit.refused(st, kit.act(st, "attack", attackers=["center", "item"], target="center"), ("BF-6.4", "BF-6.2"))
    kit.refused(st, kit.act(st, "attack", attackers=["center", "left"], target="center"), ("BF-6.4", "BF-6.2"))


# ---------------------------------------------------------------------------------------------- BF-6.5
@pytest.mark.clause("BF-6.5")
def test_bf_6_5_any_monster_any_area(kit):
    st = attack_pos(kit, {"field": {"left": "wind-step-dragon"}},
                    {"field": {"center": "warcry-shaman", "right": "scrap-imp"}})
    targets = {a.args["target"] for a in st.legal_actions() if a.kind == "attack"}
    assert targets == {"center", "right"}
    imp = kit.uid(st, 1, "right")
    kit.do(st, "attack", attackers=["left"], target="right")
    kit.settle(st)
    assert imp in st.fighters[1].drop


@pytest.mark.clause("BF-6.5")
def test_bf_6_5_fighter_only_with_empty_center(kit):
    st = attack_pos(kit, {"field": {"left": "wind-step-dragon"}}, {"field": {"center": "warcry-shaman"}})
    assert not any(a.args.get("target") == "fighter" for a in st.legal_actions())
    kit.refused(st, kit.act(st, "attack", attackers=["left"], target="fighter"), "BF-6.5")
    st = attack_pos(kit, {"field": {"left": "wind-step-dragon"}}, {"field": {"left": "warcry-shaman"}})
    assert kit.find(st, "attack", attackers=["left"], target="fighter") is not None


# ---------------------------------------------------------------------------------------------- BF-6.6
@pytest.mark.clause("BF-6.6")
def test_bf_6_6_defender_counters_first_then_attacker_then_result(kit):
    st = attack_pos(kit, {"field": {"center": "drum-bunker-dragon"}, "hand": ["dragoenergy"]},
                    {"field": {"center": "gravel-golem"}, "hand": ["battle-roar"]})
    golem = kit.uid(st, 1, "center")
    kit.do(st, "attack", attackers=["center"], target="center")
    assert st.phase == "attack.counter" and st.current_player == 1     # the defender first
    assert kit.find(st, "cast", name="battle-roar") is not None
    kit.do(st, "pass")
    assert st.current_player == 0 and st.phase == "attack.counter"     # then the attacker
    assert kit.find(st, "cast", name="dragoenergy") is not None
    assert not battle_events(st) and kit.uid(st, 1, "center") == golem  # no result yet
    kit.do(st, "pass")
    assert battle_events(st)                                            # now the result
    assert kit.uid(st, 1, "center") == golem                            # 5000 < 6000


@pytest.mark.clause("BF-6.6")
def test_bf_6_6_counters_change_the_result(kit):
    st = attack_pos(kit, {"field": {"center": "drum-bunker-dragon"}, "hand": ["dragoenergy"]},
                    {"field": {"center": "gravel-golem"}, "hand": ["battle-roar"]})
    golem = kit.uid(st, 1, "center")
    kit.do(st, "attack", attackers=["center"], target="center")
    assert st.current_player == 1 and kit.choice(st) == "window"
    kit.do(st, "cast", name="battle-roar")                 # golem 5000 / 8000
    assert st.current_player == 0 and kit.choice(st) == "respond"
    kit.do(st, "pass")                                     # let it resolve
    assert st.defense(golem) == 8000
    assert st.current_player == 1 and kit.choice(st) == "window"     # the defender's window goes on
    kit.do(st, "pass")
    assert st.current_player == 0 and kit.choice(st) == "window"     # now the attacker's window
    kit.do(st, "cast", name="dragoenergy")                 # drum bunker 8000 / 8000
    kit.settle(st)
    d = battle_events(st)[-1].data
    assert (d["power"], d["defense"]) == (8000, 8000)
    assert golem in st.fighters[1].drop


# ---------------------------------------------------------------------------------------------- BF-6.7
@pytest.mark.clause("BF-6.7")
@pytest.mark.parametrize("power,destroyed", [(4000, False), (4999, False), (5000, True), (6000, True)])
def test_bf_6_7_attack_equal_to_defense_destroys(kit, power, destroyed):
    st = attack_pos(kit, {"field": {"left": {"card": "full-armor-shortsword-dragon", "power": power}}},
                    {"field": {"right": {"card": "gravel-golem", "defense": 5000}}})
    golem = kit.uid(st, 1, "right")
    kit.do(st, "attack", attackers=["left"], target="right")
    kit.settle(st)
    assert (golem in st.fighters[1].drop) is destroyed
    assert (kit.uid(st, 1, "right") == golem) is (not destroyed)


# ---------------------------------------------------------------------------------------------- BF-6.8
@pytest.mark.clause("BF-6.8")
def test_bf_6_8_attacker_is_not_destroyed_by_the_result(kit):
    st = attack_pos(kit, {"field": {"left": "ember-drake-pup"}}, {"field": {"center": "bone-crusher-titan"}})
    pup = kit.uid(st, 0, "left")
    kit.do(st, "attack", attackers=["left"], target="center")
    kit.settle(st)
    assert kit.uid(st, 0, "left") == pup and st.cards[pup].rested
    assert not any(e.kind == "destroy" for e in st.log)


# ---------------------------------------------------------------------------------------------- BF-6.9
@pytest.mark.clause("BF-6.9")
@pytest.mark.parametrize("crit", [1, 2, 4])
def test_bf_6_9_damage_equals_critical(kit, crit):
    st = attack_pos(kit, {"field": {"left": {"card": "spear-tusk-dragon", "critical": crit}}}, {"life": 10})
    kit.do(st, "attack", attackers=["left"], target="fighter")
    kit.settle(st)
    assert st.fighters[1].life == 10 - crit


@pytest.mark.clause("BF-6.9")
def test_bf_6_9_link_damage_is_the_sum_by_default(kit):
    st = attack_pos(kit, {"field": {"left": "spear-tusk-dragon", "right": "twin-fang-dragon"},
                          "item": "flare-edge-blade"}, {"life": 10})
    kit.do(st, "attack", attackers=["left", "right", "item"], target="fighter")
    kit.settle(st)
    assert st.fighters[1].life == 10 - (2 + 1 + 2)


@pytest.mark.clause("BF-6.9")
@pytest.mark.parametrize("pick,dmg", [("left", 2), ("right", 1)])
def test_bf_6_9_link_critical_one_attacker_picks(kit, pick, dmg):
    st = attack_pos(kit, {"field": {"left": "spear-tusk-dragon", "right": "twin-fang-dragon"}}, {"life": 10},
                    options={"link_critical": "one"})
    kit.do(st, "attack", attackers=["left", "right"], target="fighter")
    kit.settle(st)
    assert kit.choice(st) == "link_critical" and st.current_player == 0
    kit.do(st, "link_critical", card=kit.uid(st, 0, pick))
    assert st.fighters[1].life == 10 - dmg


# ---------------------------------------------------------------------------------------------- BF-6.10
@pytest.mark.clause("BF-6.10")
def test_bf_6_10_link_goes_on_with_the_rest(kit):
    st = attack_pos(kit, {"field": {"left": "twin-fang-dragon", "right": "wind-step-dragon"}},
                    {"field": {"center": "gravel-golem"}, "hand": ["ambush-net"], "gauge": 1})
    golem, ws = kit.uid(st, 1, "center"), kit.uid(st, 0, "right")
    kit.do(st, "attack", attackers=["left", "right"], target="center")      # 7000 against 6000
    assert st.current_player == 1
    kit.do(st, "cast", name="ambush-net", target=ws)
    kit.settle(st)
    assert ws in st.fighters[0].drop
    assert battle_events(st)[-1].data["power"] == 4000                     # only Twin Fang is left
    assert kit.uid(st, 1, "center") == golem


@pytest.mark.clause("BF-6.10")
def test_bf_6_10_no_attacker_left_no_result(kit):
    st = attack_pos(kit, {"field": {"right": "wind-step-dragon"}},
                    {"life": 10, "hand": ["ambush-net"], "gauge": 1})
    ws = kit.uid(st, 0, "right")
    kit.do(st, "attack", attackers=["right"], target="fighter")
    kit.do(st, "cast", name="ambush-net", target=ws)
    kit.settle(st)
    assert st.fighters[1].life == 10
    assert not battle_events(st) and not battle_events(st, "damage")
    assert st.phase == "attack.declare" and st.current_player == 0


# ---------------------------------------------------------------------------------------------- BF-6.11
@pytest.mark.clause("BF-6.11")
def test_bf_6_11_nullified_attack_on_fighter_deals_no_damage(kit):
    st = attack_pos(kit, {"field": {"left": "spear-tusk-dragon"}},
                    {"flag": "dragon-world", "life": 5, "hand": ["green-dragon-shield"]})
    kit.do(st, "attack", attackers=["left"], target="fighter")
    kit.do(st, "cast", name="green-dragon-shield")
    kit.settle(st)
    assert st.fighters[1].life == 6                   # +1 from the shield, no damage
    assert not battle_events(st, "damage")
    assert st.cards[kit.uid(st, 0, "left")].rested is True


@pytest.mark.clause("BF-6.11")
def test_bf_6_11_nullified_attack_on_monster_destroys_nothing(kit):
    st = attack_pos(kit, {"field": {"left": "spear-tusk-dragon"}},
                    {"flag": "dragon-world", "life": 5, "hand": ["battle-aura-circle"], "gauge": 1,
                     "field": {"center": "ember-drake-pup"}})
    pup = kit.uid(st, 1, "center")
    kit.do(st, "attack", attackers=["left"], target="center")
    kit.do(st, "cast", name="battle-aura-circle")
    kit.settle(st)
    assert kit.uid(st, 1, "center") == pup
    assert st.fighters[1].life == 5                   # no [Penetrate] damage either
    assert not battle_events(st)
    assert st.cards[kit.uid(st, 0, "left")].rested is True


# ---------------------------------------------------------------------------------------------- BF-6.12
@pytest.mark.clause("BF-6.12")
def test_bf_6_12_end_attack_goes_to_final_phase(kit):
    st = attack_pos(kit, {"field": {"left": "wind-step-dragon"}})
    kit.do(st, "end_attack")
    assert st.phase == "final.impacts" and st.current_player == 0
    assert "attack" not in kit.kinds(st)
    kit.refused(st, kit.act(st, "attack", attackers=["left"], target="fighter"), ("BF-6.12", "BF-6.2"))


@pytest.mark.clause("BF-6.12")
def test_bf_6_12_attacks_go_on_while_cards_can_attack(kit):
    st = attack_pos(kit, {"field": {"left": "wind-step-dragon", "right": "ember-drake-pup"}}, {"life": 10})
    kit.do(st, "attack", attackers=["left"], target="fighter")
    kit.settle(st)
    assert st.phase == "attack.declare" and kit.find(st, "attack", attackers=["right"]) is not None
    kit.do(st, "attack", attackers=["right"], target="fighter")
    kit.settle(st)
    assert st.phase == "attack.declare"
    assert {a.kind for a in st.legal_actions()} == {"end_attack"}


# ---------------------------------------------------------------------------------------------- BF-6.13
@pytest.mark.clause("BF-6.13")
def test_bf_6_13_target_gone_attack_ends_without_result(kit):
    # The attacker destroys the attacked center monster in its own counter window: nothing to compare,
    # no damage to the fighter, not even through [Penetrate].
    st = attack_pos(kit, {"field": {"left": "spear-tusk-dragon"}, "hand": ["dragon-breath"], "gauge": 1},
                    {"life": 10, "field": {"center": "scrap-imp"}})
    imp = kit.uid(st, 1, "center")
    kit.do(st, "attack", attackers=["left"], target="center")
    assert st.current_player == 0 and kit.choice(st) == "window"
    kit.do(st, "cast", name="dragon-breath", target=imp)
    kit.settle(st)
    assert imp in st.fighters[1].drop
    assert st.fighters[1].life == 10
    assert not battle_events(st) and not battle_events(st, "damage")
    assert st.phase == "attack.declare" and st.current_player == 0


# ---------------------------------------------------------------------------------------------- BF-6.14
@pytest.mark.clause("BF-6.14")
def test_bf_6_14_for_this_battle_effects_end_with_the_attack(kit):
    st = attack_pos(kit, {"field": {"left": "wind-step-dragon", "right": "ember-drake-pup"}},
                    {"flag": "dragon-world", "hand": ["dragoenergy"],
                     "field": {"center": "full-armor-shortsword-dragon"}})
    sword, ws, pup = kit.uid(st, 1, "center"), kit.uid(st, 0, "left"), kit.uid(st, 0, "right")
    kit.do(st, "attack", attackers=["left"], target="center")
    kit.do(st, "cast", name="dragoenergy", target=sword)
    kit.settle(st)
    assert ws in st.fighters[0].drop                              # counterattacked in that battle
    # The battle is over: the bonus and the granted [Counterattack] are gone.
    assert st.power(sword) == 3000 and st.defense(sword) == 2000
    assert not st.has_kw(sword, "counterattack")
    kit.do(st, "attack", attackers=["right"], target="center")    # 1000 against 2000
    kit.settle(st)
    assert kit.uid(st, 0, "right") == pup                         # no counterattack this time
    assert st.cards[pup].rested is True                           # the attacker stays rested


@pytest.mark.clause("BF-6.14")
def test_bf_6_14_attackers_stay_rested_after_the_attack(kit):
    st = attack_pos(kit, {"field": {"left": "wind-step-dragon", "right": "spear-tusk-dragon"}}, {"life": 10})
    kit.do(st, "attack", attackers=["left", "right"], target="fighter")
    kit.settle(st)
    assert st.phase == "attack.declare"
    assert st.cards[kit.uid(st, 0, "left")].rested and st.cards[kit.uid(st, 0, "right")].rested


# ---------------------------------------------------------------------------------------------- BF-7.1
@pytest.mark.clause("BF-7.1")
def test_bf_7_1_only_counters_in_the_opponents_turn(kit):
    st = attack_pos(kit, {"field": {"left": "spear-tusk-dragon"}},
                    {"hand": ["card-of-plenty", "battle-roar", "war-drums"], "gauge": 2,
                     "field": {"center": "gravel-golem"}})
    kit.do(st, "attack", attackers=["left"], target="center")
    assert st.current_player == 1
    names = {a.args.get("name") for a in st.legal_actions()}
    assert "battle-roar" in names and not names & {"card-of-plenty", "war-drums"}
    cop = kit.card_in_hand(st, 1, "card-of-plenty")
    kit.refused(st, kit.act(st, "cast", player=1, card=cop, name="card-of-plenty"), "BF-7.1")


@pytest.mark.clause("BF-7.1")
def test_bf_7_1_non_counter_act_not_in_opponents_turn(kit):
    # Seat 1 holds a playable [Counter] (Dragon Breath on the 4000-power attacker), so a window opens;
    # the plain [Act] of Flame Forge Dragon is still not usable in it.
    st = attack_pos(kit, {"field": {"left": "twin-fang-dragon"}},
                    {"flag": "dragon-world", "gauge": 2, "hand": ["dragon-breath"],
                     "field": {"center": "flame-forge-dragon"}})
    kit.do(st, "attack", attackers=["left"], target="center")
    assert st.current_player == 1 and kit.choice(st) == "window"
    assert kit.find(st, "cast", name="dragon-breath") is not None
    assert kit.find(st, "act") is None
    ff = kit.uid(st, 1, "center")
    kit.refused(st, kit.act(st, "act", player=1, card=ff, name="flame-forge-dragon", ability=0), "BF-7.1")


@pytest.mark.clause("BF-7.1")
def test_bf_7_1_non_counter_spell_not_in_own_final_phase(kit):
    st = kit.scen(phase="final.impacts", players=[{"hand": ["card-of-plenty", "dragon-breath"], "gauge": 2},
                                                  {"field": {"center": "scrap-imp"}}])
    names = {a.args.get("name") for a in st.legal_actions()}
    assert "dragon-breath" in names and "card-of-plenty" not in names
    cop = kit.card_in_hand(st, 0, "card-of-plenty")
    kit.refused(st, kit.act(st, "cast", card=cop, name="card-of-plenty"), "BF-7.1")


@pytest.mark.clause("BF-7.1")
def test_bf_7_1_counters_in_own_main_phase(kit):
    st = kit.scen(phase="main.actions", players=[{"hand": ["dragon-breath"], "gauge": 1},
                                                 {"field": {"center": "scrap-imp"}}])
    imp = kit.uid(st, 1, "center")
    kit.do(st, "cast", name="dragon-breath", target=imp)
    kit.settle(st)
    assert imp in st.fighters[1].drop


# ---------------------------------------------------------------------------------------------- BF-7.2
@pytest.mark.clause("BF-7.2")
def test_bf_7_2_window_after_attack_declared(kit):
    st = attack_pos(kit, {"field": {"left": "spear-tusk-dragon"}},
                    {"hand": ["battle-roar"], "field": {"center": "gravel-golem"}})
    kit.do(st, "attack", attackers=["left"], target="center")
    assert kit.choice(st) == "window" and st.current_player == 1 and st.phase == "attack.counter"


@pytest.mark.clause("BF-7.2")
def test_bf_7_2_window_when_an_impact_is_cast(kit):
    st = kit.scen(phase="final.impacts", players=[
        {"hand": ["blazing-fang-impact"], "gauge": 2, "field": {"left": "ember-drake-pup"}},
        {"flag": "dragon-world", "life": 10, "hand": ["dragon-breath"], "gauge": 1}])
    kit.do(st, "cast", name="blazing-fang-impact")
    assert st.current_player == 1 and kit.choice(st) == "respond" and st.phase == "final.counter"
    assert st.fighters[1].life == 10                        # not resolved yet
    kit.do(st, "pass")
    assert st.fighters[1].life == 7


@pytest.mark.clause("BF-7.2")
def test_bf_7_2_window_as_response_to_a_spell(kit):
    st = kit.scen(phase="main.actions", players=[
        {"hand": ["card-of-plenty"], "gauge": 1, "field": {"left": "ember-drake-pup"}},
        {"flag": "dragon-world", "hand": ["dragon-breath"], "gauge": 1}])
    kit.do(st, "cast", name="card-of-plenty")
    assert kit.choice(st) == "respond" and st.current_player == 1 and st.phase == "main.counter"


@pytest.mark.clause("BF-7.2")
def test_bf_7_2_window_for_the_opponent_at_end_of_main(kit):
    st = kit.scen(phase="main.actions", players=[
        {"field": {"left": "ember-drake-pup"}},
        {"flag": "dragon-world", "hand": ["dragon-breath"], "gauge": 1}])
    kit.do(st, "end_main")
    assert st.phase == "main.end" and st.current_player == 1 and kit.choice(st) == "window"
    pup = kit.uid(st, 0, "left")
    kit.do(st, "cast", name="dragon-breath", target=pup)
    kit.settle(st)
    assert pup in st.fighters[0].drop
    assert st.phase == "attack.declare" and st.current_player == 0


@pytest.mark.clause("BF-7.2")
def test_bf_7_2_no_counter_outside_the_windows(kit):
    st = kit.scen(phase="main.actions", players=[
        {"field": {"left": "ember-drake-pup"}},
        {"flag": "dragon-world", "hand": ["dragon-breath"], "gauge": 1}])
    assert st.current_player == 0
    db = kit.card_in_hand(st, 1, "dragon-breath")
    pup = kit.uid(st, 0, "left")
    kit.refused(st, kit.act(st, "cast", player=1, card=db, name="dragon-breath", target=pup, at="0:left"),
                ("BF-7.2", "BF-7.1"))


@pytest.mark.clause("BF-7.2")
def test_bf_7_2_own_counter_between_attacks_is_legal(kit):
    # In the turn player's own attack phase, between attacks (issue 13 point 1), a [Counter]
    # may be cast: Dragon Breath on the opponent's monster is listed next to the attacks.
    st = attack_pos(kit, {"hand": ["dragon-breath"], "gauge": 1, "field": {"left": "ember-drake-pup"}},
                    {"field": {"center": "scrap-imp"}})
    assert st.phase == "attack.declare" and not st.choices and st.current_player == 0
    imp = kit.uid(st, 1, "center")
    assert kit.find(st, "cast", name="dragon-breath", target=imp) is not None
    assert kit.find(st, "attack") is not None
    kit.do(st, "cast", name="dragon-breath", target=imp)
    kit.settle(st)
    assert imp in st.fighters[1].drop
    assert st.phase == "attack.declare" and st.current_player == 0
    assert kit.find(st, "attack") is not None


@pytest.mark.clause("BF-7.2")
def test_bf_7_2_own_counter_act_between_attacks_is_legal(kit):
    # The same for a [Counter] [Act] ability (Gravel Golem's +3000 defense).
    st = attack_pos(kit, {"flag": "danger-world", "gauge": 1, "field": {"left": "scrap-imp", "center": "gravel-golem"}},
                    {"field": {"center": "scrap-imp"}})
    golem = kit.uid(st, 0, "center")
    before = st.defense(golem)
    kit.do(st, "act", name="gravel-golem")
    kit.settle(st)
    assert st.defense(golem) == before + 3000 and st.phase == "attack.declare"


@pytest.mark.clause("BF-7.2")
def test_bf_7_2_own_non_counter_still_refused_between_attacks(kit):
    st = attack_pos(kit, {"hand": ["gale-recall"], "gauge": 1, "field": {"left": "ember-drake-pup"}},
                    {"field": {"center": "scrap-imp"}})
    gr = kit.card_in_hand(st, 0, "gale-recall")
    imp = kit.uid(st, 1, "center")
    kit.refused(st, kit.act(st, "cast", card=gr, name="gale-recall", target=imp, at="1:center"), "BF-7.1")


@pytest.mark.clause("BF-7.2")
def test_bf_7_2_window_as_response_to_an_act_ability(kit):
    st = kit.scen(phase="main.actions", players=[
        {"field": {"center": "flame-forge-dragon"}, "gauge": 1},
        {"flag": "dragon-world", "hand": ["dragon-breath"], "gauge": 1}])
    ff = kit.uid(st, 0, "center")
    kit.do(st, "act", name="flame-forge-dragon")
    assert kit.choice(st) == "respond" and st.current_player == 1
    assert st.power(ff) == 5000                                   # waits on the chain
    kit.do(st, "cast", name="dragon-breath", target=ff)           # newest first: destroyed before the buff
    kit.settle(st)
    assert ff in st.fighters[0].drop


# ---------------------------------------------------------------------------------------------- BF-7.3
@pytest.mark.clause("BF-7.3")
def test_bf_7_3_two_dragoenergy_one_counterattack(kit):
    st = attack_pos(kit, {"field": {"left": "twin-fang-dragon", "right": "wind-step-dragon"}},
                    {"flag": "dragon-world", "hand": ["dragoenergy", "dragoenergy"],
                     "field": {"center": "full-armor-shortsword-dragon"}})
    sword = kit.uid(st, 1, "center")
    tf, ws = kit.uid(st, 0, "left"), kit.uid(st, 0, "right")
    kit.do(st, "attack", attackers=["left", "right"], target="center")     # 7000
    assert st.current_player == 1 and kit.choice(st) == "window"
    kit.do(st, "cast", name="dragoenergy", target=sword)
    assert st.current_player == 1 and kit.choice(st) == "window"           # the window reopens
    kit.do(st, "cast", name="dragoenergy", target=sword)
    # [Counterattack] granted twice (9000 / 8000): it survives 7000 and counterattacks once.
    assert st.power(sword) == 9000 and st.defense(sword) == 8000
    assert kit.uid(st, 1, "center") == sword
    assert kit.choice(st) == "counterattack" and st.current_player == 1
    kit.do(st, "counterattack", card=ws)
    assert ws in st.fighters[0].drop and kit.uid(st, 0, "left") == tf     # once, not twice
    assert kit.choice(st) is None and st.phase == "attack.declare"
    assert sum(1 for e in st.log if e.kind == "counterattack") == 1


@pytest.mark.clause("BF-7.3")
def test_bf_7_3_penetrate_once_per_attack(kit):
    st = attack_pos(kit, {"field": {"left": "spear-tusk-dragon"}}, {"life": 10, "field": {"center": "scrap-imp"}})
    kit.do(st, "attack", attackers=["left"], target="center")
    kit.settle(st)
    assert st.fighters[1].life == 8
    assert len(battle_events(st, "damage")) == 1


# ---------------------------------------------------------------------------------------------- BF-7.4
@pytest.mark.clause("BF-7.4")
def test_bf_7_4_response_resolves_first_and_target_rechecked(kit):
    st = attack_pos(kit, {"field": {"center": "drum-bunker-dragon"}, "hand": ["dragoenergy"]},
                    {"flag": "dragon-world", "hand": ["dragon-breath"], "gauge": 1, "life": 10})
    db = kit.uid(st, 0, "center")
    kit.do(st, "attack", attackers=["center"], target="fighter")
    assert st.current_player == 1
    kit.do(st, "cast", name="dragon-breath", target=db)            # destroy a monster with power <= 5000
    assert kit.choice(st) == "respond" and st.current_player == 0
    kit.do(st, "cast", name="dragoenergy", target=db)               # answer: +3000 power first
    kit.settle(st)
    order = [(e.kind, e.data.get("card")) for e in st.log if e.kind in ("resolve", "fizzle")]
    assert order[0] == ("resolve", "dragoenergy")
    assert order[1][0] == "fizzle"                                  # 8000 > 5000: no longer a target
    assert kit.uid(st, 0, "center") == db
    assert {"dragoenergy"} <= set(kit.cids(st, 0, "drop")) and "dragon-breath" in kit.cids(st, 1, "drop")
    assert st.fighters[1].life == 10 - 3                            # the attack went on


@pytest.mark.clause("BF-7.4")
def test_bf_7_4_target_gone_does_nothing(kit):
    st = attack_pos(kit, {"field": {"left": "twin-fang-dragon"}},
                    {"flag": "dragon-world", "hand": ["dragon-breath", "dragon-breath"], "gauge": 2})
    tf = kit.uid(st, 0, "left")
    kit.do(st, "attack", attackers=["left"], target="fighter")
    kit.do(st, "cast", name="dragon-breath", target=tf)
    kit.pay(st)
    # The attacker has no counter: the chain resolves at once, newest first.
    kit.settle(st)
    assert tf in st.fighters[0].drop
    assert not battle_events(st, "damage")


@pytest.mark.clause("BF-7.4")
def test_bf_7_4_chain_newest_first(kit):
    st = kit.scen(phase="main.actions", players=[
        {"hand": ["card-of-plenty"], "gauge": 1, "deck": 10, "field": {"left": "ember-drake-pup"}},
        {"flag": "dragon-world", "hand": ["dragon-breath"], "gauge": 1}])
    pup = kit.uid(st, 0, "left")
    kit.do(st, "cast", name="card-of-plenty")
    kit.pay(st)
    assert st.current_player == 1 and kit.choice(st) == "respond"
    kit.do(st, "cast", name="dragon-breath", target=pup)
    kit.settle(st)
    res = [e.data.get("card") for e in st.log if e.kind == "resolve"]
    assert res == ["dragon-breath", "card-of-plenty"]
    assert pup in st.fighters[0].drop and len(st.fighters[0].hand) == 2


# ---------------------------------------------------------------------------------------------- BF-8.1
@pytest.mark.clause("BF-8.1")
def test_bf_8_1_impacts_in_final_phase(kit):
    st = kit.scen(phase="final.impacts", players=[{"hand": ["blazing-fang-impact", "blazing-fang-impact"],
                                                   "gauge": 4}, {"life": 10}])
    kit.do(st, "cast", name="blazing-fang-impact")
    kit.settle(st)
    assert st.fighters[1].life == 7 and len(st.fighters[0].gauge) == 2
    kit.do(st, "cast", name="blazing-fang-impact")                  # as many as they wish
    kit.settle(st)
    assert st.fighters[1].life == 4 and len(st.fighters[0].gauge) == 0
    assert st.phase == "final.impacts"


@pytest.mark.clause("BF-8.1")
@pytest.mark.parametrize("phase", ["main.actions", "attack.declare"])
def test_bf_8_1_impacts_not_at_other_times(kit, phase):
    st = kit.scen(phase=phase, players=[{"hand": ["blazing-fang-impact"], "gauge": 2}, {"life": 10}])
    assert kit.find(st, "cast", name="blazing-fang-impact") is None
    bfi = kit.card_in_hand(st, 0, "blazing-fang-impact")
    kit.refused(st, kit.act(st, "cast", card=bfi, name="blazing-fang-impact"), "BF-8.1")


@pytest.mark.clause("BF-8.1")
def test_bf_8_1_impacts_not_in_the_opponents_turn(kit):
    st = attack_pos(kit, {"field": {"left": "spear-tusk-dragon"}},
                    {"hand": ["danger-breaker", "battle-roar"], "gauge": 3, "field": {"center": "gravel-golem"}})
    kit.do(st, "attack", attackers=["left"], target="center")
    assert st.current_player == 1
    assert kit.find(st, "cast", name="danger-breaker") is None
    dbk = kit.card_in_hand(st, 1, "danger-breaker")
    kit.refused(st, kit.act(st, "cast", player=1, card=dbk, name="danger-breaker"), ("BF-8.1", "BF-7.1"))


# ---------------------------------------------------------------------------------------------- BF-8.2
@pytest.mark.clause("BF-8.2")
def test_bf_8_2_until_end_of_turn_effects_stop(kit):
    st = kit.scen(phase="main.actions", players=[{"field": {"center": "flame-forge-dragon"}, "gauge": 1}, {}])
    ff = kit.uid(st, 0, "center")
    kit.do(st, "act", name="flame-forge-dragon")
    kit.settle(st)
    assert st.power(ff) == 8000
    kit.do(st, "end_main")
    kit.settle(st)
    kit.do(st, "end_attack")
    assert st.power(ff) == 8000                          # still this turn
    turn = st.turn
    kit.do(st, "end_turn")
    assert st.power(ff) == 5000
    assert st.turn == turn + 1 and st.turn_player == 1 and st.phase == "start.charge"


@pytest.mark.clause("BF-8.2")
def test_bf_8_2_counter_buff_in_opponents_turn_ends_with_that_turn(kit):
    st = attack_pos(kit, {"field": {"left": {"card": "great-citadel-dragon", "power": 8000}}},
                    {"field": {"center": "gravel-golem"}, "gauge": 1})
    golem = kit.uid(st, 1, "center")
    kit.do(st, "attack", attackers=["left"], target="center")
    kit.do(st, "act", name="gravel-golem")
    kit.settle(st)
    assert kit.uid(st, 1, "center") == golem and st.defense(golem) == 9000
    kit.do(st, "end_attack")
    kit.do(st, "end_turn")
    assert st.defense(golem) == 6000
