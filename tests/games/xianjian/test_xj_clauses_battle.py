"""Rule clauses XJ-3.x: a battle against a monster, step by step."""
from __future__ import annotations

import pytest

from tabletop_rules.core.datafile import DataError
from tabletop_rules.games.xianjian.battle import side_of

# Murong Ziying (power 4, 7 HP) has no battle skill: a plain trigger for these positions.
PLAIN = "murong-ziying"


def battle(kit, monster, hands=(), players=2, trigger=PLAIN, more=None, **spec):
    seats = [{"character": trigger, "hand": list(hands[0]) if hands else []}]
    others = [c for c in ("wang-xiaohu", "lin-yueru", "zixuan", "a-nu") if c != trigger]
    for s in range(1, players):
        seats.append({"character": others[s - 1], "hand": list(hands[s]) if len(hands) > s else []})
    for s, extra in (more or {}).items():
        seats[s].update(extra)
    return kit.scen(players=players, phase="battle.choose", seats=seats,
                    monsters=[monster, "leaf-spirit", "leaf-spirit"], **spec)


@pytest.mark.clause("XJ-3.1")
def test_xj_3_1_trigger_and_the_two_sides(kit):
    st = battle(kit, "snake-demon", players=4, hands=[[], ["golden-silkworm"]])
    kit.do(st, "fight")                          # stops in the war-card step: seat 1 may play
    b = st.view(None)["battle"]
    assert b["trigger"] == 0 and b["monster"]["id"] == "snake-demon"
    assert [side_of(st, s) for s in range(4)] == ["trigger", "monster", "trigger", "monster"]
    assert kit.events(st, "reveal_monster")[0].data["seat"] == 0          # the trigger fights


@pytest.mark.clause("XJ-3.2")
def test_xj_3_2_the_top_monster_is_revealed(kit):
    st = kit.started(seed=11)
    while st.phase != "battle.choose":         # through the event and skill steps
        st.apply(kit.find(st, "end_skill") or st.legal_actions()[0])
    top = st.view(None)["referee"]["monster_order"][-1]
    n = len(st.log)
    kit.do(st, "fight")
    ev = kit.events(st, "reveal_monster", since=n)[0]
    assert ev.clause == "XJ-3.2" and ev.data["card"] == top
    assert "only" not in ev.data                     # everyone sees it
    assert top not in st.view(None)["referee"]["monster_order"][-1:]


@pytest.mark.clause("XJ-3.3")
def test_xj_3_3_battle_start_is_where_wang_xiaohu_rolls(kit):
    st = battle(kit, "leaf-spirit", trigger="wang-xiaohu")
    kit.do(st, "fight")
    phases = [(e.kind, e.data.get("to")) for e in st.log]
    i_start = phases.index(("phase", "battle.start"))
    i_dice = [e.kind for e in st.log].index("dice")
    i_debut = phases.index(("phase", "battle.debut"))
    assert i_start < i_dice < i_debut
    dice = kit.events(st, "dice")[0]
    assert dice.data["value"] == (0 if dice.data["roll"] in (1, 6) else dice.data["roll"])


@pytest.mark.clause("XJ-3.4")
def test_xj_3_4_debut_effect_and_a_trigger_killed_by_it(kit):
    st = battle(kit, "lava-beast-king", players=4)
    kit.do(st, "fight")
    debut = [e for e in kit.events(st, "damage") if e.clause == "XJ-3.4"]
    assert [(e.data["seat"], e.data["amount"]) for e in debut] == [(0, 2), (1, 2), (2, 2), (3, 2)]
    st = battle(kit, "lava-beast-king", players=4, more={0: {"hp": 2}})
    kit.do(st, "fight")
    assert kit.choice(st) == "pick_drawer" and st.current_player == 0      # the dead trigger's gift
    kit.do(st, "pick_drawer", player=0, seat=2)
    assert kit.events(st, "battle_stopped")[0].clause == "XJ-3.4"
    assert not kit.events(st, "war_start") and not kit.events(st, "result")
    assert kit.cids(st, 0, "pets") == [] and st.monster_discard and st.battle is None


@pytest.mark.parametrize("monster, first", [("snake-demon", "trigger"), ("courage", "monster"),
                                            ("leaf-spirit", "monster")])
@pytest.mark.clause("XJ-3.5")
def test_xj_3_5_the_weaker_side_plays_first_tie_counts_the_monster_weaker(kit, monster, first):
    st = battle(kit, monster, hands=[["golden-silkworm"], ["golden-silkworm"]])
    kit.do(st, "fight")
    ev = kit.events(st, "war_start")[0]
    assert ev.data["first"] == first and ev.clause == "XJ-3.5"
    assert st.current_player == (0 if first == "trigger" else 1)


@pytest.mark.clause("XJ-3.5")
def test_xj_3_5_trigger_power_includes_equipment_and_pets(kit):
    st = battle(kit, "snake-demon", more={0: {"weapon": "demon-blade", "armour": "rainbow-robe",
                                              "pets": ["lava-beast-king"]}})
    kit.do(st, "fight")
    assert kit.events(st, "war_start")[0].data["trigger"] == 4 + 2 + 1 + 2


