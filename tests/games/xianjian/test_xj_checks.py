"""Issue 37: every refusal of the game names its rule, decided by the one check registered for it.

Each test builds a position, tries what the rule forbids and reads the refusal: the clause of the
registered check, its words (a seat named as the board shows it, never an engine seat number), and
the state unchanged (``kit.refused``). The decisions' wrong picks cite each kind's own sentence.
"""
from __future__ import annotations

import random
import re

import pytest

from tabletop_rules.core.actions import Action, IllegalAction
from tabletop_rules.games.xianjian.book import BOOK

CHECKED = ("XJ-3.6", "XJ-3.7", "XJ-4.5", "XJ-4.6", "XJ-4.14", "XJ-5.7", "XJ-5.8", "XJ-6.3", "XJ-7.2", "XJ-7.3",
           "XJ-7.4", "XJ-7.9", "XJ-7.10", "XJ-8.1")


def test_each_refusal_clause_has_exactly_one_registered_check(xj):
    for cid in CHECKED:
        assert len(BOOK.rule.deciding(cid)) == 1, cid
        assert xj.rules.clause(cid).decides, cid


def skill_step(kit, hand, **spec):
    return kit.scen(phase="skill", seats=[{"character": "li-xiaoyao", "hand": hand}, {"character": "zixuan"}], **spec)


def play(kit, st, seat, cid, **args):
    return kit.act(st, "play", seat, card=kit.uid(st, seat, cid), name=cid, **args)


def test_a_hand_card_played_at_a_wrong_moment_cites_its_kinds_rule(kit):
    st = skill_step(kit, ["dustless-sword", "golden-silkworm", "hidden-gu"])
    for cid, clause, words in (("dustless-sword", "XJ-4.5", "is equipment"),
                               ("golden-silkworm", "XJ-7.3", "is a war card"),
                               ("hidden-gu", "XJ-7.4", "is a special card")):
        err = kit.refused(st, play(kit, st, 0, cid), clause)
        assert words in err.reason and st.game.cards[cid].name.en in err.reason
    # Steal needs another player with a hand card (XJ-7.2): the only other one holds none.
    err = kit.refused(st := skill_step(kit, ["steal"]), play(kit, st, 0, "steal", target=1), "XJ-7.2")
    assert "no possible target" in err.reason
    # Before the fight decision only the Underworld Mirror is played; a special card cites XJ-7.4.
    st = kit.scen(phase="battle.choose", seats=[{"hand": ["spirit-gourd-elixir", "coin-dart"]}, {}])
    assert "Underworld Mirror" in kit.refused(st, play(kit, st, 0, "spirit-gourd-elixir"), "XJ-7.4").reason
    assert "Underworld Mirror" in kit.refused(st, play(kit, st, 0, "coin-dart", target=1), "XJ-7.2").reason


def test_the_fight_decision_offers_its_answers(kit):
    st = kit.scen(phase="battle.choose")
    err = kit.refused(st, kit.act(st, "end_battles", 0), "XJ-4.6")
    assert "decide first whether to fight" in err.reason
    st = kit.scen(phase="battle.choose", fought=1, seats=[{"character": "wine-sword-immortal"}, {}])
    assert {"fight", "end_battles"} <= kit.kinds(st)
    err = kit.refused(st, kit.act(st, "no_fight", 0), "XJ-4.6")
    assert "a battle was fought" in err.reason


def test_the_mirror_at_the_decision_is_the_turn_players(kit):
    st = kit.scen(phase="battle.choose", seats=[{"character": "lin-yueru"}, {"hand": ["underworld-mirror"]}])
    kit.do(st, "pass", player=1)              # asked first, in seat order after the turn player
    err = kit.refused(st, play(kit, st, 1, "underworld-mirror", target=1), "XJ-7.10")
    assert "before A1 (Lin Yueru) decides" in err.reason and "Seat" not in err.reason
    assert "A1（林月如）" in err.describe("zh")


