"""Rule clauses BF-5.x: the main phase (call, equip, cast, set, [Act], buddy call, costs)."""
from __future__ import annotations

import pytest


def main(kit, p0=None, p1=None, **spec):
    return kit.scen(phase="main.actions", turn_player=0, players=[p0 or {}, p1 or {}], **spec)


# ---------------------------------------------------------------------------------------------- BF-5.1
@pytest.mark.clause("BF-5.1")
def test_bf_5_1_main_phase_actions_in_any_order_and_number(kit):
    st = main(kit, {"hand": ["twin-fang-dragon", "wind-step-dragon", "flare-edge-blade", "card-of-plenty"],
                    "field": {"center": "dragon-oracle"}, "gauge": 2, "life": 10, "deck": 20})
    assert {"call", "equip", "cast", "act", "end_main"} <= kit.kinds(st)
    kit.do(st, "cast", name="card-of-plenty")
    kit.settle(st)
    kit.do(st, "call", name="twin-fang-dragon", area="left")
    kit.settle(st)
    kit.do(st, "act", name="dragon-oracle")
    kit.settle(st)
    kit.do(st, "call", name="wind-step-dragon", area="right")
    kit.settle(st)
    kit.do(st, "equip", name="flare-edge-blade")
    kit.settle(st)
    assert st.phase == "main.actions" and st.current_player == 0
    assert kit.area(st, 0, "left") == "twin-fang-dragon" and kit.area(st, 0, "right") == "wind-step-dragon"
    assert kit.area(st, 0, "item") == "flare-edge-blade"
    assert st.fighters[0].life == 9 and len(st.fighters[0].gauge) == 1
    assert len(st.fighters[0].hand) == 2              # the two drawn by Card of Plenty


@pytest.mark.clause("BF-5.1")
def test_bf_5_1_main_actions_only_in_main_phase(kit):
    st = kit.scen(phase="attack.declare", players=[{"hand": ["twin-fang-dragon", "flare-edge-blade"], "gauge": 2},
                                                   {}])
    assert not {"call", "equip"} & kit.kinds(st)
    fang = kit.card_in_hand(st, 0, "twin-fang-dragon")
    kit.refused(st, kit.act(st, "call", card=fang, name="twin-fang-dragon", area="left"), "BF-5.1")
    blade = kit.card_in_hand(st, 0, "flare-edge-blade")
    kit.refused(st, kit.act(st, "equip", card=blade, name="flare-edge-blade"), "BF-5.1")


# ---------------------------------------------------------------------------------------------- BF-5.2
@pytest.mark.clause("BF-5.2")
@pytest.mark.parametrize("area", ["left", "center", "right"])
def test_bf_5_2_call_to_the_chosen_area(kit, area):
    st = main(kit, {"hand": ["twin-fang-dragon"]})
    listed = {a.args["area"] for a in st.legal_actions() if a.kind == "call"}
    assert listed == {"left", "center", "right"}
    uid = kit.card_in_hand(st, 0, "twin-fang-dragon")
    kit.do(st, "call", name="twin-fang-dragon", area=area)
    kit.settle(st)
    assert kit.uid(st, 0, area) == uid and uid not in st.fighters[0].hand
    assert [a for a in ("left", "center", "right") if kit.uid(st, 0, a) is not None] == [area]


@pytest.mark.clause("BF-5.2")
def test_bf_5_2_only_monster_areas_and_only_monsters(kit):
    st = main(kit, {"hand": ["twin-fang-dragon", "card-of-plenty"], "gauge": 1})
    fang = kit.card_in_hand(st, 0, "twin-fang-dragon")
    kit.refused(st, kit.act(st, "call", card=fang, name="twin-fang-dragon", area="item"), "BF-5.2")
    spell = kit.card_in_hand(st, 0, "card-of-plenty")
    kit.refused(st, kit.act(st, "call", card=spell, name="card-of-plenty", area="left"), "BF-5.2")


