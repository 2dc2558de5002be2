"""What every registered game must do, checked the same way for each (core.conformance).

New games get these tests by being registered in tabletop_rules/__init__.py.
"""
from __future__ import annotations

import pytest

import tabletop_rules as tr
from tabletop_rules.core import conformance

GAMES = [tr.load_game(g) for g in tr.list_games()]
CASES = [pytest.param(g, r, params, id=f"{g.id}:{r.id}" + "".join(f"[{k}={v}]" for k, v in params.items()))
         for g in GAMES for r, params in conformance.ruling_cases(g)]


@pytest.mark.parametrize("game,ruling,params", CASES)
def test_every_ruling_holds(game, ruling, params):
    """At its defaults and with each parameter at its min and max (the explorer's sliders)."""
    res = ruling.check(**params)
    assert res.ok, f"{game.id} {ruling.id} ({ruling.source}) {params}: {res.detail}"


@pytest.mark.parametrize("game,players", [(g, n) for g in GAMES for n in g.player_counts],
                         ids=[f"{g.id}-{n}p" for g in GAMES for n in g.player_counts])
def test_clone_is_independent(game, players):
    assert conformance.clone_problems(game, players=players) == []


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_game_has_its_parts(game):
    assert game.title["en"] and game.title["zh"]
    assert len(game.rules.clauses) >= 40 and len(game.glossary) >= 30 and game.rulings
    assert set(game.flow.graph.nodes) and game.flow.start in game.flow.graph
    cited = {c for r in game.rulings for c in r.clauses}
    assert cited <= {c.id for c in game.rules}
    for node in game.flow.nodes.values():
        assert node.clause in game.rules, f"flow node {node.id} cites no clause of the game"
    # Invented card data says so, real data cites its source.
    for card in game.cards.values():
        assert getattr(card, "demo", False) or getattr(card, "source", None), card.id
