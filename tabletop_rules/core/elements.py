"""The board elements an action involves (issue 35: the board is the controller).

Each game declares, once, which things on its board a legal action uses: the card it plays or
moves (role ``card``), where it comes from (``from``), the area, lane or slot it goes to (``to``),
and what it aims at (``target``). A board view draws the same things with ``data-el`` set to the
element's ``ref``, so a click on the board can be matched with the actions that name it, and the
generic notebook layer never guesses from an action's arg names what they mean.

Refs are short strings, the same in the engine and in the board's HTML:

- ``card:<uid>``: a card instance (the tile that shows it);
- ``area:<seat>:<place>``: a place of a seat's side ("area:0:left", "area:1:lane:2",
  "area:0:real_f0"); ``area:<place>`` for a shared one ("area:pile:3");
- ``seat:<n>``: a seat's whole side (a player aimed at, a fighter attacked).

An action that belongs to no card (end the phase, pass, concede, a yes/no answer) has no
elements: the list view's buttons take it. A game declares its elements with a method
``elements(action) -> tuple[Element, ...]`` on its State class (the default: none).
"""
from __future__ import annotations

from typing import Any, Literal, NamedTuple

Role = Literal["card", "from", "to", "target"]
ROLES: tuple[str, ...] = ("card", "from", "to", "target")


class Element(NamedTuple):
    """One board element of an action: its ``role`` in the action and its board ``ref``."""

    role: str
    ref: str


def card(uid: int, role: str = "card") -> Element:
    return Element(role, f"card:{int(uid)}")


def area(seat: int | None, *place: Any, role: str = "to") -> Element:
    """A place on the board: ``area(0, "lane", 1)`` -> ``area:0:lane:1``; ``area(None, "pile", 3)``
    -> ``area:pile:3``."""
    parts = ([] if seat is None else [str(int(seat))]) + [str(p) for p in place]
    return Element(role, "area:" + ":".join(parts))


def seat(n: int, role: str = "target") -> Element:
    return Element(role, f"seat:{int(n)}")


def elements(state: Any, action: Any) -> tuple[Element, ...]:
    """The elements the game declares for ``action`` at ``state`` (none where it declares none).
    Each is checked: a known role, a ref of one of the three forms, no element twice."""
    fn = getattr(state, "elements", None)
    found = tuple(fn(action)) if fn is not None else ()
    out: list[Element] = []
    for el in found:
        role, ref = el
        if role not in ROLES or not isinstance(ref, str) or ref.split(":", 1)[0] not in ("card", "area", "seat"):
            raise ValueError(f"not a board element: {el!r}")
        if (role, ref) not in out:
            out.append(Element(role, ref))
    return tuple(out)
