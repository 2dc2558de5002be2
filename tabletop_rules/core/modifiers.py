"""Effects that last: a change to a card that ends at a stated time, in one shape for every game.

A modifier is plain data on the card (``card.mods``, a list, so clones and scenarios copy it): the
change itself (``power: 1000``, ``shield: 2``, a granted keyword...) and ``until``, when it ends:

- a moment's name the game announces (``"turn"`` for "until end of turn", ``"battle"`` for "for this
  battle", ``"mission"`` for Vividz's mission phase): it ends when the game calls
  ``expire(cards, "turn")``;
- a turn number: it lasts through that turn and ends when ``expire(cards, n)`` is called at the end
  of turn ``n`` or later (the mirror dolls count spells' durations in turns);
- ``None`` or ``"always"``: no time ends it; it goes with the card (leaving play clears ``mods``), or
  with its source when the game removes it by ``src``.

The games keep their own words for what changes and which clause ends it (BF-8.2, VV-9.5, MD-11.6);
what they share is the bookkeeping, written once here.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, TypeAlias

#: One lasting change: its fields and ``until``.
Mod: TypeAlias = "dict[str, Any]"
#: When a modifier ends: a moment's name, a turn number, or None / "always" (never by time).
Until: TypeAlias = "str | int | None"


class HasMods(Protocol):
    mods: list[Mod]


def lasting(mods: list[Mod], until: Until, **change: Any) -> Mod:
    """Add a change that lasts ``until`` to a card's ``mods``; the new modifier is returned."""
    mod = {**change, "until": until}
    mods.append(mod)
    return mod


def ends(mod: Mod, at: str | int) -> bool:
    """Whether ``mod`` ends when ``at`` (a moment's name or the turn number now ending) is reached."""
    until = mod.get("until")
    if until is None or until == "always":
        return False
    if type(at) is int:
        return type(until) is int and until <= at
    return until == at


def total(mods: Iterable[Mod], field: str) -> int:
    """The sum of one field over the modifiers that have it (power +1000 and -3000 give -2000)."""
    return sum(m.get(field, 0) for m in mods)


def expire(cards: Iterable[HasMods], at: str | int) -> list[HasMods]:
    """End every modifier of these cards that lasts until ``at``; the cards that lost one are
    returned, in order (a game says so in its log, citing its own clause)."""
    changed = []
    for c in cards:
        mods = c.mods
        if mods and any(ends(m, at) for m in mods):
            c.mods = [m for m in mods if not ends(m, at)]
            changed.append(c)
    return changed


def drop_from(cards: Iterable[HasMods], src: Any) -> list[HasMods]:
    """End every modifier that came from ``src`` (an aura whose card has left): the cards changed."""
    changed = []
    for c in cards:
        mods = c.mods
        if mods and any(m.get("src") == src for m in mods):
            c.mods = [m for m in mods if m.get("src") != src]
            changed.append(c)
    return changed
