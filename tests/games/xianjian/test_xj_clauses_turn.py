"""Rule clauses XJ-4.x: the opening step and a player's turn, step by step."""
from __future__ import annotations

import pytest


def phases(st, since=0):
    return [e.data["to"] for e in st.log[since:] if e.kind == "phase"]


@pytest.mark.clause("XJ-4.1")
def test_xj_4_1_one_opening_step_then_seat_zero_begins(kit):
    for players in (2, 3, 4):
        st = kit.started(seed=players, players=players)
        assert [e.clause for e in kit.events(st, "opening")] == ["XJ-4.1"]
        p = phases(st)
        assert p.index("opening") == p.index("setup.hand") + 1 and p[p.index("opening") + 1] == "turn.start"
        first = kit.events(st, "turn")[0].data
        assert (first["seat"], first["turn"]) == (0, 1)
        kit.idle(st)
        assert len(kit.events(st, "opening")) == 1


@pytest.mark.clause("XJ-4.2")
def test_xj_4_2_turn_start_where_the_demon_lord_draws(kit):
    st = kit.scen(phase="battle.choose", turn_player=1, seats=[{"character": "demon-lord"}, {"character": "zixuan"}])
    kit.do(st, "no_fight", player=1)
    assert st.turn_player == 0
    start = [e for e in kit.events(st, "draw") if e.clause == "XJ-4.2"]
    assert start and start[0].data["seat"] == 0 and start[0].data["n"] == 1
    kinds = [e.kind for e in st.log]
    assert kinds.index("turn") < kinds.index("event")


@pytest.mark.clause("XJ-4.3")
def test_xj_4_3_event_step_draws_resolves_and_discards_one_event(kit):
    st = kit.scen(phase="battle.choose", turn_player=1, events=["divine-tree", "generals-tomb"],
                  seats=[{"character": "li-xiaoyao", "hp": 3}, {"character": "zixuan"}])
    kit.do(st, "no_fight", player=1)
    ev = kit.events(st, "event")
    assert len(ev) == 1 and ev[0].data["card"] == "divine-tree" and ev[0].clause == "XJ-4.3"
    assert kit.hp(st, 0) == 5
    assert [st.cards[u].cid for u in st.event_discard] == ["divine-tree"] and st.phase == "skill"


@pytest.mark.clause("XJ-4.3")
def test_xj_4_3_an_empty_event_deck_is_refilled_from_its_discards(kit):
    st = kit.scen(phase="battle.choose", turn_player=1, events=[],
                  seats=[{"character": "li-xiaoyao"}, {"character": "zixuan"}])
    st.new_card("peerless-dish", "event_discard")
    kit.do(st, "no_fight", player=1)
    assert kit.events(st, "reshuffle")[0].clause == "XJ-4.3"
    assert kit.events(st, "event")[0].data["card"] == "peerless-dish"


@pytest.mark.clause("XJ-4.4")
def test_xj_4_4_any_number_of_skill_cards_then_the_player_ends_the_step(kit):
    st = kit.scen(phase="skill", seats=[{"character": "li-xiaoyao",
                                         "hand": ["mouse-fruit", "heaven-thunder", "dustless-sword"]},
                                        {"character": "wang-xiaohu"}])
    kit.do(st, "play", name="heaven-thunder", target=1)
    kit.do(st, "equip", name="dustless-sword")
    kit.do(st, "play", name="mouse-fruit", target=0)
    assert st.phase == "skill" and "end_skill" in kit.kinds(st)
    kit.do(st, "end_skill")
    assert st.phase == "battle.choose"
    assert kit.events(st, "phase")[-1].data == {"from": "skill", "to": "battle.choose"}


@pytest.mark.clause("XJ-4.5")
def test_xj_4_5_one_weapon_one_armour_and_they_leave_the_hand(kit):
    st = kit.scen(phase="skill", seats=[{"character": "li-xiaoyao",
                                         "hand": ["dustless-sword", "demon-blade", "rainbow-robe", "qiankun-robe"]}])
    kit.do(st, "equip", name="dustless-sword")
    kit.do(st, "equip", name="rainbow-robe")
    assert len(st.p[0].hand) == 2 and st.view(0)["players"][0]["hand_count"] == 2
    assert st.power(0) == 4 + 1 + 1
    kit.do(st, "equip", name="demon-blade")
    kit.do(st, "equip", name="qiankun-robe")
    assert kit.cids(st, 0, "weapon") == "demon-blade" and kit.cids(st, 0, "armour") == "qiankun-robe"
    assert sorted(st.cards[u].cid for u in st.discard) == ["dustless-sword", "rainbow-robe"]
    assert [e.clause for e in kit.events(st, "replace")] == ["XJ-4.5", "XJ-4.5"]


