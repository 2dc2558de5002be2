"""Rule clauses XJ-7.x (hand cards) and XJ-8.x (character skills and events)."""
from __future__ import annotations

from collections import Counter

import pytest


def skill_step(kit, hand, players=2, others=None, **spec):
    seats = [{"character": "li-xiaoyao", "hand": hand}] + (others or [{"character": "zixuan"}])
    return kit.scen(players=players, phase="skill", seats=seats, **spec)


def war_step(kit, monster, hands, players=2, chars=("murong-ziying", "zixuan", "lin-yueru", "wang-xiaohu"), more=None):
    seats = [{"character": chars[s], "hand": hands[s] if s < len(hands) else []} for s in range(players)]
    for s, extra in (more or {}).items():
        seats[s].update(extra)
    st = kit.scen(players=players, phase="battle.choose", seats=seats, monsters=[monster, "leaf-spirit", "leaf-spirit"])
    kit.do(st, "fight")
    return st


# ---------------------------------------------------------------------------------------------- XJ-7
@pytest.mark.clause("XJ-7.1")
def test_xj_7_1_five_kinds_of_hand_card(kit, xj):
    st = kit.new(seed=1)
    types = Counter(c.d.type for c in st.cards if c.d.kind == "hand")
    assert types == {"skill": 14, "war": 14, "special": 9, "weapon": 4, "armour": 4}
    for c in xj.cards.values():
        if c.kind == "hand" and c.equipment:
            assert not c.uses
        elif c.kind == "hand":
            assert c.uses


@pytest.mark.clause("XJ-7.2")
def test_xj_7_2_skill_cards_only_by_the_turn_player_in_the_skill_step(kit):
    st = skill_step(kit, ["heaven-thunder"], others=[{"character": "zixuan", "hand": ["heaven-thunder"]}])
    a = kit.find(st, "play", name="heaven-thunder", target=1)
    assert a.clause == "XJ-7.2"
    their = kit.act(st, "play", 1, card=kit.uid(st, 1, "heaven-thunder"), name="heaven-thunder", target=0)
    kit.refused(st, their, "XJ-4.14")                # not their skill step: the turn player's alone
    kit.do(st, "end_skill")
    mine = kit.act(st, "play", 0, card=kit.uid(st, 0, "heaven-thunder"), name="heaven-thunder", target=1)
    err = kit.refused(st, mine, "XJ-7.2")    # the battle step: only the Underworld Mirror is played there
    assert "Heaven Thunder Strike" in err.reason and "Underworld Mirror" in err.reason
    st = skill_step(kit, ["steal"])
    steal = kit.act(st, "play", 0, card=kit.uid(st, 0, "steal"), name="steal", target=1)
    kit.refused(st, steal, "XJ-7.2")                # the only other seat has an empty hand


@pytest.mark.clause("XJ-7.3")
def test_xj_7_3_war_cards_only_in_the_war_step_for_their_players_side(kit):
    st = skill_step(kit, ["golden-silkworm"])
    kit.refused(st, kit.act(st, "play", 0, card=kit.uid(st, 0, "golden-silkworm"), name="golden-silkworm"), "XJ-7.3")
    st = war_step(kit, "courage", [[], ["five-mystic-tones"]])
    sides = sorted(a.args["side"] for a in st.legal_actions() if a.kind == "war_card")
    assert sides == ["monster", "trigger"]
    kit.do(st, "war_card", player=1, side="trigger")           # an enemy may even help the trigger
    assert kit.events(st, "side_power")[0].data == {"side": "trigger", "amount": 2}


@pytest.mark.clause("XJ-7.4")
def test_xj_7_4_special_cards_at_their_own_moment(kit):
    st = skill_step(kit, ["hidden-gu", "ice-heart", "underworld-mirror", "spirit-gourd-elixir"])
    playable = {a.args["name"] for a in st.legal_actions() if a.kind == "play"}
    assert playable == {"spirit-gourd-elixir"}
    kit.refused(st, kit.act(st, "play", 0, card=kit.uid(st, 0, "hidden-gu"), name="hidden-gu"), "XJ-7.4")
    kit.refused(st, kit.act(st, "revive", 0, card=kit.uid(st, 0, "spirit-gourd-elixir")), "XJ-5.4")


