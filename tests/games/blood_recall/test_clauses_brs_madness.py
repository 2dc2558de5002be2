"""Story-mode clauses of the round, the Madness's turn and the blood battle: BRS-3.x, BRS-5.x and
the decisions BRS-8.2, 8.12, 8.13, 8.14.

Scenario defaults: the Divine Worm of the Seedbed (play 2, magic attack 2, chant 1; end: a
Binding into the hand and 1 damage; stars: add a special card; special: +2 attack). Chapter 0
puts the Evil Fruit of the Cosmos on top (play 1, magic 1, chant 1).
"""
from __future__ import annotations

import pytest

from tabletop_rules.games.blood_recall import madness


def madness_turn(sk, **spec):
    """Build a position just before the Madness's turn, and let it run; return (state, events)."""
    st = sk.scen(phase="player.turn", **spec)
    start = len(st.log)
    st.phase = "madness.start"       # a scenario at madness.start runs the turn while building
    madness.madness_turn(st)
    st.run()
    return st, st.log[start:]


@pytest.mark.clause("BRS-3.1")
def test_brs_3_1_rounds_madness_player_battle_cleanup(sk):
    st = sk.scen(chapter=1)
    start = len(st.log)
    sk.end_turn(st)
    sk.end_turn(st)
    phases = [p.split(".")[0] for p in sk.phases(st, start)]
    order = [p for i, p in enumerate(phases) if i == 0 or p != phases[i - 1]]
    assert order[:5] == ["player", "battle", "cleanup", "madness", "player"]


@pytest.mark.clause("BRS-3.2")
def test_brs_3_2_the_madness_always_goes_first(sk):
    st = sk.new(0, difficulty="normal", madness="seedbed-worm", vessel="hihiirogane")
    sk.do(st, "recaller")
    kinds = [e.kind for e in st.log]
    assert kinds.index("madness_turn") < kinds.index("turn")
    assert st.phase == "player.turn" and st.current_player == 0


@pytest.mark.clause("BRS-3.3")
def test_brs_3_3_draws_its_play_count_one_by_one(sk):
    st, evs = madness_turn(sk, chapter=1, m_deck=["seal", "seal", "seal", "seal"])
    plays = sk.events(evs, "madness_play")
    assert len(plays) == 2 and [e.data["left"] for e in plays] == [1, 0]
    assert sk.events(evs, "madness_turn")[0].clause == "BRS-3.3"
    assert st.view(0)["story"]["play"] == ["seal", "seal"] and st.view(0)["story"]["deck"] == 2


@pytest.mark.clause("BRS-3.4")
def test_brs_3_4_magic_attack_per_card_times_the_value(sk):
    st = sk.scen(chapter=1, m_play=["magic", "magic", "magic", "seal"])
    assert st.view(0)["story"]["attack"] == 6
    st = sk.scen(chapter=2, m_play=["magic", "magic"])                # deified: magic 3
    assert st.view(0)["story"]["attack"] == 6
    st, evs = madness_turn(sk, chapter=1, m_deck=["seal", "magic"])
    assert sk.events(evs, "magic")[0].clause == "BRS-3.4" and st.madness_total() == 2


@pytest.mark.clause("BRS-3.5")
def test_brs_3_5_chant_adds_plays_next_turn(sk):
    st, evs = madness_turn(sk, chapter=1, m_deck=["seal"] * 6 + ["chant", "chant"])
    assert st.chant_next == 2 and sk.events(evs, "chant")[0].clause == "BRS-3.5"
    evs = sk.end_turn(st)
    ev = sk.events(evs, "madness_turn")[0]
    assert (ev.data["plays"], ev.data["chant"]) == (4, 2)
    assert st.chant_next == 0


@pytest.mark.clause("BRS-3.6")
def test_brs_3_6_end_triggers_the_end_effect(sk):
    st, evs = madness_turn(sk, chapter=1, m_deck=["seal", "end"])
    assert sk.events(evs, "end")[0].clause == "BRS-3.6"
    assert sk.cids(st, 0, "hand")[-1] == "binding" and st.seats[0].life == 19
    assert sk.events(evs, "damage")[0].clause == "BRS-3.6"


