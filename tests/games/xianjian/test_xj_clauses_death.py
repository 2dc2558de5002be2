"""Rule clauses XJ-5.x (damage, death, revival, leaving) and XJ-6.x (the end of the game)."""
from __future__ import annotations

import pytest


def thunder(kit, target_hp, players=4, target=1, **seats):
    """Seat 0 holds Heaven Thunder Strike (2 damage); ``seats`` adds to seats by index."""
    spec = [{"character": "li-xiaoyao", "hand": ["heaven-thunder"]}, {"character": "wang-xiaohu"},
            {"character": "lin-yueru"}, {"character": "zixuan"}][:players]
    spec[target]["hp"] = target_hp
    for k, v in seats.items():
        spec[int(k[1:])].update(v)
    st = kit.scen(players=players, phase="skill", seats=spec)
    return st


@pytest.mark.clause("XJ-5.1")
def test_xj_5_1_zero_hp_is_dealt_with_at_once(kit):
    st = thunder(kit, 2)
    kit.do(st, "play", name="heaven-thunder", target=1)
    kinds = [e.kind for e in st.log]
    assert kinds.index("damage") < kinds.index("dying") < kinds.index("leave")
    assert kit.events(st, "dying")[0].clause == "XJ-5.1"
    assert st.phase == "skill" and kit.choice(st) == "pick_drawer"   # before the skill step goes on


@pytest.mark.clause("XJ-5.2")
@pytest.mark.parametrize("hp", [1, 2])
def test_xj_5_2_hp_never_below_zero(kit, hp):
    st = thunder(kit, hp)
    kit.do(st, "play", name="heaven-thunder", target=1)
    dmg = kit.events(st, "damage")[0]
    assert dmg.data["hp"] == 0 and dmg.data["overflow"] == 2 - hp and kit.hp(st, 1) == 0


@pytest.mark.clause("XJ-5.3")
def test_xj_5_3_group_damage_lands_together_deaths_from_the_turn_player(kit):
    st = kit.scen(players=4, turn_player=2, phase="battle.choose", monsters=["lava-beast-king", "leaf-spirit"],
                  seats=[{"character": "li-xiaoyao", "hp": 2}, {"character": "wang-xiaohu", "hp": 2},
                         {"character": "murong-ziying"}, {"character": "zixuan", "hp": 2}])
    kit.do(st, "fight", player=2)
    dmg = kit.events(st, "damage")
    assert [e.data["seat"] for e in dmg] == [2, 3, 0, 1]       # all landed before any death
    deaths = kit.events(st, "deaths")[0]
    assert deaths.data["seats"] == [3, 0, 1] and deaths.clause == "XJ-5.3"
    order = []
    while kit.choice(st) == "pick_drawer":
        order.append(st.current_player)
        kit.do(st, "pick_drawer", player=st.current_player, seat=2)
    assert order == [3, 0, 1]
    assert st.winners == (0, 2)              # team B is gone; seat 2 is still in


@pytest.mark.clause("XJ-5.4")
def test_xj_5_4_any_player_may_revive_with_the_elixir(kit):
    st = thunder(kit, 2, s1={"hand": ["spirit-gourd-elixir"]}, s3={"hand": ["spirit-gourd-elixir"]})
    kit.do(st, "play", name="heaven-thunder", target=1)
    assert st.current_player == 1 and kit.choice(st) == "revive"    # the dying player first
    kit.do(st, "pass", player=1)
    assert st.current_player == 3
    kit.do(st, "revive", player=3)
    assert kit.hp(st, 1) == 2 and st.p[1].in_game
    assert kit.events(st, "revive")[0].clause == "XJ-5.4"


@pytest.mark.clause("XJ-5.4")
def test_xj_5_4_a_revival_sets_hp_it_is_not_a_recovery(kit):
    st = thunder(kit, 2, s1={"hand": ["spirit-gourd-elixir", "spirit-gourd-elixir"],
                             "weapon": "heaven-serpent-staff"})
    kit.do(st, "play", name="heaven-thunder", target=1)
    kit.do(st, "revive", player=1)
    assert kit.hp(st, 1) == 2                  # the Heaven Serpent Staff adds nothing to a revival
    assert kit.events(st, "revive")[0].data["hp"] == 2 and not kit.events(st, "heal")
    st.p[0].hand.clear()
    kit.idle(st)                              # to seat 1's turn: the Staff still adds to a recovery
    while st.turn_player != 1 or st.phase != "skill":
        kit.idle(st)
    kit.do(st, "play", player=1, name="spirit-gourd-elixir")
    assert kit.hp(st, 1) == 5
    # every revival sets HP: the Rainbow Cloud Robe too
    st = thunder(kit, 2, s1={"armour": "rainbow-robe", "weapon": "heaven-serpent-staff"})
    kit.do(st, "play", name="heaven-thunder", target=1)
    kit.do(st, "revive", player=1, name="rainbow-robe")
    assert kit.hp(st, 1) == 2


