"""Duel-mode clauses of a player's turn and the special actions: BRD-3.x, BRD-4.x, and the
decisions BRD-6.3, 6.6, 6.9, 6.10, 6.11, 6.12.

Scenario defaults: seat 0 is to act with Hihiirogane (self-harm 2: +2 attack; lineage 2) and the
recaller Suou (cost 2: +4 attack); seat 1 has Apoitakara and the ongoing recaller Seishuku.
"""
from __future__ import annotations

import pytest

from tabletop_rules.core import conformance


@pytest.mark.clause("BRD-3.1")
def test_brd_3_1_basic_actions_in_any_order(dk):
    st = dk.scen(piles={0: ["bloodied-fang"]}, players=[{"hand": ["slash-1", "slash-1"], "pool": 1}, {}])
    assert {"play", "self_harm", "recall", "enhance"} <= dk.kinds(st)
    dk.do(st, "recall", pile=0)
    dk.do(st, "self_harm")
    dk.do(st, "play", card="slash-1")
    dk.do(st, "play", card="slash-1")
    assert "end_turn" in dk.kinds(st) and "play" not in dk.kinds(st)
    assert [e.clause for e in st.log if e.kind == "turn"] == ["BRD-3.1"] * len([e for e in st.log if e.kind == "turn"])


@pytest.mark.clause("BRD-3.2")
def test_brd_3_2_playing_a_card_resolves_it_and_it_stays(dk):
    st = dk.scen(players=[{"hand": ["crimson-2"]}, {}])
    evs = dk.do(st, "play", card="crimson-2")
    assert dk.cids(st, 0, "play") == ["crimson-2"] and st.seats[0].pool == 2
    assert evs[0].kind == "play" and evs[0].clause == "BRD-3.2"
    dk.do(st, "end_turn")
    assert dk.cids(st, 0, "play") == ["crimson-2"]            # until cleanup
    dk.refused(st, dk.act(st, "play", 1, card="slash-3"), "BRD-3.2")


@pytest.mark.clause("BRD-3.3")
def test_brd_3_3_self_harm_rests_hurts_then_resolves(dk):
    st = dk.scen(players=[{"hand": ["slash-1"]}, {}])
    evs = dk.do(st, "self_harm")
    assert [e.kind for e in evs] == ["self_harm", "damage", "attack"]
    assert st.seats[0].rested and st.seats[0].life == 18 and st.seats[0].pool == 2 and st.seats[0].bonus == 2
    dk.refused(st, dk.act(st, "self_harm"), "BRD-3.3")


@pytest.mark.clause("BRD-3.3")
def test_brd_3_3_awakened_vessel_uses_the_awakened_numbers(dk):
    st = dk.scen(players=[{"awake": True, "life": 9, "hand": ["slash-1"]}, {}])
    dk.do(st, "self_harm")
    assert st.seats[0].life == 6 and st.seats[0].bonus == 3


@pytest.mark.clause("BRD-3.4")
def test_brd_3_4_lineage_caps_recalls_and_enhancements_together(dk):
    st = dk.scen(piles={0: ["bloodied-fang", "bloodied-fang"]},
                 players=[{"hand": ["slash-1", "slash-1"], "pool": 3}, {}])
    dk.do(st, "recall", pile=0)
    dk.do(st, "enhance", card="slash-1")
    assert st.seats[0].lineage_used == 2
    assert "recall" not in dk.kinds(st)
    dk.refused(st, dk.act(st, "recall", pile=0, card="bloodied-fang"), "BRD-3.4")
    # A new turn gives the full count again.
    dk.end_turn(st)
    dk.end_turn(st)
    assert st.turn_player == 0 and st.seats[0].lineage_used == 0


@pytest.mark.clause("BRD-3.5")
def test_brd_3_5_recall_pays_blood_and_resolves_in_play(dk):
    st = dk.scen(piles={2: ["sap-of-life"], 1: ["rending-claw"]}, players=[{"pool": 2}, {}])
    evs = dk.do(st, "recall", pile=1)
    assert st.seats[0].pool == 0 and dk.cids(st, 0, "play") == ["rending-claw"]
    assert evs[0].clause == "BRD-3.5"
    assert "recall" not in dk.kinds(st)                # Sap of Life costs 1: the pool is empty
    dk.refused(st, dk.act(st, "recall", pile=2, card="sap-of-life"), "BRD-3.5")
    dk.refused(st, dk.act(st, "recall", pile=1, card="sap-of-life"), "BRD-3.5")


