"""Blood Recall's reader-facing data texts have a Chinese side (issue 9): every card text has
``zh``, every glossary note a ``note_zh``, every note of a ruling's steps and checks a ``note_zh``;
written in Simplified Chinese (card names keep the translation's forms) with no English sentence."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from br_games import game

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from chinese import english_in
from test_translations import TRADITIONAL_ONLY

GAMES = [game("duel"), game("story")]
IDS = ["duel", "story"]


def our_words(g, zh: str) -> str:
    """A Chinese text with the card names (the translation's forms) and 【keywords】 set aside."""
    for c in g.cards.values():
        if c.name.zh:
            zh = zh.replace(c.name.zh, " ")
    return re.sub(r"【[^】]*】", " ", zh)


def problems(g, where: str, zh: str | None) -> list[str]:
    if not (zh or "").strip():
        return [f"{where}: no Chinese"]
    out = []
    trad = sorted(set(our_words(g, zh)) & TRADITIONAL_ONLY)
    if trad:
        out.append(f"{where}: Traditional characters {''.join(trad)} in {zh!r}")
    if english_in(g, zh):
        out.append(f"{where}: English {english_in(g, zh)!r} in {zh!r}")
    return out


@pytest.mark.parametrize("g", GAMES, ids=IDS)
def test_every_card_text_has_chinese(g):
    texts = [(cid, c.text) for cid, c in g.cards.items() if c.text is not None]
    assert len(texts) >= 40
    bad = [p for cid, t in texts for p in problems(g, cid, t.zh)]
    assert not bad, bad[:10]


@pytest.mark.parametrize("g", GAMES, ids=IDS)
def test_every_glossary_note_has_chinese(g):
    noted = [t for t in g.glossary if t.note]
    assert len(noted) >= 50
    bad = [p for t in noted for p in problems(g, t.id, t.note_zh)]
    assert not bad, bad[:10]


@pytest.mark.parametrize("g", GAMES, ids=IDS)
def test_every_ruling_note_has_chinese(g):
    notes = [(f"{r.id} {part}.{i}", x) for r in g.rulings for part in ("steps", "expect")
             for i, x in enumerate(getattr(r, part) or ()) if isinstance(x, dict) and x.get("note")]
    assert notes
    bad = [p for where, x in notes for p in problems(g, where, x.get("note_zh"))]
    assert not bad, bad[:10]
