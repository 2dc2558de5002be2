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

import pytest

from tabletop_rules.core.datafile import DataError
from tabletop_rules.games.xianjian.book import BOOK

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
