"""core Zones.learn: what a seat has seen of a hidden card's place lasts while the card stays there.
Moving it (even back to the same zone), lifting it or forgetting its pile (a shuffle) ends it, and a
seat's knowledge is its own."""
from __future__ import annotations

from types import SimpleNamespace

from tabletop_rules.core.zones import CardInstance, Zones


def _table():
    z: Zones[CardInstance] = Zones()
    for name in ("deck", "hand", "drop"):
        z.add(name)
    for uid in range(4):
        z.new(CardInstance(uid, SimpleNamespace(id=f"c{uid}"), 0, "deck"))
    return z


def test_a_seen_card_is_known_while_it_stays_where_it_was_seen():
    z = _table()
    z.learn(0, [3, 2])
    assert z.known_to(0) == {2, 3} and z.known_to(1) == set()
    z.move(3, "hand")
    assert z.known_to(0) == {2}
    z.move(3, "deck")                       # back where it was, but unseen on the way
    assert z.known_to(0) == {2}


def test_lifting_or_forgetting_a_pile_ends_what_was_seen():
    z = _table()
    z.learn(0, [0, 1])
    z.learn(1, [1])
    z.put(z.take(0).uid, "deck")
    assert z.known_to(0) == {1}
    z.forget(z["deck"])                      # the deck was shuffled
    assert z.known_to(0) == set() and z.known_to(1) == set()
