"""Rule clauses BF-1.x (the game, its end) and BF-2.x (deck building), one test per consequence."""
from __future__ import annotations

import pytest

from tabletop_rules.core.datafile import DataError
from tabletop_rules.games.buddyfight.cards import Deck, deck_problems, resolve_deck

# 13 Dragon World names x 4 = 52 cards, each name within the 4-copy limit.
BASE = ["drum-bunker-dragon", "full-armor-shortsword-dragon", "dragoenergy", "green-dragon-shield",
        "dragon-breath", "battle-aura-circle", "spear-tusk-dragon", "twin-fang-dragon",
        "bastion-wall-dragon", "wind-step-dragon", "ember-drake-pup", "great-citadel-dragon", "scout-wyvern"]


def deck(cards, flag="dragon-world", buddy="drum-bunker-dragon", did="t"):
    return Deck(id=did, name={"en": "test deck"}, flag=flag, buddy=buddy, cards=cards)


def fifty(**extra):
    """A legal deck of exactly 50 cards (12 names x 4 + 2), changed by ``extra``."""
    cards = {c: 4 for c in BASE}
    cards["scout-wyvern"] = 2
    cards.update(extra)
    return cards


def clauses(problems):
    return [c for _, c, _ in problems]


# ---------------------------------------------------------------------------------------------- BF-1
@pytest.mark.clause("BF-1.1")
def test_bf_1_1_two_fighters_each_with_flag_buddy_and_deck(bf):
    assert bf.player_counts == (2,)
    with pytest.raises(ValueError):
        bf.new_game(players=3)
    st = bf.new_game(seed=1)
    assert len(st.fighters) == 2 and len(st.view(None)["players"]) == 2
    for f in st.fighters:
        assert st.cards[f.flag].d.type == "flag"
        assert st.cards[f.buddy].d.type == "monster"
        assert len(f.deck) > 0


@pytest.mark.clause("BF-1.2")
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bf_1_2_start_with_flag_life_and_two_gauge(bf, seed):
    st = bf.new_game(seed=seed)
    for f in st.fighters:
        flag = st.cards[f.flag].d
        assert (flag.life, flag.gauge) == (10, 2)
        assert f.life == flag.life == 10
        assert len(f.gauge) == flag.gauge == 2
        v = st.view(f.seat)["players"][f.seat]
        assert (v["life"], v["gauge"]) == (10, 2)


@pytest.mark.clause("BF-1.3")
def test_bf_1_3_life_can_go_above_the_starting_total(kit):
    st = kit.scen(phase="main.actions", players=[
        {"flag": "danger-world", "life": 10, "hand": ["warcry-shaman", "warcry-shaman"]}, {}])
    kit.do(st, "call", name="warcry-shaman", area="left")
    kit.settle(st)
    assert st.fighters[0].life == 11
    kit.do(st, "call", name="warcry-shaman", area="right")
    kit.settle(st)
    assert st.fighters[0].life == 12
    assert st.view(None)["players"][0]["life"] == 12


@pytest.mark.clause("BF-1.3")
def test_bf_1_3_buddy_gift_above_starting_life(kit):
    st = kit.scen(phase="main.actions", players=[{"life": 10, "hand": ["drum-bunker-dragon"], "gauge": 1}, {}])
    kit.do(st, "call", name="drum-bunker-dragon", area="center", buddy=True)
    kit.settle(st)
    assert st.fighters[0].life == 11


def _attack_fighter(kit, life, crit_card, crit=None):
    center = {"card": crit_card} if crit is None else {"card": crit_card, "critical": crit}
    st = kit.scen(phase="attack.declare", players=[{"field": {"center": center}}, {"life": life}])
    kit.do(st, "attack", attackers=["center"], target="fighter")
    kit.settle(st)
    return st


