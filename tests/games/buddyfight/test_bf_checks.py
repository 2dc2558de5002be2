"""Issue 37: each rule Buddyfight refuses by is one registered check (checks.py), and a refused move
names that check's clause and words. Every test builds a position, tries the move the rule forbids,
and reads the refusal: the clause, the sentence, and a state left as it was (conformance.refusal)."""
from __future__ import annotations

import pytest

import tabletop_rules as tr
from tabletop_rules.games.buddyfight import battle, chain, checks, turn


def main(kit, p0=None, p1=None, **spec):
    return kit.scen(**{"phase": "main.actions", "turn_player": 0, "players": [p0 or {}, p1 or {}], **spec})


def test_each_refusing_clause_is_decided_by_one_named_check():
    book = tr.load_game("buddyfight").state_cls.book
    expect = {"BF-1.7": checks.other_world, "BF-4.3": checks.cannot_charge, "BF-5.1": checks.main_phase_only,
              "BF-5.2": checks.not_a_monster, "BF-5.4": turn.kept_for_size, "BF-5.5": checks.not_an_item,
              "BF-5.6": checks.not_a_spell, "BF-5.8": checks.used_up, "BF-5.9": checks.no_buddy_call,
              "BF-5.10": checks.cannot_pay, "BF-5.11": checks.cannot_move, "BF-5.12": checks.unmet,
              "BF-6.2": checks.not_ready,
              "BF-6.3": checks.first_turn_attack, "BF-6.5": checks.not_a_target, "BF-7.1": checks.needs_counter,
              "BF-7.2": checks.window_closed, "BF-8.1": checks.impact_timing, "BF-9.4": checks.move_blocked,
              "BF-9.6": battle.out_of_reach}
    for clause, fn in expect.items():
        assert book.rule.deciding(clause) == [fn], clause
    # The counter offers of turn.py are found through the Book, not a list other modules append to.
    assert chain.COUNTER_OFFERS["calls"] is turn.card_offers


@pytest.mark.clause("BF-4.3")
def test_bf_4_3_no_charge_from_an_empty_deck_and_copies_are_one_choice(kit):
    st = kit.scen(phase="start.charge", players=[{"hand": ["scout-wyvern", "scout-wyvern"], "deck": 5}, {}])
    first, second = st.fighters[0].hand
    assert kit.find(st, "charge", card=first) is not None and kit.find(st, "charge", card=second) is None
    err = kit.refused(st, kit.act(st, "charge", card=second, name="scout-wyvern"), "BF-4.3")
    assert "one choice" in err.reason
    st = kit.scen(phase="start.charge", players=[{"hand": ["scout-wyvern"], "deck": 0}, {}])
    err = kit.refused(st, kit.act(st, "charge", card=st.fighters[0].hand[0], name="scout-wyvern"), "BF-4.3")
    assert "deck is empty" in err.reason and "卡组已经空了" in err.describe("zh")


@pytest.mark.clause("BF-5.2", "BF-5.5", "BF-5.6")
def test_a_card_is_called_equipped_or_cast_by_its_type(kit):
    st = main(kit, {"hand": ["dragon-strike", "twin-fang-dragon"], "gauge": 2})
    spell, monster = st.fighters[0].hand
    err = kit.refused(st, kit.act(st, "call", card=spell, name="dragon-strike", area="left"), "BF-5.2")
    assert "Dragon Strike is not a monster" in err.reason
    err = kit.refused(st, kit.act(st, "equip", card=monster, name="twin-fang-dragon"), "BF-5.5")
    assert "is not an item" in err.reason
    err = kit.refused(st, kit.act(st, "cast", card=monster, name="twin-fang-dragon"), "BF-5.6")
    assert "is not a spell" in err.reason and "不是魔法" in err.describe("zh")


@pytest.mark.clause("BF-5.8")
def test_bf_5_8_a_once_per_turn_ability_is_refused_the_second_time(kit):
    st = main(kit, {"gauge": 3, "deck": 10, "field": {"center": "dragon-oracle"}})
    oracle = kit.uid(st, 0, "center")
    kit.do(st, "act", card=oracle, ability=0)
    kit.settle(st)
    err = kit.refused(st, kit.act(st, "act", card=oracle, name="dragon-oracle", ability=0), "BF-5.8")
    assert "once per turn" in err.reason


