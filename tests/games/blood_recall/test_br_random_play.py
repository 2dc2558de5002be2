"""Random play over many seeds, for both game ids: the properties DESIGN.md section 2 promises.

300 full games per id with random bots; every game ends without an exception, every phase change
is an edge of the flow graph, random play visits every node, the same seed gives the same record,
a replay gives the same state, listed actions apply and unlisted ones are refused (citing a clause,
changing nothing), no card is created or lost, every event cites a clause of the game's rules,
and views hide what a seat may not see.
"""
from __future__ import annotations

import json

import pytest
from br_games import game

from tabletop_rules.core import conformance
from tabletop_rules.core.bots import RandomBot

GAMES = 300
IDS = ["duel", "story"]


def play(g, seed, check=None, options=None):
    return conformance.play_random(g, seed, options=options, check=check, max_steps=3000)


_PLAYED: dict = {}


@pytest.fixture(scope="module", params=IDS)
def played(request):
    """(game, the 300 finished games), computed once per id."""
    which = request.param
    if which not in _PLAYED:
        g = game(which)
        _PLAYED[which] = (g, [play(g, seed) for seed in range(GAMES)])
    return _PLAYED[which]


def test_every_game_ends_with_a_result(played):
    g, games = played
    for st in games:
        assert st.is_over and st.current_player is None and st.legal_actions() == []
        assert st.result and st.winners is not None and st.phase == "game-over"
    results = {st.winners for st in games}
    if g.id == "blood-recall-duel":
        assert results == {(0,), (1,)}
        assert sum(1 for st in games if st.winners == (0,)) > GAMES // 4
    else:
        assert results == {(0,), ()}                 # victories and defeats both happen
        # A defeat names the player as the loser: no story ends in a draw (issue 12).
        assert all(st.losers == (() if st.winners else (0,)) for st in games)


def test_every_phase_change_is_an_edge_of_the_flow(played):
    g, games = played
    for st in games:
        assert conformance.ending_problems(g, st) == []
        assert conformance.flow_problems(g, st) == []


def test_random_play_visits_every_node(played):
    g, games = played
    seen = conformance.visited(g, games)
    assert seen == set(g.flow.graph.nodes), f"never visited: {set(g.flow.graph.nodes) - seen}"


def test_every_event_cites_a_clause_of_the_game(played):
    g, games = played
    for st in games:
        assert conformance.clause_problems(g, st) == []
        assert all(ev.clause for ev in st.log)


def test_no_card_is_created_or_lost(played):
    g, games = played
    sizes = set()
    for st in games:
        census = st.zones.census()
        assert sorted(census) == list(range(len(st.cards))), "a card is in no zone, or in two"
        assert all(census[c.uid] == c.zone for c in st.cards)
        sizes.add(len(st.cards) - st.options["crimson_blood"] * st.players)
    assert len(sizes) == 1, "games of one id use the same components"


def test_same_seed_same_record_json(played):
    g, _ = played
    for seed in range(10):
        assert play(g, seed).record.to_json() == play(g, seed).record.to_json()


def test_replay_gives_the_same_state(played):
    g, games = played
    for st in games[:40]:
        assert conformance.replay_problems(g, st) == []


@pytest.mark.parametrize("which", IDS)
def test_replay_partway_is_the_state_at_that_moment(which):
    g = game(which)
    st = g.new_game(seed=5)
    bot = RandomBot(5)
    views = []
    while not st.is_over and len(views) < 40:
        views.append((st.view(None), [st.view(s) for s in range(st.players)]))
        st.apply(bot.choose(st))
    for n in (0, 7, len(views) - 1):
        again = g.replay(st.record, upto=n)
        assert (again.view(None), [again.view(s) for s in range(st.players)]) == views[n]


@pytest.mark.parametrize("which", IDS)
def test_listed_actions_apply_and_unlisted_ones_are_refused(which):
    """Every listed action applies (random play applies them); an action that is not listed raises
    IllegalAction with a clause of the game and leaves view, log and record exactly as they were.
    The census is checked before every action."""
    g = game(which)

    def census(st):
        assert sorted(st.zones.census()) == list(range(len(st.cards)))

    assert conformance.refusal_sweep(g, range(1000, 1030), census=census) > 1000


def _hidden_checks(st, seat):
    v = st.view(seat)
    for p in v["players"]:
        mine = p["seat"] == seat
        assert "deck_order" not in p
        assert (p["hand"] is not None) == mine and p["hand_count"] == len(st.seats[p["seat"]].hand)
        for r, u in zip(p["recallers"], st.seats[p["seat"]].recaller):
            if not mine and not st.cards[u].face_up:
                assert r.get("hidden") and "id" not in r
        if not mine and p["vessel"] is not None and not st.seats[p["seat"]].revealed:
            assert p["vessel"].get("hidden") and "id" not in p["vessel"]
        if not mine:
            assert isinstance(p["dealt"], int)
    for pile, i in zip(v["piles"], range(len(v["piles"]))):
        assert "order" not in pile
        top = st.zones[f"pile.{i}"]
        if top and not st.cards[top[-1]].face_up:
            assert pile["top"].get("hidden") and "id" not in pile["top"]
    if "story" in v:
        assert "deck_order" not in v["story"]


@pytest.mark.parametrize("which", IDS)
def test_views_hide_what_a_seat_may_not_see(which):
    g = game(which)
    secret_seen = 0
    for seed in range(20):
        st = g.new_game(seed=seed)
        bot = RandomBot(seed)
        while not st.is_over:
            for seat in range(st.players):
                _hidden_checks(st, seat)
            if st.phase == "setup.vessel" and st.current_player == 1:
                secret_seen += 1                     # seat 0 has chosen; seat 1 must not see it
                assert st.view(1)["players"][0]["vessel"]["hidden"]
            st.apply(bot.choose(st))
        json.dumps(st.view(None))
        ref = st.view(None)
        assert all("deck_order" in p for p in ref["players"])
        # Hidden draws: a seat reads the public text of another seat's draw.
        for ev in st.log:
            if ev.kind in ("draw", "deal", "choose") and ev.data.get("only") is not None and st.players == 2:
                other = 1 - ev.data["only"]
                assert ev.text_for(other) == g.texts.render(ev.data["public"], ev.data) != ev.text
    assert secret_seen == (20 if which == "duel" else 0)


@pytest.mark.parametrize("options", [{"difficulty": "nightmare", "madness": "king-of-a-thousand-eyes"},
                                     {"difficulty": "easy", "vessel": "kutoneshirika", "crimson_blood": 2}])
def test_story_random_play_with_options(options):
    g = game("story")
    for seed in range(30):
        st = play(g, seed, options=options)
        assert g.replay(st.record.to_json()).view(None) == st.view(None)
        assert st.record.options == g.resolve_options(options)


def test_duel_random_play_with_another_starting_deck():
    g = game("duel")
    for seed in range(30):
        st = play(g, seed, options={"crimson_blood": 6})
        assert g.replay(st.record.to_json()).view(None) == st.view(None)
