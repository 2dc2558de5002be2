"""One zone and card model for every game: where each physical card is, and how it lies.

Every physical card of a game is a ``CardInstance`` (its definition, owner, zone, and whether it
is face up and standing) and sits in exactly one named zone (``0.hand``, ``1.left``, ``pile.2``,
``mirror.pile``...). Zones are plain lists of card uids (the *end* of a list is its top), so a
clone copies them cheaply and the census that tests check ("no card created or lost") is the
zones themselves. A zone may hold at most ``cap`` cards (a monster area holds one).

Games name their zones; rules about *which* zone a card may go to stay in the game.

The zones also keep what a seat has seen of cards in zones hidden from it (``learn``): the monsters
it peeked at on top of a deck, a card it put face down itself. It knows a card's place until the card
moves on or its pile is shuffled (``forget``); a bot's determinization leaves such cards where they
are (core/determinize.py, ``State.known_to``).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar


class CardInstance:
    """One physical card: ``cid`` its definition id, ``d`` the definition, ``uid`` its identity
    in this game. ``face_up`` and ``rested`` are the two ways a card can lie (face up / face
    down, standing / rested). Games subclass to add what their cards carry."""

    __slots__ = ("uid", "cid", "d", "owner", "zone", "face_up", "rested")

    def __init__(self, uid: int, d: Any, owner: int | None, zone: str, face_up: bool = True):
        self.uid = uid
        self.cid: str = d.id
        self.d = d
        self.owner = owner
        self.zone = zone
        self.face_up = face_up
        self.rested = False


C = TypeVar("C", bound=CardInstance)


class ZoneError(RuntimeError):
    """A move the engine should never make (a card put into a full or unknown zone)."""


class Zones(Generic[C]):
    """The table: zones by name, and every card instance by uid."""

    __slots__ = ("lists", "caps", "cards", "seen")

    def __init__(self) -> None:
        self.lists: dict[str, list[int]] = {}
        self.caps: dict[str, int] = {}
        self.cards: list[C] = []
        # seat -> {card uid: the zone it was seen in} (``learn``); empty in most games
        self.seen: dict[int, dict[int, str]] = {}

    def add(self, name: str, cap: int | None = None) -> list[int]:
        """Create zone ``name`` (idempotent) and return its list."""
        lst = self.lists.get(name)
        if lst is None:
            lst = self.lists[name] = []
            if cap is not None:
                self.caps[name] = cap
        return lst

    def __getitem__(self, name: str) -> list[int]:
        return self.lists[name]

    def __contains__(self, name: object) -> bool:
        return name in self.lists

    def new(self, card: C) -> int:
        """Register a new card instance (its ``uid`` must be the next one) in its zone."""
        if card.uid != len(self.cards):
            raise ZoneError(f"card uid {card.uid} out of order (next is {len(self.cards)})")
        self.cards.append(card)
        self._insert(card.uid, card.zone, None)
        return card.uid

    def new_pile(self, zone: str, counts: Iterable[tuple[Any, int]], make: Callable[[int, Any], C]) -> None:
        """A whole pile of new cards at once (a deck at setup): for each ``(definition, count)``,
        ``count`` cards ``make(uid, definition)`` with the next uids, in order, on top of ``zone``.
        What ``new`` does card by card, for a zone without a cap (a game builds 100+ cards a setup)."""
        if zone in self.caps:
            raise ZoneError(f"zone {zone!r} has a cap: add its cards one by one (new)")
        cards, pile = self.cards, self.add(zone)
        for d, n in counts:
            for _ in range(n):
                uid = len(cards)
                cards.append(make(uid, d))
                pile.append(uid)

    def take(self, uid: int) -> C:
        """Lift a card out of its zone (it must then be ``put`` somewhere)."""
        c = self.cards[uid]
        self.lists[c.zone].remove(uid)
        if self.seen:
            self.forget((uid,))
        return c

    def put(self, uid: int, zone: str, index: int | None = None) -> None:
        """Put a lifted card into ``zone``: on top (default) or at ``index`` (0 = bottom)."""
        self._insert(uid, zone, index)
        self.cards[uid].zone = zone

    def move(self, uid: int, zone: str, index: int | None = None) -> None:
        """Take a card from where it is and put it into ``zone``.

        The hottest call of every game, so ``take`` and ``put`` are written out here; the
        target is checked before the card is lifted, so a refused move changes nothing."""
        c = self.cards[uid]
        lists = self.lists
        lst = lists.get(zone)
        if lst is None:
            raise ZoneError(f"no zone {zone!r}")
        cap = self.caps.get(zone)
        if cap is not None and len(lst) - (c.zone == zone) >= cap:
            raise ZoneError(f"zone {zone!r} is full ({cap})")
        lists[c.zone].remove(uid)
        if index is None:
            lst.append(uid)
        else:
            lst.insert(index, uid)
        c.zone = zone
        if self.seen:                  # where it went is for the game's events to tell (``learn``)
            self.forget((uid,))

    # ----- what a seat has seen of hidden cards ---------------------------------------------------
    def learn(self, seat: int, uids: Iterable[int]) -> None:
        """``seat`` has seen where these cards lie, in zones otherwise hidden from it. It knows it
        while each card stays there: ``move`` and ``take`` forget a card, a shuffle must ``forget``
        the pile (a game's own ``learn`` after a move records where the card went)."""
        seen = self.seen.setdefault(seat, {})
        cards = self.cards
        for uid in uids:
            seen[uid] = cards[uid].zone

    def forget(self, uids: Iterable[int]) -> None:
        """No seat knows any more where these cards are (they moved, or their pile was shuffled)."""
        for seen in self.seen.values():
            if seen:
                for uid in uids:
                    seen.pop(uid, None)

    def known_to(self, seat: int) -> set[int]:
        """The cards whose place ``seat`` has seen and that are still there."""
        seen = self.seen.get(seat)
        if not seen:
            return set()
        cards = self.cards
        return {uid for uid, zone in seen.items() if cards[uid].zone == zone}

    def top(self, zone: str) -> int | None:
        lst = self.lists[zone]
        return lst[-1] if lst else None

    def slot(self, zone: str) -> int | None:
        """The card in a one-card zone (a monster area), or None."""
        lst = self.lists[zone]
        return lst[0] if lst else None

    def census(self) -> dict[int, str]:
        """Where every card is: uid -> zone name (tests check no card is created or lost)."""
        return {u: z for z, lst in self.lists.items() for u in lst}

    def _insert(self, uid: int, zone: str, index: int | None) -> None:
        lst = self.lists.get(zone)
        if lst is None:
            raise ZoneError(f"no zone {zone!r}")
        cap = self.caps.get(zone)
        if cap is not None and len(lst) >= cap:
            raise ZoneError(f"zone {zone!r} is full ({cap})")
        if index is None:
            lst.append(uid)
        else:
            lst.insert(index, uid)