# ---------------------------------------------------------------------------------------------- BF-5.3
@pytest.mark.clause("BF-5.3")
def test_bf_5_3_call_onto_a_monster_drops_it_with_its_soul(kit):
    st = main(kit, {"hand": ["twin-fang-dragon"], "field": {"center": {"card": "drum-bunker-dragon", "soul": 2}}})
    old = kit.uid(st, 0, "center")
    souls = list(st.cards[old].soul)
    assert kit.find(st, "call", name="twin-fang-dragon", area="center") is not None
    kit.do(st, "call", name="twin-fang-dragon", area="center")
    # No Soulguard question: the old monster is not destroyed, it simply goes.
    assert kit.choice(st) is None
    assert kit.area(st, 0, "center") == "twin-fang-dragon"
    drop = st.fighters[0].drop
    assert old in drop and all(s in drop for s in souls)
    assert not any(e.kind == "destroy" for e in st.log)


# ---------------------------------------------------------------------------------------------- BF-5.4
@pytest.mark.clause("BF-5.4")
def test_bf_5_4_over_size_caller_drops_earlier_monster_of_choice(kit):
    st = main(kit, {"hand": ["bastion-wall-dragon"],
                    "field": {"left": "spear-tusk-dragon", "right": "twin-fang-dragon"}})
    assert st.size_total(0) == 3
    # The call is still allowed although it goes over 3.
    assert kit.find(st, "call", name="bastion-wall-dragon", area="center") is not None
    kit.do(st, "call", name="bastion-wall-dragon", area="center")
    new = kit.uid(st, 0, "center")
    assert kit.choice(st) == "size_drop" and st.current_player == 0
    offered = {a.args["card"] for a in st.legal_actions()}
    assert offered == {kit.uid(st, 0, "left"), kit.uid(st, 0, "right")} and new not in offered
    spear = kit.uid(st, 0, "left")
    kit.do(st, "size_drop", card=spear)               # the caller's choice: the bigger one
    assert spear in st.fighters[0].drop
    assert kit.area(st, 0, "right") == "twin-fang-dragon" and kit.uid(st, 0, "center") == new
    assert st.size_total(0) == 2 and kit.choice(st) is None


@pytest.mark.clause("BF-5.4")
def test_bf_5_4_size_drop_is_not_destruction(kit):
    st = main(kit, {"hand": ["bastion-wall-dragon"],
                    "field": {"left": {"card": "drum-bunker-dragon", "soul": 1}, "right": "twin-fang-dragon"}})
    db = kit.uid(st, 0, "left")
    soul = list(st.cards[db].soul)
    kit.do(st, "call", name="bastion-wall-dragon", area="center")
    kit.do(st, "size_drop", card=db)
    assert kit.choice(st) is None                     # no [Soulguard]: it is dropped, not destroyed
    assert db in st.fighters[0].drop and soul[0] in st.fighters[0].drop
    assert st.size_total(0) == 2


@pytest.mark.clause("BF-5.4")
def test_bf_5_4_size_three_call_drops_until_three(kit):
    st = main(kit, {"hand": ["great-citadel-dragon"], "gauge": 2, "life": 10,
                    "field": {"left": "twin-fang-dragon", "right": "wind-step-dragon"}})
    kit.do(st, "call", name="great-citadel-dragon", area="center")
    kit.pay(st)
    for _ in range(2):
        assert kit.choice(st) == "size_drop"
        assert kit.uid(st, 0, "center") not in {a.args["card"] for a in st.legal_actions()}
        st.apply(st.legal_actions()[0])
    assert st.size_total(0) == 3 and kit.choice(st) is None
    assert kit.area(st, 0, "center") == "great-citadel-dragon"
    assert kit.area(st, 0, "left") is None and kit.area(st, 0, "right") is None


@pytest.mark.clause("BF-5.4")
def test_bf_5_4_size_zero_adds_nothing(kit):
    st = main(kit, {"hand": ["ember-drake-pup"], "field": {"left": "great-citadel-dragon",
                                                           "center": "ember-drake-pup"}})
    kit.do(st, "call", name="ember-drake-pup", area="right")
    assert kit.choice(st) is None
    assert st.size_total(0) == 3 and len(st.monsters(0)) == 3
    assert st.view(None)["players"][0]["size"] == 3


@pytest.mark.clause("BF-5.4")
def test_bf_5_4_call_onto_a_monster_drops_it_before_the_size_check(kit):
    st = main(kit, {"hand": ["bastion-wall-dragon"],
                    "field": {"left": "spear-tusk-dragon", "center": "twin-fang-dragon"}})
    old = kit.uid(st, 0, "center")
    kit.do(st, "call", name="bastion-wall-dragon", area="center")
    assert kit.choice(st) is None                      # 2 + 1 = 3: nothing more to drop
    assert old in st.fighters[0].drop and kit.area(st, 0, "left") == "spear-tusk-dragon"
    assert st.size_total(0) == 3