@pytest.mark.clause("XJ-3.6")
def test_xj_3_6_sides_alternate_until_both_pass(kit):
    st = battle(kit, "courage", hands=[["five-mystic-tones"], ["golden-silkworm"]])
    kit.do(st, "fight")
    assert st.current_player == 1
    kit.do(st, "war_card", player=1)
    assert st.current_player == 0 and st.battle["side"] == "trigger"
    kit.do(st, "war_card", player=0, side="trigger")
    passes = [e.data["side"] for e in kit.events(st, "side_pass")]
    assert passes == ["monster", "trigger"]
    assert kit.events(st, "result")[0].data["trigger"] == 6


@pytest.mark.clause("XJ-3.6")
def test_xj_3_6_a_pass_by_one_player_asks_the_next_of_that_side(kit):
    st = battle(kit, "snake-demon", players=4, hands=[[], ["golden-silkworm"], [], ["golden-silkworm"]])
    kit.do(st, "fight")
    assert st.battle["side"] == "monster" or st.current_player in (1, 3)
    assert st.current_player == 1
    kit.do(st, "pass", player=1)
    assert st.current_player == 3 and st.battle["side"] == "monster"
    kit.do(st, "war_card", player=3)
    assert kit.events(st, "side_power")[0].data == {"side": "monster", "amount": 3}


@pytest.mark.clause("XJ-3.7")
def test_xj_3_7_one_war_card_per_player_per_battle(kit):
    st = battle(kit, "courage", hands=[["five-mystic-tones"], ["golden-silkworm", "golden-silkworm"]],
                more={1: {"pets": ["feifei"]}})
    kit.do(st, "fight")
    kit.do(st, "war_card", player=1)
    kit.do(st, "war_card", player=0, side="trigger")
    # seat 1 is asked again only for its pet's burst; a second war card is refused
    assert st.current_player == 1 and kit.kinds(st) == {"burst", "pass"}
    second = kit.act(st, "war_card", 1, card=kit.uid(st, 1, "golden-silkworm"), name="golden-silkworm")
    kit.refused(st, second, "XJ-3.7")


@pytest.mark.clause("XJ-3.8")
def test_xj_3_8_enemies_play_for_the_monster_teammates_for_the_trigger(kit):
    st = battle(kit, "snake-demon", players=4, hands=[[], ["golden-silkworm"], ["golden-silkworm"], []])
    kit.do(st, "fight")
    assert st.current_player == 2 and side_of(st, 2) == "trigger"     # the weaker trigger side starts
    kit.do(st, "war_card", player=2)
    assert st.current_player == 1 and side_of(st, 1) == "monster"
    kit.do(st, "war_card", player=1)
    sides = [e.data["side"] for e in kit.events(st, "side_power")]
    assert sides == ["trigger", "monster"]


@pytest.mark.parametrize("monster, result", [("false-moon", "win"), ("leaf-spirit", "win"), ("grain-hermit", "win"),
                                             ("xuan-turtle", "lose"), ("snake-demon", "lose")])
@pytest.mark.clause("XJ-3.9")
def test_xj_3_9_trigger_wins_at_equal_or_more_power(kit, monster, result):
    st = battle(kit, monster)
    kit.do(st, "fight")
    ev = kit.events(st, "result")[0]
    assert ev.data["result"] == result and ev.clause == "XJ-3.9"
    assert (ev.data["trigger"] >= ev.data["monster"]) == (result == "win")


@pytest.mark.clause("XJ-3.10")
def test_xj_3_10_win_effect_first_then_the_pet(kit):
    st = battle(kit, "leaf-spirit")
    before = st.power(0)
    kit.do(st, "fight")
    kinds = [e.kind for e in st.log]
    assert kinds.index("win_effect") < kinds.index("pet")
    # Leaf Spirit's win effect: you draw 1 (then 2 more in the draw step)
    win_draw = [e for e in kit.events(st, "draw") if e.clause == "XJ-3.10"]
    assert win_draw and win_draw[0].data["seat"] == 0
    assert kit.cids(st, 0, "pets") == ["leaf-spirit"]
    assert st.power(0) == before          # Leaf Spirit has no pet effect
    st = battle(kit, "hidden-fragrance")
    kit.do(st, "fight")                    # 4 vs 4: a win
    assert kit.cids(st, 0, "pets") == ["hidden-fragrance"] and st.power(0) == 5


@pytest.mark.clause("XJ-3.11")
def test_xj_3_11_lose_effect_then_the_monster_is_discarded(kit):
    st = battle(kit, "snake-demon")
    kit.do(st, "fight")
    assert kit.events(st, "lose_effect")[0].clause == "XJ-3.11"
    assert kit.hp(st, 0) == 3
    assert [st.cards[u].cid for u in st.monster_discard] == ["snake-demon"]
    assert kit.cids(st, 0, "pets") == []


