"""The executable rulings of both modes (data/blood-recall-*/rulings.yaml).

- every ruling passing (defaults and parameter extremes) is checked for all games in tests/test_every_game.py;
- the duel file covers the official FAQ points, decisions 1-11 and the rule book's examples;
- the story file covers the FAQ points, decisions 1, 2, 4-16 and the rule book's examples.
"""
from __future__ import annotations

import re

import pytest
from br_games import game

DUEL, STORY = game("duel"), game("story")
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
ALL = [(g, r) for g in (DUEL, STORY) for r in g.rulings]


def _ids(g):
    return {r.id for r in g.rulings}


def test_duel_covers_faq_decisions_and_examples():
    ids = _ids(DUEL)
    want = {"faq-once", "faq-ongoing", "faq-rebuild", "faq-battle-order-1", "faq-battle-order-2",
            "faq-battle-order-3", "example-damage", "example-enhance"}
    want |= {f"decision-{i}" for i in range(1, 12)}
    assert want <= ids, f"missing: {sorted(want - ids)}"


def test_story_covers_faq_decisions_and_examples():
    ids = _ids(STORY)
    want = {"faq-once", "faq-rebuild", "faq-battle-recall", "example-magic", "example-chant"}
    want |= {f"decision-{i}" for i in (1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16)}
    want |= {"decision-13-deify", "decision-13-prologue", "decision-13-middle", "decision-13-victory",
             "decision-13-chant", "decision-13-recommended"}
    assert want <= ids, f"missing: {sorted(want - ids)}"


@pytest.mark.parametrize("g", [DUEL, STORY], ids=["duel", "story"])
def test_decision_rulings_are_marked_and_sourced(g):
    for r in g.rulings:
        m = re.fullmatch(r"decision-(\d+)(-[\w-]+)?", r.id)
        if m:
            assert r.decision, r.id
            assert f"D decision {m.group(1)}" in r.source, r.id
        if r.id.startswith("faq-"):
            assert "official FAQ" in r.source, r.id
        if r.id.startswith("kit-"):
            assert r.decision and r.source.startswith("K"), r.id


@pytest.mark.parametrize("g", [DUEL, STORY], ids=["duel", "story"])
def test_rulings_are_in_our_own_english_words(g):
    for r in g.rulings:
        assert not CJK.search(r.question.en) and not CJK.search(r.answer.en), r.id
        assert r.question.zh and r.clauses and r.expect, r.id


@pytest.mark.parametrize("g", [DUEL, STORY], ids=["duel", "story"])
def test_every_param_drives_a_check(g):
    for r in g.rulings:
        for name in r.params:
            assert f"${name}" in repr(r.expect), f"{r.id}: no check depends on {name!r}"


def test_worked_examples_of_the_rule_book():
    """11 against 9 deals 2; magic attack 2 with three cards is 6; chant 1 with three cards is +3."""
    res = DUEL.ruling("example-damage").check(a=11, b=9)
    assert res.ok and [e.data["amount"] for e in res.events if e.kind == "damage"] == [2]
    res = STORY.ruling("example-magic").check()
    assert res.ok and [e.data["totals"] for e in res.events if e.kind == "totals"] == [[0, 6]]
    res = STORY.ruling("example-chant").check()
    assert res.ok and [e.data["chant"] for e in res.events if e.kind == "madness_turn"] == [3]