# ---------------------------------------------------------------------------------------------- BF-5.5
@pytest.mark.clause("BF-5.5")
def test_bf_5_5_equip_puts_item_on_the_flag(kit):
    st = main(kit, {"hand": ["flare-edge-blade"], "gauge": 1})
    blade = kit.card_in_hand(st, 0, "flare-edge-blade")
    kit.do(st, "equip", name="flare-edge-blade")
    kit.settle(st)
    assert kit.uid(st, 0, "item") == blade and blade not in st.fighters[0].hand
    assert len(st.fighters[0].gauge) == 0


@pytest.mark.clause("BF-5.5")
def test_bf_5_5_new_item_replaces_the_old(kit):
    st = main(kit, {"hand": ["wyvern-claw", "ember-drake-pup"], "item": "flare-edge-blade"})
    old = kit.uid(st, 0, "item")
    claw = kit.card_in_hand(st, 0, "wyvern-claw")
    kit.do(st, "equip", name="wyvern-claw")
    kit.settle(st)
    assert kit.uid(st, 0, "item") == claw
    assert old in st.fighters[0].drop
    assert [st.cards[u].d.type for u in st.fighters[0].areas.values() if u is not None] == ["item"]


# ---------------------------------------------------------------------------------------------- BF-5.6
@pytest.mark.clause("BF-5.6")
def test_bf_5_6_cast_reveals_pays_resolves_and_drops(kit):
    st = main(kit, {"hand": ["card-of-plenty"], "gauge": 1, "deck": 10})
    spell = kit.card_in_hand(st, 0, "card-of-plenty")
    evs = kit.do(st, "cast", name="card-of-plenty")
    cast = [e for e in evs if e.kind == "cast"]
    assert cast and "Card of Plenty" in cast[-1].text_for(1)        # shown to the opponent
    kit.settle(st)
    assert len(st.fighters[0].gauge) == 0                           # cost paid
    assert len(st.fighters[0].hand) == 2 and len(st.fighters[0].deck) == 8
    assert spell in st.fighters[0].drop and spell not in st.fighters[0].set


# ---------------------------------------------------------------------------------------------- BF-5.7
@pytest.mark.clause("BF-5.7")
def test_bf_5_7_set_spell_stays_and_applies(kit):
    st = main(kit, {"hand": ["dragon-banner", "dragon-banner"], "field": {"center": "drum-bunker-dragon"}})
    center = kit.uid(st, 0, "center")
    assert st.power(center) == 5000
    kit.do(st, "cast", name="dragon-banner")
    kit.settle(st)
    assert len(st.fighters[0].set) == 1 and st.power(center) == 6000
    kit.do(st, "cast", name="dragon-banner")
    kit.settle(st)
    # Any number of set spells at once.
    assert len(st.fighters[0].set) == 2 and st.power(center) == 7000
    assert not st.fighters[0].drop
    # They stay past the end of the turn.
    kit.next_turn(st)
    assert st.turn_player == 1
    assert len(st.fighters[0].set) == 2 and st.power(center) == 7000


@pytest.mark.clause("BF-5.7")
def test_bf_5_7_set_spell_only_touches_what_it_names(kit):
    st = main(kit, {"hand": ["dragon-banner"], "field": {"center": "drum-bunker-dragon", "left": "twin-fang-dragon"}})
    kit.do(st, "cast", name="dragon-banner")
    kit.settle(st)
    assert st.power(kit.uid(st, 0, "left")) == 4000       # not an «Armordragon»


# ---------------------------------------------------------------------------------------------- BF-5.8
@pytest.mark.clause("BF-5.8")
def test_bf_5_8_act_again_and_again_while_paid(kit):
    st = main(kit, {"field": {"center": "flame-forge-dragon"}, "gauge": 3})
    ff = kit.uid(st, 0, "center")
    for n in range(1, 4):
        kit.do(st, "act", name="flame-forge-dragon")
        kit.settle(st)
        assert st.power(ff) == 5000 + 3000 * n
        assert len(st.fighters[0].gauge) == 3 - n
    assert kit.find(st, "act", name="flame-forge-dragon") is None
    kit.refused(st, kit.act(st, "act", card=ff, name="flame-forge-dragon", ability=0), "BF-5.10")


