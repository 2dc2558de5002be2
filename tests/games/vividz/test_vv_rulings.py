"""Every ruling of data/vividz/rulings.yaml holds, at its defaults and at each slider's ends."""
from __future__ import annotations

import pytest

from tabletop_rules.core import conformance
from tabletop_rules.games.vividz import load

GAME = load()
CASES = [pytest.param(r, p, id=r.id + "".join(f"[{k}={v}]" for k, v in p.items()))
         for r, p in conformance.ruling_cases(GAME)]


@pytest.mark.parametrize("ruling,params", CASES)
def test_every_ruling_holds(ruling, params):
    res = ruling.check(**params)
    assert res.ok, f"{ruling.id} {params}: {res.detail}"


def test_one_ruling_per_decision_and_the_edge_cases():
    ids = {r.id for r in GAME.rulings}
    for n in range(1, 13):
        assert any(i.startswith(f"d{n}-") for i in ids), n
    assert all(r.question.zh and r.answer.zh for r in GAME.rulings)
    assert all(p.label and p.label.zh for r in GAME.rulings for p in r.params.values())
    cited = {c for r in GAME.rulings for c in r.clauses}
    assert cited <= {c.id for c in GAME.rules}
