"""Vividz sentences in both languages (issue 9): the log, the prompts, the labels (fixed options
of a decision included), the ability texts of [Act] labels and the mission conditions on the
board all read in Chinese, from data/vividz/texts.yaml and cards.yaml."""
from __future__ import annotations

import re
from html import escape

import pytest
from chinese import english_in
from vv_helpers import placed

from tabletop_rules.core.actions import Action
from tabletop_rules.core.moves import Refusal
from tabletop_rules.games.vividz.attack import slides
from tabletop_rules.games.vividz.conditions import Cond, describe
from tabletop_rules.notebook.boards import board_html


@pytest.mark.clause("VV-8.5")
def test_a_fixed_option_keeps_its_chinese_label(kit):
    """The search's "do not use" option is an Action of another kind than the decision: its
    label must still be a template when the decision lists it (not flattened to English)."""
    st = kit.scen(players=[{"field": [None, "aoi-spotlight"], "deck": ["aoi-scouting"] + ["aoi-stagehand"] * 9},
                           {"hand": 3}])
    kit.do(st, "attack", lane=1)
    if kit.choice(st) == "interfere":
        kit.do(st, "pass")
    assert kit.choice(st) == "search_use"
    game = st.game
    zh = {a.kind: game.describe(a, "zh") for a in st.legal_actions()}
    assert zh["search_pass"].startswith("不使用") and "星探" in zh["search_pass"]
    assert "星探" in st.choices[-1].describe("zh") and "搜寻符号" in st.choices[-1].describe("zh")
    en = {a.kind: a.label for a in st.legal_actions()}
    assert en["search_pass"] == "Do not use Scouting (to energy)"


@pytest.mark.clause("VV-7.9")
def test_an_act_label_reads_the_ability_text_in_either_language(kit):
    st = kit.scen(players=[{}, {}])
    act = kit.find(st, "act")
    acc = st.cards[act.args["card"]].d
    text = acc.abilities[act.args["ability"]].text
    assert act.label == f"{acc.name.en}: {text.en}"
    assert st.game.describe(act, "zh") == f"{acc.name.zh}：{text.zh}"


def test_every_ability_text_is_a_word_of_the_sentences(vv):
    texts = vv.texts.templates
    n = 0
    for cid, d in vv.cards.items():
        for i, ab in enumerate(d.abilities):
            if ab.text is not None:
                n += 1
                assert texts[f"word.ability.{cid}.{i}"]["zh"] == (ab.text.zh or ab.text.en)
    assert n >= 20


@pytest.mark.clause("VV-12.10")
def test_every_mission_condition_reads_as_a_sentence_in_either_language(vv):
    """Issue 34: a condition reads as words from texts.yaml, never as its code
    (``attacks [card=ren-iron-vanguard] >= 1``): no counter or filter name, no card id."""
    code = re.compile(r"[a-z]+_[a-z_]+|[a-z]+-[a-z]+-[a-z]+|>=|<=|\[|=")
    for d in vv.cards.values():
        if d.type != "mission":
            continue
        for cond in (d.check, d.clear):
            zh, en = describe(cond, vv.texts, "zh"), describe(cond, vv.texts)
            assert english_in(vv, zh) is None, (d.id, zh)
            assert not code.search(en), (d.id, en)
            assert describe(cond, vv.texts, "en") == en
    c = Cond.model_validate({"all": [{"count": "attacks", "where": {"cost_ge": 5, "into_empty": True}, "ge": 1},
                                     {"not": {"count": "hand", "le": 2}}]})
    assert describe(c, vv.texts, "zh") == \
        "本回合的攻击次数（费用5以上；未发生战斗）至少为 1，并且不满足（己方手牌数至多为 2）"
    assert describe(c, vv.texts) == \
        "attacks this turn (cost 5 or more; with no battle): at least 1 and not (cards in your hand: at most 2)"
    named = Cond.model_validate({"count": "attacks", "where": {"card": "ren-iron-vanguard"}, "ge": 1})
    assert describe(named, vv.texts) == f"attacks this turn ({vv.cards['ren-iron-vanguard'].name.en} only): at least 1"


@pytest.mark.clause("VV-4.4")
def test_the_board_shows_mission_conditions_in_the_readers_language(kit):
    st = kit.scen(players=[{}, {}])
    v = st.view(0)
    m = v["players"][0]["lanes"][0]["mission"]
    assert m["check_zh"] and m["check_zh"] != m["check"]
    zh, en = board_html(st.game, v, 0, "zh"), board_html(st.game, v, 0, "en")
    assert escape(m["check_zh"]) in zh and escape(m["check"]) not in zh
    assert escape(m["check"]) in en


def test_the_log_reads_in_chinese_with_hidden_draws_hidden(vv):
    st = placed(vv, 2)
    draws = [e for e in st.log if e.kind == "draw"]
    assert draws
    e = draws[0]
    seat = e.data["only"]
    name = vv.cards[e.data["card"]].name.zh
    assert name in e.describe("zh", seat)
    assert name not in e.describe("zh", 1 - seat) and "抽了一张牌" in e.describe("zh", 1 - seat)