@pytest.mark.clause("BRS-3.7")
def test_brs_3_7_seal_does_nothing(sk):
    st, evs = madness_turn(sk, chapter=1, m_deck=["seal", "seal", "seal"])
    assert [e.clause for e in sk.events(evs, "seal")] == ["BRS-3.7", "BRS-3.7"]
    assert st.madness_total() == 0 and st.chant_next == 0 and st.seats[0].life == 20


@pytest.mark.clause("BRS-3.8")
def test_brs_3_8_special_depends_on_the_madness(sk):
    st, evs = madness_turn(sk, chapter=1, m_deck=["seal", "special"])
    assert sk.events(evs, "special")[0].clause == "BRS-3.8" and st.m_bonus == 2
    st, evs = madness_turn(sk, chapter=1, madness="songstress-of-the-deep", m_deck=["seal", "special"])
    assert sk.cids(st, 0, "hand")[-1] == "memory-fog" and st.m_bonus == 0


@pytest.mark.clause("BRS-3.9")
def test_brs_3_9_deck_runs_out_stars_then_reshuffle_then_go_on(sk):
    st, evs = madness_turn(sk, chapter=1, m_deck=["end"], m_discard=["seal", "seal"])
    kinds = [e.kind for e in evs]
    assert kinds.index("stars") < kinds.index("add_disaster") < kinds.index("madness_rebuild")
    assert kinds.index("madness_rebuild") < len(kinds) - 1 - kinds[::-1].index("madness_play")
    assert sk.events(evs, "stars")[0].clause == "BRS-3.9"
    assert len(st.zones["m.play"]) == 2 and len(st.zones["m.deck"]) == 2


@pytest.mark.clause("BRS-3.10")
def test_brs_3_10_everything_in_play_rebuild_after_cleanup(sk):
    st, evs = madness_turn(sk, chapter=1, m_deck=["seal", "seal"], disaster_supply={"special": 0})
    assert st.m_pending and sk.events(evs, "rebuild_waits")[0].clause == "BRS-3.10"
    evs = sk.end_turn(st)
    rebuild = sk.events(evs, "madness_rebuild")
    assert rebuild and rebuild[0].clause == "BRS-3.10"
    # The rebuilt deck of two is played out again, so the rebuild waits once more.
    assert len(st.zones["m.play"]) == 2 and st.m_pending


@pytest.mark.clause("BRS-3.11")
def test_brs_3_11_no_disaster_card_left_is_ignored(sk):
    st, evs = madness_turn(sk, chapter=1, m_deck=["seal"], m_discard=["seal"], disaster_supply={"special": 0})
    miss = sk.events(evs, "no_effect")
    assert miss and miss[0].clause == "BRS-3.11"
    assert "special" not in st.view(0)["story"]["discard"] + st.view(None)["story"]["deck_order"]


# ------------------------------------------------------------------------------------------------- BRS-5
@pytest.mark.clause("BRS-5.1")
def test_brs_5_1_totals_include_the_recallers_attack(sk):
    st = sk.scen(chapter=1, m_play=["magic"], players=[{"recaller": "akane", "vessel": "hihiirogane",
                                                        "recaller_up": True, "play": ["slash-1"]}])
    evs = sk.end_turn(st)
    tot = sk.events(evs, "totals")[0]
    assert tot.clause == "BRS-5.1" and tot.data["totals"] == [2, 2]


@pytest.mark.clause("BRS-5.2")
def test_brs_5_2_the_madness_excess_hurts_the_player(sk):
    st = sk.scen(chapter=1, m_bonus=7, players=[{"play": ["slash-2"]}])
    evs = sk.end_turn(st)
    dmg = sk.events(evs, "damage")[0]
    assert dmg.clause == "BRS-5.2" and dmg.data["amount"] == 4 and st.hp == 2


@pytest.mark.clause("BRS-5.3")
@pytest.mark.parametrize("mine,theirs", [(3, 3), (4, 3), (30, 0)])
def test_brs_5_3_at_least_equal_costs_the_madness_one_hp(sk, mine, theirs):
    st = sk.scen(chapter=1, m_bonus=theirs, players=[{"bonus": mine}])
    evs = sk.end_turn(st)
    assert st.hp == 1 and sk.events(evs, "madness_hp")[0].clause == "BRS-5.3" and st.seats[0].life == 20


