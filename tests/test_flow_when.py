"""flow.yaml's edge labels in two languages (issue 9): ``when: {en, zh}``, or ``when`` with
``when_zh``; old files with a plain ``when`` still load."""
from __future__ import annotations

import pytest

from tabletop_rules.core.datafile import DataError
from tabletop_rules.core.flow import load_flow


def test_flow_edges_read_when_in_either_form(tmp_path):
    """flow.yaml: ``when: "..."`` (old files), ``when: {en, zh}`` or ``when`` with ``when_zh``."""
    def flow(edge: str) -> object:
        path = tmp_path / "flow.yaml"
        path.write_text("nodes:\n  - {id: a, kind: step, label: {en: A, zh: 甲}}\n"
                        "  - {id: b, kind: end, label: {en: B}}\nedges:\n  - " + edge + "\n", encoding="utf-8")
        return load_flow(path)

    old = flow('{from: a, to: b, when: "game over"}').edges[0]
    assert (old.label("en"), old.label("zh"), old.when_zh) == ("game over", "game over", None)
    new = flow('{from: a, to: b, when: {en: "game over", zh: "对局结束"}}').edges[0]
    assert (new.when, new.label("zh")) == ("game over", "对局结束")
    assert flow('{from: a, to: b, when: "x", when_zh: "乙"}').edges[0].label("zh") == "乙"
    assert flow("{from: a, to: b}").edges[0].label("zh") == ""
    for bad in ('{from: a, to: b, when: {en: "x", fr: "y"}}', '{from: a, to: b, when: {zh: "乙"}}',
                '{from: a, to: b, when: {en: "x", zh: "乙"}, when_zh: "丙"}'):
        with pytest.raises(DataError, match="edge a -> b"):
            flow(bad)
