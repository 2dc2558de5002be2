"""The executable rulings (data/buddyfight/rulings.yaml) and the deck-building rules behind them.

- every ruling passing (defaults and parameter extremes) is checked for all games in tests/test_every_game.py;
- the file covers every FAQ question of the rule book (R §五, 28 questions) and every numbered
  decision (decisions/buddyfight.md, 17), with at least 45 rulings in all;
- deck-building questions that no game position can show (R §五 对战准备 Q1, Q3, Q4; decisions
  13, 14, 17) are tested here directly against ``deck_problems`` / ``resolve_deck``.
"""
from __future__ import annotations

import re

import pytest

import tabletop_rules as tr
from tabletop_rules.core.datafile import DataError
from tabletop_rules.games.buddyfight.cards import KEYWORDS, Deck, deck_problems, resolve_deck

GAME = tr.load_game("buddyfight")
RULINGS = GAME.rulings

FAQ_IDS = ([f"faq-setup-{i}" for i in range(1, 6)] + [f"faq-main-{i}" for i in range(1, 8)]
           + [f"faq-attack-{i}" for i in range(1, 7)] + [f"faq-spell-{i}" for i in range(1, 7)]
           + [f"faq-other-{i}" for i in range(1, 5)])
DECISION_IDS = [f"decision-{i}" for i in range(1, 18)]
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


# ----- the file is complete and well formed ---------------------------------------------------------
def test_enough_rulings():
    assert len(RULINGS) >= 45


def test_every_faq_question_has_a_ruling():
    ids = {r.id for r in RULINGS}
    missing = [i for i in FAQ_IDS if i not in ids]
    assert not missing, f"FAQ questions without a ruling: {missing}"
    assert len(FAQ_IDS) == 28


def test_every_decision_has_a_ruling():
    by_id = {r.id: r for r in RULINGS}
    missing = [i for i in DECISION_IDS if i not in by_id]
    assert not missing, f"decisions without a ruling: {missing}"
    for i in DECISION_IDS:
        assert by_id[i].decision, f"{i} should be marked decision: true"
        assert by_id[i].source == f"D decision {i.split('-')[1]}"


def test_sources_match_ids():
    section = {"setup": "对战准备", "main": "主要阶段", "attack": "攻击阶段", "spell": "魔法卡能力", "other": "其他"}
    for r in RULINGS:
        m = re.fullmatch(r"faq-(\w+)-(\d+)", r.id)
        if m:
            assert r.source == f"R §五 {section[m.group(1)]} Q{m.group(2)}", r.id
            assert not r.decision, r.id


def test_rulings_are_in_our_own_english_words():
    for r in RULINGS:
        assert not CJK.search(r.question.en), f"{r.id}: question.en holds Chinese text"
        assert not CJK.search(r.answer.en), f"{r.id}: answer.en holds Chinese text"
        assert r.clauses, f"{r.id} cites no clause"
        assert r.expect, f"{r.id} checks nothing"


def test_every_param_drives_a_check():
    for r in RULINGS:
        for name in r.params:
            assert f"${name}" in repr(r.expect), f"{r.id}: no check depends on parameter {name!r}"


# ----- deck building (R §四 卡组内容, R §五 对战准备 Q1/Q3/Q4, decisions 13, 14, 17) ------------------------
FILL = {"full-armor-shortsword-dragon": 4, "dragoenergy": 4, "green-dragon-shield": 4, "dragon-breath": 4,
        "battle-aura-circle": 4, "spear-tusk-dragon": 4, "twin-fang-dragon": 4, "bastion-wall-dragon": 4,
        "wind-step-dragon": 4, "ember-drake-pup": 4, "scout-wyvern": 4, "hoard-dragon": 4,
        "flame-forge-dragon": 4, "dragon-oracle": 4}          # 56 cards, no impact, no Drum Bunker Dragon