@pytest.mark.clause("BRS-5.4")
def test_brs_5_4_damage_goes_sideways_first_into_the_pool(sk):
    st = sk.scen(chapter=1, m_bonus=5, players=[{"life": 13}])
    sk.end_turn(st)
    p = st.view(0)["players"][0]
    assert (p["life"], p["sideways"], p["pool"]) == (8, 0, 5)


@pytest.mark.clause("BRS-5.5")
def test_brs_5_5_awakening(sk):
    st = sk.scen(chapter=1, m_bonus=3, players=[{"life": 13}])
    evs = sk.end_turn(st)
    assert st.seats[0].awake and sk.events(evs, "awaken")[0].clause == "BRS-5.5"


@pytest.mark.clause("BRS-5.6")
def test_brs_5_6_chants_void_when_the_chapter_changes(sk):
    st, _ = madness_turn(sk, chapter=1, hp=1, m_deck=["seal"] * 4 + ["chant"])
    assert st.chant_next == 1
    st.seats[0].bonus = 9
    evs = sk.end_turn(st)
    assert sk.events(evs, "chant_cancelled")[0].clause == "BRS-5.6"
    assert sk.events(evs, "madness_turn")[0].data["plays"] == 2


@pytest.mark.clause("BRS-5.7")
def test_brs_5_7_cleanup_both_play_areas_pool_stays(sk):
    st = sk.scen(chapter=1, m_play=["magic"], m_deck=["seal"] * 5, players=[{"play": ["slash-1"], "pool": 0}])
    sk.end_turn(st)
    assert sk.cids(st, 0, "discard") == ["slash-1"]
    assert st.view(0)["story"]["discard"] == ["magic"]
    assert st.seats[0].pool == 1                    # 2 against 1: one damage, kept through cleanup


@pytest.mark.clause("BRS-5.8")
def test_brs_5_8_stand_draw_then_the_next_main_phase(sk):
    st = sk.scen(chapter=1, players=[{"rested": True}])
    evs = sk.end_turn(st)
    assert not st.seats[0].rested and len(st.seats[0].hand) == 3
    assert all(e.clause == "BRS-5.8" for e in sk.events(evs, "draw"))
    assert st.phase == "player.turn"


# ------------------------------------------------------------------------------------------------- decisions
@pytest.mark.clause("BRS-8.2")
def test_brs_8_2_the_madness_is_no_seat_and_runs_by_itself(story, sk):
    st = sk.scen(chapter=1)
    evs = sk.end_turn(st)
    assert st.current_player == 0 and st.phase == "player.turn"
    assert sk.events(evs, "madness_turn") and all(e.kind != "decision" for e in evs)
    assert all(story.flow.nodes[n].kind == "step" for n in story.flow.nodes if n.startswith("madness."))
    err = sk.refused(st, sk.act(st, "end_turn", 1), "BRS-8.2")
    assert "not a seat" in err.reason


@pytest.mark.clause("BRS-8.12")
def test_brs_8_12_the_madness_deck_carries_over_between_chapters(sk):
    st = sk.scen(chapter=1, hp=1, m_deck=["seal"] * 3, m_play=["magic", "chant"], players=[{"bonus": 9}])
    sk.end_turn(st)
    assert st.chapter == 2
    s = st.view(None)["story"]
    assert sorted(s["discard"] + s["play"] + s["deck_order"]) == ["chant", "magic", "seal", "seal", "seal"]
    st = sk.scen(chapter=1, m_play=["magic"], players=[{"bonus": 0}], m_bonus=0)
    st.deified = True                                # the side in play when the battle counts
    assert st.madness_total() == 3


@pytest.mark.clause("BRS-8.13")
def test_brs_8_13_nothing_to_play(sk):
    st, evs = madness_turn(sk, chapter=1, m_deck=[])
    assert sk.events(evs, "no_card")[0].clause == "BRS-8.13" and st.phase == "player.turn"


@pytest.mark.clause("BRS-8.14")
def test_brs_8_14_turning_deified_is_not_a_new_chapter(sk):
    st, _ = madness_turn(sk, m_deck=["seal"] * 4 + ["chant"])      # the Evil Fruit plays 1: a chant
    assert st.chant_next == 1
    st.seats[0].bonus = 5
    evs = sk.end_turn(st)
    assert sk.events(evs, "deify") and not sk.events(evs, "chant_cancelled")
    ev = sk.events(evs, "madness_turn")[0]
    assert (ev.data["plays"], ev.data["chant"]) == (3, 1)