@pytest.mark.clause("XJ-5.5")
def test_xj_5_5_the_rainbow_robe_revives_its_wearer_only(kit):
    st = thunder(kit, 2, s1={"armour": "rainbow-robe"})
    kit.do(st, "play", name="heaven-thunder", target=1)
    opts = st.legal_actions()
    assert [a.args.get("name") for a in opts] == ["rainbow-robe", None]
    assert opts[0].clause == "XJ-5.5"
    kit.do(st, "revive", player=1, name="rainbow-robe")
    assert kit.hp(st, 1) == 2 and st.p[1].armour is None
    st = thunder(kit, 2, s3={"armour": "rainbow-robe"})
    kit.do(st, "play", name="heaven-thunder", target=1)
    assert not st.p[1].in_game and st.p[3].armour is not None


@pytest.mark.clause("XJ-5.6")
def test_xj_5_6_asked_in_seat_order_a_cancelled_revival_asks_again(kit):
    st = thunder(kit, 2, s0={"hand": ["heaven-thunder", "ice-heart"]},
                 s2={"hand": ["spirit-gourd-elixir", "spirit-gourd-elixir"]})
    kit.do(st, "play", name="heaven-thunder", target=1)
    kit.do(st, "pass", player=0)             # seat 0 may cancel its own card too (XJ-7.5): it does not
    assert st.current_player == 2            # seat 1 has nothing; seat 2 is next after it
    kit.do(st, "revive", player=2)
    kit.do(st, "nullify", player=0)          # seat 0 cancels that elixir
    assert kit.events(st, "cancelled")[0].data["card"] == "spirit-gourd-elixir"
    assert kit.choice(st) == "revive" and st.current_player == 2     # the question starts again
    kit.do(st, "revive", player=2)
    assert kit.hp(st, 1) == 2


@pytest.mark.clause("XJ-5.7")
def test_xj_5_7_leaving_discards_hand_equipment_and_pets(kit):
    st = thunder(kit, 2, s1={"hand": ["steal", "hidden-gu"], "weapon": "demon-blade", "armour": "dragon-soul-armour",
                             "pets": ["false-moon", "courage"]}, s0={"hand": ["heaven-thunder", "heaven-thunder"]})
    kit.do(st, "play", name="heaven-thunder", target=1)
    kit.do(st, "pass", player=1)             # 2 - 1 (armour) = 1 damage: not cancelled with Hidden Gu
    kit.do(st, "play", name="heaven-thunder", target=1)
    kit.do(st, "pass", player=1)
    pl = st.p[1]
    assert not pl.in_game and pl.hand == [] and pl.weapon is None and pl.armour is None and pl.pets == []
    assert {"steal", "hidden-gu", "demon-blade", "dragon-soul-armour"} <= {st.cards[u].cid for u in st.discard}
    assert {"false-moon", "courage"} == {st.cards[u].cid for u in st.monster_discard}
    v = st.view(0)["players"][1]
    assert v["left"] and v["character"]["id"] == "wang-xiaohu"   # still shown, as gone
    assert kit.events(st, "leave")[0].clause == "XJ-5.7"


@pytest.mark.clause("XJ-5.8")
def test_xj_5_8_the_leaving_player_names_who_draws_two(kit):
    st = thunder(kit, 2)
    kit.do(st, "play", name="heaven-thunder", target=1)
    assert st.current_player == 1
    assert [a.args["seat"] for a in kit.answers(st)] == [2, 3, 0, None]     # None: nobody (may, not must)
    kit.do(st, "pick_drawer", player=1, seat=0)
    assert kit.events(st, "gift")[0].clause == "XJ-5.8"
    assert len(st.p[0].hand) == 2 and st.current_player == 0


