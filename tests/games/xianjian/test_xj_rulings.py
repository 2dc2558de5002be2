"""The executable rulings (data/xianjian/rulings.yaml).

- every ruling passing (defaults and parameter extremes) is checked for all games in tests/test_every_game.py;
- the file covers both tie rules, the second pet of an element, the HP floor and ceiling,
  simultaneous deaths, revival, leaving the game, the final pet comparison and every numbered
  decision of decisions/xianjian.md (13);
- every kit decision (a clause marked ``decision: true``) is the subject of some ruling.
"""
from __future__ import annotations

import re

from tabletop_rules.games.xianjian import load

GAME = load()
RULINGS = GAME.rulings
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
REQUIRED = ["tie-war-card-order", "tie-battle-result", "second-pet-of-an-element", "hp-floor", "hp-ceiling",
            "simultaneous-deaths", "revival-by-any-player", "revival-with-the-robe", "leaving-the-game",
            "final-pet-comparison", "final-pet-comparison-draw"]


def test_the_issue_asks_for_these_rulings():
    ids = {r.id for r in RULINGS}
    assert not [i for i in REQUIRED if i not in ids]
    assert len(RULINGS) >= 40


def test_every_numbered_decision_has_a_ruling():
    by_id = {r.id: r for r in RULINGS}
    for i in range(1, 14):
        r = by_id.get(f"decision-{i}")
        assert r is not None, f"decision {i} has no ruling"
        assert r.decision and r.source == f"D decision {i}"


def test_every_decision_clause_is_covered_by_a_ruling():
    cited = {c for r in RULINGS for c in r.clauses}
    for c in GAME.rules.clauses:
        if c.decision:
            assert c.id in cited, f"{c.id} settles a gap but no ruling shows it"


def test_rulings_are_in_our_own_english_words():
    for r in RULINGS:
        assert not CJK.search(r.question.en) and not CJK.search(r.answer.en), r.id
        assert r.clauses and r.expect, r.id


def test_every_param_drives_a_check():
    for r in RULINGS:
        for name in r.params:
            assert f"${name}" in repr(r.expect), f"{r.id}: no check depends on {name!r}"
