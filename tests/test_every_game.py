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


def _answering_listers(st):
    """The listers that offer the actions of this moment (a decision's, or the flow node's)."""
    if st.choices:
        return st.choices[-1].lister_fns(st)
    return list(st.phase_listers())


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_one_home_per_rule_listing_and_refusing_agree(game):
    """The listers that list the legal actions are the ones that explain a refusal: every listed
    action is an exact Action of its listers, and every
    refused action cites the clause and reason of the Refusal those listers yield for it, or
    the kind's own declared sentence. Nothing else decides (DESIGN.md section 2)."""
    import random

    from tabletop_rules.core.actions import Action, IllegalAction
    from tabletop_rules.core.bots import RandomBot
    from tabletop_rules.core.moves import Refusal
    from tabletop_rules.core.texts import render_text

    book = game.state_cls.book
    assert book.moves.check(game.flow.nodes) == []
    rng = random.Random(5)
    pool: list[Action] = []
    checked = from_listers = 0
    for seed in range(4):
        st = game.new_game(seed=seed, players=game.player_counts[-1])
        bot = RandomBot(seed)
        steps = 0
        while not st.is_over and steps < 400:
            legal = st.legal_actions()
            listers = _answering_listers(st)
            for a in rng.sample(legal, min(4, len(legal))):
                found = book.moves.explain(st, a, listers)
                assert type(found) is Action and found.key == a.key, \
                    f"{game.id}: {a} is listed but its lister says {found}"
            pool.extend(rng.sample(legal, min(2, len(legal))))
            keys = {a.key for a in legal}
            for cand in rng.sample(pool, min(4, len(pool))):
                other = (cand.player + 1) % st.players
                for act in (cand, Action(cand.kind, other, cand.args)):
                    if act.key in keys:
                        continue
                    with pytest.raises(IllegalAction) as info:
                        st.apply(act)
                    err = info.value
                    checked += 1
                    # A node may name extra listers that only explain there (Moves.phase(..., explain=)).
                    explainers = listers if st.choices else (book.moves.explainers.get(st.phase) or listers)
                    kind_listers = [fn for fn in explainers if act.kind in book.moves.kinds_of((fn,))]
                    found = book.moves.explain(st, act, kind_listers) if kind_listers else None
                    if isinstance(found, Refusal):
                        from_listers += 1
                        said = st.describe_refusal(found)           # rendered English (a template's too)
                        assert (err.reason, err.clause) == (said, found.clause or err.clause), \
                            f"{game.id}: {act} refused with {err.reason!r} ({err.clause}), its lister says {found}"
                    elif found is None and act.player == st.current_player and not st.choices:
                        kind = book.moves.kinds[act.kind]
                        declared = {render_text(st._reason(r, act.args)) for r, _ in (kind.not_now, kind.no_such)}
                        assert err.reason in declared, \
                            f"{game.id}: {act} refused with {err.reason!r}, not the kind's declared sentence"
            st.apply(bot.choose(st))
            steps += 1
    assert checked > 50 and from_listers > 5, (checked, from_listers)


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_deciding_clause_has_one_check(game):
    """A clause marked ``decides: true`` is decided by exactly one registered check, and every
    registered check decides a marked clause of the game's rule book (issue 37: one hop)."""
    assert conformance.check_problems(game) == []


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_decision_refuses_with_its_rule(game):
    """Issue 37: no decision answers a wrong pick with "that is not one of the answers to …":
    each decision lists its answers through a lister, so a refused answer cites the rule's own
    sentence (a check's, or the kind's declared one) and a clause of the game's rule book."""
    from tabletop_rules.core.actions import Action, IllegalAction
    from tabletop_rules.core.bots import RandomBot

    generic = {"that is not one of the answers to", "不是"}
    seen: set[str] = set()
    for seed in range(6):
        st = game.new_game(seed=seed, players=game.player_counts[0])
        bot = RandomBot(seed)
        steps = 0
        while not st.is_over and steps < 600:
            if st.choices:
                ch = st.choices[-1]
                # The decision's own kind (a window's pass or a concession is another move's).
                for kind in [ch.kind] if ch.kind in ch.offers(st) else []:
                    for args in ({"card": 10**6}, {"slot": 99}, {"use": "maybe"}, {}):
                        act = Action(kind, ch.player, args)
                        if act in st.legal_actions():
                            continue
                        with pytest.raises(IllegalAction) as info:
                            st.apply(act)
                        err = info.value
                        # The decision's clause, or the one its kind declares for an answer it never offers.
                        rule = {ch.clause, game.state_cls.book.moves.kinds[kind].no_such[1]}
                        assert err.clause in game.rules and err.clause in rule, \
                            f"{game.id} {ch.kind}: {act} cites {err.clause!r}, the rule is {rule}"
                        assert not err.reason.startswith(tuple(generic)), \
                            f"{game.id} decision {ch.kind}: {act} refused generically: {err.reason}"
                        seen.add(ch.kind)
            st.apply(bot.choose(st))
            steps += 1
    assert seen, f"{game.id}: no decision came up"