@pytest.mark.clause("BRD-3.5")
def test_brd_3_5_recalled_cards_join_the_deck_through_the_discard(dk):
    st = dk.scen(turn_player=1, piles={0: ["golden-thread"]}, players=[{}, {"pool": 2, "deck": []}])
    dk.do(st, "recall", 1, pile=0)
    dk.do(st, "end_turn", 1)
    assert "golden-thread" in dk.cids(st, 1, "hand") + dk.cids(st, 1, "deck")


@pytest.mark.clause("BRD-3.6")
def test_brd_3_6_face_down_top_card_turned_up_as_part_of_its_recall(dk):
    st = dk.scen(piles={0: ["sun-sigil"]}, face_down=[0], players=[{"pool": 3}, {}])
    assert st.view(0)["piles"][0]["top"]["hidden"] is True
    assert "reveal" not in dk.kinds(st)                         # no turning up on its own
    dk.refused(st, dk.act(st, "reveal", pile=0), "BRD-3.6")
    for named in ("sun-sigil", "bloodied-fang"):                # naming the card is refused alike
        err = dk.refused(st, dk.act(st, "recall", pile=0, card=named), "BRD-3.6")
        assert "sun-sigil" not in err.reason.lower() and "Sun Sigil" not in err.reason
    a = dk.find(st, "recall", pile=0)
    assert a.args == {"pile": 0} and "Sun Sigil" not in a.label     # the offer names no hidden card
    evs = dk.do(st, "recall", pile=0)
    assert [(e.kind, e.clause) for e in evs[:2]] == [("reveal", "BRD-3.6"), ("recall", "BRD-3.5")]
    assert dk.cids(st, 0, "play") == ["sun-sigil"] and st.seats[0].pool == 0


@pytest.mark.clause("BRD-3.6")
def test_brd_3_6_every_card_turned_up_in_random_play_is_recalled(duel):
    """Turning up never undoes Memory Fog for nothing: each turn-up is followed by its recall."""
    turned = 0
    for seed in range(60):
        st = conformance.play_random(duel, seed, max_steps=3000)
        for i, e in enumerate(st.log):
            if e.kind == "reveal" and "pile" in e.data:
                turned += 1
                nxt = st.log[i + 1]
                assert nxt.kind == "recall" and nxt.data["card"] == e.data["card"], (seed, e.text, nxt.text)
    assert turned > 20


@pytest.mark.clause("BRD-3.7")
def test_brd_3_7_two_same_name_arts_for_the_next_stage(dk):
    st = dk.scen(players=[{"hand": ["crimson-2", "crimson-2", "slash-1"]}, {}])
    assert {a.args["card"] for a in st.legal_actions() if a.kind == "enhance"} == {"crimson-2"}
    evs = dk.do(st, "enhance", card="crimson-2")
    assert sorted(dk.cids(st, 0, "hand")) == ["crimson-3", "slash-1"]
    assert dk.cids(st, 0, "recall") == ["crimson-2", "crimson-2"] and evs[0].clause == "BRD-3.7"
    dk.refused(st, dk.act(st, "enhance", card="slash-1"), "BRD-3.7")


