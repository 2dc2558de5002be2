"""Clauses settled by the second reading of the rule book and the card texts (issue 13): the
Underworld Mirror for any holder, one reading of "your power" on war cards, the Forbidden Space,
the island's Heaven Thunder Strike and the Ice Heart Mantra, Coin Dart on yourself, and where
XJ-2.7's facts come from. (Leaving, revival and conceding are in test_xj_clauses_death.py.)"""
from __future__ import annotations

import pytest


def mirror_step(kit, hands, players=4, turn_player=0):
    seats = [{"hand": h} for h in hands]
    return kit.scen(players=players, phase="battle.choose", turn_player=turn_player, seats=seats,
                    monsters=["caiyi", "leaf-spirit", "leaf-spirit"])


# ----- the Underworld Mirror: any holder, before the fight decision ---------------------------------
@pytest.mark.clause("XJ-7.10")
def test_xj_7_10_every_holder_is_asked_before_the_fight_decision(kit):
    st = mirror_step(kit, [[], ["underworld-mirror"], [], ["underworld-mirror"]])
    # the others in seat order after the turn player, before the turn player decides
    assert kit.choice(st) == "mirror" and st.current_player == 1
    kit.refused(st, kit.act(st, "fight", 0), ("XJ-7.10",))
    assert {a.args.get("target") for a in kit.answers(st) if a.kind == "play"} == {0, 1, 2, 3}
    kit.do(st, "pass", player=1)
    assert st.current_player == 3
    kit.do(st, "play", player=3, name="underworld-mirror", target=2)
    peek = kit.events(st, "peek")[0]
    assert peek.clause == "XJ-7.10" and peek.data["only"] == 2 and "Caiyi" in peek.text_for(2)
    assert "Caiyi" not in peek.text_for(3) and st.cards[st.monsters[-1]].cid == "caiyi"
    # then the decision is the turn player's; a Mirror played by another is still a played card
    assert kit.choice(st) is None and st.current_player == 0 and kit.find(st, "fight")
    assert kit.events(st, "play")[0].data["seat"] == 3


@pytest.mark.clause("XJ-7.10")
def test_xj_7_10_the_turn_player_at_the_decision_and_before_a_second_battle(kit):
    st = mirror_step(kit, [["underworld-mirror"], [], []], players=3)
    assert kit.choice(st) is None and kit.find(st, "play", player=0, name="underworld-mirror", target=1)
    # others are not offered it at the turn player's own decision: they were asked before
    st = mirror_step(kit, [[], ["underworld-mirror"]], players=2)
    kit.do(st, "pass", player=1)
    err = kit.refused(st, kit.act(st, "play", 1, card=kit.uid(st, 1, "underworld-mirror"), name="underworld-mirror",
                                  target=1), ("XJ-7.10",))
    assert "asked" in err.reason
    # the Wine Sword Immortal's second battle: the holders are asked again
    st = kit.scen(players=2, phase="battle.choose", monsters=["leaf-spirit", "leaf-spirit", "leaf-spirit"],
                  seats=[{"character": "wine-sword-immortal"}, {"hand": ["underworld-mirror"]}])
    kit.do(st, "pass", player=1)
    kit.do(st, "fight")                                  # Leaf Spirit: won at once, no war card to play
    assert kit.choice(st) == "mirror" and st.current_player == 1 and st.fought == 1


# ----- "your power" on war cards: what its player brings to their side -----------------------------
@pytest.mark.clause("XJ-7.3")
def test_xj_7_3_golden_silkworm_adds_to_the_side_of_whoever_plays_it(kit):
    for seat, side in ((0, "trigger"), (2, "trigger"), (1, "monster")):
        hands = [[], [], [], []]
        hands[seat] = ["golden-silkworm"]
        st = kit.scen(players=4, phase="battle.choose", monsters=["snake-demon", "leaf-spirit"],
                      seats=[{"character": "murong-ziying", "hand": hands[0]}, {"hand": hands[1]},
                             {"hand": hands[2]}, {"hand": hands[3]}])
        kit.do(st, "fight")
        kit.do(st, "war_card", player=seat, name="golden-silkworm")
        kit.passes(st)
        assert kit.events(st, "side_power")[0].data == {"side": side, "amount": 3}
        res = kit.events(st, "result")[0].data
        assert (res["trigger"], res["monster"]) == ((7, 9) if side == "trigger" else (4, 12))