@pytest.mark.clause("BF-5.8")
def test_bf_5_8_once_per_turn_limit(kit):
    st = main(kit, {"field": {"left": "dragon-oracle"}, "life": 10, "gauge": 0})
    oracle = kit.uid(st, 0, "left")
    kit.do(st, "act", name="dragon-oracle")
    kit.settle(st)
    assert st.fighters[0].life == 9 and len(st.fighters[0].gauge) == 1
    assert kit.find(st, "act", name="dragon-oracle") is None
    kit.refused(st, kit.act(st, "act", card=oracle, name="dragon-oracle", ability=0), "BF-5.8")
    # Next own turn it is available again.
    kit.next_turn(st)
    kit.next_turn(st)
    assert st.turn_player == 0
    kit.do(st, "skip_charge")
    assert kit.find(st, "act", name="dragon-oracle") is not None


@pytest.mark.clause("BF-5.8")
def test_bf_5_8_act_only_from_own_field(kit):
    st = main(kit, {"hand": ["flame-forge-dragon"], "gauge": 3})
    ff = kit.card_in_hand(st, 0, "flame-forge-dragon")
    assert kit.find(st, "act") is None
    kit.refused(st, kit.act(st, "act", card=ff, name="flame-forge-dragon", ability=0), "BF-5.8")


# ---------------------------------------------------------------------------------------------- BF-5.9
@pytest.mark.clause("BF-5.9")
def test_bf_5_9_buddy_call_gains_one_life_once(kit):
    st = main(kit, {"hand": ["drum-bunker-dragon", "drum-bunker-dragon"], "gauge": 2, "life": 10})
    f = st.fighters[0]
    kit.do(st, "call", name="drum-bunker-dragon", area="left", buddy=True)
    kit.settle(st)
    assert f.life == 11 and f.buddy_called
    assert st.cards[f.buddy].rested is True                  # the buddy card turned sideways
    assert kit.area(st, 0, "left") == "drum-bunker-dragon"
    # Once per game.
    assert not any(a.args.get("buddy") for a in st.legal_actions())
    second = kit.card_in_hand(st, 0, "drum-bunker-dragon")
    kit.refused(st, kit.act(st, "call", card=second, name="drum-bunker-dragon", area="right", buddy=True), "BF-5.9")
    kit.do(st, "call", name="drum-bunker-dragon", area="right")
    kit.settle(st)
    assert f.life == 11


@pytest.mark.clause("BF-5.9")
def test_bf_5_9_normal_call_keeps_the_buddy_call(kit):
    st = main(kit, {"hand": ["drum-bunker-dragon", "drum-bunker-dragon"], "gauge": 2, "life": 10})
    f = st.fighters[0]
    kit.do(st, "call", name="drum-bunker-dragon", area="left")
    kit.settle(st)
    assert f.life == 10 and not f.buddy_called and st.cards[f.buddy].rested is False
    assert kit.find(st, "call", name="drum-bunker-dragon", area="right", buddy=True) is not None
    kit.do(st, "call", name="drum-bunker-dragon", area="right", buddy=True)
    kit.settle(st)
    assert f.life == 11


@pytest.mark.clause("BF-5.9")
def test_bf_5_9_only_the_buddys_name(kit):
    st = main(kit, {"hand": ["twin-fang-dragon"]})
    assert not any(a.args.get("buddy") for a in st.legal_actions())
    fang = kit.card_in_hand(st, 0, "twin-fang-dragon")
    kit.refused(st, kit.act(st, "call", card=fang, name="twin-fang-dragon", area="left", buddy=True), "BF-5.9")


# ---------------------------------------------------------------------------------------------- BF-5.10
@pytest.mark.clause("BF-5.10")
def test_bf_5_10_payer_picks_gauge_cards_face_down(kit):
    st = main(kit, {"hand": ["flare-edge-blade"], "gauge": ["twin-fang-dragon", "scout-wyvern", "dragon-oracle"]})
    gauge = list(st.fighters[0].gauge)
    kit.do(st, "equip", name="flare-edge-blade")
    assert kit.choice(st) == "pay_gauge" and st.current_player == 0
    acts = st.legal_actions()
    assert len(acts) == 3
    for a in acts:                            # the payer may not look: no card is named
        assert set(a.args) == {"slot"}
        assert not any(n in a.label for n in ("Twin Fang", "Scout", "Oracle"))
    kit.do(st, "pay_gauge", slot=1)
    assert gauge[1] in st.fighters[0].drop
    assert st.fighters[0].gauge == [gauge[0], gauge[2]]
    assert kit.area(st, 0, "item") == "flare-edge-blade"


