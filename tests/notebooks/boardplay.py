"""Playing a table by clicks on its board (issue 35): the clicks that make one chosen move, for
the in-process tests and the browser test alike (``click(ref)``, ``choose(i)`` and the board's
state are given by the caller)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop_rules.core.elements import elements

MAX_CLICKS = 8       # a move takes its elements' clicks plus one at most


def board_moves(state: Any, actions: list) -> tuple[list, list]:
    """(actions with board elements, actions that belong to no card)."""
    on, off = [], []
    for a in actions:
        (on if elements(state, a) else off).append(a)
    return on, off


def next_click(action: Any, refs: list[str], board: dict) -> tuple[str, Any]:
    """The next click towards ``action`` given the board's marks: ("ref", r) or ("choice", i).
    ``board``: selected, lit, ready, choice_keys (the keys of the moves offered as choices)."""
    if board["ready"]:
        return "ref", board["ready"]
    keys = board["choice_keys"]
    if action.key in keys:
        return "choice", keys.index(action.key)
    if not board["selected"]:
        return "ref", refs[0]
    nxt = next((r for r in refs if r not in board["selected"] and r in board["lit"]), None)
    assert nxt is not None, f"{action.kind} {action.args}: none of {refs} lit ({board})"
    return "ref", nxt


def play_move(state: Any, action: Any, read: Callable[[], dict], click: Callable[[str], None],
              choose: Callable[[int], None], moved: Callable[[], bool]) -> int:
    """Make ``action`` by clicks on the board; the number of clicks. The first click never moves."""
    refs = [e.ref for e in elements(state, action)]
    n = 0
    while not moved():
        assert n < MAX_CLICKS, f"{action.kind} {action.args}: not made in {MAX_CLICKS} clicks"
        how, what = next_click(action, refs, read())
        click(what) if how == "ref" else choose(what)
        n += 1
        assert n > 1 or not moved(), f"{action.kind} {action.args} was made by one click"
    return n