@pytest.mark.clause("VV-8.2", "VV-8.4")
def test_a_refusal_reads_in_either_language_with_the_card_and_lanes_named(kit):
    """IllegalAction and "why not?" (state.describe_refusal) give the same sentence, from
    texts.yaml: the card by its name in the language, lanes counted from 1."""
    st = kit.scen(players=[{"field": ["aoi-backup-dancer"]}, {}])
    err = kit.refused(st, Action("attack", 0, {"lane": 0}), "VV-8.2")
    assert err.reason == "Backup Dancer has the no-attack symbol"
    assert err.describe("zh") == "伴舞带有【不可攻击】符号"
    st = kit.scen(players=[{"field": ["aoi-spotlight"]},
                           {"field": [{"card": "ren-bolt-pup", "exp": 1}, None, "ren-bulwark"], "hand": 3}])
    kit.do(st, "attack", lane=0)
    err = kit.refused(st, Action("slide", 1, {"card": st.character(1, 0), "to": 2}), "VV-8.4")
    assert err.reason == "lane 3 is not next to lane 1" and err.describe("zh") == "第3赛道和第1赛道不相邻"
    st.explaining = True
    try:
        found = [r for r in slides(st, 1) if isinstance(r, Refusal) and r.args.get("to") == 2]
    finally:
        st.explaining = False
    assert [st.describe_refusal(r, "zh") for r in found] == ["第3赛道和第1赛道不相邻"]


@pytest.mark.clause("VV-7.1", "VV-10.3")
def test_a_kinds_not_now_sentence_reads_in_chinese(kit):
    st = kit.scen(players=[{"hand": 2}, {}])
    assert st.phase == "main.actions"
    err = kit.refused(st, Action("charge", 0, {"card": st.hand(0)[0]}), "VV-10.3")
    assert err.reason == "cards are charged to energy in your charge phase"
    assert err.describe("zh") == "只有在自己的充能阶段才能把牌充能到能量区"
    assert english_in(st.game, err.describe("zh")) is None


def test_a_valid_condition_reads_as_words(vv):
    t = vv.texts
    data = {"card": "aoi-hoshino", "valid": ["standing", "opp_turn"]}
    assert t.render("why.act.valid", data) == "Aoi Hoshino's [Valid] condition (standing and opponent's turn) " \
                                              "does not hold"
    assert t.render("why.act.valid", data, "zh") == "星野葵的【有效】条件（重置状态和对手回合）没有满足"


@pytest.mark.clause("VV-3.6")
def test_traits_and_account_info_read_in_chinese_at_the_table(vv):
    """Every card's trait and account info has a word in texts.yaml, and a card's tooltip on the
    board shows them in the reader's language."""
    from tabletop_rules.games.vividz.cards import mark_word
    from tabletop_rules.notebook.boards.common import Words
    from tabletop_rules.notebook.boards.vividz import card_tip

    for d in vv.cards.values():
        for field in ("trait", "account_info"):
            value = getattr(d, field)
            if value:
                assert f"word.{field}.{value}" in vv.texts, (d.id, field, value)
                assert mark_word(vv, field, value, "en") == value
                assert english_in(vv, mark_word(vv, field, value, "zh")) is None
                assert mark_word(vv, field, value, "zh") != value, (d.id, field)
    zh = card_tip(Words(vv, "zh"), {"id": "aoi-hoshino"})
    en = card_tip(Words(vv, "en"), {"id": "aoi-hoshino"})
    assert "偶像" in zh and "葵" in zh and "Idol" not in zh
    assert "Idol" in en and "Aoi" in en


def test_every_kind_of_action_is_named_by_texts_yaml(vv):
    """Issue 34: a button's word lives in texts.yaml (``kind.<name>``), not in the engine's code."""
    kinds = vv.state_cls.book.moves.kinds
    assert len(kinds) >= 15
    for name, kind in kinds.items():
        assert kind.label == f"kind.{name}" and kind.label in vv.texts, name
        zh = vv.kind_label(name, "zh")
        assert zh and english_in(vv, zh) is None and zh != vv.kind_label(name, "en"), name


@pytest.mark.clause("VV-4.4")
def test_the_chinese_board_uses_chinese_punctuation(kit):
    """Issue 34: a Chinese screen writes 检查：… and 任务（座位 0）, not the English colon and brackets."""
    st = kit.scen(players=[{"field": [{"card": "aoi-headliner", "exp": 2}], "energy": 2}, {}])
    zh = board_html(st.game, st.view(0), 0, "zh")
    text = re.sub(r"<[^>]+>", "\n", zh)
    assert "检查：" in text and "任务（座位 0）" in text and "EXP 2：" in text
    assert not re.search(r"[\u4e00-\u9fff](: |\()", text), re.findall(r".{6}[\u4e00-\u9fff](?:: |\().{6}", text)[:3]
