"""Issue 36: a game notebook teaches at a glance and keeps teaching without a kernel.

Read from the stored notebooks (both editions): the rules at a glance and the table diagram come
before the first numbered section, and every widget cell (glossary, walkthrough, rulings explorer,
position editor) is followed by the cell that gives the same content as plain output, so an export
to HTML or PDF, or a renderer that runs no kernel, still shows it. That the calls run and show what
they should is test_notebooks.py's part (it executes every notebook).

Issue 32 / 36.5: the Sword-and-Fairy notebook names the three-player turn order as this kit's
decision and shows how to choose the rule book's plain rotation, with the game's own option."""
from __future__ import annotations

import json
import pathlib
import re

import pytest

import tabletop_rules as tr

ROOT = pathlib.Path(__file__).resolve().parents[2] / "notebooks"
# every game notebook (issue 36)
NAMES = ["buddyfight.ipynb", "blood-recall.ipynb", "vividz.ipynb", "mirror-dolls.ipynb", "xianjian.ipynb"]
PATHS = [ROOT / n for n in NAMES] + [ROOT / "zh" / n for n in NAMES]
IDS = [p.relative_to(ROOT).as_posix() for p in PATHS]
# a widget, and the static helper whose output must follow it
STATIC = {"GlossaryTable(": "glossary_html(", "Walkthrough(": "walkthrough_html(",
          "RulingExplorer(": "rulings_html(", "PositionEditor(": "editor_html(", "QuizWidget(": "quiz_html("}


def _cells(path: pathlib.Path) -> list[tuple[str, str]]:
    return [(c["cell_type"], "".join(c["source"])) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]]


def _first(cells: list[tuple[str, str]], kind: str, pattern: str) -> int:
    found = [i for i, (k, src) in enumerate(cells) if k == kind and re.search(pattern, src, re.M)]
    assert found, f"no {kind} cell matches {pattern!r}"
    return found[0]


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_the_glance_and_the_table_come_before_the_first_section(path):
    cells = _cells(path)
    section = _first(cells, "markdown", r"^## 1\. ")
    assert _first(cells, "code", r"rules_at_a_glance\(\w+") < section
    assert _first(cells, "code", r"show_table_diagram\(\w+") < section


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_every_widget_is_followed_by_its_static_output(path):
    cells = _cells(path)
    seen = set()
    for i, (kind, src) in enumerate(cells):
        if kind != "code":
            continue
        for widget, static in STATIC.items():
            # a cell that builds the widget (an import alone does not)
            # (an explorer of the reader's own ruling from the editor is the editor's, whose static output is above)
            if re.search(r"^(?!from |import ).*" + re.escape(widget), src, re.M) and "ed.ruling()" not in src:
                seen.add(widget)
                # below the widget: in the next code cell, or the one after it when a cell between plays on it
                after = [src for k, src in cells[i + 1:i + 3] if k == "code"]
                assert any(static in src for src in after), \
                    f"cell {i + 1} builds {widget[:-1]}: one of the next two cells should show {static[:-1]}(...)"
    assert seen == set(STATIC), f"widgets not found: {sorted(set(STATIC) - seen)}"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_sword_and_fairy_names_its_three_player_order_and_how_to_choose(lang):
    game = tr.load_game("xianjian")
    option = game.options["three_player_order"]
    assert option.clause == "XJ-1.3" and game.rules.clause("XJ-1.3").decision
    path = ROOT / ("zh" if lang == "zh" else "") / "xianjian.ipynb"
    cells = _cells(path)
    prose = "\n".join(src for kind, src in cells if kind == "markdown")
    code = "\n".join(src for kind, src in cells if kind == "code")
    said = {"en": ("this kit's decision", "plain rotation"), "zh": ("本工具的决定", "单纯轮转")}[lang]
    i = _first(cells, "markdown", r"^### .*XJ-1\.3")
    assert all(words in cells[i][1] for words in said), "the setup names the kit's decision and the book's rotation"
    assert "12341" in prose, "the rule book's own numbering is quoted"
    # the option is shown by its real name and values, and used in code that runs
    assert "three_player_order" in prose and all(f"`{v}`" in prose for v in option.choices)
    assert 'game.options["three_player_order"]' in code and '"three_player_order": choice' in code


@pytest.mark.parametrize("game_id", tr.list_games())
def test_every_glossary_term_is_explained_in_both_languages(game_id):
    """The glossary tables (the widget, its static copy, the key words up front) show each term's note in the
    reader's language: a term with no note in one language would stand there unexplained."""
    game = tr.load_game(game_id)
    bare = [t.id for t in game.glossary if not (t.note or "").strip() or not (t.note_zh or "").strip()]
    assert not bare, f"{game_id}: terms without a note in English or Chinese: {bare}"
