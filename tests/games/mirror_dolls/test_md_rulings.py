"""The executable rulings (data/mirror-dolls/rulings.yaml): each holds at its defaults and at its sliders'
ends, one exists for every numbered decision (D 1 .. D 14) and for the listed edge cases."""
from __future__ import annotations

import re

import pytest

from tabletop_rules.core import conformance
from tabletop_rules.games.mirror_dolls import load

GAME = load()
CASES = [pytest.param(r, p, id=r.id + "".join(f"[{k}={v}]" for k, v in p.items()))
         for r, p in conformance.ruling_cases(GAME)]


@pytest.mark.parametrize("ruling,params", CASES)
def test_ruling_holds(ruling, params):
    res = ruling.check(**params)
    assert res.ok, f"{ruling.id} {params}: {res.detail}"


def test_a_ruling_per_decision_and_edge_case():
    ids = {r.id for r in GAME.rulings}
    for n in range(1, 15):
        assert any(re.match(rf"d{n}-", i) for i in ids), f"no ruling for decision {n}"
    for edge in ("d2-both-reach-100", "d10-deck-out", "d5-five-turn-wait", "d10-hand-limit",
                 "d6-same-name-summon", "d7-back-row", "d7-shield-and-armour-break", "d7-true-damage",
                 "d8-out-of-form", "d8-form-change-keeps-damage", "d12-duration-counting",
                 "e-forced-move-without-room",
                 # issue 32: forced moves, no twins by any move, the side a doll belongs to, form change and
                 # shield, a doll's cast, the threshold and the cap, and the decisions D 4, D 5, D 10
                 "e-forced-move-any-empty-slot", "e-no-twins-by-a-move", "e-no-twins-on-the-threshold",
                 "e-forced-move-into-twins", "e-which-side-it-belongs", "e-form-change-and-shield",
                 "e-doll-cast-not-ended-at-will", "e-threshold-and-the-cap", "d4-counted-by-the-point",
                 "d5-the-wait-bars-the-point", "d10-no-pick-over-the-limit"):
        assert edge in ids
    assert sum(1 for r in GAME.rulings if r.params) >= 6
    cited = {c for r in GAME.rulings for c in r.clauses}
    assert cited <= {c.id for c in GAME.rules}


def test_rulings_are_bilingual():
    for r in GAME.rulings:
        assert r.question.en and r.question.zh and r.answer.en and r.answer.zh
        for p in r.params.values():
            assert p.label is not None and p.label.zh
