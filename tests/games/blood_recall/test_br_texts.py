"""Blood Recall's sentences come from texts.yaml in both languages (issue 9): the two modes share
one file, a past log switches language, a hidden card reads as its public sentence in Chinese
too, and the interface words of our own are Simplified Chinese."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from br_games import game

from tabletop_rules.core.actions import Action, IllegalAction
from tabletop_rules.core.bots import RandomBot

DATA = Path(__file__).resolve().parents[3] / "data"
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from test_translations import TRADITIONAL_ONLY  # noqa: E402


def test_both_modes_read_the_same_texts_file():
    # issue 34: one texts.yaml for both modes (data/blood-recall-common), no copies to keep in step
    duel, story = game("duel"), game("story")
    assert duel.texts.templates == story.texts.templates
    assert duel.data_file("texts.yaml") == story.data_file("texts.yaml") == DATA / "blood-recall-common" / "texts.yaml"
    assert not any((DATA / f"blood-recall-{mode}" / "texts.yaml").exists() for mode in ("duel", "story"))


def test_a_past_log_switches_language():
    g = game("duel")
    st = g.new_game(seed=2)
    bot = RandomBot(2)
    for _ in range(40):
        st.apply(bot.choose(st))
    draw = next(e for e in st.log if e.kind == "draw")
    seat, other = draw.data["seat"], 1 - draw.data["seat"]
    name = g.cards[draw.data["card"]].name
    assert draw.describe("en", seat) == f"Seat {seat} draws {name.en}."
    assert draw.describe("zh", seat) == f"座位 {seat}抽到{name.zh}。"
    assert draw.describe("zh", other) == f"座位 {seat}抽了一张牌。" and name.zh not in draw.describe("zh", other)
    assert st.legal_actions()[0].label != g.describe(st.legal_actions()[0], "zh")


def test_the_result_reads_in_both_languages():
    g = game("duel")
    st = g.scenario({"turn_player": 0, "players": [{"life": 1, "hand": []}, {}]})
    st.apply(next(a for a in st.legal_actions() if a.kind == "self_harm"))
    assert st.result == "Seat 1 wins: Seat 0's life reached 0"
    assert st.describe_result("zh") == "座位 1获胜：座位 0的生命值归零"


def test_our_interface_words_are_simplified():
    """Titles, action-kind labels and sentences (the glossary keeps the translation's forms)."""
    for which in ("duel", "story"):
        g = game(which)
        words = [g.title["zh"]]
        words += [c.title.zh or "" for c in g.rules]
        words += [g.kind_label(k, "zh") or "" for k in g.state_cls.book.moves.kinds]
        words += [pair["zh"] for pair in g.texts.templates.values()]
        bad = sorted({w for w in words if set(w) & TRADITIONAL_ONLY})
        assert not bad, f"{g.id}: Traditional characters in our own words: {bad[:10]}"


def _refused(st, action):
    with pytest.raises(IllegalAction) as info:
        st.apply(action)
    return info.value


def test_a_refusal_reads_in_chinese_with_the_cards_names():
    """Why an action is refused, in either language: the lister's template, its cards named."""
    g = game("duel")
    st = g.scenario({"supply": {"slash-2": 0}, "players": [{"hand": ["slash-1", "slash-1"]}, {}]})
    err = _refused(st, Action("enhance", 0, {"card": "slash-1", "to": "slash-2"}))
    flash = g.cards["slash-2"].name
    assert err.reason == f"no {flash.en} is left in the covenant area" and err.clause == "BRD-3.7"
    assert err.describe("zh") == f"契约书区域里已经没有{flash.zh}了"
    # A kind's own sentence (no lister offers it now), and one the game gives itself.
    err = _refused(st, Action("difficulty", 0, {"difficulty": "easy"}))
    assert "story mode" in err.reason and err.describe("zh").startswith("决斗模式")
    err = _refused(st, Action("end_turn", 1, {}))
    assert err.reason.startswith("it is Seat 0's turn") and err.describe("zh").startswith("现在是座位 0的回合")
    err = _refused(game("story").scenario({}), Action("end_turn", 1, {}))
    assert "not a seat" in err.reason and "不占座位" in err.describe("zh")


def test_the_view_gives_its_readers_words_in_chinese_too():
    g = game("story")
    st = g.scenario({})
    v = st.view(0)
    assert v["phase_label_zh"] == g.flow.label(st.phase, "zh") != v["phase_label"]
    assert (v["story"]["chapter_name"], v["story"]["chapter_name_zh"]) == ("prologue", "序章")
    assert v["result"] is None and v["result_zh"] is None
    st = game("duel").scenario({"face_down": [0]})
    top = st.view(1)["piles"][0]["top"]
    assert top["hidden"] and (top["name"], top["name_zh"]) == ("recall card (face down)", "回想卡（背面朝上）")
    st = game("duel").scenario({"turn_player": 0, "players": [{"life": 1, "hand": []}, {}]})
    st.apply(next(a for a in st.legal_actions() if a.kind == "self_harm"))
    assert st.view(0)["result_zh"] == st.describe_result("zh") == "座位 1获胜：座位 0的生命值归零"


def test_every_kind_of_action_has_its_button_word_in_texts():
    # issue 34: the words live in the data; a kind's label is the template kind.<name> of texts.yaml
    for which in ("duel", "story"):
        g = game(which)
        for name, kind in g.state_cls.book.moves.kinds.items():
            assert kind.label == f"kind.{name}" and f"kind.{name}" in g.texts, name
            assert g.kind_label(name, "zh") == g.texts.templates[f"kind.{name}"]["zh"]
    assert game("story").kind_label("end_turn", "zh") == "结束回合"
    assert game("duel").kind_label("blood_recall", "en") == "Blood Recall"
