"""Seeing the table as one seat sees it: a determinization, which the ISMC bot (core/bots.py)
searches from.

A bot must decide from its own seat's information (DESIGN.md: bots never peek). Searching from
``state.clone()`` peeks: the clone holds the other seats' hands, every deck's order and the
state's random generator, which knows every future shuffle. ``determinize(state, seat, rng)``
gives instead a state the seat cannot tell from the real one (the same ``view(seat)``), with
everything it cannot see dealt again at random: the cards of each *pool* of secret zones are
shuffled among that pool's places, and the random generator is reseeded from the bot's own.
Cards of those zones that the seat has seen where they lie (``State.known_to``, recorded with
``Zones.learn``: the monsters it peeked at on top of the deck, a card it gave to another hand, the
card it charged face down) are not dealt again: a player does not forget what it has seen.

A game declares its secret zones as data on its State class (``secret_zones``): a mapping of
zone-name patterns to pool names, with ``{me}`` standing for the seat that looks and ``{o}`` for
each other seat. Buddyfight's, for instance::

    secret_zones = {"{o}.hand": "{o}.unseen", "{o}.deck": "{o}.unseen", "{me}.deck": "{me}.deck"}

(the other player's hand and deck are one pool: the seat does not know which of their cards is
where; its own deck is a pool of its own: it knows what is in it, not the order). Cards of a
pool are dealt only to that pool's places, so a mission never lands in a hand. The pool is
taken in uid order before it is shuffled, so the result depends on the seat's view and the
bot's generator only (``tests`` check both: the same view, and the same decision from two real
states that differ only in what the seat cannot see).
"""
from __future__ import annotations

import random
from typing import Any


def secret_pools(state: Any, seat: int) -> dict[str, list[str]]:
    """Pool name -> the zone patterns in it, for ``seat``: ``zone``, ``zone~down`` (only the
    face-down cards of that zone) or ``zone~under`` (all but its top card, which lies face up);
    zones the game does not have are left out."""
    patterns: dict[str, str] = getattr(type(state), "secret_zones", None) or {}
    zones = state.zones.lists
    pools: dict[str, list[str]] = {}
    others = [s for s in range(state.players) if s != seat]
    for pattern, pool in patterns.items():
        for o in (others if "{o}" in pattern or "{o}" in pool else [None]):
            name = pattern.format(me=seat, o=o)
            if name.split("~", 1)[0] in zones:
                pools.setdefault(pool.format(me=seat, o=o), []).append(name)
    return pools


def determinize(state: Any, seat: int, rng: random.Random) -> Any:
    """A copy of ``state`` as ``seat`` might believe it to be (see the module doc). A place keeps
    how its card lies (face up or down, standing or rested) when another card is dealt to it."""
    sim = state.clone()
    zones = sim.zones
    cards = zones.cards
    knows = getattr(state, "known_to", None)    # what the seat has seen stays where it is (State.known_to)
    known = knows(seat) if knows is not None else ()
    for _pool, names in sorted(secret_pools(sim, seat).items()):
        places = []
        for name in names:
            zone, _, only = name.partition("~")
            for i, uid in enumerate(zones.lists[zone]):
                if uid in known:
                    continue
                c = cards[uid]
                top = i == len(zones.lists[zone]) - 1
                if not only or (only == "down" and not c.face_up) or (only == "under" and not top):
                    places.append((zone, i, c.face_up, c.rested))
        uids = sorted(zones.lists[z][i] for z, i, _f, _r in places)
        rng.shuffle(uids)
        for (z, i, face_up, rested), uid in zip(places, uids, strict=True):
            zones.lists[z][i] = uid
            c = cards[uid]
            c.zone, c.face_up, c.rested = z, face_up, rested
    sim.rng.seed(rng.getrandbits(64))
    sim._legal_cache = None
    return sim
