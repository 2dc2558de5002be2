"""Issue 35 item 2: no engine id reaches a reader at the play table, in either language.

Seeded random games of every game are played at the PlayTable through its own click path
(tests/notebooks/clicker.py: buttons, pickers' dropdowns and "Do it", undo, redo, new game), and at
every step the whole widget tree is read (every button and tooltip, picker option, HTML: board,
status, log, guidance). The detector (tests/notebooks/noid.py) is proved able to fail on planted ids."""
from __future__ import annotations

import random

import pytest

pytest.importorskip("ipywidgets")

import tabletop_rules as tr
from tabletop_rules.notebook.table import PlayTable
from tests.notebooks.clicker import random_click
from tests.notebooks.noid import id_leaks, id_words, walk

CLICKS = 70


def card_numbers(action) -> set[int]:
    """The card instance numbers an action carries (two digits and up: a one-digit number in a
    label is as likely a cost or a count)."""
    out = set()
    for v in action.args.values():
        for x in v if isinstance(v, list) else [v]:
            if isinstance(x, int) and not isinstance(x, bool) and x >= 10:
                out.add(x)
    return out


def table_leaks(table) -> list[str]:
    """Every id a reader of ``table`` sees now, with where it was seen."""
    st, game = table.state, table.game
    acts = [] if st.is_over else st.legal_actions()
    words = id_words(acts, getattr(game, "cards", {}))
    by_button = {id(b): a for k, b in table.panel.buttons.items() for a in acts if a.key == k}
    picked = {}                              # id(dropdown) -> (picker, its arg)
    for p in table.panel.pickers.values():
        for i, d in enumerate(p.drops):
            picked[id(d)] = (p, p.keys[i])
    found = []
    for where, text, w in walk(table.widget):
        numbers: set[int] = set()
        if id(w) in by_button:
            numbers = card_numbers(by_button[id(w)])
        elif id(w) in picked:
            p, key = picked[id(w)]
            numbers = {n for a in p.actions for n in card_numbers(a) if key in a.args}
        for leak in id_leaks(text, words, numbers, option=where == "option",
                             control=where in ("button", "tooltip", "option")):
            found.append(f"{where} {text[:120]!r}: {leak}")
    return found


def play_and_read(game_id: str, lang: str, seed: int, clicks: int = CLICKS) -> list[str]:
    game = tr.load_game(game_id)
    table = PlayTable(game, seed=seed, seats=["human"] + ["random"] * (game.player_counts[0] - 1), lang=lang)
    rng = random.Random(seed)
    found: dict[str, None] = {}
    for n in range(clicks):
        for leak in table_leaks(table):
            found.setdefault(f"step {n}: {leak}", None)
        random_click(table, rng)
    assert not table.error.value, table.error.value
    return list(found)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game_id", tr.list_games())
def test_no_engine_id_at_the_table(game_id, lang):
    leaks = play_and_read(game_id, lang, seed=3)
    assert not leaks, "\n".join(leaks[:15])


# ----- the detector can fail -------------------------------------------------------------------
@pytest.mark.parametrize("text,option", [
    ("Put Spotlight Kanon into energy (2 to go) → 8", False),   # the review's examples
    ("10", True), ("#2", True),
    ("Clockwork Knight attacks Frost Reflection → Seat 1 mirror_f0", False),
    ("Use Spotlight Kanon from hand into lane 0", False),
    ("Check: attacks [card=ren-iron-vanguard] >= 1", False),
    ("p_attack_successes >= 1", False),
    ("Order: None", False), ("Zones: []", False), ('{"card": 3}', False),
])
def test_the_detector_finds_planted_ids(text, option):
    assert id_leaks(text, option=option)


def test_the_detector_finds_live_ids_as_words():
    from tabletop_rules.core.actions import Action

    acts = [Action("summon", 0, {"card": 17, "slot": "real_f0"}), Action("play", 0, {"card": "crimson-1"})]
    words = id_words(acts, {"crimson-1": None})
    assert {"real_f0", "crimson-1"} <= words
    assert id_leaks("Summon into real_f0", words)
    assert id_leaks("Play crimson-1", words)
    assert id_leaks("Use Scouting from hand (1) 17", numbers={17})
    # ... and reads a reader's words as words
    for fine in ("Put Spotlight Kanon into energy (2 to go)", "Seat 0 real front 1", "Lane 1",
                 "Use Scouting (1st of 2 in hand)", "Call Scout Wyvern to left", "座位 0 的回合"):
        assert not id_leaks(fine, words, {17}), fine


def test_a_planted_id_at_a_live_table_is_found():
    """The table walk reads what the widgets show: an id written into a live button is caught."""
    game = tr.load_game("vividz")
    table = PlayTable(game, seed=3, seats=["human", "random"])
    assert not table_leaks(table)
    b = next(iter(table.panel.buttons.values()))
    b.description += " → 8"
    assert any("→ 8" in x for x in table_leaks(table))
    table.board.value += "<div>lane 0</div>"
    assert any("lane 0" in x for x in table_leaks(table))


# ----- the ruling editor and the rulings explorer, once each ---------------------------------------
def other_leaks(widget, game) -> list[str]:
    # card ids; a ruling's own id is shown on purpose (a reader cites it), even one spelled like a card's
    words = {c for c in getattr(game, "cards", {}) if "-" in c or "_" in c} - {r.id for r in game.rulings}
    return [f"{where} {text[:120]!r}: {leak}" for where, text, _w in walk(widget)
            for leak in id_leaks(text, words, option=where == "option", control=where != "html")]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game_id", tr.list_games())
def test_no_engine_id_in_the_rulings_explorer(game_id, lang):
    from tabletop_rules.notebook.rulings import RulingExplorer

    game = tr.load_game(game_id)
    ex = RulingExplorer(game, lang=lang)
    for r in game.rulings[:3]:
        ex.select(r.id)
        ex.run_button.click()
        leaks = other_leaks(ex.widget, game)
        assert not leaks, f"{r.id}: " + "\n".join(leaks[:10])
    # the picker names a ruling by its question first, its id after (what a reader cites)
    label, rid = ex.dropdown.options[0]
    assert label.startswith(game.rulings[0].question.en if lang == "en" else game.rulings[0].question.zh)
    assert label.rstrip("]］").endswith(rid)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game_id", tr.list_games())
def test_no_engine_id_in_the_ruling_editor(game_id, lang):
    from tabletop_rules.notebook.editor import PositionEditor

    game = tr.load_game(game_id)
    ed = PositionEditor(game, lang=lang)
    leaks = other_leaks(ed.widget, game)
    assert not leaks, "\n".join(leaks[:10])
    # ... and once a ruling's position is loaded (cards in zones, places, numbers), before any save
    with_cards = [r for r in game.rulings if r.scenario][:2]
    for r in with_cards:
        ed.load_ruling(r)
        leaks = other_leaks(ed.widget, game)
        assert not leaks, f"{r.id}: " + "\n".join(leaks[:10])