@pytest.mark.clause("BF-5.10")
def test_bf_5_10_each_gauge_card_chosen(kit):
    st = main(kit, {"hand": ["great-citadel-dragon"], "gauge": ["twin-fang-dragon", "scout-wyvern",
                                                                 "dragon-oracle", "wind-step-dragon"]})
    gauge = list(st.fighters[0].gauge)
    kit.do(st, "call", name="great-citadel-dragon", area="center")
    assert kit.choice(st) == "pay_gauge" and len(st.legal_actions()) == 4
    kit.do(st, "pay_gauge", slot=3)
    assert kit.choice(st) == "pay_gauge" and len(st.legal_actions()) == 3
    kit.do(st, "pay_gauge", slot=0)
    assert kit.choice(st) is None
    assert st.fighters[0].gauge == [gauge[1], gauge[2]]
    assert {gauge[0], gauge[3]} <= set(st.fighters[0].drop)


@pytest.mark.clause("BF-5.10")
def test_bf_5_10_exact_gauge_is_paid_without_a_question(kit):
    st = main(kit, {"hand": ["flare-edge-blade"], "gauge": 1})
    kit.do(st, "equip", name="flare-edge-blade")
    assert kit.choice(st) is None and len(st.fighters[0].gauge) == 0


@pytest.mark.clause("BF-5.10")
def test_bf_5_10_unpayable_cost_cannot_be_used(kit):
    st = main(kit, {"hand": ["great-citadel-dragon"], "gauge": 1})
    assert kit.find(st, "call", name="great-citadel-dragon") is None
    gc = kit.card_in_hand(st, 0, "great-citadel-dragon")
    kit.refused(st, kit.act(st, "call", card=gc, name="great-citadel-dragon", area="left"), "BF-5.10")


@pytest.mark.clause("BF-5.10")
def test_bf_5_10_gauge_and_life_cost(kit):
    st = main(kit, {"hand": ["great-citadel-dragon"], "gauge": 2, "life": 7})
    kit.do(st, "call", name="great-citadel-dragon", area="center")
    kit.settle(st)
    assert st.fighters[0].life == 6 and len(st.fighters[0].gauge) == 0
    assert kit.area(st, 0, "center") == "great-citadel-dragon"


@pytest.mark.clause("BF-5.10")
def test_bf_5_10_discard_cost(kit):
    st = main(kit, {"hand": ["wyvern-claw", "ember-drake-pup", "scout-wyvern"]})
    kit.do(st, "equip", name="wyvern-claw")
    assert kit.choice(st) == "pay_discard" and st.current_player == 0
    assert {a.args["name"] for a in st.legal_actions()} == {"ember-drake-pup", "scout-wyvern"}
    kit.do(st, "pay_discard", name="scout-wyvern")
    assert kit.cids(st, 0, "drop") == ["scout-wyvern"] and kit.cids(st, 0, "hand") == ["ember-drake-pup"]
    assert kit.area(st, 0, "item") == "wyvern-claw"


@pytest.mark.clause("BF-5.10")
def test_bf_5_10_discard_cost_needs_another_card(kit):
    st = main(kit, {"hand": ["wyvern-claw"]})
    assert kit.find(st, "equip") is None
    claw = kit.card_in_hand(st, 0, "wyvern-claw")
    kit.refused(st, kit.act(st, "equip", card=claw, name="wyvern-claw"), "BF-5.10")


@pytest.mark.clause("BF-5.10")
def test_bf_5_10_top_of_deck_into_soul(kit):
    st = main(kit, {"hand": ["drum-bunker-dragon"], "gauge": 1, "deck": ["scout-wyvern", "dragon-oracle"]})
    top = st.fighters[0].deck[-1]
    kit.do(st, "call", name="drum-bunker-dragon", area="center")
    kit.settle(st)
    db = kit.uid(st, 0, "center")
    assert st.cards[db].soul == [top] and st.cards[top].cid == "dragon-oracle"
    assert len(st.fighters[0].deck) == 1 and len(st.fighters[0].gauge) == 0