def test_conceding_cites_who_may_and_who_has_left(kit):
    st = kit.scen(players=4, phase="skill", seats=[{}, {}, {}, {"left": True}])
    err = kit.refused(st, kit.act(st, "concede", 3), "XJ-5.7")
    assert "left the game" in err.reason
    err = kit.refused(st, kit.act(st, "concede", 1), "XJ-6.3")
    assert "team B's turn" not in err.reason and "its own turns" in err.reason
    st = kit.new(seed=2)                      # setup: the first decision is a character to keep
    err = kit.refused(st, kit.act(st, "concede", 0), "XJ-6.3")
    assert "has not begun" in err.reason


def war_step(kit, hands, chars=("murong-ziying", "zixuan"), pets=((), ())):
    seats = [{"character": c, "hand": h, "pets": list(p)} for c, h, p in zip(chars, hands, pets)]
    st = kit.scen(phase="battle.choose", seats=seats, monsters=["courage", "leaf-spirit", "leaf-spirit"])
    kit.do(st, "fight")
    return st


def test_the_war_step_names_whose_turn_it_is_and_one_war_card_each(kit):
    st = war_step(kit, [["golden-silkworm", "golden-silkworm"], ["golden-silkworm"]])
    asked = st.choices[-1].player
    other = 1 - asked
    err = kit.refused(st, play_war := kit.act(st, "war_card", other, card=kit.uid(st, other, "golden-silkworm"),
                                              name="golden-silkworm"), "XJ-3.6")
    label = st.p[asked].label
    assert f"it is {label}'s turn" in err.reason and "Seat" not in err.reason, err.reason
    assert play_war not in st.legal_actions()
    # Seat 0 plays its war card when asked; asked again (its pet could burst), a second war card is
    # refused by XJ-3.7.
    st = war_step(kit, [["golden-silkworm", "golden-silkworm"], ["golden-silkworm"]], pets=(("feifei",), ()))
    for _ in range(20):
        ch = st.choices[-1]
        if ch.kind == "war" and ch.player == 0 and 0 in st.battle["war_cards"]:
            break
        kit.do(st, "war_card" if ch.kind == "war" and ch.player == 0 else "pass", player=ch.player)
    err = kit.refused(st, kit.act(st, "war_card", 0, card=kit.uid(st, 0, "golden-silkworm"), name="golden-silkworm"),
                      "XJ-3.7")
    assert "already played a war card" in err.reason


def test_heavenly_aura_is_the_triggers_only(kit):
    st = war_step(kit, [[], ["heavenly-aura", "golden-silkworm"]])
    while st.choices[-1].player != 1:
        kit.do(st, "pass")
    err = kit.refused(st, kit.act(st, "war_card", 1, card=kit.uid(st, 1, "heavenly-aura"), name="heavenly-aura"),
                      "XJ-7.9")
    assert "only the trigger brings one" in err.reason


def test_gift_of_swords_once_a_player_a_turn(kit):
    st = kit.scen(players=3, phase="skill", seats=[{"character": "murong-ziying", "weapon": "dustless-sword",
                                                     "armour": "qiankun-robe"}, {}, {}])
    kit.do(st, "gift", card=st.p[0].weapon, to=2)
    err = kit.refused(st, kit.act(st, "gift", 0, card=st.p[0].armour, name="qiankun-robe", to=2), "XJ-8.1")
    assert "same player twice" in err.reason


def test_summon_needs_its_discards(kit):
    st = war_step(kit, [[], ["golden-silkworm"]], chars=("li-xiaoyao", "moon-worship-master"))
    while st.choices[-1].player != 1:
        kit.do(st, "pass")
    err = kit.refused(st, kit.act(st, "summon", 1), "XJ-8.1")
    assert "Summon the Water Beast needs" in err.reason


# ----- (a) each decision refuses a wrong pick with its own sentence and rule ---------------------------------
def harvest(xj, kinds, seeds=range(12), steps=500):
    """One position per decision kind, reached by random play."""
    found = {}
    for seed in seeds:
        st = xj.new_game(seed=seed, players=2 + seed % 3)
        rng = random.Random(seed)
        for _ in range(steps):
            if st.is_over or found.keys() >= kinds:
                break
            if st.choices and st.choices[-1].kind not in found:
                found[st.choices[-1].kind] = st.clone()
            st.apply(rng.choice([a for a in st.legal_actions() if a.kind != "concede"]))
    return found