@pytest.mark.clause("XJ-7.5")
def test_xj_7_5_the_ice_heart_cancels_a_card_in_seat_order(kit):
    st = skill_step(kit, ["mouse-fruit"], players=4,
                    others=[{"character": "zixuan", "hand": ["ice-heart"]}, {"character": "lin-yueru"},
                            {"character": "wang-xiaohu", "hand": ["ice-heart"]}])
    kit.do(st, "play", name="mouse-fruit", target=0)
    assert kit.choice(st) == "respond" and st.current_player == 1
    kit.do(st, "pass", player=1)
    assert st.current_player == 3
    kit.do(st, "nullify", player=3)
    # the Mantra is a card too: seat 1, still holding one, may cancel it (and declines)
    assert kit.choice(st) == "respond" and st.current_player == 1
    kit.do(st, "pass", player=1)
    assert kit.events(st, "cancelled")[0].clause == "XJ-7.5"
    assert st.p[0].hand == [] and st.current_player == 0     # no draw; nobody else asked
    # equipment and pawns are not played cards: no window opens
    st = skill_step(kit, ["dustless-sword", "five-energies"], others=[{"character": "zixuan", "hand": ["ice-heart"]}])
    kit.do(st, "equip", name="dustless-sword")
    kit.do(st, "pawn", name="five-energies")
    assert kit.choice(st) is None and not kit.events(st, "play")


@pytest.mark.clause("XJ-7.6")
def test_xj_7_6_pawning_draws_instead(kit):
    st = skill_step(kit, ["five-energies"], others=[{"character": "zixuan"}])
    st.new_card("demon-sword", "weapon", 0)
    pawns = {(a.args["name"], st.place(a.args["card"])) for a in st.legal_actions() if a.kind == "pawn"}
    assert pawns == {("five-energies", "hand"), ("demon-sword", "weapon")}
    kit.do(st, "pawn", name="five-energies")
    assert len(st.p[0].hand) == 1
    kit.do(st, "pawn", name="demon-sword")
    assert len(st.p[0].hand) == 3 and st.p[0].weapon is None
    assert [e.clause for e in kit.events(st, "pawn")] == ["XJ-7.6", "XJ-7.6"]


@pytest.mark.clause("XJ-7.7")
def test_xj_7_7_bursting_a_pet(kit):
    st = war_step(kit, "snake-demon", [[], []], more={0: {"pets": ["feifei"]}})
    assert kit.find(st, "burst", player=0) is not None
    kit.do(st, "burst", player=0)
    assert kit.events(st, "burst")[0].clause == "XJ-7.7" and st.battle is None
    assert kit.events(st, "result")[0].data["trigger"] == 4 + 3
    assert [st.cards[u].cid for u in st.monster_discard][:1] == ["feifei"]
    # Caiyi: its owner revives any character at full HP
    st = kit.scen(players=4, phase="skill", seats=[{"character": "li-xiaoyao", "hand": ["heaven-thunder"]},
                                                     {"character": "zixuan", "hp": 1}, {"pets": ["caiyi"]}, {}])
    kit.do(st, "play", name="heaven-thunder", target=1)
    kit.do(st, "revive", player=2, name="caiyi")
    assert kit.hp(st, 1) == 5 and st.p[2].pets == []


@pytest.mark.clause("XJ-7.8")
def test_xj_7_8_a_card_from_a_hidden_hand_is_taken_at_random(kit):
    got = set()
    for seed in range(12):
        st = kit.g.scenario({"phase": "skill", "seats": [{"character": "li-xiaoyao", "hand": ["steal"]},
                                                         {"hand": ["hidden-gu", "mouse-fruit", "golden-cicada"]}]},
                            seed=seed)
        kit.do(st, "play", name="steal", target=1)
        took = kit.events(st, "take")[0]
        assert took.clause == "XJ-7.8" and took.data["only"] == 0 and "a card" in took.text_for(1)
        got.add(kit.cids(st, 0)[0])
    assert got == {"hidden-gu", "mouse-fruit", "golden-cicada"}


