"""With the language set to Chinese, no English sentence appears in what a reader sees (issue 9):
the play table after some actions, a walkthrough of a bot game, the rulings explorer and the
glossary, for every game. Every text a widget shows is collected (HTML values with tags and
tooltips' attributes dropped, button and tab labels, dropdown options) and searched for three
or more English words in a row, card names, clause ids and [bracketed keywords] aside."""
from __future__ import annotations

import html
import random
import re

import ipywidgets as W
import pytest
from chinese import english_in

from tabletop_rules import list_games, load_game
from tabletop_rules.notebook.glossary import GlossaryTable
from tabletop_rules.notebook.rulings import RulingExplorer
from tabletop_rules.notebook.table import PlayTable
from tabletop_rules.notebook.walkthrough import Walkthrough

TAG = re.compile(r"<(script|style)\b.*?</\1>|<[^>]+>", re.S)


def texts(widget) -> list[str]:
    """Every text a widget tree shows."""
    out: list[str] = []
    seen: set[int] = set()

    def walk(w) -> None:
        if id(w) in seen:
            return
        seen.add(id(w))
        if isinstance(w, W.HTML | W.HTMLMath | W.Label):
            out.append(html.unescape(TAG.sub("\n", w.value or "")))
        if isinstance(w, W.Button | W.ToggleButton | W.Checkbox | W.Text | W.Dropdown | W.Textarea):
            out.append(w.description or "")
        if isinstance(w, W.Dropdown | W.ToggleButtons | W.Select):
            out.extend(str(label) for label in w._options_labels)
        if isinstance(w, W.Tab | W.Accordion):
            out.extend(str(x) for x in (w.titles or ()))
        for child in getattr(w, "children", ()) or ():
            walk(child)

    walk(widget)
    return [t for t in out if t.strip()]


def english(game, widget) -> list[str]:
    # a glossary's English column names each term in English on purpose: a line that is just a
    # term's English form is a name, not a sentence (like a card name)
    terms = {(t.en or "").strip() for t in game.glossary}
    found = []
    for text in texts(widget):
        for line in text.splitlines():
            bad = None if line.strip() in terms else english_in(game, line)
            if bad:
                found.append(f"{bad!r} in {line.strip()[:120]!r}")
    return found


def play(table, n: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        st = table.state
        if st.is_over or not table.human(st.current_player):
            break
        table.apply(rng.choice(st.legal_actions()))


GAMES = list_games()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_play_table_in_chinese_has_no_english_sentence(game_id):
    game = load_game(game_id)
    seats = ["human"] + ["random"] * (game.player_counts[0] - 1)
    table = PlayTable(game, seed=3, seats=seats, lang="zh", app=True)
    play(table, 12)
    found = english(game, table.widget)
    assert not found, f"{game_id}: {len(found)} English sentences at the Chinese table: {found[:6]}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_walkthrough_in_chinese_has_no_english_sentence(game_id):
    game = load_game(game_id)
    walk = Walkthrough(game, seed=2, lang="zh")
    found = []
    for i in range(0, walk.n_steps + 1, max(1, walk.n_steps // 20)):
        walk.go(i)
        found += english(game, walk.widget)
    assert not found, f"{game_id}: English in the Chinese walkthrough: {sorted(set(found))[:6]}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rulings_explorer_and_glossary_in_chinese_have_no_english_sentence(game_id):
    game = load_game(game_id)
    found = english(game, RulingExplorer(game, lang="zh").widget) + english(game, GlossaryTable(game, lang="zh").widget)
    assert not found, f"{game_id}: English in the Chinese rulings explorer or glossary: {found[:6]}"
