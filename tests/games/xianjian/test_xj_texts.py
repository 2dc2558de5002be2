"""Sword-and-Fairy sentences in both languages (issue 9): a seat named in a Chinese button or
prompt reads "座位 N", never a bare number; hidden events read their public sentence in either
language; the view carries the decision's prompt in both languages."""
from __future__ import annotations

import random
import re

import pytest

SEAT_ARGS = ("target", "seat", "to")


def _actions_seen(xj, players, seeds=range(6), limit=400):
    for seed in seeds:
        rng = random.Random(seed)
        st = xj.new_game(seed=seed, players=players)
        for _ in range(limit):
            if st.is_over:
                break
            legal = st.legal_actions()
            yield st, legal
            st.apply(rng.choice([a for a in legal if a.kind != "concede"] or legal))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_chinese_button_names_a_seat_as_a_seat(xj, players):
    """Today's complaint: a button read "Play: 鼠儿果 · 0". Every action that names a seat says
    "座位 N" in Chinese and "Seat N" in English."""
    checked = 0
    for _st, legal in _actions_seen(xj, players):
        for a in legal:
            for k in SEAT_ARGS:
                v = a.args.get(k)
                if isinstance(v, int) and not isinstance(v, bool) and k != "card":
                    zh = xj.describe(a, "zh")
                    assert f"座位 {v}" in zh, (a.kind, a.args, zh)
                    assert not re.search(r"· *\d", zh), zh
                    assert f"Seat {v}" in a.label, (a.kind, a.label)
                    checked += 1
    assert checked > 0


def test_the_log_switches_language_past_lines_included(xj):
    st = xj.new_game(seed=2, players=4)
    while st.phase == "setup.choose":
        st.apply(st.legal_actions()[0])
    for ev in st.log:
        en, zh = xj.describe(ev, "en"), xj.describe(ev, "zh")
        assert en == ev.text and en != zh
        assert "Seat" not in zh and "Team" not in zh, zh
    teams = next(e for e in st.log if e.kind == "teams")
    assert xj.describe(teams, "zh") == "A 队：座位 0和座位 2；B 队：座位 1和座位 3。"


def test_hidden_events_read_their_public_sentence_in_either_language(xj):
    st = xj.new_game(seed=1, players=2)
    deal = next(e for e in st.log if e.kind == "deal" and e.data["only"] == 0)
    names = [xj.cards[c].name for c in deal.data["cards"]]
    assert all(n.en in deal.describe("en", 0) and n.zh in deal.describe("zh", 0) for n in names)
    assert deal.describe("en", 1) == "Seat 0 is dealt two characters."
    assert deal.describe("zh", 1) == "座位 0 拿到两张角色牌。"
    assert not any(n.zh in deal.describe("zh", 1) for n in names)


def test_the_view_carries_the_prompt_in_both_languages(xj):
    st = xj.new_game(seed=1, players=2)
    ch = st.view(0)["choice"]
    assert ch["prompt"] == "Seat 0: keep one of your two characters"
    assert ch["prompt_zh"] == "座位 0：从两张角色牌中留下一张"


def test_results_read_in_both_languages(xj):
    st = xj.scenario({"players": 4, "phase": "battle.choose", "monsters": ["leaf-spirit"],
                      "seats": [{"character": "lin-yueru", "pets": ["false-moon"]},
                                {"character": "zixuan", "pets": ["grain-hermit"]},
                                {"character": "li-xiaoyao"}, {"character": "a-nu"}]})
    st.apply(next(a for a in st.legal_actions() if a.kind == "no_fight"))
    assert st.is_over and st.result.startswith("Team ") and "pet power" in st.result
    zh = st.describe_result("zh")
    assert "队获胜" in zh and "宠物战力" in zh and st.winners in ((0, 2), (1, 3))


def test_every_card_rules_text_reads_in_chinese(xj):
    """Hand cards, events, monster effects and skills say what they do in Chinese too (our own words)."""
    missing = []
    for c in xj.cards.values():
        if c.kind in ("hand", "event"):
            parts = [("text", c.text)]
        elif c.kind == "monster":
            parts = [(p, getattr(c.text, p)) for p in ("debut", "pet", "win", "lose")]
        else:
            parts = [(k.id, k.text) for k in c.skills]
        missing += [f"{c.id}.{p}" for p, t in parts if t is not None and not (t.zh or "").strip()]
    assert not missing, missing


def test_the_log_quotes_event_and_monster_texts_in_the_language_read(xj):
    """The event drawn (XJ-4.3), a debut (XJ-3.4) and a win or lose effect (XJ-3.10, XJ-3.11)
    quote the card's rules text: English in English, Chinese in Chinese."""
    seen = set()
    for seed in range(6):
        rng = random.Random(seed)
        st = xj.new_game(seed=seed, players=2)
        for _ in range(300):
            if st.is_over:
                break
            st.apply(rng.choice([a for a in st.legal_actions() if a.kind != "concede"]))
        for ev in st.log:
            quoting = ev.kind in ("event", "debut", "win_effect", "lose_effect") and ev.data.get("rules")
            d = xj.cards.get(ev.data.get("card")) if quoting else None
            if d is None:
                continue
            text = d.text if ev.kind == "event" else getattr(d.text, ev.kind.split("_")[0])
            assert text.en in ev.describe("en") and text.zh in ev.describe("zh"), ev.kind
            assert text.en not in ev.describe("zh")
            seen.add(ev.kind)
    assert seen == {"event", "debut", "win_effect", "lose_effect"}, seen


def test_a_refusal_of_an_unknown_action_reads_in_chinese(xj):
    """chinese-reader.md item 8: the refusal of an action of no kind the game has cites the step's
    clause and still reads in Chinese (the template is kept, not only its English rendering)."""
    from tabletop_rules.core.actions import Action, IllegalAction

    st = xj.new_game(seed=0, players=2)
    before = st.record.to_json()
    with pytest.raises(IllegalAction) as err:
        st.apply(Action("nonsense", st.current_player))
    assert err.value.clause == xj.flow.nodes[st.phase].clause
    assert "这个游戏没有“nonsense”这种行动" in err.value.describe("zh")
    assert "this game has no action 'nonsense'" in err.value.describe("en")
    assert st.record.to_json() == before


def test_the_log_uses_the_books_words_for_hp_death_and_leaving(xj):
    """chinese-reader.md item 1: the log says HP (not 体力), 出场效果, 死亡, 退出游戏, 补牌阶段 and 爆发,
    as the rule book (S §二-§四) and the clauses do; HP left follows the reason, not a second bracket."""
    seen = set()
    for seed in range(8):
        rng = random.Random(seed)
        st = xj.new_game(seed=seed, players=2)
        for _ in range(400):
            if st.is_over:
                break
            st.apply(rng.choice([a for a in st.legal_actions() if a.kind != "concede"]))
        for ev in st.log:
            zh = ev.describe("zh")
            assert not re.search("体力|登场|阵亡|离场|摸|引爆|抵消|救活", zh), zh
            if ev.kind == "damage":
                assert "HP 剩" in zh and "（HP" not in zh, zh
                seen.add("damage")
            if ev.kind == "leave":
                assert "退出游戏" in zh, zh
                seen.add("leave")
    assert seen == {"damage", "leave"}, seen
