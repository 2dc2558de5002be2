"""Every clause of data/vividz/rules.yaml has a test marked with it (``@pytest.mark.clause``)."""
from __future__ import annotations

from pathlib import Path

import clause_marks

HERE = Path(__file__).parent


def covered() -> dict[str, list[str]]:
    return clause_marks.tests_by_clause(HERE, "test_*.py")


def test_every_clause_has_a_test(vv):
    ids = [c.id for c in vv.rules.clauses]
    have = covered()
    missing = [cid for cid in ids if cid not in have]
    assert not missing, f"clauses without a test: {missing}"


def test_tests_cite_existing_clauses(vv):
    ids = {c.id for c in vv.rules.clauses}
    unknown = {cid: t for cid, t in covered().items() if cid not in ids}
    assert not unknown, unknown


def test_every_clause_id_in_the_engine_exists():
    import re

    import tabletop_rules.games.vividz as pkg

    ids = set()
    for path in Path(pkg.__file__).parent.glob("*.py"):
        ids |= set(re.findall(r"""["'](VV-\d+(?:\.\d+)+)["']""", path.read_text(encoding="utf-8")))
    from tabletop_rules.games.vividz import load

    known = {c.id for c in load().rules.clauses}
    assert ids and ids <= known, ids - known