@pytest.mark.clause("BF-5.10")
def test_bf_5_10_soul_cost_paid_by_choice(kit):
    st = main(kit, {"flag": "danger-world", "field": {"center": {"card": "bone-crusher-titan",
                                                                   "soul": ["scrap-imp", "shadow-runner"]}}},
              {"field": {"left": "blade-claw-raptor"}})
    titan, raptor = kit.uid(st, 0, "center"), kit.uid(st, 1, "left")
    kit.do(st, "act", name="bone-crusher-titan", target=raptor)
    assert kit.choice(st) == "pay_soul" and st.current_player == 0
    kit.do(st, "pay_soul", name="shadow-runner")
    kit.settle(st)
    assert [st.cards[u].cid for u in st.cards[titan].soul] == ["scrap-imp"]
    assert "shadow-runner" in kit.cids(st, 0, "drop")
    assert raptor in st.fighters[1].drop


@pytest.mark.clause("BF-5.10")
def test_bf_5_10_soul_cost_needs_soul(kit):
    st = main(kit, {"flag": "danger-world", "field": {"center": "bone-crusher-titan"}},
              {"field": {"left": "blade-claw-raptor"}})
    titan, raptor = kit.uid(st, 0, "center"), kit.uid(st, 1, "left")
    assert kit.find(st, "act") is None
    kit.refused(st, kit.act(st, "act", card=titan, name="bone-crusher-titan", ability=0, target=raptor,
                            at="1:left"), "BF-5.10")


# ---------------------------------------------------------------------------------------------- BF-5.11
@pytest.mark.clause("BF-5.11")
def test_bf_5_11_no_free_moving(kit):
    st = main(kit, {"field": {"left": "twin-fang-dragon", "center": "wind-step-dragon"}})
    assert "move" not in kit.kinds(st)
    fang = kit.uid(st, 0, "left")
    kit.refused(st, kit.act(st, "move", card=fang, name="twin-fang-dragon", **{"from": "left", "to": "right"}),
                "BF-5.11")
    # Even a [Move] monster does not move in the main phase.
    ws = kit.uid(st, 0, "center")
    kit.refused(st, kit.act(st, "move", card=ws, name="wind-step-dragon", **{"from": "center", "to": "right"}),
                ("BF-5.11", "BF-9.4", "BF-6.1"))


@pytest.mark.clause("BF-5.11")
def test_bf_5_11_no_move_for_monsters_without_move_in_the_move_window(kit):
    st = main(kit, {"field": {"left": "twin-fang-dragon", "center": "wind-step-dragon"}})
    kit.do(st, "end_main")
    assert kit.choice(st) == "move"
    moving = {a.args["card"] for a in st.legal_actions() if a.kind == "move"}
    assert moving == {kit.uid(st, 0, "center")}
    fang = kit.uid(st, 0, "left")
    kit.refused(st, kit.act(st, "move", card=fang, name="twin-fang-dragon", **{"from": "left", "to": "right"}),
                ("BF-5.11", "BF-9.4"))


# ---------------------------------------------------------------------------------------------- BF-5.12
@pytest.mark.clause("BF-5.12")
def test_bf_5_12_dragoenergy_has_no_target_in_main_phase(kit):
    st = main(kit, {"hand": ["dragoenergy"], "field": {"center": "drum-bunker-dragon"}, "gauge": 2})
    assert kit.find(st, "cast", name="dragoenergy") is None
    de = kit.card_in_hand(st, 0, "dragoenergy")
    db = kit.uid(st, 0, "center")
    kit.refused(st, kit.act(st, "cast", card=de, name="dragoenergy", target=db, at="0:center"), "BF-5.12")
    kit.refused(st, kit.act(st, "cast", card=de, name="dragoenergy"), "BF-5.12")
    assert de in st.fighters[0].hand and len(st.fighters[0].gauge) == 2      # nothing paid


@pytest.mark.clause("BF-5.12")
def test_bf_5_12_no_suitable_target(kit):
    st = main(kit, {"hand": ["dragon-strike"], "gauge": 1}, {"field": {"center": "gravel-golem"}})
    assert kit.find(st, "cast", name="dragon-strike") is None            # defense 6000 > 3000
    ds = kit.card_in_hand(st, 0, "dragon-strike")
    golem = kit.uid(st, 1, "center")
    kit.refused(st, kit.act(st, "cast", card=ds, name="dragon-strike", target=golem, at="1:center"), "BF-5.12")