@pytest.mark.clause("BRD-3.7")
def test_brd_3_7_any_higher_stage_left_the_player_choosing(dk):
    st = dk.scen(players=[{"hand": ["slash-1", "slash-1"]}, {}])
    offered = [a.args["to"] for a in st.legal_actions() if a.kind == "enhance"]
    assert offered == ["slash-2", "slash-3"]                     # lowest stage first
    assert "Crimson Lotus" in dk.find(st, "enhance", to="slash-3").label
    err = dk.refused(st, dk.act(st, "enhance", card="slash-1", to="crimson-2"), "BRD-3.7")
    assert "not a higher stage" in err.reason
    dk.do(st, "enhance", card="slash-1", to="slash-3")
    assert dk.cids(st, 0, "hand") == ["slash-3"] and st.view(0)["arts"]["slash-3"] == 3
    # The case: Slash: Flash used up, Crimson Lotus left: two Slash still enhance.
    st = dk.scen(supply={"slash-2": 0}, players=[{"hand": ["slash-1", "slash-1"]}, {}])
    assert [a.args for a in st.legal_actions() if a.kind == "enhance"] == [{"card": "slash-1", "to": "slash-3"}]
    err = dk.refused(st, dk.act(st, "enhance", card="slash-1", to="slash-2"), "BRD-3.7")
    assert "no Slash: Flash is left" in err.reason
    st = dk.scen(supply={"slash-2": 0, "slash-3": 0}, players=[{"hand": ["slash-1", "slash-1"]}, {}])
    assert "enhance" not in dk.kinds(st)
    err = dk.refused(st, dk.act(st, "enhance", card="slash-1", to="slash-3"), "BRD-3.7")
    assert "no Slash: Crimson Lotus is left" in err.reason
    assert "no higher stage" in dk.refused(st, dk.act(st, "enhance", card="slash-1"), "BRD-3.7").reason


@pytest.mark.clause("BRD-3.7")
def test_brd_3_7_the_last_stage_cannot_be_enhanced(dk):
    st = dk.scen(players=[{"hand": ["slash-3", "slash-3"]}, {}])
    assert "enhance" not in dk.kinds(st)
    err = dk.refused(st, dk.act(st, "enhance", card="slash-3"), "BRD-3.7")
    assert "last stage" in err.reason


@pytest.mark.clause("BRD-3.8")
def test_brd_3_8_free_enhancement_uses_no_lineage(dk):
    st = dk.scen(piles={3: ["crown-memory"]},
                 players=[{"pool": 2, "lineage_used": 1, "hand": ["slash-1", "slash-1"]}, {}])
    dk.do(st, "recall", pile=3)
    assert st.phase == "main.turn" and st.choices[-1].kind == "free_enhance" and st.choices[-1].clause == "BRD-3.8"
    assert {a.args.get("to") for a in st.legal_actions()} == {"slash-2", "slash-3", None}   # None: decline
    evs = dk.do(st, "free_enhance", card="slash-1")
    assert evs[0].data["free"] is True and st.seats[0].lineage_used == 2
    assert dk.cids(st, 0, "hand") == ["slash-2"]


@pytest.mark.clause("BRD-3.9")
def test_brd_3_9_no_ending_with_cards_in_hand(dk):
    st = dk.scen(players=[{"hand": ["blood-loss", "slash-1"]}, {}])
    assert "end_turn" not in dk.kinds(st)
    err = dk.refused(st, dk.act(st, "end_turn"), "BRD-3.9")
    assert "Blood Loss" in err.reason
    dk.do(st, "play", card="slash-1")
    dk.refused(st, dk.act(st, "end_turn"), "BRD-3.9")
    dk.do(st, "play", card="blood-loss")
    assert "end_turn" in dk.kinds(st)


@pytest.mark.clause("BRD-3.10")
def test_brd_3_10_the_pool_returns_at_the_end_of_the_turn(dk):
    st = dk.scen(players=[{"pool": 5}, {"pool": 3}])
    evs = dk.do(st, "end_turn")
    assert st.seats[0].pool == 0 and st.seats[1].pool == 3
    assert dk.events(evs, "end_turn")[0].clause == "BRD-3.10"


@pytest.mark.clause("BRD-3.11")
def test_brd_3_11_hindrance_cards_are_played_like_any_card(dk):
    st = dk.scen(players=[{"hand": ["blood-loss", "memory-fog"]}, {}])
    play = {a.args["card"]: a.clause for a in st.legal_actions() if a.kind == "play"}
    assert play == {"blood-loss": "BRD-3.11", "memory-fog": "BRD-3.11"}
    dk.do(st, "play", card="blood-loss")
    assert st.seats[0].life == 19 and st.seats[0].pool == 1
    dk.do(st, "play", card="memory-fog")
    assert all(p["top"]["hidden"] for p in st.view(1)["piles"])
    assert sorted(dk.cids(st, 0, "play")) == ["blood-loss", "memory-fog"]


