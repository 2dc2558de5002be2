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


# ----- issue 34: one vocabulary, Chinese on Chinese screens ----------------------------------------
def test_every_card_has_a_chinese_name(game):
    """The review found Drum Bunker Dragon with no Chinese name: every zh log line and four
    rulings showed it in English (issue 34)."""
    assert not [c.id for c in game.cards.values() if not c.name.zh]
    assert game.cards["drum-bunker-dragon"].name.zh == "德拉姆碉堡龙"
    zh_rulings = " ".join(r.question.zh + r.answer.zh for r in game.rulings)
    assert "Drum Bunker Dragon" not in zh_rulings and "德拉姆碉堡龙" in zh_rulings


def test_keywords_in_chinese_notes_use_the_books_brackets(game):
    """【对抗】 and 《武装骑龙》, as the rule book writes them; never [Counter] or «Armordragon»
    inside Chinese (R §三 keywords; issue 34)."""
    notes = [t.note_zh for t in game.glossary] + [c.text.zh for c in game.cards.values() if c.text]
    notes += [c.text.zh for c in game.rules]
    bad = [n for n in notes if "«" in n or "[" in n]
    assert not bad, bad[:3]
    assert "《武装骑龙》" in game.cards["dragoenergy"].text.zh


def test_the_chinese_board_names_numbers_and_targets_by_the_glossary(game):
    """The tile numbers read 体 攻 防 打 (the glossary words' first characters, with a legend) and
    a battle's target is the glossary's word, never the engine's id ("fighter", "center")."""
    import random

    from tabletop_rules.notebook.boards import board_html

    words = {"fighter": "斗士", "left": "左侧区", "center": "中央区", "right": "右侧区"}
    for seed in range(20):      # random games until one stands in a battle
        st, rng = game.new_game(seed=seed), random.Random(seed)
        while not st.is_over and not st.view(None).get("battle"):
            st.apply(rng.choice(st.legal_actions()))
        if st.view(None).get("battle"):
            break
    target = st.view(None)["battle"]["target"]
    zh = board_html(game, st.view(None), None, "zh")
    assert "体 = 体型" in zh and "攻 = 攻击力" in zh and "打 = 打击力" in zh
    assert f"→ {words[target]}" in zh and f"→ {target}" not in zh
    en = board_html(game, st.view(None), None, "en")
    assert "S = size" in en and f"→ {game.glossary.term(target).en}" in en