@pytest.mark.clause("BF-1.4")
def test_bf_1_4_zero_life_loses(kit):
    st = _attack_fighter(kit, 2, "spear-tusk-dragon")          # critical 2
    assert st.fighters[1].life == 0
    assert st.is_over and st.winners == (0,)
    assert st.current_player is None and st.legal_actions() == []
    assert st.phase == "game-over" and st.result


@pytest.mark.clause("BF-1.4")
def test_bf_1_4_below_zero_life_loses(kit):
    st = _attack_fighter(kit, 1, "drum-bunker-dragon")         # critical 3
    assert st.fighters[1].life == -2
    assert st.winners == (0,)


@pytest.mark.clause("BF-1.4")
def test_bf_1_4_life_above_zero_plays_on(kit):
    st = _attack_fighter(kit, 3, "spear-tusk-dragon")
    assert st.fighters[1].life == 1
    assert not st.is_over and st.winners is None


@pytest.mark.clause("BF-1.4")
def test_bf_1_4_paying_life_to_zero_loses(kit):
    st = kit.scen(phase="main.actions", players=[{"life": 1, "field": {"left": "dragon-oracle"}}, {}])
    kit.do(st, "act", name="dragon-oracle")
    kit.settle(st)
    assert st.fighters[0].life == 0 and st.winners == (1,)


@pytest.mark.clause("BF-1.5")
def test_bf_1_5_empty_deck_loses_at_once_even_mid_effect(kit):
    # Card of Plenty draws two; the deck holds one: the first draw empties it and the game ends.
    st = kit.scen(phase="main.actions", players=[{"hand": ["card-of-plenty"], "gauge": 1, "deck": 1}, {}])
    kit.do(st, "cast", name="card-of-plenty")
    kit.settle(st)
    assert st.is_over and st.winners == (1,)
    assert len(st.fighters[0].deck) == 0
    assert len(st.fighters[0].hand) == 1          # only the one card there was; nothing more happened


@pytest.mark.clause("BF-1.5")
def test_bf_1_5_drawing_the_last_card_loses(kit):
    # The draw itself succeeds, but the deck now holds no cards: the fighter loses at once.
    st = kit.scen(phase="main.actions", players=[{"hand": ["card-of-plenty"], "gauge": 1, "deck": 2}, {}])
    kit.do(st, "cast", name="card-of-plenty")
    kit.settle(st)
    assert st.is_over and st.winners == (1,)


@pytest.mark.clause("BF-1.5")
def test_bf_1_5_turn_draw_of_the_last_card_loses_before_the_charge(kit):
    st = kit.scen(phase="final.impacts", players=[{}, {"deck": 1}])
    kit.do(st, "end_turn")
    assert st.is_over and st.winners == (0,)
    assert st.phase == "game-over"
    assert not any(e.kind == "phase" and e.data["to"] == "start.charge" for e in st.log)


@pytest.mark.clause("BF-1.6")
def test_bf_1_6_both_at_zero_together_is_a_draw(kit):
    st = kit.scen(phase="final.impacts", players=[{"life": 2, "hand": ["scorched-earth"], "gauge": 2},
                                                  {"life": 1}])
    kit.do(st, "cast", name="scorched-earth")
    kit.settle(st)
    assert st.fighters[0].life == 0 and st.fighters[1].life == -1
    assert st.is_over and st.winners == ()
    assert "draw" in st.result.lower()


@pytest.mark.clause("BF-1.6")
def test_bf_1_6_only_one_at_zero_is_not_a_draw(kit):
    st = kit.scen(phase="final.impacts", players=[{"life": 3, "hand": ["scorched-earth"], "gauge": 2},
                                                  {"life": 2}])
    kit.do(st, "cast", name="scorched-earth")
    kit.settle(st)
    assert st.winners == (0,)


