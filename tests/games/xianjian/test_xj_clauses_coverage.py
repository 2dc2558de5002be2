"""Every clause of data/xianjian/rules.yaml has a test marked with it (``@pytest.mark.clause``) in test_xj_clauses_*.py.

A test covers clause XJ-X.Y when its name starts with ``test_xj_X_Y_``. New clauses make this
test fail until someone writes their test (or lists them below, with the reason).
"""
from __future__ import annotations

from pathlib import Path

import clause_marks

HERE = Path(__file__).parent

# Clauses with no testable consequence, each with the reason.
NO_TESTABLE_CONSEQUENCE: dict[str, str] = {
    "XJ-5.9": "it says a rule (admiration) does not exist; no card of the box mentions admiration",
}


def covered() -> dict[str, list[str]]:
    return clause_marks.tests_by_clause(HERE, "test_xj_clauses_*.py")


def test_every_clause_has_a_test(xj):
    ids = [c.id for c in xj.rules.clauses]
    have = covered()
    missing = [cid for cid in ids if cid not in have and cid not in NO_TESTABLE_CONSEQUENCE]
    assert not missing, f"clauses without a test_xj_* test: {missing}"


def test_exemptions_are_real_and_untested(xj):
    ids = {c.id for c in xj.rules.clauses}
    have = covered()
    for cid in NO_TESTABLE_CONSEQUENCE:
        assert cid in ids and cid not in have


def test_test_names_cite_existing_clauses(xj):
    ids = {c.id for c in xj.rules.clauses}
    unknown = {cid: tests for cid, tests in covered().items() if cid not in ids}
    assert not unknown, f"tests named after clauses that rules.yaml does not have: {unknown}"


def test_no_card_mentions_admiration(xj):
    for c in xj.cards.values():
        texts = [getattr(c, "text", None)]
        assert all("admiration" not in (t.en if hasattr(t, "en") else "") for t in texts if t is not None)
