"""Story-mode clauses of the player's turn and the special actions: BRS-4.x, BRS-6.x, and the
decisions BRS-8.3 .. BRS-8.11. The turn is duel mode's; these tests check that story mode cites
its own clauses for it and keeps the story-specific differences (one seat, no opponent)."""
from __future__ import annotations

import pytest


@pytest.mark.clause("BRS-4.1")
def test_brs_4_1_basic_actions_in_any_order(sk):
    st = sk.scen(piles={0: ["bloodied-fang"]}, players=[{"hand": ["slash-1", "slash-1"], "pool": 1}])
    assert {"play", "self_harm", "recall", "enhance"} <= sk.kinds(st)
    sk.do(st, "self_harm")
    sk.do(st, "enhance", card="slash-1")
    sk.do(st, "recall", pile=0)
    assert [e.clause for e in st.log if e.kind == "turn"] == []        # a scenario starts inside the turn
    sk.end_turn(st)
    assert [e.clause for e in st.log if e.kind == "turn"] == ["BRS-4.1"]


@pytest.mark.clause("BRS-4.2")
def test_brs_4_2_playing_a_card(sk):
    st = sk.scen(players=[{"hand": ["slash-2"]}])
    evs = sk.do(st, "play", card="slash-2")
    assert evs[0].clause == "BRS-4.2" and sk.cids(st, 0, "play") == ["slash-2"]
    sk.refused(st, sk.act(st, "play", card="slash-2"), "BRS-4.2")


@pytest.mark.clause("BRS-4.3")
def test_brs_4_3_self_harm(sk):
    st = sk.scen(players=[{"hand": ["slash-1"]}])
    evs = sk.do(st, "self_harm")
    assert evs[0].clause == "BRS-4.3" and st.seats[0].life == 18 and st.seats[0].pool == 2
    sk.refused(st, sk.act(st, "self_harm"), "BRS-4.3")


@pytest.mark.clause("BRS-4.4")
def test_brs_4_4_lineage(sk):
    st = sk.scen(players=[{"lineage_used": 2, "hand": ["slash-1", "slash-1"]}])
    sk.refused(st, sk.act(st, "enhance", card="slash-1"), "BRS-4.4")


@pytest.mark.clause("BRS-4.5")
def test_brs_4_5_recall(sk):
    st = sk.scen(piles={0: ["bloodied-fang"]}, players=[{"pool": 1}])
    evs = sk.do(st, "recall", pile=0)
    assert evs[0].clause == "BRS-4.5" and st.seats[0].pool == 0
    st = sk.scen(piles={0: ["sun-sigil"]}, players=[{"pool": 2}])
    sk.refused(st, sk.act(st, "recall", pile=0, card="sun-sigil"), "BRS-4.5")


@pytest.mark.clause("BRS-4.6")
def test_brs_4_6_face_down_top_card(sk):
    st = sk.scen(piles={0: ["sun-sigil"]}, face_down=[0], players=[{"pool": 3}])
    sk.refused(st, sk.act(st, "recall", pile=0, card="sun-sigil"), "BRS-4.6")
    sk.refused(st, sk.act(st, "reveal", pile=0), "BRS-4.6")
    evs = sk.do(st, "recall", pile=0)
    assert [(e.kind, e.clause) for e in evs[:2]] == [("reveal", "BRS-4.6"), ("recall", "BRS-4.5")]
    assert sk.cids(st, 0, "play") == ["sun-sigil"] and st.seats[0].pool == 0


@pytest.mark.clause("BRS-4.7")
def test_brs_4_7_art_enhancement(sk):
    st = sk.scen(players=[{"hand": ["slash-2", "slash-2"]}])
    evs = sk.do(st, "enhance", card="slash-2")
    assert evs[0].clause == "BRS-4.7" and sk.cids(st, 0, "hand") == ["slash-3"]
    # Any higher stage, the player choosing: two Crimson Blood may become Crimson Awakening at once.
    st = sk.scen(supply={"crimson-2": 0}, players=[{"hand": ["crimson-1", "crimson-1"]}])
    assert [a.args["to"] for a in st.legal_actions() if a.kind == "enhance"] == ["crimson-3"]
    sk.do(st, "enhance", card="crimson-1", to="crimson-3")
    assert sk.cids(st, 0, "hand") == ["crimson-3"]


@pytest.mark.clause("BRS-4.8")
def test_brs_4_8_free_enhancement(sk):
    st = sk.scen(players=[{"vessel": "kutoneshirika", "recaller": "yoi", "hand": ["crimson-1", "crimson-1"]}])
    sk.do(st, "self_harm")
    assert st.choices[-1].clause == "BRS-4.8"
    evs = sk.do(st, "free_enhance", card="crimson-1")
    assert evs[0].clause == "BRS-4.8" and st.seats[0].lineage_used == 0


@pytest.mark.clause("BRS-4.9")
def test_brs_4_9_no_ending_with_cards_in_hand(sk):
    st = sk.scen(players=[{"hand": ["memory-fog"]}])
    sk.refused(st, sk.act(st, "end_turn"), "BRS-4.9")