@pytest.mark.clause("BF-1.7")
def test_bf_1_7_other_world_cards_cannot_be_used(kit):
    st = kit.scen(phase="main.actions", players=[
        {"hand": ["iron-tusk-boar", "danger-axe", "war-drums", "card-of-plenty"], "gauge": 3}, {}])
    names = {a.args.get("name") for a in st.legal_actions()}
    assert not names & {"iron-tusk-boar", "danger-axe", "war-drums"}
    boar = kit.card_in_hand(st, 0, "iron-tusk-boar")
    kit.refused(st, kit.act(st, "call", card=boar, name="iron-tusk-boar", area="left"), "BF-1.7")
    axe = kit.card_in_hand(st, 0, "danger-axe")
    kit.refused(st, kit.act(st, "equip", card=axe, name="danger-axe"), "BF-1.7")
    drums = kit.card_in_hand(st, 0, "war-drums")
    kit.refused(st, kit.act(st, "cast", card=drums, name="war-drums"), "BF-1.7")


@pytest.mark.clause("BF-1.7")
def test_bf_1_7_generic_cards_work_under_any_flag(kit):
    for flag in ("dragon-world", "danger-world"):
        st = kit.scen(phase="main.actions", players=[{"flag": flag, "hand": ["card-of-plenty"], "gauge": 1}, {}])
        assert kit.find(st, "cast", name="card-of-plenty") is not None
        kit.do(st, "cast", name="card-of-plenty")
        kit.settle(st)
        assert len(st.fighters[0].hand) == 2


@pytest.mark.clause("BF-1.7")
def test_bf_1_7_same_card_usable_under_its_own_flag(kit):
    st = kit.scen(phase="main.actions", players=[{"flag": "danger-world", "hand": ["war-drums", "iron-tusk-boar"]},
                                                 {}])
    assert kit.find(st, "cast", name="war-drums") is not None
    assert kit.find(st, "call", name="iron-tusk-boar", area="left") is not None


@pytest.mark.clause("BF-1.7")
def test_bf_1_7_other_world_cards_may_sit_in_the_deck(bf):
    d = bf.decks["dragon-demo"]
    assert any(bf.cards[c].world not in ("dragon", "generic") for c in d.cards)
    assert deck_problems(bf, d, bf.texts) == []
    cards = fifty(**{"iron-tusk-boar": 4})
    assert deck_problems(bf, deck(cards), bf.texts) == []


# ---------------------------------------------------------------------------------------------- BF-2
@pytest.mark.clause("BF-2.1")
def test_bf_2_1_flag_must_be_a_flag(bf):
    assert "BF-2.1" in clauses(deck_problems(bf, deck(fifty(), flag="drum-bunker-dragon"), bf.texts))


@pytest.mark.clause("BF-2.1")
def test_bf_2_1_buddy_must_be_a_monster(bf):
    assert "BF-2.1" in clauses(deck_problems(bf, deck(fifty(), buddy="dragoenergy"), bf.texts))
    assert deck_problems(bf, deck(fifty(), buddy="twin-fang-dragon"), bf.texts) == []


@pytest.mark.clause("BF-2.1")
def test_bf_2_1_flag_is_not_part_of_the_deck(bf):
    assert "BF-2.1" in clauses(deck_problems(bf, deck(fifty(**{"danger-world": 1})), bf.texts))


@pytest.mark.clause("BF-2.1")
def test_bf_2_1_flag_and_buddy_outside_the_deck_in_play(bf):
    st = bf.new_game(seed=0)
    for f in st.fighters:
        spec = bf.decks[f.deck_id]
        in_deck = len(f.deck) + len(f.hand) + len(f.gauge)
        assert in_deck == sum(spec.cards.values())
        assert f.flag not in f.deck + f.hand + f.gauge and f.buddy not in f.deck + f.hand + f.gauge
        assert st.cards[f.flag].cid == spec.flag and st.cards[f.buddy].cid == spec.buddy


@pytest.mark.clause("BF-2.1")
def test_bf_2_1_inline_deck_with_bad_buddy_refused(bf):
    spec = {"id": "bad", "name": {"en": "bad"}, "flag": "dragon-world", "buddy": "dragon-banner", "cards": fifty()}
    with pytest.raises(DataError, match="BF-2.1"):
        resolve_deck(bf, spec)