@pytest.mark.clause("XJ-3.12")
def test_xj_3_12_never_two_pets_of_one_element(kit):
    st = battle(kit, "feifei", more={0: {"pets": ["false-moon"]}})
    kit.do(st, "fight")
    assert kit.choice(st) == "keep_pet" and st.current_player == 0
    assert {a.args["name"] for a in kit.answers(st)} == {"feifei", "false-moon"}
    kit.do(st, "keep_pet", name="false-moon")
    assert kit.cids(st, 0, "pets") == ["false-moon"]
    with pytest.raises(DataError, match="two fire pets"):
        kit.scen(seats=[{"pets": ["feifei", "false-moon"]}])


@pytest.mark.clause("XJ-3.12")
def test_xj_3_12_pets_of_different_elements_are_all_kept(kit):
    st = battle(kit, "feifei", more={0: {"pets": ["courage", "hidden-fragrance"]}})
    kit.do(st, "fight")
    assert kit.choice(st) != "keep_pet"
    assert sorted(kit.cids(st, 0, "pets")) == ["courage", "feifei", "hidden-fragrance"]


@pytest.mark.clause("XJ-3.13")
def test_xj_3_13_pet_effects_work_while_owned(kit):
    st = kit.scen(seats=[{"character": PLAIN, "pets": ["lava-beast-king", "water-demon-beast", "hidden-fragrance"]}])
    assert st.power(0) == 4 + 2 + 1 + 1
    assert st.view(None)["players"][0]["pet_power"] == 10 + 7 + 4
    st = kit.scen(seats=[{"pets": ["courage"]}])
    assert st.view(None)["players"][0]["pets"][0]["pet_power"] == 4      # 8 only at the end (XJ-6.2)
    assert st.team_pet_power("A") == 8


@pytest.mark.clause("XJ-3.14")
def test_xj_3_14_battle_end_is_where_lin_yueru_acts(kit):
    st = battle(kit, "snake-demon", players=4, trigger="lin-yueru",
                hands=[[], ["golden-silkworm"], [], []])
    kit.do(st, "fight")
    kit.do(st, "war_card", player=1)             # seat 1 takes part; seat 3 does not
    kinds = [(e.kind, e.data.get("to")) for e in st.log]
    i_end = kinds.index(("phase", "battle.end"))
    grudge = [i for i, e in enumerate(st.log) if e.kind == "skill" and e.data.get("seat") == 0]
    assert grudge and grudge[0] > i_end
    assert kit.hp(st, 1) == 10 and kit.hp(st, 3) == 5       # only the enemy who took part


@pytest.mark.clause("XJ-3.15")
def test_xj_3_15_supporters_and_hinderers_are_players_who_made_a_play(kit):
    st = battle(kit, "false-moon", players=4, hands=[[], ["golden-silkworm"], ["golden-silkworm"], []])
    kit.do(st, "fight")
    kit.do(st, "war_card", player=1)
    kit.do(st, "war_card", player=2)
    assert st.view(None)["players"][1]["hp"] == 9 and st.view(None)["players"][3]["hp"] == 5
    # Lava Beast King's lose effect hurts you and the supporters: a teammate who played
    st = battle(kit, "lava-beast-king", players=4, hands=[[], [], ["golden-silkworm"], []])
    kit.do(st, "fight")
    kit.do(st, "war_card", player=2)
    assert kit.hp(st, 0) == 7 - 2 - 2 and kit.hp(st, 2) == 9 - 2 - 2 and kit.hp(st, 3) == 5 - 2


@pytest.mark.clause("XJ-3.16")
def test_xj_3_16_hit_and_evade_play_no_part(kit):
    # Li Xiaoyao's Chivalrous Heart and the Wine Sword Immortal's Sword Riding do nothing;
    # a monster's evade never decides a battle.
    st = battle(kit, "hidden-fragrance", trigger="li-xiaoyao")       # evade 6, power 4
    kit.do(st, "fight")
    assert kit.events(st, "result")[0].data["result"] == "win"
    st = kit.scen(seats=[{"character": "wine-sword-immortal", "weapon": "demon-sword"}])
    assert st.power(0) == 5                     # the Demon Sword only gives hit
    assert st.skill(0, "no_effect") == {}


@pytest.mark.clause("XJ-3.17")
def test_xj_3_17_a_battle_ended_by_a_card_has_no_result(kit):
    st = battle(kit, "snake-demon", hands=[[], ["golden-cicada"]])
    kit.do(st, "fight")
    kit.do(st, "war_card", player=1)
    assert kit.events(st, "escape")[0].clause == "XJ-3.17"
    assert not kit.events(st, "result") and kit.hp(st, 0) == 7
    assert [st.cards[u].cid for u in st.monster_discard] == ["snake-demon"]
    assert kit.events(st, "draw_step")[0].data["n"] == 2              # it was still a fight
    phases = [(e.data["from"], e.data["to"]) for e in kit.events(st, "phase")]
    assert ("battle.war", "battle.end") in phases