@pytest.mark.clause("XJ-4.5")
def test_xj_4_5_equipment_only_in_your_own_skill_step(kit):
    st = kit.scen(phase="battle.choose", seats=[{"hand": ["dustless-sword"]}])
    kit.refused(st, kit.act(st, "equip", 0, card=kit.uid(st, 0, "dustless-sword"), name="dustless-sword"), "XJ-4.5")
    st = kit.scen(phase="skill", seats=[{}, {"hand": ["dustless-sword"]}])
    # another player's skill step: the turn player's alone (XJ-4.14)
    kit.refused(st, kit.act(st, "equip", 1, card=kit.uid(st, 1, "dustless-sword"), name="dustless-sword"), "XJ-4.14")
    st = kit.scen(phase="skill", seats=[{"hand": ["dustless-sword"]}])
    err = kit.refused(st, kit.act(st, "play", 0, card=kit.uid(st, 0, "dustless-sword"), name="dustless-sword"),
                      "XJ-4.5")
    assert "put into play" in err.reason          # equipment is equipped, never played


@pytest.mark.clause("XJ-4.6")
def test_xj_4_6_fight_or_discard_the_top_monster(kit):
    st = kit.scen(phase="battle.choose", monsters=["courage", "snake-demon"])
    assert {"fight", "no_fight"} <= kit.kinds(st)
    n = len(st.log)
    kit.do(st, "no_fight")
    assert phases(st, n)[:2] == ["battle.skip", "draw"]
    assert [st.cards[u].cid for u in st.monster_discard] == ["courage"]
    assert kit.events(st, "no_fight")[0].data["card"] == "courage"       # discarded face up
    st = kit.scen(phase="skill")
    kit.refused(st, kit.act(st, "fight", 0), "XJ-4.6")


@pytest.mark.clause("XJ-4.7")
@pytest.mark.parametrize("fight, n", [(True, 2), (False, 1)])
def test_xj_4_7_draw_two_after_a_battle_one_otherwise(kit, fight, n):
    st = kit.scen(phase="battle.choose", seats=[{"character": "murong-ziying"}, {"character": "zixuan"}])
    kit.do(st, "fight" if fight else "no_fight")
    ev = kit.events(st, "draw_step")[0]
    assert ev.data == {"seat": 0, "n": n} and ev.clause == "XJ-4.7"


@pytest.mark.clause("XJ-4.8")
def test_xj_4_8_discard_down_to_three_by_choice(kit):
    st = kit.scen(phase="discard", seats=[{"character": "li-xiaoyao",
                                           "hand": ["steal", "coin-dart", "golden-silkworm", "hidden-gu"]}])
    assert kit.choice(st) == "discard" and st.current_player == 0
    assert {a.args["name"] for a in kit.answers(st)} == {"steal", "coin-dart", "golden-silkworm", "hidden-gu"}
    kit.do(st, "discard", name="hidden-gu")
    assert kit.cids(st, 0) == ["steal", "coin-dart", "golden-silkworm"]
    assert st.turn_player == 1


@pytest.mark.clause("XJ-4.8")
def test_xj_4_8_murong_ziying_keeps_five(kit):
    st = kit.scen(phase="discard", seats=[{"character": "murong-ziying",
                                           "hand": ["steal", "coin-dart", "golden-silkworm", "hidden-gu",
                                                    "mouse-fruit", "demon-blade"]}])
    kit.do(st, "discard", name="demon-blade")
    assert len(st.p[0].hand) == 5 and st.turn_player == 1