@pytest.mark.clause("BF-5.12")
def test_bf_5_12_target_exists_so_it_can_be_cast(kit):
    st = main(kit, {"hand": ["dragon-strike"], "gauge": 1}, {"field": {"center": "gravel-golem",
                                                                      "left": "scrap-imp"}})
    imp = kit.uid(st, 1, "left")
    targets = {a.args.get("target") for a in st.legal_actions() if a.kind == "cast"}
    assert targets == {imp}
    kit.do(st, "cast", name="dragon-strike", target=imp)
    kit.settle(st)
    assert imp in st.fighters[1].drop


@pytest.mark.clause("BF-5.12")
def test_bf_5_12_unmet_condition_impact(kit):
    st = kit.scen(phase="final.impacts", players=[{"hand": ["blazing-fang-impact"], "gauge": 2},
                                                  {"field": {"center": "scrap-imp"}}])
    assert kit.find(st, "cast", name="blazing-fang-impact") is None
    bfi = kit.card_in_hand(st, 0, "blazing-fang-impact")
    kit.refused(st, kit.act(st, "cast", card=bfi, name="blazing-fang-impact"), "BF-5.12")


@pytest.mark.clause("BF-5.12")
def test_bf_5_12_act_without_a_target(kit):
    st = main(kit, {"flag": "danger-world", "field": {"center": {"card": "bone-crusher-titan", "soul": 1}}},
              {"field": {"left": "gravel-golem"}})                 # defense 6000: not a target
    titan, golem = kit.uid(st, 0, "center"), kit.uid(st, 1, "left")
    assert kit.find(st, "act") is None
    kit.refused(st, kit.act(st, "act", card=titan, name="bone-crusher-titan", ability=0, target=golem,
                            at="1:left"), "BF-5.12")
    assert len(st.cards[titan].soul) == 1                          # nothing paid


# ---------------------------------------------------------------------------------------------- BF-5.13
@pytest.mark.clause("BF-5.13")
def test_bf_5_13_enter_ability_resolves_once(kit):
    st = main(kit, {"hand": ["scout-wyvern"], "deck": 10})
    kit.do(st, "call", name="scout-wyvern", area="left")
    kit.settle(st)
    assert len(st.fighters[0].hand) == 1 and len(st.fighters[0].deck) == 9
    assert sum(1 for e in st.log if e.kind == "resolve") == 1


@pytest.mark.clause("BF-5.13")
def test_bf_5_13_enter_ability_resolves_even_if_destroyed_in_response(kit):
    st = main(kit, {"hand": ["scout-wyvern"], "deck": 10},
              {"flag": "dragon-world", "hand": ["dragon-breath"], "gauge": 1})
    kit.do(st, "call", name="scout-wyvern", area="left")
    sw = kit.uid(st, 0, "left")
    assert kit.choice(st) == "respond" and st.current_player == 1
    kit.do(st, "cast", name="dragon-breath", target=sw)
    kit.settle(st)
    assert sw in st.fighters[0].drop
    assert len(st.fighters[0].hand) == 1 and len(st.fighters[0].deck) == 9


@pytest.mark.clause("BF-5.13")
def test_bf_5_13_optional_payment_once_per_entry(kit):
    st = main(kit, {"hand": ["hoard-dragon"], "gauge": 3, "deck": 10})
    kit.do(st, "call", name="hoard-dragon", area="left")
    kit.settle(st)
    assert kit.choice(st) == "enter_pay" and st.current_player == 0
    kit.do(st, "enter_pay", pay=True)
    kit.settle(st)
    assert kit.choice(st) is None
    assert len(st.fighters[0].gauge) == 2                 # paid once
    assert len(st.fighters[0].hand) == 2                  # drew two, once
    assert "enter_pay" not in kit.kinds(st)


@pytest.mark.clause("BF-5.13")
def test_bf_5_13_optional_payment_declined(kit):
    st = main(kit, {"hand": ["hoard-dragon"], "gauge": 3, "deck": 10})
    kit.do(st, "call", name="hoard-dragon", area="left")
    kit.settle(st)
    kit.do(st, "enter_pay", pay=False)
    assert len(st.fighters[0].gauge) == 3 and len(st.fighters[0].hand) == 0
