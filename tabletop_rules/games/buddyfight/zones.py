"""Buddyfight's table on the core zone model (core.zones): each fighter's zones and the cards.

Zones are named ``<seat>.<place>``: ``0.deck`` (its top is the end of the list), ``0.hand``,
``0.gauge``, ``0.drop``, ``0.set``, the one-card areas ``0.left``, ``0.center``, ``0.right``
and ``0.item``, ``0.flag`` and ``0.buddy``; ``soul.<uid>`` is the soul under card ``uid``
(BF-9.2) and ``playing`` holds a card between leaving the hand and reaching the field, the
set area or the drop zone (a call or cast being paid for).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.modifiers import Mod
from ...core.zones import CardInstance, Zones

if TYPE_CHECKING:
    from .cards import CardDef, Facts
    from .state import BuddyfightState

AREAS = ("left", "center", "right")          # the monster areas (BF-5.2)
FIELD = (*AREAS, "item")                      # the field: the monster areas and the item area
PILES = ("deck", "hand", "gauge", "drop", "set")
PLAYING = "playing"
AREA_ZONES = frozenset(f"{seat}.{a}" for seat in (0, 1) for a in AREAS)     # a monster on the field
FIELD_ZONES = frozenset(f"{seat}.{a}" for seat in (0, 1) for a in FIELD)    # a card on the field
PLACES = (*PILES, *FIELD, "flag", "buddy")
# (seat, place) -> zone name, for every place a card can be moved to ("playing" is shared).
ZONE = {(seat, p): f"{seat}.{p}" for seat in (0, 1) for p in PLACES} | {(seat, PLAYING): PLAYING for seat in (0, 1)}


class Card(CardInstance):
    """One physical card: besides the core fields, its soul (a zone of its own), the card it
    is the soul of, its modifiers and whether Double Attack stood it this turn; ``f`` is its
    definition's facts (cards.Facts)."""

    __slots__ = ("soul", "host", "mods", "dbl_used", "f")

    d: CardDef
    f: Facts
    owner: int

    def __init__(self, uid: int, d: CardDef, owner: int, zone: str):
        CardInstance.__init__(self, uid, d, owner, zone)
        self.f = d.facts                          # the definition's facts, read fast (cards.Facts)
        self.soul: list[int] = []                 # the uids in zone ``soul.<uid>`` (see soul_zone)
        self.host: int | None = None
        self.mods: list[Mod] = []                 # core/modifiers.py: {power, defense, critical, grant, until}
        self.dbl_used = False

    @property
    def place(self) -> str:
        """Where the card is, without the seat: "hand", "center", "soul", "playing"..."""
        z = self.zone
        return z[2:] if z[1:2] == "." else z.partition(".")[0]


def soul_zone(s: BuddyfightState, host: int) -> str:
    """The zone of ``host``'s soul, made the first time a card goes there (most cards never
    have a soul; until then ``Card.soul`` is an empty list of its own)."""
    name = f"soul.{host}"
    if name not in s.zones:
        s.cards[host].soul = s.zones.add(name)
    return name


class Fighter:
    """One fighter: life, world, buddy call, and its zones (the lists the core Zones hold)."""

    __slots__ = ("seat", "deck", "hand", "gauge", "drop", "set", "field", "area_lists", "field_lists", "flag",
                 "buddy", "life", "buddy_called", "world", "deck_id")

    def __init__(self, seat: int, zones: Zones[Card]):
        self.seat = seat
        self.deck = zones.add(f"{seat}.deck")
        self.hand = zones.add(f"{seat}.hand")
        self.gauge = zones.add(f"{seat}.gauge")
        self.drop = zones.add(f"{seat}.drop")
        self.set = zones.add(f"{seat}.set")
        self.field = {a: zones.add(f"{seat}.{a}", 1) for a in FIELD}
        # The same lists in AREAS and FIELD order, for the loops every listing runs (no name look-ups).
        self.area_lists = tuple(self.field[a] for a in AREAS)
        self.field_lists = tuple(self.field[a] for a in FIELD)
        zones.add(f"{seat}.flag", 1)
        zones.add(f"{seat}.buddy", 1)
        self.flag = -1                            # uids, once the decks are built
        self.buddy = -1
        self.life = 10
        self.buddy_called = False
        self.world = ""
        self.deck_id = ""

    def at(self, area: str) -> int | None:
        """The card in one of the four field areas, or None."""
        lst = self.field[area]
        return lst[0] if lst else None

    @property
    def areas(self) -> dict[str, int | None]:
        """The four field areas and what is in each."""
        return {a: (lst[0] if lst else None) for a, lst in self.field.items()}