@pytest.mark.clause("BRS-4.10")
def test_brs_4_10_pool_returns(sk):
    st = sk.scen(players=[{"pool": 6}], chapter=1, m_deck=["seal"] * 4)
    evs = sk.end_turn(st)
    assert sk.events(evs, "end_turn")[0].clause == "BRS-4.10" and st.seats[0].pool == 0


@pytest.mark.clause("BRS-4.11")
def test_brs_4_11_hindrance_cards(sk):
    st = sk.scen(players=[{"hand": ["binding", "blood-loss"]}])
    assert {a.clause for a in st.legal_actions() if a.kind == "play"} == {"BRS-4.11"}
    sk.do(st, "play", card="blood-loss")
    assert st.seats[0].life == 19


@pytest.mark.clause("BRS-4.12")
def test_brs_4_12_card_effects(sk):
    st = sk.scen(piles={1: ["tide-of-memory"]}, players=[{"pool": 2, "deck": ["slash-1", "slash-1"]}])
    evs = sk.do(st, "recall", pile=1)
    assert sk.events(evs, "draw")[0].clause == "BRS-4.12"
    st = sk.scen(players=[{"hand": ["crimson-1"]}])
    assert sk.do(st, "play", card="crimson-1")[1].clause == "BRS-4.12"


# ------------------------------------------------------------------------------------------------- BRS-6
@pytest.mark.clause("BRS-6.1")
def test_brs_6_1_blood_recall(sk):
    st = sk.scen(players=[{"recall_points": 2}])
    evs = sk.do(st, "blood_recall", recaller="suou")
    assert evs[0].clause == "BRS-6.1" and st.seats[0].bonus == 4
    st = sk.scen(players=[{"recall_points": 1}])
    sk.refused(st, sk.act(st, "blood_recall", recaller="suou"), "BRS-6.1")


@pytest.mark.clause("BRS-6.2")
def test_brs_6_2_recall_points(sk):
    st = sk.scen(players=[{"vessel": "apoitakara", "recaller": "subaru", "hand": ["slash-1"]}])
    evs = sk.do(st, "self_harm")
    assert sk.events(evs, "recall_points")[0].clause == "BRS-6.2" and st.seats[0].recall_points == 1


@pytest.mark.clause("BRS-6.3")
def test_brs_6_3_blood_recall_in_the_blood_battle(sk):
    st = sk.scen(chapter=1, players=[{"recall_points": 2}])
    sk.do(st, "end_turn")
    assert st.phase == "battle.recall" and st.current_player == 0 and st.choices[-1].clause == "BRS-6.3"
    sk.do(st, "pass")
    assert st.phase == "player.turn"


@pytest.mark.clause("BRS-6.4")
def test_brs_6_4_once_per_game(sk):
    st = sk.scen(players=[{"recall_points": 4, "hand": ["slash-1"]}])
    sk.do(st, "blood_recall", recaller="suou")
    sk.refused(st, sk.act(st, "blood_recall", recaller="suou"), "BRS-6.4")


@pytest.mark.clause("BRS-6.5")
def test_brs_6_5_several_recallers(sk):
    st = sk.scen(players=[{"recaller": ["suou", "akane"], "recall_points": 5, "hand": ["slash-1"]}])
    assert {a.args["recaller"] for a in st.legal_actions() if a.kind == "blood_recall"} == {"suou", "akane"}
    sk.do(st, "blood_recall", recaller="akane")
    sk.do(st, "blood_recall", recaller="suou")
    assert st.seats[0].recall_points == 0


@pytest.mark.clause("BRS-6.6")
def test_brs_6_6_deck_rebuild(sk):
    st = sk.scen(chapter=1, players=[{"deck": ["slash-1"] * 3, "discard": ["slash-2"]}])
    evs = sk.end_turn(st)
    assert sk.events(evs, "rebuild")[0].clause == "BRS-6.6"


@pytest.mark.clause("BRS-6.7")
def test_brs_6_7_nothing_to_rebuild(sk):
    st = sk.scen(piles={1: ["deep-current"]}, players=[{"pool": 3, "deck": [], "discard": []}])
    evs = sk.do(st, "recall", pile=1)
    assert sk.events(evs, "no_draw")[0].clause == "BRS-6.7"


@pytest.mark.clause("BRS-6.8")
def test_brs_6_8_rebuild_mid_effect(sk):
    st = sk.scen(piles={1: ["deep-current"]}, players=[{"pool": 3, "deck": ["slash-1"], "discard": ["slash-1"]}])
    evs = sk.do(st, "recall", pile=1)
    assert sk.events(evs, "rebuild")[0].clause == "BRS-6.8" and len(st.seats[0].hand) == 2


