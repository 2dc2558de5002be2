"""Blood Recall's sentences come from texts.yaml in both languages (issue 9): the two modes share
one file, a past log switches language, a hidden card reads as its public sentence in Chinese
too, and the interface words of our own are Simplified Chinese."""
from __future__ import annotations

import sys
from pathlib import Path

from br_games import game

from tabletop_rules.core.bots import RandomBot

DATA = Path(__file__).resolve().parents[3] / "data"
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from test_translations import TRADITIONAL_ONLY  # noqa: E402


def test_both_modes_read_the_same_texts_file():
    duel = (DATA / "blood-recall-duel" / "texts.yaml").read_text(encoding="utf-8")
    story = (DATA / "blood-recall-story" / "texts.yaml").read_text(encoding="utf-8")
    assert duel == story, "edit both copies of texts.yaml together (they are one file, duplicated)"


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
        words += [k.label.get("zh", "") for k in g.state_cls.book.moves.kinds.values() if k.label]
        words += [pair["zh"] for pair in g.texts.templates.values()]
        bad = sorted({w for w in words if set(w) & TRADITIONAL_ONLY})
        assert not bad, f"{g.id}: Traditional characters in our own words: {bad[:10]}"