def deck(cards, buddy="drum-bunker-dragon", flag="dragon-world", did="test-deck"):
    return Deck.model_validate({"id": did, "name": {"en": did}, "flag": flag, "buddy": buddy, "cards": cards})


def fifty(**extra):
    """A deck of exactly 50 cards: ``extra`` first, then filler names of FILL."""
    cards = {k.replace("_", "-"): v for k, v in extra.items()}
    for cid, n in FILL.items():
        room = 50 - sum(cards.values())
        if room <= 0:
            break
        cards.setdefault(cid, min(n, room))
    assert sum(cards.values()) == 50
    return cards


def clauses(d):
    return sorted({c for _, c, _ in deck_problems(GAME, d, GAME.texts)})


def test_faq_setup_1_buddy_is_not_counted_among_the_four():
    # buddy Drum Bunker Dragon + 4 in the deck = 5 of that name: legal
    assert deck_problems(GAME, deck(fifty(drum_bunker_dragon=4)), GAME.texts) == []
    # a fifth copy inside the deck is not
    assert clauses(deck(fifty(drum_bunker_dragon=5))) == ["BF-2.3"]


def test_faq_setup_1_four_copies_without_the_buddy_name():
    assert deck_problems(GAME, deck(fifty(scout_wyvern=4), buddy="spear-tusk-dragon"), GAME.texts) == []
    assert clauses(deck(fifty(scout_wyvern=5), buddy="spear-tusk-dragon")) == ["BF-2.3"]


def test_faq_setup_3_any_number_of_impacts_within_four_per_name():
    d = deck(fifty(blazing_fang_impact=4, scorched_earth=4, danger_breaker=4))
    assert deck_problems(GAME, d, GAME.texts) == []
    impacts = sum(n for cid, n in d.cards.items() if GAME.cards[cid].type == "impact")
    assert impacts == 12
    assert clauses(deck(fifty(blazing_fang_impact=5))) == ["BF-2.3"]


def test_faq_setup_4_other_world_cards_may_be_in_the_deck():
    d = deck(fifty(rampage_ogre=4, danger_axe=4, battle_roar=4, card_of_plenty=4))
    assert deck_problems(GAME, d, GAME.texts) == []
    # ... and both demo decks carry one such card (decision 13, 17)
    for did, off in (("dragon-demo", "iron-tusk-boar"), ("danger-demo", "dragoenergy")):
        dd = GAME.decks[did]
        assert off in dd.cards
        assert GAME.cards[off].world != GAME.cards[dd.flag].world
        assert deck_problems(GAME, dd, GAME.texts) == []


def test_decision_14_deck_size_at_least_fifty_no_maximum():
    cards = fifty(drum_bunker_dragon=4)
    assert deck_problems(GAME, deck(cards), GAME.texts) == []
    short = dict(cards)
    short["ember-drake-pup"] -= 1
    assert clauses(deck(short)) == ["BF-2.2"]
    big = dict(FILL, **{"blazing-fang-impact": 4, "card-of-plenty": 4, "gauge-booster": 4})
    assert sum(big.values()) > 60
    assert deck_problems(GAME, deck(big), GAME.texts) == []


def test_decision_14_flag_and_buddy():
    assert clauses(deck(fifty(), buddy="dragoenergy")) == ["BF-2.1"]          # buddy must be a monster
    assert clauses(deck(fifty(), flag="drum-bunker-dragon")) == ["BF-2.1"]    # flag must be a flag
    with_flag = fifty(danger_world=1)
    assert "BF-2.1" in clauses(deck(with_flag))                               # no flag inside the deck


def test_decision_14_copies_count_by_name_across_the_whole_deck():
    names = {}
    for cid, c in GAME.cards.items():
        names.setdefault(c.name.en, []).append(cid)
    assert all(len(v) == 1 for v in names.values()), "this test assumes one card per name"
    assert clauses(deck(fifty(twin_fang_dragon=4))) == []
    assert clauses(deck(fifty(twin_fang_dragon=6))) == ["BF-2.3"]