@pytest.mark.clause("BRD-3.12")
def test_brd_3_12_effects_in_order_and_attack_until_cleanup(dk):
    st = dk.scen(piles={2: ["verdant-oath"]}, players=[{"pool": 3, "hand": ["crimson-3"]}, {}])
    evs = dk.do(st, "play", card="crimson-3")
    assert [e.kind for e in evs] == ["play", "blood", "recall_points"]
    st = dk.scen(turn_player=1, players=[{"bonus": 3}, {}])
    dk.do(st, "end_turn", 1)
    assert st.seats[0].bonus == 0 and st.seats[1].life == 17


# ------------------------------------------------------------------------------------------------- BRD-4
@pytest.mark.clause("BRD-4.1")
def test_brd_4_1_blood_recall_pays_turns_up_resolves(dk):
    st = dk.scen(players=[{"recall_cards": ["slash-1", "slash-1", "crimson-1"], "hand": ["slash-1"]}, {}])
    assert st.view(1)["players"][0]["recallers"][0]["hidden"]
    evs = dk.do(st, "blood_recall", recaller="suou")
    assert evs[0].clause == "BRD-4.1" and st.seats[0].bonus == 4
    assert dk.cids(st, 0, "removed") == ["slash-1", "slash-1"] and dk.cids(st, 0, "recall") == ["crimson-1"]
    assert st.view(1)["players"][0]["recallers"][0]["id"] == "suou"
    st = dk.scen(players=[{"recall_points": 1}, {}])
    dk.refused(st, dk.act(st, "blood_recall", recaller="suou"), "BRD-4.1")
    dk.refused(st, dk.act(st, "blood_recall", recaller="seishuku"), "BRD-4.1")


@pytest.mark.clause("BRD-4.2")
def test_brd_4_2_recall_points_from_enhancement_and_effects(dk):
    st = dk.scen(piles={3: ["gilded-echo"]}, players=[{"pool": 1, "hand": ["slash-1", "slash-1"]}, {}])
    dk.do(st, "enhance", card="slash-1")
    evs = dk.do(st, "recall", pile=3)
    assert st.seats[0].recall_points == 3 and dk.events(evs, "recall_points")[0].clause == "BRD-4.2"


@pytest.mark.clause("BRD-4.3")
def test_brd_4_3_second_player_decides_first_and_resolves_first(dk):
    st = dk.scen(turn_player=1, players=[{"recall_points": 2}, {"recall_points": 3}])
    dk.do(st, "end_turn", 1)
    assert st.current_player == 1 and st.choices[-1].clause == "BRD-4.3"
    dk.refused(st, dk.act(st, "blood_recall", 0, recaller="suou"), "BRD-4.3")
    dk.do(st, "blood_recall", 1, recaller="seishuku")
    assert st.current_player == 0 and st.seats[1].pool == 1     # its effect already resolved
    dk.do(st, "pass", 0)
    assert st.phase == "main.turn"
    recalls = [e.data["seat"] for e in st.log if e.kind in ("blood_recall", "pass")]
    assert recalls == [1, 0]


@pytest.mark.clause("BRD-4.3")
def test_brd_4_3_a_pass_is_final(dk):
    st = dk.scen(turn_player=1, players=[{"recall_points": 2}, {"recall_points": 3}])
    dk.do(st, "end_turn", 1)
    dk.do(st, "pass", 1)
    dk.do(st, "blood_recall", 0, recaller="suou")
    assert not st.choices and st.phase == "main.turn"


@pytest.mark.clause("BRD-4.4")
def test_brd_4_4_once_per_game_unless_ongoing(dk):
    st = dk.scen(players=[{"recall_points": 4, "hand": ["slash-1"]}, {}])
    dk.do(st, "blood_recall", recaller="suou")
    err = dk.refused(st, dk.act(st, "blood_recall", recaller="suou"), "BRD-4.4")
    assert "once per game" in err.reason
    st = dk.scen(turn_player=1, players=[{}, {"recall_points": 6, "recaller_used": True, "hand": ["slash-1"]}])
    assert dk.find(st, "blood_recall", 1, recaller="seishuku")


