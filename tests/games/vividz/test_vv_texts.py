"""Vividz sentences in both languages (issue 9): the log, the prompts, the labels (fixed options
of a decision included), the ability texts of [Act] labels and the mission conditions on the
board all read in Chinese, from data/vividz/texts.yaml and cards.yaml."""
from __future__ import annotations

from html import escape

import pytest
from chinese import english_in

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
def test_every_mission_condition_reads_in_chinese(vv):
    for d in vv.cards.values():
        if d.type != "mission":
            continue
        for cond in (d.check, d.clear):
            zh = describe(cond, "zh", lambda c: vv.cards[c].name.zh)
            assert english_in(vv, zh) is None, (d.id, zh)
            assert describe(cond) == describe(cond, "en")
    c = Cond.model_validate({"all": [{"count": "attacks", "where": {"cost_ge": 5, "into_empty": True}, "ge": 1},
                                     {"not": {"count": "hand", "le": 2}}]})
    assert describe(c, "zh") == "攻击次数 [费用≥5，攻击空赛道] ≥ 1，且非手牌数 ≤ 2"


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
    st = vv.new_game(seed=2)
    draws = [e for e in st.log if e.kind == "draw"]
    assert draws
    e = draws[0]
    seat = e.data["only"]
    name = vv.cards[e.data["card"]].name.zh
    assert name in e.describe("zh", seat)
    assert name not in e.describe("zh", 1 - seat) and "抽了一张牌" in e.describe("zh", 1 - seat)