@pytest.mark.clause("XJ-4.9")
def test_xj_4_9_turn_end_then_the_next_player(kit):
    st = kit.scen(phase="battle.choose", seats=[{"character": "demon-lord"}, {"character": "zixuan"}])
    n = len(st.log)
    kit.do(st, "no_fight")
    p = phases(st, n)
    assert p.index("turn.end") < p.index("turn.start") and st.turn_player == 1
    loss = kit.events(st, "hp_loss")[0]          # the Demon Lord's Collapse acts at his turn end
    assert (loss.data["seat"], loss.data["amount"], loss.data["hp"]) == (0, 1, 4) and loss.clause == "XJ-4.9"
    assert "(Collapse)" in loss.text and "崩坏" in loss.describe("zh")


@pytest.mark.clause("XJ-4.10")
def test_xj_4_10_empty_hand_deck_refilled_or_the_draw_stops(kit):
    st = kit.scen(phase="battle.choose", deck=[], discard=["steal", "steal"])
    kit.do(st, "no_fight")
    assert kit.events(st, "reshuffle")[0].clause == "XJ-4.10" and len(st.p[0].hand) == 1
    st = kit.scen(phase="battle.choose", deck=[], discard=[])
    kit.do(st, "no_fight")
    empty = [e for e in kit.events(st, "draw") if e.data.get("n") == 0]
    assert empty and empty[0].clause == "XJ-4.10" and st.p[0].hand == []


@pytest.mark.clause("XJ-4.11")
def test_xj_4_11_left_players_are_skipped(kit):
    st = kit.scen(players=4, phase="battle.choose", turn_player=0, seats=[{}, {"left": True}, {}, {}])
    kit.do(st, "no_fight")
    assert st.turn_player == 2
    st = kit.scen(players=3, phase="battle.choose", turn_player=1, seats=[{}, {}, {"left": True}])
    kit.do(st, "no_fight", player=1)
    assert st.turn_player == 0                  # not seat 1 again
    kit.idle(st)
    assert st.turn_player == 1


@pytest.mark.clause("XJ-4.12")
def test_xj_4_12_the_turn_of_a_player_who_leaves_is_over(kit):
    st = kit.scen(players=4, phase="battle.choose", seats=[{"character": "demon-lord", "hp": 1}],
                  monsters=["lava-beast-king", "leaf-spirit"])
    kit.do(st, "fight")
    kit.do(st, "pick_drawer", player=0, seat=2)
    lost = kit.events(st, "turn_lost")[0]
    assert lost.clause == "XJ-4.12" and st.turn_player == 1 and st.phase == "skill"
    assert not kit.events(st, "draw_step")      # no draw step for the player who left
    assert st.battle is None and not st.table


@pytest.mark.clause("XJ-4.13")
def test_xj_4_13_a_turned_character_skips_its_next_turn(kit):
    st = kit.scen(phase="battle.choose", seats=[{}, {"turned": True}])
    kit.do(st, "no_fight")
    skip = kit.events(st, "skip_turn")[0]
    assert skip.data["seat"] == 1 and skip.clause == "XJ-4.13"
    assert st.turn_player == 0 and not st.p[1].turned
    assert [e.data["seat"] for e in kit.events(st, "turn")] == [1, 0]


@pytest.mark.clause("XJ-4.14")
def test_xj_4_14_the_skill_step_and_the_fight_decision_are_the_turn_players(kit):
    st = kit.scen(phase="skill", turn_player=1, seats=[{"hand": ["heaven-thunder"]}, {"character": "zixuan"}])
    for act in (kit.act(st, "end_skill", 0),
                kit.act(st, "play", 0, card=kit.uid(st, 0, "heaven-thunder"), name="heaven-thunder", target=1)):
        err = kit.refused(st, act, "XJ-4.14")
        # The turn player is named as the board shows it (team label and character), never as an
        # engine seat number counted from 0.
        assert "B1's turn (Zixuan)" in err.reason and "Seat" not in err.reason, err.reason
        zh = err.describe("zh")
        assert "B1（紫萱）的回合" in zh and "座位" not in zh, zh
    st = kit.scen(phase="battle.choose", seats=[{"character": "li-xiaoyao"}, {}])
    err = kit.refused(st, kit.act(st, "fight", 1), "XJ-4.14")
    assert "A1's turn (Li Xiaoyao)" in err.reason
    assert st.refusals(1)[0].clause == "XJ-4.14"        # what "Why not?" reads for the other seat