@pytest.mark.clause("BRD-4.5")
def test_brd_4_5_the_deck_is_rebuilt_the_moment_it_empties(dk):
    st = dk.scen(piles={1: ["quiet-recollection"]}, players=[{"pool": 1, "deck": ["slash-1"],
                                                             "discard": ["slash-2", "crimson-1"]}, {}])
    evs = dk.do(st, "recall", pile=1)
    assert len(st.seats[0].deck) == 2 and not st.seats[0].discard
    assert [e.kind for e in evs][-2:] == ["draw", "rebuild"]
    st = dk.scen(turn_player=1, players=[{}, {"deck": ["slash-1"] * 4, "discard": ["slash-3"]}])
    evs = dk.end_turn(st)
    assert any(e.kind == "rebuild" and e.clause == "BRD-4.5" for e in evs)
    assert dk.cids(st, 1, "deck") == ["slash-3"]


@pytest.mark.clause("BRD-4.6")
def test_brd_4_6_no_discard_no_rebuild_draws_do_nothing(dk):
    st = dk.scen(piles={1: ["deep-current"]}, players=[{"pool": 3, "deck": [], "discard": []}, {}])
    evs = dk.do(st, "recall", pile=1)
    miss = dk.events(evs, "no_draw")
    assert miss and miss[0].clause == "BRD-4.6" and miss[0].data["missed"] == 2
    assert not st.seats[0].hand


@pytest.mark.clause("BRD-4.7")
def test_brd_4_7_the_effect_goes_on_after_a_rebuild(dk):
    st = dk.scen(piles={1: ["deep-current"]}, players=[{"pool": 3, "deck": ["slash-1"], "discard": ["slash-2"]}, {}])
    evs = dk.do(st, "recall", pile=1)
    assert [e.kind for e in evs if e.kind in ("draw", "rebuild")] == ["draw", "rebuild", "draw"]
    assert dk.events(evs, "rebuild")[0].clause == "BRD-4.7"
    assert sorted(dk.cids(st, 0, "hand")) == ["slash-1", "slash-2"]


# ------------------------------------------------------------------------------------------------- decisions
@pytest.mark.clause("BRD-6.3")
def test_brd_6_3_ongoing_recaller_once_per_turn_and_per_battle(dk):
    st = dk.scen(turn_player=1, players=[{}, {"recall_points": 9}])
    dk.do(st, "blood_recall", 1, recaller="seishuku")
    dk.refused(st, dk.act(st, "blood_recall", 1, recaller="seishuku"), "BRD-6.3")
    dk.play_hand(st)
    dk.do(st, "end_turn", 1)
    # In the blood battle it may be used again, once.
    assert st.phase == "battle.recall" and dk.find(st, "blood_recall", 1, recaller="seishuku")
    dk.do(st, "blood_recall", 1, recaller="seishuku")
    assert st.phase == "main.turn" and st.seats[1].recall_points == 3
    assert st.view(0)["players"][1]["recallers"][0]["face_up"] is True


@pytest.mark.clause("BRD-6.6")
def test_brd_6_6_recall_points_paid_blood_first_then_oldest_cards(dk):
    st = dk.scen(players=[{"recall_points": 1, "recall_cards": ["crimson-1", "slash-1", "slash-2"]}, {}])
    evs = dk.do(st, "blood_recall", recaller="suou")
    assert st.seats[0].rp_blood == 0
    assert dk.cids(st, 0, "removed") == ["crimson-1"] and dk.cids(st, 0, "recall") == ["slash-1", "slash-2"]
    # The blood card paid is removed from the game too (R 4), not returned to the supply.
    assert st.seats[0].removed_blood == 1 and st.view(1)["players"][0]["removed_blood"] == 1
    assert evs[0].data["removed_blood"] == 1 and evs[0].data["removed_arts"] == 1
    st = dk.scen(players=[{"recall_points": 3, "pool": 0}, {}])
    dk.do(st, "blood_recall", recaller="suou")
    assert (st.seats[0].rp_blood, st.seats[0].removed_blood, st.seats[0].pool) == (1, 2, 0)