@pytest.mark.clause("XJ-7.9")
def test_xj_7_9_the_aura_doubles_what_its_player_brings_only_the_trigger_brings_base_power(kit):
    st = kit.scen(players=4, phase="battle.choose", monsters=["snake-demon", "leaf-spirit"],
                  seats=[{"character": "murong-ziying", "weapon": "demon-blade"}, {"hand": ["heavenly-aura"]},
                         {"hand": ["heavenly-aura", "golden-silkworm"]}])
    kit.do(st, "fight")
    assert st.current_player == 2                        # the trigger side is weaker: it starts
    names = {a.args.get("name") for a in kit.answers(st)}
    assert names == {"golden-silkworm", None}            # the teammate is offered the Silkworm, not the Aura
    for seat in (2, 1):                                  # a teammate, and an enemy (not even asked yet)
        err = kit.refused(st, kit.act(st, "war_card", seat, card=kit.uid(st, seat, "heavenly-aura"),
                                      name="heavenly-aura"), ("XJ-7.9", "XJ-3.6"))
        assert seat == 1 or "only the trigger brings" in err.reason


# ----- Breaking the Forbidden Space: the team draws in any case --------------------------------------
@pytest.mark.clause("XJ-8.6")
@pytest.mark.parametrize("hps", [(1, 1), (3, 1), (1, 4)])
def test_xj_8_6_forbidden_space_then_each_of_the_team_draws(kit, hps):
    st = kit.scen(players=4, turn_player=3, phase="battle.choose", events=["forbidden-space"],
                  seats=[{"character": "li-xiaoyao", "hp": hps[0]}, {"character": "wang-xiaohu"},
                         {"character": "zixuan", "hp": hps[1]}, {"character": "murong-ziying"}])
    kit.do(st, "no_fight", player=3)
    kit.passes(st)
    while kit.choice(st) == "discard":
        st.apply(kit.answers(st)[0])
    if kit.choice(st) == "pick_player":                  # two could be picked (none here has both >= 2)
        kit.do(st, "pick_player", seat=0)
    assert st.turn_player == 0
    draws = [e.data["seat"] for e in kit.events(st, "draw", clause="XJ-8.6")]
    assert draws == [0, 2]                               # both players of the team, in seat order
    picked = [e.data["seat"] for e in kit.events(st, "hp_set")]
    assert picked == [s for s in (0, 2) if hps[s // 2] >= 2]
    assert bool(kit.events(st, "no_effect", clause="XJ-8.6")) == (max(hps) < 2)
    assert [kit.hp(st, 0), kit.hp(st, 2)] == [min(h, 1) if h >= 2 else h for h in hps]


# ----- the Ice Heart Mantra: any player's card, an "as if" card, your own card ------------------------
@pytest.mark.clause("XJ-7.5")
def test_xj_7_5_the_islands_heaven_thunder_can_be_cancelled(kit):
    st = kit.scen(players=2, turn_player=1, phase="battle.choose", events=["island-encounter"],
                  seats=[{"character": "zixuan"}, {"character": "li-xiaoyao", "hand": ["ice-heart"]}])
    kit.do(st, "no_fight", player=1)
    assert st.turn_player == 0 and kit.choice(st) == "pick_player"
    assert [a.args["seat"] for a in kit.answers(st)] == [1, None]     # a male character, or nobody
    kit.do(st, "pick_player", seat=1)
    play = kit.events(st, "play")[-1]
    assert play.data["card"] == "heaven-thunder" and play.data["virtual"] and st.current_player == 1
    assert kit.choice(st) == "respond"
    kit.do(st, "nullify", player=1)
    assert kit.events(st, "cancelled")[0].data == {"seat": 0, "card": "heaven-thunder"}
    assert kit.hp(st, 1) == 8 and not kit.events(st, "damage")
    # not cancelled: 2 damage from a skill card (the Qiankun Robe would block it)
    st = kit.scen(players=2, turn_player=1, phase="battle.choose", events=["island-encounter"],
                  seats=[{"character": "zixuan"}, {"character": "li-xiaoyao", "hand": ["ice-heart"]}])
    kit.do(st, "no_fight", player=1)
    kit.do(st, "pick_player", seat=1)
    kit.do(st, "pass", player=1)
    assert kit.hp(st, 1) == 6 and "Heaven Thunder" in kit.events(st, "damage")[0].text


@pytest.mark.clause("XJ-7.5")
def test_xj_7_5_the_cards_own_player_is_asked_last(kit):
    st = kit.scen(players=4, phase="skill",
                  seats=[{"character": "li-xiaoyao", "hand": ["mouse-fruit", "ice-heart"]},
                         {"hand": ["ice-heart"]}, {}, {"hand": ["ice-heart"]}])
    kit.do(st, "play", name="mouse-fruit", target=0)
    asked = []
    while kit.choice(st) == "respond":
        asked.append(st.current_player)
        kit.do(st, "pass", player=st.current_player)
    assert asked == [1, 3, 0]
    assert len(st.p[0].hand) == 3                         # the Mantra and the two drawn
    st = kit.scen(players=2, phase="skill", seats=[{"character": "li-xiaoyao", "hand": ["mouse-fruit", "ice-heart"]}])
    kit.do(st, "play", name="mouse-fruit", target=1)
    kit.do(st, "nullify", player=0)                       # cancelling one's own card is allowed
    assert kit.events(st, "cancelled")[0].data["seat"] == 0 and len(st.p[1].hand) == 0


# ----- Coin Dart: any player, yourself included --------------------------------------------------------
@pytest.mark.clause("XJ-7.2")
def test_xj_7_2_coin_dart_may_name_yourself_and_you_pick_from_your_own_hand(kit):
    st = kit.scen(players=2, phase="skill",
                  seats=[{"character": "li-xiaoyao", "hand": ["coin-dart", "steal", "hidden-gu"]}, {}])
    assert {a.args.get("target") for a in kit.answers(st) if a.args.get("name") == "coin-dart"} == {0}
    kit.do(st, "play", name="coin-dart", target=0)
    assert kit.choice(st) == "pick_card"
    assert {a.args.get("name") for a in kit.answers(st)} == {"steal", "hidden-gu"}     # not a random pick
    kit.do(st, "pick_card", name="hidden-gu")
    assert kit.cids(st, 0) == ["steal"]
    # another player's hand stays hidden: a random card from it (XJ-7.8)
    st = kit.scen(players=2, phase="skill",
                  seats=[{"character": "li-xiaoyao", "hand": ["coin-dart"]},
                         {"hand": ["steal"], "weapon": "demon-blade"}])
    kit.do(st, "play", name="coin-dart", target=1)
    assert {a.args["card"] if a.args["card"] == "hand" else a.args["name"] for a in kit.answers(st)} == \
        {"hand", "demon-blade"}


# ----- where XJ-2.7's facts come from ------------------------------------------------------------------
@pytest.mark.clause("XJ-2.7")
def test_xj_2_7_cites_the_card_table_for_hit_and_gender(xj):
    clause = next(c for c in xj.rules.clauses if c.id == "XJ-2.7")
    assert "base_heroes.csv (the numbers and gender)" in clause.source
    assert "D facts (power, hit)" in clause.source
    five_eight = next(c for c in xj.rules.clauses if c.id == "XJ-5.8")
    assert "may choose" in five_eight.text.en and "可以" in five_eight.text.zh
