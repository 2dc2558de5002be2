"""What a seat has seen of the hidden cards stays seen when its bot deals the table again (core
determinize, State.known_to): the monsters it peeked at on top of the deck (XJ-7.2, XJ-7.10) and a
card it gave to a teammate (XJ-8.1). Any other seat's deal moves them as it pleases, a shuffle takes
the knowledge away, and so does the card moving on. Before, a bot that had just looked at the top
monster fought or fled as if it had not."""
from __future__ import annotations

import random

import pytest

from tabletop_rules.core.determinize import determinize


def _after(xj, kind, players, seeds=400):
    """States just after an event of ``kind`` in seeded random games, with that event."""
    found = 0
    for seed in range(seeds):
        rng = random.Random(seed)
        st = xj.new_game(seed=seed, players=players)
        while not st.is_over and found < 3:
            events = st.apply(rng.choice(st.legal_actions()))
            hit = next((e for e in events if e.kind == kind), None)
            if hit is not None:
                found += 1
                yield st, hit
                break
        if found >= 3:
            return
    assert found, f"no {kind!r} in {seeds} random games"


def _places(st, uids):
    return [(st.cards[u].zone, st.zones.lists[st.cards[u].zone].index(u)) for u in uids]


@pytest.mark.clause("XJ-7.2")
@pytest.mark.clause("XJ-7.10")
def test_the_monsters_a_seat_peeked_at_stay_on_top_in_its_deals_only(xj):
    for st, ev in _after(xj, "peek", 2):
        seat = ev.data["seat"]
        n = ev.data.get("n", 1)
        top = st.monsters[-n:]
        where = _places(st, top)
        assert set(top) <= st.known_to(seat)
        for k in range(20):
            assert _places(determinize(st, seat, random.Random(k)), top) == where
        moved = sum(_places(determinize(st, 1 - seat, random.Random(k)), top) != where for k in range(20))
        assert moved, "the other seat, which did not look, would know the top monsters too"


@pytest.mark.clause("XJ-7.2")
def test_a_shuffle_or_the_card_moving_on_ends_what_was_seen(xj):
    st, ev = next(_after(xj, "peek", 2))
    seat = ev.data["seat"]
    top = st.monsters[-1]
    st.shuffle(st.monsters)
    assert top not in st.known_to(seat)
    st, ev = next(_after(xj, "peek", 2))
    seat = ev.data["seat"]
    top = st.monsters[-1]
    st.move(top, "monster_discard")            # revealed and discarded: no longer a hidden card
    st.move(top, "monsters")                   # back unseen: the seat cannot know where
    assert top not in st.known_to(seat)


@pytest.mark.clause("XJ-8.1")
def test_a_card_given_to_a_teammate_stays_in_that_hand_in_the_givers_deals_only(xj):
    for st, ev in _after(xj, "give", 4):
        giver, to = ev.data["seat"], ev.data["to"]
        uid = next(u for u in st.p[to].hand if st.cards[u].cid == ev.data["card"] and u in st.known_to(giver))
        assert st.cards[uid].zone == f"{to}.hand"
        for k in range(10):
            assert determinize(st, giver, random.Random(k)).cards[uid].zone == f"{to}.hand"
        other = next(s for s in range(4) if s not in (giver, to))
        assert any(determinize(st, other, random.Random(k)).cards[uid].zone != f"{to}.hand" for k in range(20))
