"""Random clicks at a PlayTable, driven from Python with a seeded RNG (issue 33.7): what a restless
student does at a classroom table: any shown action button, a picker with random dropdown values
then "Do it", Undo and Redo now and then, the hot-seat reveal, New game when a game ends."""
from __future__ import annotations

import gc
import random

from ipywidgets.widgets import widget as _widget


def live_widgets() -> int:
    """Widgets alive in this process (ipywidgets 8 keeps them in ``_instances`` until closed)."""
    gc.collect()
    return len(_widget._instances)


def random_click(table, rng: random.Random) -> None:
    if table.state.is_over:
        table.new_btn.click()
        return
    r = rng.random()
    if r < 0.05:
        table.undo_btn.click()
        return
    if r < 0.08:
        table.redo_btn.click()
        return
    if table.hidden_between_turns():
        table.reveal_btn.click()
        return
    btns = list(table.panel.buttons.values())
    pickers = list(table.panel.pickers.values())
    if not btns and not pickers:
        table.bot_btn.click()
        return
    i = rng.randrange(len(btns) + len(pickers))
    if i < len(btns):
        btns[i].click()
        return
    picker = pickers[i - len(btns)]
    for drop in picker.drops:
        if drop.options:
            drop.value = rng.choice(list(drop.options))[1]
    picker.go.click()