@pytest.mark.clause("XJ-5.8")
def test_xj_5_8_naming_nobody_and_never_a_player_at_zero_hp(kit):
    st = thunder(kit, 2)
    kit.do(st, "play", name="heaven-thunder", target=1)
    hands = [len(pl.hand) for pl in st.p]
    kit.do(st, "pick_drawer", player=1, seat=None)
    assert [len(pl.hand) for pl in st.p] == hands and kit.events(st, "gift")[0].data == {"seat": None, "by": 1}
    # two deaths together: the first to leave cannot name the other, still at 0 HP
    st = kit.scen(players=4, turn_player=2, phase="battle.choose", monsters=["lava-beast-king", "leaf-spirit"],
                  seats=[{"character": "li-xiaoyao"}, {"character": "wang-xiaohu", "hp": 2},
                         {"character": "murong-ziying"}, {"character": "zixuan", "hp": 2}])
    kit.do(st, "fight", player=2)
    assert st.current_player == 3 and kit.choice(st) == "pick_drawer" and kit.hp(st, 1) == 0
    assert [a.args["seat"] for a in kit.answers(st)] == [0, 2, None]
    err = kit.refused(st, kit.act(st, "pick_drawer", 3, seat=1), ("XJ-5.8",))
    assert "0 HP" in err.reason
    # one player to name is still a question, since naming nobody is allowed
    st = kit.scen(phase="skill", seats=[{"character": "li-xiaoyao", "hand": ["heaven-thunder"]},
                                        {"character": "zixuan", "hp": 2}])
    kit.do(st, "play", name="heaven-thunder", target=1)
    assert kit.choice(st) == "pick_drawer" and [a.args["seat"] for a in kit.answers(st)] == [0, None]
    kit.do(st, "pick_drawer", player=1, seat=None)
    assert st.winners == (0,) and st.p[0].hand == []


@pytest.mark.clause("XJ-5.10")
def test_xj_5_10_armour_first_then_hidden_gu_then_the_damage_lands(kit):
    st = kit.scen(players=4, phase="battle.choose", monsters=["lava-beast-king", "leaf-spirit"],
                  seats=[{"character": "murong-ziying", "hand": ["hidden-gu"]},
                         {"character": "wang-xiaohu", "armour": "dragon-soul-armour", "hand": ["hidden-gu"]},
                         {"character": "lin-yueru", "armour": "emperor-vestment", "hand": ["steal"]},
                         {"character": "zixuan"}])
    kit.do(st, "fight")
    reduce = kit.events(st, "reduce")[0].data
    assert (reduce["seat"], reduce["amount"], reduce["card"]) == (1, 1, "dragon-soul-armour")
    asked = []
    while kit.choice(st) == "cancel_damage" and len(asked) < 3:
        asked.append(st.current_player)
        kit.do(st, "pass" if st.current_player == 0 else "cancel_damage", player=st.current_player)
    assert asked == [0, 1, 2]                # seat order from the trigger, before anything lands
    assert kit.events(st, "play")[-1].text.endswith("as Hidden Gu.")       # the Vestment's wearer
    landed = [e for e in kit.events(st, "damage") if e.clause == "XJ-3.4"]
    assert [(e.data["seat"], e.data["amount"]) for e in landed] == [(0, 2), (3, 2)]


@pytest.mark.clause("XJ-5.10")
def test_xj_5_10_the_qiankun_robe_blocks_only_skill_card_damage(kit):
    st = thunder(kit, 11, s1={"armour": "qiankun-robe"})
    kit.do(st, "play", name="heaven-thunder", target=1)
    assert kit.hp(st, 1) == 11 and kit.events(st, "immune")
    st = kit.scen(players=2, phase="battle.choose", monsters=["lava-beast-king", "leaf-spirit"],
                  seats=[{"character": "murong-ziying"}, {"character": "wang-xiaohu", "armour": "qiankun-robe"}])
    kit.do(st, "fight")
    assert kit.hp(st, 1) == 9


# ---------------------------------------------------------------------------------------------- XJ-6
@pytest.mark.clause("XJ-6.1")
def test_xj_6_1_a_team_wins_when_every_enemy_has_left(kit):
    st = thunder(kit, 2, players=4, s3={"left": True})
    kit.do(st, "play", name="heaven-thunder", target=1)
    kit.do(st, "pick_drawer", player=1, seat=0)
    assert st.is_over and st.winners == (0, 2) and st.current_player is None
    assert st.phase == "game-over" and st.log[-1].clause == "XJ-6.1"
    assert "team A wins" in st.result.lower() or st.result.startswith("Team A wins")


@pytest.mark.clause("XJ-6.2")
def test_xj_6_2_monster_deck_used_up_more_pet_power_wins(kit):
    st = kit.scen(phase="battle.choose", monsters=["leaf-spirit"],
                  seats=[{"character": "murong-ziying", "pets": ["false-moon"]},
                         {"character": "zixuan", "pets": ["leaf-spirit"]}])
    kit.do(st, "fight")                       # the last monster: win it, then compare
    assert st.is_over and st.log[-1].clause == "XJ-6.2"
    # A: False Moon 4 + Leaf Spirit 2 = 6; B: Leaf Spirit 2 + Holiness 3 = 5
    assert st.winners == (0,)
    assert st.view(None)["team_pet_power"] == {"A": 6, "B": 5}


