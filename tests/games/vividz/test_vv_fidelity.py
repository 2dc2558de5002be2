"""Issue 32, Vividz: the retire check as a state check, [LvUP] on every level up, no event on the
first turn (a searched one included), the missions placed face down in an order of the owner's
choosing, energy face up, and the clauses on [Auto] abilities, the interference check and the
removed zone."""
from __future__ import annotations

import pytest
from vv_helpers import placed

from tabletop_rules.core.actions import Action, IllegalAction


# ----- 1 the retire check (VV-8.10) ---------------------------------------------------------------------
@pytest.mark.clause("VV-8.10", "VV-8.11", "VV-12.3")
def test_vv_8_10_a_retirement_can_retire_another_the_mimi_and_backup_dancer_position(kit):
    """Ren's turn; Aoi has Stage Rookie Mimi (2000, +1000 from Backup Dancer) in lane 1 and Backup
    Dancer (1000) in lane 2. Smash deals 2000 to each: the Dancer retires, Mimi loses its +1000 and
    stands at 2000 damage for 2000 power, so it retires too, at once."""
    st = kit.scen(turn_player=1, players=[{"field": ["aoi-stage-rookie", "aoi-backup-dancer"]},
                                          {"hand": ["ren-smash"], "energy": 3}])
    assert st.power(st.character(0, 0)) == 3000
    evs = kit.do(st, "use_event", card=kit.uid(st, 1, "hand", "ren-smash"))
    retired = [e.data["card"] for e in evs if e.kind == "retire"]
    assert retired == ["aoi-backup-dancer", "aoi-stage-rookie"]
    assert st.characters(0) == []
    assert sorted(kit.cids(st, 0, "energy")) == ["aoi-backup-dancer", "aoi-stage-rookie"] + ["aoi-stagehand"] * 3


@pytest.mark.clause("VV-8.10")
def test_vv_8_10_the_check_runs_when_power_changes_without_damage(kit):
    """A character entering can lower another's power (Spotlight Kanon: -1000 to the opposing
    character): a character already damaged this turn retires then, not at the next battle."""
    st = kit.scen(players=[{"hand": ["aoi-spotlight"], "energy": 2},
                           {"field": [{"card": "ren-scrap-scout", "damage": 1000}]}])
    evs = kit.use(st, "aoi-spotlight", 0)
    assert [e.data["card"] for e in evs if e.kind == "retire"] == ["ren-scrap-scout"]
    assert st.character(1, 0) is None


@pytest.mark.clause("VV-8.10")
def test_vv_8_10_the_check_runs_at_the_start_of_a_turn(kit):
    """Bulwark Golem is +2000 only in the opponent's turn: when its owner's turn begins its power
    drops, and the check made as the turn begins retires it if that leaves it at 0 or less."""
    st = kit.scen(phase="charge.energy", turn_player=0,
                  players=[{"deck": 5}, {"deck": 5, "field": [{"card": "ren-bulwark", "power": -1000}]}])
    # a what-if printed power of -1000, +2000 in the opponent's turn: 1000 now, -1000 in its own
    assert st.power(st.character(1, 0)) == 1000 and st.character(1, 0) is not None
    kit.do(st, "end_charge")
    assert st.turn_player == 1 and st.character(1, 0) is None
    assert any(e.kind == "retire" and e.data["why"] == "retire.power" for e in st.log)


# ----- 3 no event on the first player's first turn, a searched one included (VV-7.2) ------------------------
@pytest.mark.clause("VV-7.2", "VV-8.5", "VV-12.18")
def test_vv_7_2_a_searched_event_is_not_used_on_the_first_turn(kit):
    deck = ["ren-smash", "ren-bolt-pup", "ren-bolt-pup"]
    for turn, usable in ((1, False), (3, True)):
        st = kit.scen(turn=turn, players=[{"field": ["ren-rivet-rookie"], "energy": 2, "deck": deck},
                                          {"field": ["aoi-stagehand"]}],
                      options={"decks": ["ren-demo", "aoi-demo"]})
        assert st.first_turn() == (turn == 1)
        kit.do(st, "act", card=st.character(0, 0))
        if usable:
            assert kit.choice(st) == "search_use" and kit.find(st, "search_use") is not None
        else:
            assert kit.choice(st) is None
            assert any(e.kind == "search" and e.clause == "VV-7.2" for e in st.log)
            assert kit.cids(st, 0, "energy")[-1] == "ren-smash"
            assert st.cards[st.character(1, 0)].damage == 0


