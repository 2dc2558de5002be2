"""One home for every rule: the listers that list the legal actions also explain the refusals.

Over random games (2, 3 and 4 players), at every decision:
- each listed action is found again, as that very Action, by running the same listers
  (``BOOK.moves.explain``): nothing is listed that the rules' home does not offer;
- each refused action (actions seen elsewhere, by their seat and by the next one) is refused
  citing the clause of the Refusal those listers yield for it, or, when none fits, the kind's
  declared ``not_now`` / ``no_such`` (or, for a pending decision, the decision's own clause).
Also: the declarations are consistent with the flow, every kind has its button labels, and the
scenario builder rejects unknown keys by name.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest
from xj_helpers import play

from tabletop_rules.core.actions import Action, IllegalAction
from tabletop_rules.core.datafile import DataError
from tabletop_rules.core.moves import Refusal
from tabletop_rules.games.xianjian.registry import BOOK

MOVES = BOOK.moves


def test_moves_are_declared_for_flow_nodes_and_known_kinds(xj):
    assert MOVES.check(xj.flow.nodes) == []
    assert set(MOVES.phases) == {"skill", "battle.choose"}
    assert xj.state_cls.book is BOOK


def test_every_kind_has_an_english_and_a_chinese_label(xj):
    # the words live in texts.yaml (kind.<name>, issue 34), checked there for both languages
    for name, kind in MOVES.kinds.items():
        assert kind.label == f"kind.{name}", name
        assert xj.kind_label(name, "en") and xj.kind_label(name, "zh"), name
        assert kind.not_now[1] in xj.rules and kind.no_such[1] in xj.rules, name
    assert xj.kind_label("fight") == "Fight" and xj.kind_label("fight", "zh") == "战斗"


def test_every_decision_is_answered_by_its_own_lister():
    for name in BOOK.choices:
        assert name in MOVES.listers, f"decision {name!r} has no lister of its answers"


def _listers(st):
    return st.choices[-1].lister_fns(st) if st.choices else list(st.phase_listers())


def _expected(st, act):
    """What the rules' home says about ``act``: (the fitting Refusal or None, the clauses that may
    be cited when no Refusal fits)."""
    listers = _listers(st)
    offered = MOVES.kinds_of(listers)
    kind = MOVES.kinds[act.kind]
    ch = st.choices[-1] if st.choices else None
    fallback = {ch.clause} if ch else {kind.not_now[1], kind.no_such[1], st.game.flow.nodes[st.phase].clause}
    if act.kind not in offered:
        return None, {ch.clause} if ch else {kind.not_now[1]}
    found = MOVES.explain(st, act, listers)
    return (found if isinstance(found, Refusal) else None), fallback


@pytest.mark.parametrize("n", (2, 3, 4))
def test_listing_and_explaining_agree(xj, n):
    rng = random.Random(100 + n)
    pool: list[Action] = []
    seen = Counter()

    def check(st, step):
        legal = st.legal_actions()
        listers = _listers(st)
        for a in legal:
            found = MOVES.explain(st, a, listers)
            assert type(found) is Action and found == a and found.label == a.label, (st.phase, a, found)
        pool.extend(rng.sample(legal, min(2, len(legal))))
        if step % 3:
            return
        keys = {a.key for a in legal}
        for cand in rng.sample(pool, min(5, len(pool))):
            for act in (cand, Action(cand.kind, (cand.player + 1) % n, cand.args)):
                if act.key in keys:
                    continue
                refusal, fallback = _expected(st, act)
                with pytest.raises(IllegalAction) as err:
                    st.apply(act)
                if refusal is not None:
                    assert (err.value.clause, err.value.reason) == (refusal.clause, st.describe_refusal(refusal)), act
                    assert err.value.describe("zh") == st.describe_refusal(refusal, "zh"), act
                    seen["refusal"] += 1
                else:
                    assert err.value.clause in fallback, (act, err.value.clause, fallback)
                    seen["declared"] += 1

    for seed in range(6):
        play(xj, 900 + seed, n, check)
    assert seen["refusal"] > 50 and seen["declared"] > 50, seen


@pytest.mark.parametrize("spec, field", [
    ({"phse": "skill"}, "scenario.phse"),
    ({"seats": [{"charcter": "zixuan"}]}, "scenario.seats.0.charcter"),
    ({"new_game": {"playres": 3}}, "scenario.new_game.playres"),
    ({"fought": "once"}, "scenario.fought"),
])
def test_xj_scenario_keys_are_checked_by_name(xj, spec, field):
    with pytest.raises(DataError) as err:
        xj.scenario(spec, source="my ruling")
    assert err.value.field == field and "my ruling" in str(err.value)


def test_xj_scenario_typo_is_called_unknown(xj):
    with pytest.raises(DataError, match="unknown field"):
        xj.scenario({"monster": ["courage"]}, source="my ruling")