# ------------------------------------------------------------------------------------------------- decisions
@pytest.mark.clause("BRS-8.3")
def test_brs_8_3_battle_recall_after_effects_before_damage(sk):
    st = sk.scen(chapter=1, m_bonus=3, players=[{"recall_points": 2, "play": ["old-growth", "crimson-1"]}])
    start = len(st.log)
    sk.do(st, "end_turn")
    assert sk.phases(st, start) == ["player.end", "battle.effects", "battle.recall"]
    sk.do(st, "blood_recall", recaller="suou")
    tot = [e for e in st.log if e.kind == "totals"][-1]
    assert tot.data["totals"] == [1 + 4, 3] and st.hp == 1
    st = sk.scen(chapter=1)
    start = len(st.log)
    sk.do(st, "end_turn")
    assert "battle.recall" not in sk.phases(st, start)


@pytest.mark.clause("BRS-8.4")
def test_brs_8_4_no_opponent_to_give_hindrance(sk):
    st = sk.scen(piles={4: ["drain"]}, players=[{"pool": 2}])
    evs = sk.do(st, "recall", pile=4)
    assert sk.events(evs, "no_effect")[0].clause == "BRS-8.4"
    assert st.view(0)["hindrance"]["blood-loss"] == 6


@pytest.mark.clause("BRS-8.5")
def test_brs_8_5_ongoing_once_per_turn(sk):
    st = sk.scen(players=[{"recaller": "akane", "recall_points": 9, "hand": ["slash-1"]}])
    sk.do(st, "blood_recall", recaller="akane")
    sk.refused(st, sk.act(st, "blood_recall", recaller="akane"), "BRS-8.5")


@pytest.mark.clause("BRS-8.6")
def test_brs_8_6_attack_never_below_zero(sk):
    st = sk.scen(chapter=1, m_bonus=-4, players=[{"bonus": -2}])
    evs = sk.end_turn(st)
    assert sk.events(evs, "totals")[0].data["totals"] == [0, 0] and st.hp == 1


@pytest.mark.clause("BRS-8.7")
def test_brs_8_7_pay_order(sk):
    st = sk.scen(players=[{"recall_points": 1, "recall_cards": ["slash-2", "slash-1"]}])
    sk.do(st, "blood_recall", recaller="suou")
    assert sk.cids(st, 0, "removed") == ["slash-2"] and sk.cids(st, 0, "recall") == ["slash-1"]
    assert st.view(0)["players"][0]["removed_blood"] == 1 and st.seats[0].rp_blood == 0


@pytest.mark.clause("BRS-8.8")
def test_brs_8_8_free_enhancement_declined(sk):
    st = sk.scen(players=[{"vessel": "kutoneshirika", "recaller": "yoi", "hand": ["slash-1", "slash-1"]}])
    sk.do(st, "self_harm")
    evs = sk.do(st, "decline")
    assert evs[0].clause == "BRS-8.8" and sk.cids(st, 0, "hand") == ["slash-1", "slash-1"]


@pytest.mark.clause("BRS-8.9")
def test_brs_8_9_madness_hindrance_to_the_hand(sk):
    st = sk.scen(chapter=0, hp=1, deified=True, players=[{"bonus": 0}], m_deck=["seal", "special"],
                 phase="madness.start")
    assert sk.cids(st, 0, "hand")[-1] == "blood-loss"
    hint = [e for e in st.log if e.kind == "hindrance"][-1]
    assert hint.clause == "BRS-8.9" and hint.data["where"] == "hand"


@pytest.mark.clause("BRS-8.10")
def test_brs_8_10_a_face_down_recall_needs_lineage_and_the_dearest_cost(sk):
    st = sk.scen(face_down=[2], players=[{"lineage_used": 2, "pool": 9}])
    sk.refused(st, sk.act(st, "recall", pile=2), "BRS-4.4")
    st = sk.scen(piles={2: ["old-growth", "sap-of-life", "seed-of-return"]}, face_down=[2], players=[{"pool": 2}])
    assert not sk.find(st, "recall", pile=2)                    # Seed of Return costs 3
    sk.refused(st, sk.act(st, "recall", pile=2), "BRS-8.10")
    st = sk.scen(piles={2: ["old-growth", "sap-of-life", "seed-of-return"]}, face_down=[2], players=[{"pool": 3}])
    sk.do(st, "recall", pile=2)
    assert sk.cids(st, 0, "play") == ["seed-of-return"] and st.seats[0].pool == 0


@pytest.mark.clause("BRS-8.11")
def test_brs_8_11_draw_from_an_empty_deck(sk):
    st = sk.scen(chapter=1, players=[{"deck": [], "play": ["slash-1"] * 4}])
    evs = sk.end_turn(st)
    assert sk.events(evs, "rebuild")[0].clause == "BRS-8.11"


@pytest.mark.parametrize("kind,args,clause", [
    ("vessel", {"vessel": "shiragane"}, "BRS-1.2"), ("difficulty", {"difficulty": "easy"}, "BRS-1.3"),
    ("madness", {"madness": "seedbed-worm"}, "BRS-1.4"), ("pass", {}, "BRS-6.3"), ("fly", {}, "BRS-4.1")])
@pytest.mark.clause("BRS-4.1")
def test_brs_4_1_actions_that_are_not_turn_actions_are_refused(sk, kind, args, clause):
    st = sk.scen(players=[{"hand": ["slash-1"]}])
    sk.refused(st, sk.act(st, kind, **args), clause)