def test_inline_decks_are_checked_when_a_game_or_position_uses_them():
    bad = {"id": "five", "name": {"en": "five"}, "flag": "dragon-world", "buddy": "drum-bunker-dragon",
           "cards": fifty(drum_bunker_dragon=5)}
    with pytest.raises(DataError, match="BF-2.3"):
        resolve_deck(GAME, bad)
    with pytest.raises(DataError):
        GAME.scenario({"options": {"decks": [bad, "danger-demo"]}})
    with pytest.raises(DataError):
        GAME.new_game(seed=1, options={"decks": [bad, "danger-demo"]})
    good = dict(bad, id="four", cards=fifty(drum_bunker_dragon=4))
    assert resolve_deck(GAME, good).id == "four"
    st = GAME.new_game(seed=1, options={"decks": [good, "danger-demo"]})
    assert st.view(None)["players"][0]["deck_id"] == "four"


def test_decision_17_demo_decks():
    dragon, danger = GAME.decks["dragon-demo"], GAME.decks["danger-demo"]
    for d in (dragon, danger):
        assert d.demo
        assert sum(d.cards.values()) >= 50
        assert deck_problems(GAME, d, GAME.texts) == []
    assert GAME.cards[dragon.flag].world == "dragon"
    assert GAME.cards[danger.flag].world != "dragon"
    used = set()
    for d in (dragon, danger):
        for cid in list(d.cards) + [d.buddy]:
            c = GAME.cards[cid]
            used.update(c.keywords)
            effects = ([c.effect] if c.effect else []) + list(c.abilities)
            for eff in effects:
                for op in eff.do:
                    used.update(op.grant)
    assert set(KEYWORDS) <= used, f"keywords no demo card shows: {sorted(set(KEYWORDS) - used)}"
    for d in (dragon, danger):
        for cid in d.cards:
            c = GAME.cards[cid]
            assert c.demo or c.source, f"{cid} is neither a demo card nor sourced"


# ----- setup questions that need a whole game (R §五 对战准备 Q2, Q5) ----------------------------------------
@pytest.mark.parametrize("seed", range(12))
def test_faq_setup_2_the_draw_winner_goes_first_without_a_choice(seed):
    st = GAME.new_game(seed=seed)
    first = [e for e in st.log if e.kind == "first"]
    assert len(first) == 1
    winner = first[0].data["seat"]
    assert st.first_player == winner
    assert st.turn == 1 and st.turn_player == winner
    assert st.current_player == winner
    kinds = {a.kind for a in st.legal_actions()}
    assert kinds <= {"charge", "skip_charge"}, f"unexpected choice at the start: {kinds}"


def test_faq_setup_2_either_seat_can_win_the_draw():
    winners = {GAME.new_game(seed=s).first_player for s in range(30)}
    assert winners == {0, 1}


@pytest.mark.parametrize("seed", range(6))
def test_faq_setup_5_first_player_does_not_draw_on_turn_1(seed):
    st = GAME.new_game(seed=seed)
    fp = st.first_player
    me, other = st.fighters[fp], st.fighters[1 - fp]
    assert len(me.hand) == 6 and len(me.gauge) == 2
    assert any(e.kind == "no_draw" and e.clause == "BF-4.2" for e in st.log)
    charge = next(a for a in st.legal_actions() if a.kind == "charge")
    deck_before = len(me.deck)
    st.apply(charge)
    assert len(me.hand) == 6 and len(me.gauge) == 3 and len(me.deck) == deck_before - 1
    # the second player does draw at the start of turn 2
    hand_before = len(other.hand)
    for _ in range(20):
        if st.turn == 2:
            break
        kinds = {a.kind for a in st.legal_actions()}
        kind = next(k for k in ("end_main", "end_attack", "end_turn", "pass") if k in kinds)
        st.apply(next(a for a in st.legal_actions() if a.kind == kind))
    assert st.turn == 2 and st.turn_player == 1 - fp
    assert len(other.hand) == hand_before + 1