# decision (choice kind) -> the kinds that answer it whose wrong pick the kind's own sentence refuses
ANSWERS = {k: (k,) for k in ("keep_character", "keep_pet", "pick_player", "pick_card", "discard", "trial_pick",
                             "revive", "cancel_damage", "pick_drawer", "reroll", "peek_order", "discard_for_hp")}
ANSWERS.update(respond=("nullify",), war=("war_card", "burst", "summon"), earth_swap=("swap_pet",))


def test_each_decisions_wrong_pick_cites_its_own_rule(xj):
    found = harvest(xj, set(ANSWERS) - {"earth_swap"})
    assert set(ANSWERS) - {"earth_swap"} <= found.keys(), sorted(found)
    found["earth_swap"] = earth_swap_position(xj)
    for decision, kinds in ANSWERS.items():
        for kind in kinds:
            st = found[decision]
            ch = st.choices[-1]
            reason, clause = BOOK.moves.kinds[kind].no_such
            assert clause in xj.rules and (reason, clause) != BOOK.moves.kinds[kind].not_now
            with pytest.raises(IllegalAction) as info:
                st.apply(Action(kind, ch.player, {"card": 10**6, "seat": 99, "swap": "maybe"}))
            err = info.value
            assert err.clause == clause, (kind, err.clause)
            assert err.reason == xj.texts.render(reason, {}), (kind, err.reason)
            assert err.describe("zh") == xj.texts.render(reason, {}, "zh")


def earth_swap_position(xj):
    """Heaven Ghost Emperor's lose effect: the enemy with an earth pet is offered a swap (XJ-3.11)."""
    st = xj.scenario({"phase": "battle.choose", "monsters": ["heaven-ghost-emperor", "courage"],
                      "seats": [{"character": "zixuan"}, {"pets": ["xuan-turtle"]}]})
    for _ in range(50):                       # fight, and let everyone pass: the monster side wins
        if st.choices and st.choices[-1].kind == "earth_swap":
            return st
        st.apply(next(a for a in st.legal_actions() if a.kind in ("fight", "pass")))
    raise AssertionError("the swap was never offered")


# ----- one effect signature, one Book (Forge's shape) ----------------------------------------------------
def test_every_function_card_data_names_lives_in_the_book_with_one_signature(xj):
    import importlib
    import inspect
    import pkgutil

    import tabletop_rules.games.xianjian as pkg
    from tabletop_rules.core.registry import Registry

    tables = {"effects": BOOK.effects, **BOOK.tables}
    assert {"pet", "trait", "skill"} <= tables.keys()
    for what, table in tables.items():
        for name, fn in table.fns.items():
            params = list(inspect.signature(fn).parameters)
            assert params[:2] == ["s", "ctx"], (what, name, params)
    # no table of named functions outside the Book
    for mod in pkgutil.iter_modules(pkg.__path__):
        m = importlib.import_module(f"{pkg.__name__}.{mod.name}")
        for attr, value in vars(m).items():
            if isinstance(value, Registry):
                assert any(value is t for t in tables.values()), f"{mod.name}.{attr}"


def test_no_refusal_names_a_seat_by_its_engine_number(xj):
    """What "Why not?" reads never shows "Seat 0": a seat is named by its team label and character."""
    seen = 0
    for seed in range(6):
        st = xj.new_game(seed=seed, players=2 + seed % 3)
        rng = random.Random(seed)
        for _ in range(300):
            if st.is_over:
                break
            for seat in range(st.players):
                for r in st.refusals(seat):
                    en, zh = st.describe_refusal(r), st.describe_refusal(r, "zh")
                    assert not re.search(r"Seat \d", en) and not re.search(r"座位 ?\d", zh), (en, zh)
                    seen += 1
            st.apply(rng.choice([a for a in st.legal_actions() if a.kind != "concede"]))
    assert seen > 100