@pytest.mark.clause("XJ-6.2")
def test_xj_6_2_not_before_the_last_monster_is_dealt_with(kit):
    st = kit.scen(phase="battle.choose", monsters=["leaf-spirit", "leaf-spirit"])
    kit.do(st, "no_fight")
    assert not st.is_over and len(st.monsters) == 1


@pytest.mark.clause("XJ-6.3")
def test_xj_6_3_concede_at_your_battle_step_decision(kit):
    st = kit.scen(players=3, phase="battle.choose", turn_player=1)
    a = kit.find(st, "concede", player=1)
    assert a is not None and a.clause == "XJ-6.3"
    st.apply(a)
    assert st.winners == (0, 2) and st.log[-1].clause == "XJ-6.3"
    st = kit.scen(phase="battle.choose")
    kit.refused(st, kit.act(st, "concede", 1), "XJ-6.3")       # not on someone else's turn
    st = kit.scen(phase="battle.choose", seats=[{"character": "wine-sword-immortal"}, {}])
    kit.do(st, "fight")
    assert st.phase == "battle.choose" and kit.find(st, "concede")     # between two battles too


@pytest.mark.clause("XJ-6.3")
def test_xj_6_3_concede_midway_at_any_decision_of_your_teams_turn(kit):
    # the skill step
    st = kit.scen(phase="skill")
    assert kit.find(st, "concede", player=0)
    # a teammate's decision in the trigger's war-card step; the enemy is refused meanwhile
    st = kit.scen(players=4, phase="battle.choose", monsters=["snake-demon", "leaf-spirit"],
                  seats=[{"character": "murong-ziying"}, {}, {"character": "lin-yueru", "hand": ["golden-silkworm"]}])
    kit.do(st, "fight")
    assert kit.choice(st) == "war" and st.current_player == 2 and kit.find(st, "concede", player=2)
    err = kit.refused(st, kit.act(st, "concede", 1), ("XJ-6.3",))
    assert "team A's turn" in err.reason
    log, before = len(st.log), st.choices[-1].kind
    kit.do(st, "concede", player=2)
    assert st.is_over and st.winners == (1, 3) and st.choices == [] and st.phase == "game-over"
    assert [e.kind for e in st.log[log:]][-1] == "game_over" and before == "war"
    # the discard step, and an enemy's decision on our turn is not the enemy's to concede
    st = kit.scen(phase="discard", seats=[{"hand": ["steal", "steal", "steal", "steal"]}])
    assert kit.choice(st) == "discard" and kit.find(st, "concede", player=0)
    st = kit.scen(players=2, phase="skill", seats=[{"character": "li-xiaoyao", "hand": ["heaven-thunder"]},
                                                   {"character": "zixuan", "hand": ["ice-heart"]}])
    kit.do(st, "play", name="heaven-thunder", target=1)
    assert kit.choice(st) == "respond" and st.current_player == 1 and not kit.find(st, "concede")
    kit.refused(st, kit.act(st, "concede", 1), ("XJ-6.3",))
    # never during setup; and a concession is recorded and replayed like any move
    st = kit.new(seed=3, players=2)
    assert kit.choice(st) == "keep_character" and not kit.find(st, "concede")
    kit.refused(st, kit.act(st, "concede", 0), ("XJ-6.3",))
    st = kit.started(seed=3, players=2)
    kit.do(st, "concede", player=0)
    assert kit.g.replay(st.record).winners == (1,)


@pytest.mark.clause("XJ-6.4")
def test_xj_6_4_both_teams_gone_together_is_a_draw(kit):
    st = kit.scen(players=3, phase="battle.choose", monsters=["lava-beast-king", "leaf-spirit"],
                  seats=[{"character": "li-xiaoyao", "hp": 2}, {"character": "zixuan", "hp": 1},
                         {"character": "a-nu", "left": True}])
    kit.do(st, "fight")
    while kit.choice(st) == "pick_drawer":
        st.apply(st.legal_actions()[0])
    assert st.is_over and st.winners == () and st.log[-1].clause == "XJ-6.4"


@pytest.mark.clause("XJ-6.5")
def test_xj_6_5_the_whole_team_wins_including_those_who_left(kit):
    st = thunder(kit, 2, players=4, s2={"left": True}, s3={"left": True})
    kit.do(st, "play", name="heaven-thunder", target=1)
    kit.do(st, "pick_drawer", player=1, seat=0)
    assert st.winners == (0, 2) and not st.p[2].in_game