@pytest.mark.clause("BRD-6.9")
def test_brd_6_9_free_enhancement_may_be_declined_or_do_nothing(dk):
    st = dk.scen(players=[{"vessel": "kutoneshirika", "recaller": "oboro", "hand": ["slash-1", "slash-1"]}, {}])
    dk.do(st, "self_harm")
    assert {a.kind for a in st.legal_actions()} == {"free_enhance", "decline"}
    dk.refused(st, dk.act(st, "end_turn"), "BRD-3.8")
    evs = dk.do(st, "decline")
    assert evs[0].clause == "BRD-6.9" and dk.cids(st, 0, "hand") == ["slash-1", "slash-1"]
    st = dk.scen(players=[{"vessel": "kutoneshirika", "recaller": "oboro", "hand": ["slash-1"]}, {}])
    evs = dk.do(st, "self_harm")
    assert dk.events(evs, "no_effect")[0].clause == "BRD-6.9" and not st.choices


@pytest.mark.clause("BRD-6.10")
def test_brd_6_10_hindrance_to_the_opponents_discard(dk):
    st = dk.scen(piles={4: ["curse-of-lineage"]}, supply={"blood-loss": 0}, players=[{"pool": 3}, {}])
    evs = dk.do(st, "recall", pile=4)
    assert dk.cids(st, 1, "discard") == ["binding"]
    assert [e.clause for e in evs if e.kind in ("hindrance", "no_effect")] == ["BRD-6.10", "BRD-6.10"]
    assert st.view(0)["hindrance"]["binding"] == 5


@pytest.mark.clause("BRD-6.11")
def test_brd_6_11_a_face_down_card_is_recalled_only_when_any_card_of_its_pile_can_be_paid(dk):
    st = dk.scen(face_down=[0, 1], players=[{"lineage_used": 2, "pool": 9}, {}])
    assert "recall" not in dk.kinds(st)
    dk.refused(st, dk.act(st, "recall", pile=0), "BRD-3.4")     # no lineage left
    spec = dict(piles={0: ["executioners-memory", "bloodied-fang"]}, face_down=[0])
    st = dk.scen(players=[{"pool": 3}, {}], **spec)
    assert not dk.find(st, "recall", pile=0)                    # the hidden card might cost 4
    err = dk.refused(st, dk.act(st, "recall", pile=0), "BRD-6.11")
    assert "up to 4" in err.reason and st.view(0)["piles"][0]["top"]["face_up"] is False
    st = dk.scen(players=[{"pool": 4, "lineage_used": 1}, {}], **spec)
    assert "at most 4" in dk.find(st, "recall", pile=0).label
    dk.do(st, "recall", pile=0)
    assert dk.cids(st, 0, "play") == ["bloodied-fang"] and st.seats[0].pool == 3
    assert st.seats[0].lineage_used == 2                        # the recall used the lineage


@pytest.mark.clause("BRD-6.12")
def test_brd_6_12_a_draw_from_an_empty_deck_rebuilds_first(dk):
    st = dk.scen(turn_player=1, players=[{}, {"deck": [], "play": ["slash-1"] * 5}])
    evs = dk.end_turn(st)
    assert any(e.kind == "rebuild" and e.clause == "BRD-6.12" for e in evs)
    assert len(st.seats[1].hand) == 4 and len(st.seats[1].deck) == 1


@pytest.mark.parametrize("kind,args,clause", [
    ("vessel", {"vessel": "shiragane"}, "BRD-1.3"), ("recaller", {"recaller": "suou"}, "BRD-1.4"),
    ("pass", {}, "BRD-4.3"), ("free_enhance", {"card": "slash-1"}, "BRD-3.8"),
    ("difficulty", {"difficulty": "easy"}, "BRD-1.1"), ("fly", {}, "BRD-3.1")])
@pytest.mark.clause("BRD-3.1")
def test_brd_3_1_actions_that_are_not_turn_actions_are_refused(dk, kind, args, clause):
    st = dk.scen(players=[{"hand": ["slash-1"]}, {}])
    err = dk.refused(st, dk.act(st, kind, 0, **args), clause)
    assert err.reason


@pytest.mark.clause("BRD-3.1")
@pytest.mark.parametrize("kind,args", [("play", {"card": "slash-1"}), ("end_turn", {}), ("self_harm", {})])
def test_brd_3_1_no_turn_actions_during_the_blood_battle(dk, kind, args):
    st = dk.scen(turn_player=1, players=[{"recall_points": 2}, {}])
    dk.do(st, "end_turn", 1)
    assert st.phase == "battle.recall" and st.current_player == 0
    dk.refused(st, dk.act(st, kind, 0, **args), "BRD-4.3")
