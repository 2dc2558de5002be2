"""Issue 33.7: a long session at a classroom table does not pile up widgets in the kernel.

Each "Do it" press once left the old button's Layout and ButtonStyle alive, rebuilt dropdowns left
theirs, and every kind of action ever met kept its own row: over 200 random clicks a table grew by
30-150 widgets. Replaced controls are now reused (or closed with nothing of theirs left behind)."""
from __future__ import annotations

import random

import pytest

pytest.importorskip("ipywidgets")

import tabletop_rules as tr
from tabletop_rules.notebook.table import PlayTable
from tests.notebooks.clicker import live_widgets, orphans, random_click

# A panel at its fullest (mirror dolls: four pickers of three dropdowns beside a row of buttons) holds
# up to ~50 widgets more than a first turn's; the leak grew without end (0.3-0.8 widgets per click).
FULLEST_PANEL = 60


@pytest.mark.parametrize("game_id", tr.list_games())
@pytest.mark.parametrize("seed", [1, 4])
def test_random_clicks_keep_the_live_widget_count_flat(game_id, seed):
    from ipywidgets.widgets import widget as w

    before = set(w._instances)
    game = tr.load_game(game_id)
    table = PlayTable(game, seed=seed, seats=["human"] + ["random"] * (game.player_counts[0] - 1))
    rng = random.Random(seed)
    counts, lost = {}, {}
    for n in range(1, 201):
        random_click(table, rng)
        if n in (20, 200):
            counts[n], lost[n] = live_widgets(), orphans(before, table)
    assert not table.error.value, table.error.value
    assert counts[200] - counts[20] <= FULLEST_PANEL, counts
    # Every widget alive is one the table shows or keeps to reuse: none is left behind.
    assert lost == {20: 0, 200: 0}, lost


def test_a_pressed_do_it_leaves_nothing_behind(bf):
    """The picker's pressed button is closed and its layout and style are shared, so 50 presses
    (each answered by the bot) add no widget; the issue counted 100."""
    table = PlayTable(bf, seed=1, seats=["human", "random"])
    picker = next(iter(table.panel.pickers.values()), None)
    if picker is None:
        pytest.skip("no picker at this position")
    go_layout, go_style = picker.go.layout, picker.go.style
    picker.reset(picker.actions)
    before = live_widgets()
    for _ in range(50):
        picker._fired = True              # as after a press that redrew the panel
        picker.reset(picker.actions)
    assert live_widgets() - before <= 0
    assert picker.go.layout is go_layout and picker.go.style is go_style
