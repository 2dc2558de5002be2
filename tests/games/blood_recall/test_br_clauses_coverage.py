"""Every clause of both rules.yaml files has a test marked with it (``@pytest.mark.clause``) in test_clauses_*.py.

A test covers clause BRD-X.Y (or BRS-X.Y) when it is marked ``@pytest.mark.clause("BRD-X.Y")``.
New clauses make this fail until someone writes their test (or lists them below, with why).
"""
from __future__ import annotations

from pathlib import Path

import clause_marks
import pytest

HERE = Path(__file__).parent

# Clauses with no testable consequence, each with the reason. Empty: every clause says something
# the engine can be checked on.
NO_TESTABLE_CONSEQUENCE: dict[str, str] = {}


def covered() -> dict[str, list[str]]:
    return clause_marks.tests_by_clause(HERE, "test_clauses_*.py")


@pytest.mark.parametrize("which", ["duel", "story"])
def test_every_clause_has_a_test(which, request):
    g = request.getfixturevalue(which)
    ids = [c.id for c in g.rules.clauses]
    assert ids
    have = covered()
    missing = [cid for cid in ids if cid not in have and cid not in NO_TESTABLE_CONSEQUENCE]
    assert not missing, f"clauses without a test: {missing}"


def test_test_names_cite_existing_clauses(duel, story):
    ids = {c.id for c in duel.rules.clauses} | {c.id for c in story.rules.clauses}
    unknown = {cid: tests for cid, tests in covered().items() if cid not in ids}
    assert not unknown, f"tests named after clauses that rules.yaml does not have: {unknown}"
    assert not set(NO_TESTABLE_CONSEQUENCE) - ids
