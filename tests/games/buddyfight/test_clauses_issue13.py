"""Issue 13 (rules fidelity, second pass): one test per point, each marked with its clause."""
from __future__ import annotations

import pytest

from tabletop_rules.core import conformance

ORDER = ["start", "main", "attack", "final", "end"]


# ---------------------------------------------------------------------------------- 6 turn structure
@pytest.mark.clause("BF-3.8")
def test_bf_3_8_flow_cites_the_turn_structure(bf):
    cited = {(e.source, e.to) for e in bf.flow.edges if e.clause == "BF-3.8"}
    assert ("end.turn", "start.stand") in cited and ("start.charge", "main.actions") in cited


@pytest.mark.clause("BF-3.8")
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_bf_3_8_every_turn_runs_four_phases_in_order(bf, seed):
    st = conformance.play_random(bf, seed)
    phases = [ev.data["to"].split(".")[0] for ev in st.log if ev.kind == "phase"]
    phases = [p for p in phases if p in ORDER]
    seq = [p for i, p in enumerate(phases) if i == 0 or phases[i - 1] != p]
    for a, b in zip(seq, seq[1:]):
        assert ORDER.index(b) == (ORDER.index(a) + 1) % len(ORDER), (a, b)


# ---------------------------------------------------------------------------------- 10 sources
@pytest.mark.clause("BF-7.2")
def test_bf_7_2_respond_window_is_sourced_from_the_faq(bf):
    src = bf.rules.clause("BF-7.2").source
    assert "魔法卡能力 Q1" in src and "Q5" in src and "decision 2" in src


@pytest.mark.clause("BF-9.2")
def test_bf_9_2_generalises_decision_3_and_says_so(bf):
    c = bf.rules.clause("BF-9.2")
    assert c.decision and "decision 3" in c.source and "decision 3" in c.text.en


@pytest.mark.clause("BF-6.11")
def test_bf_6_11_attack_ends_at_once_is_q3(bf):
    assert "Q3" in bf.rules.clause("BF-6.11").source


# ---------------------------------------------------------------------------------- 5 soul face up
@pytest.mark.clause("BF-9.2")
@pytest.mark.parametrize("seat", [None, 0, 1])
def test_bf_9_2_every_view_lists_the_soul_cards(kit, seat):
    st = kit.scen(phase="main.actions", players=[
        {"field": {"center": {"card": "drum-bunker-dragon", "soul": ["scout-wyvern", "dragoenergy"]}}}, {}])
    center = st.view(seat)["players"][0]["field"]["center"]
    assert center["soul"] == 2
    assert [c["id"] for c in center["soul_cards"]] == ["scout-wyvern", "dragoenergy"]


# ---------------------------------------------------------------------------------- 9 counterattack labels
@pytest.mark.clause("BF-9.6")
def test_bf_9_6_counterattack_choice_labels_name_the_area(kit):
    st = kit.scen(phase="attack.declare", players=[
        {"field": {"left": "ember-drake-pup", "right": "ember-drake-pup"}},
        {"field": {"center": {"card": "bastion-wall-dragon", "power": 2000, "defense": 8000}}}])
    kit.do(st, "attack", attackers=["left", "right"], target="center")
    kit.settle(st)
    assert kit.choice(st) == "counterattack"
    labels = [a.label for a in st.legal_actions()]
    assert len(set(labels)) == len(labels) == 2
    assert any("left" in x for x in labels) and any("right" in x for x in labels)


# ---------------------------------------------------------------------------------- 7 buddy of the flag's world
@pytest.mark.clause("BF-2.1")
def test_bf_2_1_buddy_of_another_world_is_refused(bf):
    from tabletop_rules.core.datafile import DataError
    from tabletop_rules.games.buddyfight.cards import Deck, deck_problems, resolve_deck
    good = bf.decks["dragon-demo"]
    bad = Deck(id="ogre", name={"en": "wrong buddy"}, flag="dragon-world", buddy="rampage-ogre", cards=dict(good.cards))
    problems = deck_problems(bf, bad, bf.texts)
    assert [(c, f) for _, c, f in problems] == [("BF-2.1", "buddy")]
    assert "rampage-ogre" in problems[0][0].render() and "dragon" in problems[0][0].render()
    assert deck_problems(bf, good, bf.texts) == []
    with pytest.raises(DataError, match="BF-2.1"):
        resolve_deck(bf, bad.model_dump())


# ---------------------------------------------------------------------------------- 8 two [Penetrate] cards
@pytest.mark.clause("BF-9.1")
def test_bf_9_1_two_penetrators_fit_and_add_their_criticals(kit):
    st = kit.scen(phase="attack.declare", players=[
        {"field": {"left": "needle-horn-drake", "right": "spear-tusk-dragon"}},
        {"life": 10, "field": {"center": "scout-wyvern"}}])
    assert st.size_total(0) == 3
    kit.do(st, "attack", attackers=["left", "right"], target="center")
    kit.settle(st)
    assert kit.area(st, 1, "center") is None
    assert st.fighters[1].life == 10 - 1 - 2


