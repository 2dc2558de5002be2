"""Buddyfight's reader-facing data reads in Chinese (issue 9): every card text and [Act]/enter
ability label, every glossary note and every note of a ruling's steps and checks has a Chinese
form, and that form holds no English sentence (card names and [bracketed keywords] aside)."""
from __future__ import annotations

import pytest
from chinese import english_in

from tabletop_rules import load_game


@pytest.fixture(scope="module")
def game():
    return load_game("buddyfight")


def test_every_card_text_has_chinese(game):
    missing, english = [], []
    for c in game.cards.values():
        texts = [("text", c.text)] + [(f"abilities.{i}.text", a.text) for i, a in enumerate(c.abilities)]
        if c.effect is not None:
            texts.append(("effect.text", c.effect.text))
        for field, text in texts:
            if text is None:
                continue
            if not text.zh:
                missing.append(f"{c.id}.{field}")
            elif english_in(game, text.zh):
                english.append(f"{c.id}.{field}: {english_in(game, text.zh)!r}")
    assert not missing, f"card texts without Chinese: {missing}"
    assert not english, f"English in the Chinese card texts: {english}"


def test_every_glossary_note_has_chinese(game):
    missing = [t.id for t in game.glossary if t.note and not t.note_zh]
    assert not missing, f"glossary notes without note_zh: {missing}"
    english = [(t.id, english_in(game, t.note_zh)) for t in game.glossary if english_in(game, t.note_zh)]
    assert not english, f"English in the Chinese glossary notes: {english}"


def test_every_ruling_note_has_chinese(game):
    missing, english = [], []
    for r in game.rulings:
        for part in ("steps", "expect"):
            for j, item in enumerate(getattr(r, part)):
                if not item.get("note"):
                    continue
                zh = item.get("note_zh")
                if not zh:
                    missing.append(f"{r.id} {part}.{j}")
                elif english_in(game, zh):
                    english.append(f"{r.id} {part}.{j}: {english_in(game, zh)!r}")
    assert not missing, f"ruling notes without note_zh: {missing}"
    assert not english, f"English in the Chinese ruling notes: {english}"
