"""Core owns the glue every game repeated (issue 37.3): one home in core for what was written per game."""
from __future__ import annotations

import random

import pytest

import tabletop_rules as tr
from tabletop_rules.core.state import State

GAMES = tr.list_games()


@pytest.mark.parametrize("gid", GAMES)
def test_census_is_cores_and_no_card_is_created_or_lost(gid):
    """Every game's census is core's (no game writes its own) and, through random play, every card the
    game made at the start is still somewhere, once."""
    game = tr.load_game(gid)
    assert all("census" not in vars(cls) for cls in game.state_cls.__mro__ if cls is not State), gid
    s = game.new_game(seed=5, players=game.player_counts[0])
    start = s.census()
    assert start, gid
    rng = random.Random(5)
    for _ in range(300):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
        assert sorted(s.census()) == sorted(start), gid


@pytest.mark.parametrize("gid", GAMES)
def test_every_view_opens_with_cores_header(gid):
    """Every game's view, for each seat and the referee, carries core's header as it is: the phase in both
    languages, who won and who lost, and the ending in both languages once the game is over."""
    from tabletop_rules.core.view import header

    game = tr.load_game(gid)
    s = game.new_game(seed=2, players=game.player_counts[0])
    rng = random.Random(2)
    for _ in range(3000):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
    assert s.is_over, gid
    head = header(s)
    for seat in (*range(s.players), None):
        v = s.view(seat)
        assert {k: v.get(k) for k in head} == head, (gid, seat)
    assert head["phase_label_zh"] == game.flow.label(s.phase, "zh")
    assert head["result_zh"] == s.describe_result("zh") and head["result"] == s.result
    assert head["winners"] == list(s.winners) and head["losers"] == list(s.losers)
    assert set(head["winners"]).isdisjoint(head["losers"])


@pytest.mark.parametrize("gid", GAMES)
def test_view_and_scenario_are_hooks_on_the_game(gid):
    """A game hands core its view and its scenario builder (``Game(view=..., scenario=...)``): no state
    class keeps a stub that only forwards to them, and a scenario builds a position through the hook."""
    game = tr.load_game(gid)
    assert game.scenario_fn is not None and all(
        "from_scenario" not in vars(cls) for cls in game.state_cls.__mro__), gid
    assert game.view_fn is not None or "view" in vars(game.state_cls), gid
    for ruling in game.rulings[:2]:
        result = ruling.check(game)
        assert result.state is None or result.state.view(None)["game"] == gid


def test_a_pile_of_new_cards_is_made_at_once_in_order():
    """``Zones.new_pile`` makes a deck's cards with the next uids, in the deck list's order, on top of the
    zone; a zone with a cap (a monster area holds one) is refused, leaving the table as it was."""
    from types import SimpleNamespace

    from tabletop_rules.core.zones import CardInstance, ZoneError, Zones

    a, b = SimpleNamespace(id="a"), SimpleNamespace(id="b")
    z: Zones = Zones()
    z.add("0.hand")
    z.new(CardInstance(0, a, 0, "0.hand"))
    z.new_pile("0.deck", [(a, 2), (b, 1)], lambda uid, d: CardInstance(uid, d, 0, "0.deck", False))
    assert z["0.deck"] == [1, 2, 3] and [c.cid for c in z.cards] == ["a", "a", "a", "b"]
    assert [c.face_up for c in z.cards] == [True, False, False, False]
    assert z.census() == {0: "0.hand", 1: "0.deck", 2: "0.deck", 3: "0.deck"}
    z.add("0.center", cap=1)
    with pytest.raises(ZoneError):
        z.new_pile("0.center", [(a, 1)], lambda uid, d: CardInstance(uid, d, 0, "0.center"))
    assert len(z.cards) == 4 and z["0.center"] == []


@pytest.mark.parametrize("gid", ["buddyfight", "vividz"])
def test_decks_are_built_in_deck_list_order(gid):
    """A deck is made in its list's order before it is shuffled: the same seed gives the same game, and the
    cards of a seat's deck are the deck list's cards, counted."""
    game = tr.load_game(gid)
    one, two = game.new_game(seed=11), game.new_game(seed=11)
    assert one.view(None) == two.view(None)
    from collections import Counter

    deck = game.decks[game.resolve_options(None)["decks"][0]]
    owned = Counter(c.cid for c in one.cards if c.owner == 0)
    assert all(owned[cid] >= n for cid, n in deck.cards.items()), gid
    # besides the deck list: a flag and a buddy (Buddyfight), an account and three missions (Vividz)
    assert 0 < sum(owned.values()) - sum(deck.cards.values()) <= 4, gid