# ---------------------------------------------------------------------------------- 4 Soulguard against the deck
@pytest.mark.clause("BF-9.3")
@pytest.mark.parametrize("use", [True, False])
def test_bf_9_3_soulguard_protects_against_the_deck(kit, use):
    st = kit.scen(phase="main.actions", players=[
        {"hand": ["undertow-vortex"], "gauge": 2},
        {"deck": 20, "field": {"center": {"card": "drum-bunker-dragon", "soul": 2}}}])
    db = kit.uid(st, 1, "center")
    kit.do(st, "cast", name="undertow-vortex", target=db)
    kit.settle(st)
    assert kit.choice(st) == "soulguard"
    kit.do(st, "soulguard", use=use)
    f = st.fighters[1]
    if use:
        assert f.areas["center"] == db and len(st.cards[db].soul) == 1 and len(f.deck) == 20
    else:
        assert f.areas["center"] is None and f.deck[0] == db and len(f.drop) == 2


# ---------------------------------------------------------------------------------- 3 one counter, one use
@pytest.mark.clause("BF-7.5")
def test_bf_7_5_several_counters_one_after_another_in_one_window(kit):
    st = kit.scen(phase="attack.declare", players=[
        {"field": {"left": "ember-drake-pup", "right": "ember-drake-pup"}},
        {"flag": "dragon-world", "hand": ["dragon-breath", "dragon-breath"], "gauge": 2,
         "field": {"center": "bastion-wall-dragon"}}])
    left, right = kit.uid(st, 0, "left"), kit.uid(st, 0, "right")
    kit.do(st, "attack", attackers=["left", "right"], target="center")
    kit.do(st, "cast", name="dragon-breath", target=left)
    kit.pay(st)
    assert kit.choice(st) == "window" and st.current_player == 1      # the window opens again
    assert sum(1 for e in st.log if e.kind == "destroy") == 1          # the first counter resolved once
    kit.do(st, "cast", name="dragon-breath", target=right)
    kit.settle(st)
    assert left in st.fighters[0].drop and right in st.fighters[0].drop
    assert not any(e.kind == "battle" for e in st.log)


@pytest.mark.clause("BF-7.5")
def test_bf_7_5_two_dragoenergy_one_counterattack_is_the_faq_ruling(bf):
    r = next(r for r in bf.rulings if r.id == "faq-attack-1")
    assert r.check().ok and "BF-7.3" in r.clauses


# ---------------------------------------------------------------------------------- 2 monsters with [Counter]
@pytest.mark.clause("BF-9.7")
def test_bf_9_7_counter_monster_called_in_the_opponents_attack_window(kit):
    st = kit.scen(phase="attack.declare", players=[
        {"field": {"left": "full-armor-shortsword-dragon"}},
        {"flag": "dragon-world", "hand": ["lurking-fang-wyvern", "scout-wyvern"], "gauge": 1,
         "field": {"center": "bastion-wall-dragon"}}])
    kit.do(st, "attack", attackers=["left"], target="center")
    assert kit.choice(st) == "window" and st.current_player == 1
    scout = kit.card_in_hand(st, 1, "scout-wyvern")
    kit.refused(st, kit.act(st, "call", card=scout, name="scout-wyvern", area="left"), "BF-5.1")
    kit.do(st, "call", name="lurking-fang-wyvern", area="left")
    kit.settle(st)
    assert kit.area(st, 1, "left") == "lurking-fang-wyvern"


@pytest.mark.clause("BF-9.7")
def test_bf_9_7_counter_monster_called_in_response_then_the_chain_resolves(kit):
    st = kit.scen(phase="main.actions", players=[
        {"hand": ["gale-recall"], "gauge": 1},
        {"flag": "dragon-world", "hand": ["lurking-fang-wyvern"], "gauge": 1, "field": {"center": "scout-wyvern"}}])
    scout = kit.uid(st, 1, "center")
    kit.do(st, "cast", name="gale-recall", target=scout)
    assert kit.choice(st) == "respond" and st.current_player == 1
    kit.do(st, "call", name="lurking-fang-wyvern", area="left")
    kit.settle(st)
    assert kit.area(st, 1, "left") == "lurking-fang-wyvern"
    assert scout in st.fighters[1].hand                     # Gale Recall resolved after the call
    assert st.phase == "main.actions" and st.current_player == 0 and not st.chain


@pytest.mark.clause("BF-9.7")
def test_bf_9_7_counter_monster_called_between_own_attacks(kit):
    st = kit.scen(phase="attack.declare", players=[
        {"hand": ["lurking-fang-wyvern", "scout-wyvern"], "gauge": 2}, {}])
    assert kit.find(st, "call", name="lurking-fang-wyvern", area="center") is not None
    assert kit.find(st, "call", name="scout-wyvern") is None
    scout = kit.card_in_hand(st, 0, "scout-wyvern")
    kit.refused(st, kit.act(st, "call", card=scout, name="scout-wyvern", area="left"), "BF-5.1")


# ---------------------------------------------------------------------------------- attack labels (issue 12)
@pytest.mark.clause("BF-6.4")
def test_bf_6_4_attack_labels_differ_with_two_copies_of_a_card(kit):
    """Two copies of a monster attacking: no two buttons read the same; each names its areas."""
    st = kit.scen(phase="attack.declare", players=[
        {"field": {"left": "ember-drake-pup", "right": "ember-drake-pup"}}, {}])
    attacks = [a for a in st.legal_actions() if a.kind == "attack"]
    labels = [a.label for a in attacks]
    assert len(attacks) == 3 and len(set(labels)) == 3, labels
    assert any("(from left)" in x for x in labels) and any("(from right)" in x for x in labels)
    zh = [kit.g.describe(a, "zh") for a in attacks]
    assert len(set(zh)) == 3 and any("左侧区" in x for x in zh)
