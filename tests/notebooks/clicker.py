"""Random clicks at a PlayTable, driven from Python with a seeded RNG (issue 33.7): what a restless
student does at a classroom table: any shown action button, a picker with random dropdown values
then "Do it", Undo and Redo now and then, the hot-seat reveal, a new game (with a seed it types) when one ends."""
from __future__ import annotations

import gc
import random

from ipywidgets.widgets import widget as _widget


def live_widgets() -> int:
    """Widgets alive in this process (ipywidgets 8 keeps them in ``_instances`` until closed)."""
    gc.collect()
    return len(_widget._instances)


def random_click(table, rng: random.Random) -> None:
    if table.state.is_over:                  # a seed of the RNG's: "New game" alone deals a random one
        table.seed_box.value = str(rng.randrange(10_000))
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


def held_by(table) -> set[int]:
    """The model ids of every widget the table holds: what it shows, and what it keeps to show
    again (spare buttons, idle rows and pickers with their dropdowns, the bot and reveal buttons)."""
    import ipywidgets as W

    seen: set[int] = set()
    panel = table.panel
    roots = [v for obj in (table, table.why, panel) for v in vars(obj).values() if isinstance(v, W.Widget)]
    roots += [*panel._free, *panel._spent, *(row for row, _label, _body in panel._rows.values())]
    for picker in panel._kept.values():
        roots += [picker.widget, picker.go, *getattr(picker, "_pool", picker.drops)]

    def walk(w) -> None:
        mid = getattr(getattr(w, "comm", None), "comm_id", None) if isinstance(w, W.Widget) else None
        if mid is None or mid in seen:      # not a widget, a closed one, or one seen already
            return
        seen.add(mid)
        for value in w.trait_values().values():
            for v in value if isinstance(value, tuple | list) else (value,):
                walk(v)
    for r in roots:
        walk(r)
    return seen


def orphans(before: set[str], table) -> int:
    """Widgets made since ``before`` (a set of model ids) that are alive but not held by the table:
    what a leak leaves behind."""
    gc.collect()
    held = held_by(table)
    return sum(1 for mid in list(_widget._instances) if mid not in before and mid not in held)
