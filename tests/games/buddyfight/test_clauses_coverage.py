"""Every clause of data/buddyfight/rules.yaml has a test marked with it (``@pytest.mark.clause``) in test_clauses_*.py.

A test covers clause BF-X.Y when it is marked ``@pytest.mark.clause("BF-X.Y")``. New clauses added to
rules.yaml make this test fail until someone writes their test (or lists them below, with why).
"""
from __future__ import annotations

from pathlib import Path

import clause_marks

HERE = Path(__file__).parent

# Clauses with no testable consequence, each with the reason. Empty: every clause in rules.yaml
# (BF-1.1 .. BF-9.7, including BF-6.13 and BF-6.14) states something the engine can be checked on.
NO_TESTABLE_CONSEQUENCE: dict[str, str] = {}


def covered() -> dict[str, list[str]]:
    return clause_marks.tests_by_clause(HERE, "test_clauses_*.py")


def test_every_clause_has_a_test(bf):
    ids = [c.id for c in bf.rules.clauses]
    assert ids, "rules.yaml has no clauses"
    have = covered()
    missing = [cid for cid in ids if cid not in have and cid not in NO_TESTABLE_CONSEQUENCE]
    assert not missing, f"clauses without a test_bf_* test: {missing}"


def test_exemptions_are_real_and_untested(bf):
    ids = {c.id for c in bf.rules.clauses}
    have = covered()
    for cid in NO_TESTABLE_CONSEQUENCE:
        assert cid in ids, f"{cid} is exempted but is not a clause of rules.yaml"
        assert cid not in have, f"{cid} is exempted but has tests: {have[cid]}"


def test_test_names_cite_existing_clauses(bf):
    ids = {c.id for c in bf.rules.clauses}
    unknown = {cid: tests for cid, tests in covered().items() if cid not in ids}
    assert not unknown, f"tests named after clauses that rules.yaml does not have: {unknown}"