@pytest.mark.clause("BF-2.2")
def test_bf_2_2_at_least_fifty_cards(bf):
    assert deck_problems(bf, deck(fifty()), bf.texts) == []
    assert sum(fifty().values()) == 50
    small = fifty(**{"scout-wyvern": 1})
    assert sum(small.values()) == 49
    assert clauses(deck_problems(bf, deck(small), bf.texts)) == ["BF-2.2"]


@pytest.mark.clause("BF-2.2")
def test_bf_2_2_no_maximum(bf):
    big = {cid: 4 for cid, c in bf.cards.items() if c.type != "flag"}
    assert sum(big.values()) > 100
    assert deck_problems(bf, deck(big), bf.texts) == []


@pytest.mark.clause("BF-2.2")
def test_bf_2_2_short_deck_refused_by_new_game(bf):
    short = {"id": "short", "name": {"en": "short"}, "flag": "dragon-world", "buddy": "drum-bunker-dragon",
             "cards": fifty(**{"scout-wyvern": 1})}
    with pytest.raises(ValueError, match="BF-2.2"):
        bf.new_game(seed=0, options={"decks": [short, "danger-demo"]})


@pytest.mark.clause("BF-2.3")
def test_bf_2_3_at_most_four_of_a_name(bf):
    assert "BF-2.3" in clauses(deck_problems(bf, deck(fifty(**{"twin-fang-dragon": 5})), bf.texts))


@pytest.mark.clause("BF-2.3")
def test_bf_2_3_buddy_counted_apart(bf):
    # The buddy is Drum Bunker Dragon and the deck holds four more: five in all is legal.
    cards = fifty()
    assert cards["drum-bunker-dragon"] == 4
    assert deck_problems(bf, deck(cards, buddy="drum-bunker-dragon"), bf.texts) == []
    assert "BF-2.3" in clauses(deck_problems(bf, deck(fifty(**{"drum-bunker-dragon": 5})), bf.texts))


@pytest.mark.clause("BF-2.4")
def test_bf_2_4_impacts_have_no_quota(bf):
    impacts = [c for c, d in bf.cards.items() if d.type == "impact"]
    assert len(impacts) >= 3
    cards = fifty(**{c: 4 for c in impacts})
    assert deck_problems(bf, deck(cards), bf.texts) == []
    spec = {"id": "imp", "name": {"en": "impacts"}, "flag": "dragon-world", "buddy": "drum-bunker-dragon",
            "cards": cards}
    st = bf.new_game(seed=0, options={"decks": [spec, "danger-demo"]})
    f = st.fighters[0]
    n = sum(1 for u in f.deck + f.hand + f.gauge if st.cards[u].d.type == "impact")
    assert n == 4 * len(impacts)


@pytest.mark.clause("BF-2.4")
def test_bf_2_4_impacts_still_within_four_of_a_name(bf):
    assert "BF-2.3" in clauses(deck_problems(bf, deck(fifty(**{"scorched-earth": 5})), bf.texts))


@pytest.mark.clause("BF-1.7")
def test_bf_1_7_other_world_counter_not_offered_in_a_window(kit):
    # Danger World fighter holding Dragoenergy (a Dragon World [Counter]) while its «Armordragon» battles.
    st = kit.scen(phase="attack.declare", turn=2, turn_player=0, players=[
        {"field": {"left": "spear-tusk-dragon"}},
        {"hand": ["dragoenergy", "battle-roar"], "field": {"center": "full-armor-shortsword-dragon"}}])
    kit.do(st, "attack", attackers=["left"], target="center")
    assert st.current_player == 1 and kit.choice(st) == "window"
    names = {a.args.get("name") for a in st.legal_actions()}
    assert "battle-roar" in names and "dragoenergy" not in names
