"""On a Chinese screen the position editor (every tab, every field), its static description and
the rulings explorer (every ruling's expected outcome) show no English word (issue 34): a field's
label is the glossary's term where it is a game term, else a title from texts.yaml; only names the
glossary keeps in English, numbers and clause ids stay Latin."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

from chinese import latin_in
from reading import html_text, widget_texts
from test_vocabulary import allowed_latin

import tabletop_rules as tr
from tabletop_rules.notebook.editor import PositionEditor
from tabletop_rules.notebook.rulings import RulingExplorer
from tabletop_rules.notebook.static import editor_block

GAMES = tr.list_games()


def english(game, texts) -> list[str]:
    allowed = allowed_latin(game, board=True)
    return sorted({w for t in texts for w in latin_in(t, allowed)})


@pytest.mark.parametrize("game_id", GAMES)
def test_position_editor_in_chinese_has_no_english_word(game_id):
    game = tr.load_game(game_id)
    ed = PositionEditor(game, lang="zh")
    assert english(game, widget_texts(ed.widget)) == []




@pytest.mark.parametrize("game_id", GAMES)
def test_static_editor_page_in_chinese_has_no_english_word(game_id):
    game = tr.load_game(game_id)
    # a field's key is shown as the code a position file writes (<code>), beside its word; YAML is the
    # name of that file's format, like a file name
    page = re.sub(r"<code>.*?</code>", " ", editor_block(game, "zh"))
    assert [w for w in english(game, html_text(page)) if w != "YAML"] == []


@pytest.mark.parametrize("game_id", GAMES)
def test_rulings_explorer_outcome_in_chinese_has_no_english_word(game_id):
    game = tr.load_game(game_id)
    ex = RulingExplorer(game, lang="zh")
    found: dict[str, list[str]] = {}
    for ruling in game.rulings:
        ex.select(ruling.id)
        bad = english(game, [*html_text(ex.expected.value), *html_text(ex.outcome.value)])
        if bad:
            found[ruling.id] = bad
    assert found == {}
