"""Every clause of data/mirror-dolls/rules.yaml has a test marked with it in test_md_clauses_*.py."""
from __future__ import annotations

from pathlib import Path

import clause_marks

HERE = Path(__file__).parent


def covered() -> dict[str, list[str]]:
    return clause_marks.tests_by_clause(HERE, "test_md_clauses_*.py")


def test_every_clause_has_a_test(md):
    ids = [c.id for c in md.rules.clauses]
    assert len(ids) >= 40
    missing = [cid for cid in ids if cid not in covered()]
    assert not missing, f"clauses without a test: {missing}"


def test_test_marks_cite_existing_clauses(md):
    ids = {c.id for c in md.rules.clauses}
    unknown = {cid: t for cid, t in covered().items() if cid not in ids}
    assert not unknown, f"tests marked with clauses rules.yaml does not have: {unknown}"


def test_the_data_is_complete(md):
    assert md.title["en"] and md.title["zh"] and md.player_counts == (2,)
    assert len(md.glossary) >= 30
    assert all(t.ja is None and "Simplified:" in t.note for t in md.glossary)
    for c in md.rules.clauses:
        assert c.title.zh and c.text.zh and c.source
    decided = [c.id for c in md.rules.clauses if c.decision]
    assert len(decided) >= 14
    for node in md.flow.nodes.values():
        assert node.clause in md.rules