@pytest.mark.clause("XJ-7.9")
def test_xj_7_9_heavenly_aura_for_the_trigger_only(kit):
    st = war_step(kit, "courage", [["heavenly-aura"], ["heavenly-aura", "golden-silkworm"]])
    assert st.current_player == 1
    assert {a.args.get("name") for a in st.legal_actions()} == {"golden-silkworm", None}
    kit.refused(st, kit.act(st, "war_card", 1, card=kit.uid(st, 1, "heavenly-aura"), name="heavenly-aura"), "XJ-7.9")
    kit.do(st, "pass", player=1)
    kit.do(st, "war_card", player=0, name="heavenly-aura")
    kit.passes(st)
    assert kit.events(st, "result")[0].data["trigger"] == 8


@pytest.mark.clause("XJ-7.10")
def test_xj_7_10_underworld_mirror_before_the_fight_decision(kit):
    st = kit.scen(phase="battle.choose", monsters=["caiyi", "leaf-spirit"],
                  seats=[{"character": "li-xiaoyao", "hand": ["underworld-mirror"]}, {}])
    a = kit.find(st, "play", name="underworld-mirror", target=1)
    assert a is not None and a.clause == "XJ-7.10"
    st.apply(a)
    peek = kit.events(st, "peek")[0]
    assert peek.data["only"] == 1 and "Caiyi" in peek.text_for(1) and "Caiyi" not in peek.text_for(0)
    assert st.phase == "battle.choose" and st.cards[st.monsters[-1]].cid == "caiyi"
    st = skill_step(kit, ["underworld-mirror"])
    assert not kit.find(st, "play", name="underworld-mirror")


@pytest.mark.clause("XJ-7.11")
def test_xj_7_11_monster_words_read_from_the_trigger(kit):
    # Golden Toad Ghost Mother, lose: "each player of your team takes 2" = the trigger's team
    st = kit.scen(players=4, phase="battle.choose", monsters=["golden-toad-mother", "leaf-spirit"],
                  seats=[{"character": "murong-ziying"}, {"character": "wang-xiaohu"}, {"character": "lin-yueru"},
                         {"character": "zixuan"}])
    kit.do(st, "fight")                       # 4 against 4 + 3: a loss
    assert [kit.hp(st, s) for s in range(4)] == [5, 11, 7, 5]


@pytest.mark.clause("XJ-7.12")
def test_xj_7_12_the_evil_sword_immortal_switches_enemy_weapons_off(kit):
    st = kit.scen(players=4, seats=[{"character": "li-xiaoyao", "weapon": "demon-blade"},
                                    {"character": "zixuan", "pets": ["evil-sword-immortal"], "weapon": "demon-blade"},
                                    {"character": "lin-yueru", "weapon": "dustless-sword"}, {}])
    assert st.power(0) == 4 and st.power(2) == 2          # no weapon power, no Sword Qi Finger either
    assert st.power(1) == 3 + 2                           # the owner's own weapon still works
    assert st.view(None)["players"][0]["weapons_work"] is False


# ---------------------------------------------------------------------------------------------- XJ-8
@pytest.mark.clause("XJ-8.1")
def test_xj_8_1_skills_act_at_their_steps(kit, xj):
    from tabletop_rules.games.xianjian.book import SKILLS

    hooks = {s.do: s.hook for c in xj.cards.values() if c.kind == "character" for s in c.skills}
    assert hooks["draw_at_turn_start"] == "turn_start" and hooks["grudge"] == "battle_end"
    assert all(h in ("none", "passive", "turn_start", "turn_end", "battle_start", "battle_end", "draw_start",
                     "pet_gained", "skill_step", "war_step") for h in hooks.values())
    assert set(hooks) <= set(SKILLS.fns)
    # A'nu gives cards in her skill step; Murong Ziying gives equipment and draws 2
    st = kit.scen(phase="skill", seats=[{"character": "a-nu", "hand": ["steal"]}, {"character": "murong-ziying",
                                                                                    "weapon": "demon-blade"}])
    kit.do(st, "give", name="steal", to=1)
    assert kit.cids(st, 1) == ["steal"]
    st = kit.scen(phase="skill", seats=[{"character": "murong-ziying", "weapon": "demon-blade"}, {}])
    kit.do(st, "gift", name="demon-blade", to=1)
    assert kit.cids(st, 1, "weapon") == "demon-blade" and len(st.p[0].hand) == 2
    assert not kit.find(st, "gift")
    # Zixuan: a pet for her team lets her name someone to draw 2
    st = kit.scen(phase="battle.choose", seats=[{"character": "murong-ziying"}, {"character": "wang-xiaohu"},
                                                {"character": "zixuan"}], players=3)
    kit.do(st, "fight")
    assert kit.choice(st) == "pick_player" and st.current_player == 2