# ----- 5 placing the missions (VV-5.2, VV-5.7) -------------------------------------------------------------------
@pytest.mark.clause("VV-5.2", "VV-5.7")
def test_vv_5_2_each_player_places_its_missions_in_the_order_it_chooses(vv, kit):
    st = vv.new_game(seed=0)
    assert st.phase == "setup.place" and st.current_player == 0
    names = {a.label for a in st.legal_actions()}
    assert names == {"Debut Stage into lane 1", "Encore Call into lane 1", "Full House into lane 1"}
    assert st.choices[-1].describe() == "Seat 0: which mission goes face down into the mission area of lane 1?"
    kit.do(st, "place_mission", card=kit.uid(st, 0, "missions", "aoi-full-house"), lane=0)
    assert len(st.legal_actions()) == 2 and all(a.args["lane"] == 1 for a in st.legal_actions())
    evs = kit.do(st, "place_mission", card=kit.uid(st, 0, "missions", "aoi-debut"), lane=1)
    # the last goes to lane 3 without a question, and seat 1 places next
    assert any(e.kind == "place_mission" and e.data["lane_no"] == 3 and e.data["card"] == "aoi-encore" for e in evs)
    assert st.current_player == 1 and st.phase == "setup.place"
    # the opponent sees three face-down cards, not which; the owner sees which lies where
    theirs = st.view(1)["players"][0]["lanes"]
    assert [lane["mission"] for lane in theirs] == [{"state": "standing", "face_up": False, "rested": False}] * 3
    assert [lane["mission"]["id"] for lane in st.view(0)["players"][0]["lanes"]] == [
        "aoi-full-house", "aoi-debut", "aoi-encore"]
    assert st.view(1)["players"][0]["to_place"] == 0 and st.view(0)["players"][1]["to_place"] == 3
    hidden = [e.describe("en", 1) for e in evs if e.kind == "place_mission"]
    assert hidden and all("Full House" not in t and "Debut" not in t and "Encore" not in t for t in hidden)
    # seat 0 cannot place again, nor seat 1 a card that is not its own
    with pytest.raises(IllegalAction):
        st.apply(Action("place_mission", 0, {"card": kit.uid(st, 0, "missions", "aoi-debut"), "lane": 0}))
    while st.phase == "setup.place":
        st.apply(st.legal_actions()[-1])
    while st.phase == "setup.energy":
        st.apply(st.legal_actions()[0])
    # turned face up when the game begins, in the chosen lanes
    assert [st.cards[u].cid for u in st.missions(0)] == ["aoi-full-house", "aoi-debut", "aoi-encore"]
    assert all(st.cards[u].face_up for s in (0, 1) for u in st.missions(s))
    assert st.view(1)["players"][0]["lanes"][0]["mission"]["id"] == "aoi-full-house"


@pytest.mark.clause("VV-5.2")
def test_vv_5_2_a_bot_does_not_see_where_the_other_placed_its_missions(vv):
    import random

    from tabletop_rules.core.determinize import determinize

    st = vv.new_game(seed=0)
    st.apply(st.legal_actions()[2])
    st.apply(st.legal_actions()[1])
    assert st.current_player == 1
    orders = set()
    for k in range(12):
        sim = determinize(st, 1, random.Random(k))
        assert sim.view(1) == st.view(1)
        orders.add(tuple(sim.cards[u].cid for u in sim.zones["0.missions"]))
    assert len(orders) > 1


# ----- 6 energy face up (VV-4.6) ------------------------------------------------------------------------------------
@pytest.mark.clause("VV-4.6")
def test_vv_4_6_every_seat_sees_the_energy_cards(kit):
    st = kit.scen(players=[{"energy": ["aoi-spotlight", "aoi-stagehand"]}, {"energy": ["ren-smash"]}])
    for seat in (0, 1, None):
        v = st.view(seat)["players"]
        assert v[0]["energy_cards"] == ["aoi-spotlight", "aoi-stagehand"] and v[1]["energy_cards"] == ["ren-smash"]


# ----- 7 the clauses: [Auto] mandatory, the interference check, the removed zone ------------------------------------
@pytest.mark.clause("VV-12.28", "VV-12.21")
def test_vv_12_28_an_auto_ability_works_without_a_question(kit):
    """Twin Vocal's entering damage is not offered to its owner: it happens, to the one card it names."""
    st = kit.scen(players=[{"hand": ["aoi-twin-vocal"], "energy": 4}, {"field": [None, "ren-forge-titan"]}])
    evs = kit.use(st, "aoi-twin-vocal", 1)
    assert kit.choice(st) is None
    assert [e.data["card"] for e in evs if e.kind == "damage"] == ["ren-forge-titan"]
    assert st.cards[st.character(1, 1)].damage == 2000


@pytest.mark.clause("VV-7.10", "VV-8.3")
def test_vv_7_10_missions_are_checked_right_after_an_interference(kit):
    """The kit's added moment: Aoi's Full House ([Check] 3 characters) holds in this fresh position
    and is checked the moment Aoi's interference ends, before the search, not at the attack's end."""
    st = kit.scen(turn_player=1, players=[{"field": ["aoi-curtain-guard", "aoi-stagehand", "aoi-stagehand"]},
                                          {"field": ["ren-iron-vanguard"], "deck": 5}])
    evs = kit.do(st, "attack", lane=0)
    assert kit.choice(st) == "interfere"
    evs += kit.do(st, "act", card=st.character(0, 0))
    evs += kit.settle(st)
    kinds = [e.kind for e in evs]
    checks = [i for i, e in enumerate(evs) if e.kind == "mission_check" and e.data["card"] == "aoi-full-house"]
    assert checks and kinds.index("act") < checks[0] < kinds.index("search_step")
    assert all(e.clause == "VV-7.10" for e in evs if e.kind == "mission_check")


@pytest.mark.clause("VV-4.9")
def test_vv_4_9_no_demo_card_removes_a_card(vv):
    from tabletop_rules.games.vividz.effects import TARGETS

    ops = {op["op"] for c in vv.cards.values() for a in c.abilities for op in a.do}
    assert ops and not any("remove" in op for op in ops)
    assert "removed" not in TARGETS
    st = placed(vv, 0)
    assert st.view(0)["players"][0]["removed"] == [] and st.zones["0.removed"] == []