@pytest.mark.clause("BF-5.9")
def test_bf_5_9_a_buddy_call_needs_the_buddys_name_and_comes_once(kit):
    st = main(kit, {"hand": ["twin-fang-dragon", "drum-bunker-dragon"], "gauge": 3, "deck": 10})
    fang, drum = st.fighters[0].hand
    err = kit.refused(st, kit.act(st, "call", card=fang, name="twin-fang-dragon", area="left", buddy=True), "BF-5.9")
    assert "buddy's name" in err.reason
    assert kit.find(st, "call", card=fang, area="left") is not None        # called plainly, it is legal
    st = main(kit, {"hand": ["drum-bunker-dragon"], "gauge": 3, "deck": 10, "buddy_called": True})
    drum = st.fighters[0].hand[0]
    err = kit.refused(st, kit.act(st, "call", card=drum, name="drum-bunker-dragon", area="left", buddy=True), "BF-5.9")
    assert "once per game" in err.reason


@pytest.mark.clause("BF-5.11", "BF-9.4")
def test_monsters_change_area_only_by_move_in_the_move_window(kit):
    st = main(kit, {"field": {"left": "twin-fang-dragon", "center": "wind-step-dragon"}})
    fang, wind = kit.uid(st, 0, "left"), kit.uid(st, 0, "center")
    err = kit.refused(st, kit.act(st, "move", card=fang, name="twin-fang-dragon", to="right"), "BF-5.11")
    assert "has no [Move]" in err.reason
    err = kit.refused(st, kit.act(st, "move", card=wind, name="wind-step-dragon", to="right"), "BF-9.4")
    assert "start of an attack phase" in err.reason


@pytest.mark.clause("BF-5.12")
def test_bf_5_12_a_spell_whose_condition_fails_is_not_cast(kit):
    st = main(kit, {"hand": ["green-dragon-shield"], "gauge": 2})
    shield = st.fighters[0].hand[0]
    err = kit.refused(st, kit.act(st, "cast", card=shield, name="green-dragon-shield"), "BF-5.12")
    assert "condition is not met" in err.reason


@pytest.mark.clause("BF-6.2", "BF-6.5")
def test_attackers_stand_and_the_fighter_is_reached_past_an_empty_center(kit):
    st = kit.scen(phase="attack.declare", players=[
        {"field": {"left": {"card": "twin-fang-dragon", "rested": True}, "center": "spear-tusk-dragon"},
         "item": "wyvern-claw"},
        {"field": {"center": "iron-tusk-boar"}}])
    err = kit.refused(st, kit.act(st, "attack", attackers=["left"], target="center"), "BF-6.2")
    assert "standing card" in err.reason
    err = kit.refused(st, kit.act(st, "attack", attackers=["item"], target="center"), "BF-6.2")
    assert "center is empty" in err.reason
    err = kit.refused(st, kit.act(st, "attack", attackers=["center"], target="fighter"), "BF-6.5")
    assert "only while their center is empty" in err.reason
    err = kit.refused(st, kit.act(st, "attack", attackers=["center"], target="left"), "BF-6.5")
    assert "not a monster on the opponent's field" in err.reason


@pytest.mark.clause("BF-6.3")
def test_bf_6_3_the_option_can_forbid_a_first_turn_link_attack(kit):
    st = kit.scen(phase="attack.declare", turn=1, options={"first_turn_link_attack": False}, players=[
        {"field": {"left": "twin-fang-dragon", "right": "needle-horn-drake"}}, {}])
    err = kit.refused(st, kit.act(st, "attack", attackers=["left", "right"], target="fighter"), "BF-6.3")
    assert "forbid a link attack" in err.reason
    assert kit.find(st, "attack", attackers=["left"], target="fighter") is not None