@pytest.mark.clause("XJ-8.1")
def test_xj_8_1_moon_worship_master_summons_in_any_battle(kit):
    st = war_step(kit, "snake-demon", [[], ["steal", "coin-dart", "mouse-fruit"]],
                  chars=("murong-ziying", "moon-worship-master"))
    kit.do(st, "pass", player=0) if st.current_player == 0 else None
    kit.do(st, "summon", player=1)
    kit.do(st, "discard", player=1, name="steal")
    kit.do(st, "discard", player=1, name="coin-dart")
    assert kit.events(st, "result")[0].data["monster"] == 9 + 5


@pytest.mark.clause("XJ-8.2")
def test_xj_8_2_the_turn_player_carries_out_the_event(kit):
    st = kit.scen(players=4, phase="battle.choose", turn_player=3, events=["holy-aunt-hut"])
    kit.do(st, "no_fight", player=3)
    assert st.turn_player == 0 and kit.choice(st) == "pick_player" and st.current_player == 0
    assert sorted(a.args["seat"] for a in kit.answers(st)) == [0, 2]       # one of "our side" first
    kit.do(st, "pick_player", seat=2)
    assert sorted(a.args["seat"] for a in kit.answers(st)) == [1, 3]       # then one enemy


@pytest.mark.clause("XJ-8.3")
def test_xj_8_3_trial_cave_enemy_side_picks_first(kit):
    st = kit.scen(players=4, phase="battle.choose", turn_player=3, events=["trial-cave"],
                  deck=["mouse-fruit", "steal", "coin-dart", "golden-silkworm", "hidden-gu"])
    kit.do(st, "no_fight", player=3)
    pickers = []
    while kit.choice(st) == "trial_pick":
        pickers.append(st.current_player)
        st.apply(st.legal_actions()[0])
    assert pickers == [1, 0, 1, 0]           # seat 1 is the first enemy after the turn player (0)


@pytest.mark.clause("XJ-8.4")
def test_xj_8_4_dice_from_the_games_own_generator(kit):
    rolls = []
    for seed in range(30):
        st = kit.g.scenario({"phase": "battle.choose", "seats": [{"character": "wang-xiaohu"}, {}]}, seed=seed)
        kit.do(st, "fight")
        d = kit.events(st, "dice")[0]
        assert d.clause == "XJ-8.4" and 1 <= d.data["roll"] <= 6
        rolls.append(d.data["roll"])
        again = kit.g.scenario({"phase": "battle.choose", "seats": [{"character": "wang-xiaohu"}, {}]}, seed=seed)
        kit.do(again, "fight")
        assert kit.events(again, "dice")[0].data["roll"] == d.data["roll"]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}


@pytest.mark.clause("XJ-8.5")
def test_xj_8_5_an_enemy_choice_is_made_by_the_first_enemy_after_the_trigger(kit):
    # Heaven Ghost Emperor, lose: enemies owning an earth pet are asked in seat order after the trigger
    st = kit.scen(players=4, phase="battle.choose", monsters=["heaven-ghost-emperor", "leaf-spirit"],
                  seats=[{"character": "murong-ziying"}, {"character": "wang-xiaohu", "pets": ["xuan-turtle"]},
                         {"character": "lin-yueru"}, {"character": "zixuan", "pets": ["xingtian"]}])
    kit.do(st, "fight")
    assert kit.choice(st) == "earth_swap" and st.current_player == 1
    kit.do(st, "pass", player=1)
    assert st.current_player == 3
    kit.do(st, "swap_pet", player=3)
    assert kit.cids(st, 3, "pets") == ["heaven-ghost-emperor"]