@pytest.mark.clause("BF-7.1", "BF-7.2", "BF-8.1")
def test_timing_a_counter_outside_a_window_an_ordinary_spell_outside_main_an_impact_outside_final(kit):
    st = kit.scen(phase="attack.declare", players=[{"hand": ["dragon-strike", "blazing-fang-impact"], "gauge": 3},
                                                   {"field": {"center": "iron-tusk-boar"}}])
    strike, impact = st.fighters[0].hand
    target = kit.uid(st, 1, "center")
    err = kit.refused(st, kit.act(st, "cast", card=strike, name="dragon-strike", target=target, at="1:center"),
                      "BF-7.1")
    assert "only [Counter] cards" in err.reason
    err = kit.refused(st, kit.act(st, "cast", card=impact, name="blazing-fang-impact"), "BF-8.1")
    assert "final phase" in err.reason
    # The charge step of one's own turn opens no window: a [Counter] waits for one (BF-7.2).
    st = kit.scen(phase="start.charge", players=[{"hand": ["dragoenergy"], "gauge": 2}, {}])
    energy = st.fighters[0].hand[0]
    err = kit.refused(st, kit.act(st, "cast", card=energy, name="dragoenergy"), "BF-7.2")
    assert "counter window opens" in err.reason
    # In the opponent's main phase with no window open: the same rule for a [Counter] card, and
    # BF-7.1 for a card without one.
    st = main(kit, {}, {"hand": ["battle-roar", "ambush-net", "war-drums"], "gauge": 2})
    roar, _, drums = st.fighters[1].hand
    err = kit.refused(st, kit.act(st, "cast", player=1, card=roar, name="battle-roar"), "BF-7.2")
    assert "counter window opens" in err.reason
    err = kit.refused(st, kit.act(st, "cast", player=1, card=drums, name="war-drums"), "BF-7.1")
    assert "opponent's turn" in err.reason


# ----- one effect shape, one Book (issue 37.3) and effects that last in core's shape (37.4) -----------------
def test_every_function_card_data_names_lives_in_the_book_with_one_signature(bf):
    import inspect

    from tabletop_rules.games.buddyfight.book import BOOK

    conditions = BOOK.registry("condition")
    for name in BOOK.effects:
        params = list(inspect.signature(BOOK.effects[name]).parameters)
        assert params[:2] == ["s", "ctx"] and set(params[2:]) == set(BOOK.effects.params[name]), name
    for name in conditions:
        assert list(inspect.signature(conditions[name]).parameters) == ["s", "ctx"], name
    for card in bf.cards.values():
        for eff in ([card.effect] if card.effect else []) + list(card.abilities):
            assert all(o.op in BOOK.effects and set(o.params) == set(BOOK.effects.params[o.op]) for o in eff.do)
            assert all(c in conditions for c in eff.condition)


@pytest.mark.clause("BF-6.14", "BF-8.2")
def test_a_buff_lasts_until_its_moment_in_cores_modifier_shape(kit):
    from tabletop_rules.core import modifiers
    from tabletop_rules.core.effects import EffectCtx
    from tabletop_rules.games.buddyfight.book import BOOK
    from tabletop_rules.games.buddyfight.field import expire

    st = main(kit, {"field": {"center": "twin-fang-dragon"}})
    fang = kit.uid(st, 0, "center")
    ctx = EffectCtx(0, card=fang, clause="BF-7.4")
    BOOK.effects["buff"](st, ctx, power=3000, until="battle")
    BOOK.effects["buff"](st, ctx, power=1000, critical=1, until="turn")
    assert modifiers.total(st.cards[fang].mods, "power") == 4000 and st.power(fang) == 8000
    expire(st, "battle")                 # "for this battle" ends with the battle (BF-6.14)
    assert st.power(fang) == 5000 and st.critical(fang) == st.cards[fang].d.critical + 1
    expire(st, "turn")                   # "until end of turn" ends with the turn (BF-8.2)
    assert st.power(fang) == 4000 and st.cards[fang].mods == []


@pytest.mark.clause("BF-5.10")
def test_bf_5_10_one_cost_check_words_a_card_and_an_ability(kit):
    st = main(kit, {"hand": ["great-citadel-dragon"], "gauge": 0, "field": {"center": "flame-forge-dragon"}})
    citadel, forge = st.fighters[0].hand[0], kit.uid(st, 0, "center")
    err = kit.refused(st, kit.act(st, "call", card=citadel, name="great-citadel-dragon", area="left"), "BF-5.10")
    assert "cannot pay the cost of Great Citadel Dragon" in err.reason
    err = kit.refused(st, kit.act(st, "act", card=forge, name="flame-forge-dragon", ability=0), "BF-5.10")
    assert "cannot pay that cost" in err.reason
