"""Random play: the properties DESIGN.md section 2 promises, on many Vividz games.

Every game must end without an exception and by the rules (missions completed or a deck-out,
never a cap), every phase change must be an edge of the flow, together the games visit every
node, no card is created or lost, the same seed gives the same record, replays match, and
actions that are not listed are refused with a clause, changing nothing.
"""
from __future__ import annotations

from collections import Counter

import pytest
from vv_helpers import placed

from tabletop_rules.core import conformance
from tabletop_rules.core.bots import RandomBot

GAMES = 120


@pytest.fixture(scope="module")
def games(vv):
    return [conformance.play_random(vv, seed) for seed in range(GAMES)]


def census_ok(st):
    where = st.census()
    assert sorted(where) == list(range(len(st.cards))), "a card is in no zone, or in two"
    assert all(where[c.uid] == c.zone for c in st.cards)
    assert len(st.cards) == 2 * (1 + 3 + 50)


@pytest.mark.clause("VV-1.2", "VV-1.4")
def test_every_game_ends_by_missions_or_deck_out(vv, games):
    ends = Counter()
    for st in games:
        assert conformance.ending_problems(vv, st) == []
        assert st.winners in ((0,), (1,)) and st.phase == "game-over"
        ends[st.log[-1].clause] += 1
    assert set(ends) <= {"VV-1.2", "VV-1.3", "VV-1.4"}, ends
    assert ends["VV-1.2"] > GAMES // 5 and ends["VV-1.4"] > GAMES // 10, ends
    wins = Counter(st.winners for st in games)
    assert wins[(0,)] > GAMES // 10 and wins[(1,)] > GAMES // 10


def test_every_phase_change_is_an_edge_and_every_event_cites_a_clause(vv, games):
    for st in games:
        assert conformance.flow_problems(vv, st) == []
        assert conformance.clause_problems(vv, st) == []
        assert all(ev.clause for ev in st.log), "every Vividz event cites a clause"


def test_random_play_visits_every_node(vv, games):
    seen = conformance.visited(vv, games)
    assert seen == set(vv.flow.graph.nodes), f"never visited: {set(vv.flow.graph.nodes) - seen}"


def test_random_play_uses_every_kind_of_action(vv, games):
    kinds = Counter(a["kind"] for st in games for a in st.record.actions)
    assert set(kinds) == set(vv.state_cls.book.moves.kinds), set(vv.state_cls.book.moves.kinds) - set(kinds)


def test_no_card_is_created_or_lost(games):
    for st in games:
        census_ok(st)


def test_same_seed_same_record(vv):
    for seed in range(6):
        assert conformance.play_random(vv, seed).record.to_json() == conformance.play_random(vv, seed).record.to_json()


def test_replay_gives_the_same_state(vv, games):
    for st in games[:25]:
        assert conformance.replay_problems(vv, st) == []


def test_replay_partway(vv):
    st = vv.new_game(seed=7)
    bot = RandomBot(7)
    views = []
    for _ in range(60):
        if st.is_over:
            break
        views.append(st.view(None))
        st.apply(bot.choose(st))
    for n in (0, 17, len(views) - 1):
        assert vv.replay(st.record, upto=n).view(None) == views[n]


def test_clone_is_independent(vv):
    assert conformance.clone_problems(vv) == []


def test_unlisted_actions_are_refused_and_change_nothing(vv):
    assert conformance.refusal_sweep(vv, range(1000, 1012), census=census_ok) > 300


def test_views_hide_the_other_hand_and_the_deck_order(games):
    st = games[0]
    for seat in (0, 1):
        v = st.view(seat)
        assert v["players"][seat]["hand"] is not None and v["players"][1 - seat]["hand"] is None
        assert all("deck_order" not in p for p in v["players"])
    assert all("deck_order" in p for p in st.view(None)["players"])


@pytest.mark.parametrize("decks", [["ren-demo", "aoi-demo"], ["aoi-demo", "aoi-demo"], ["ren-demo", "ren-demo"]])
def test_random_play_with_other_decks(vv, decks):
    """Other pairings change the cards, never the guarantees: games end by the rules, replays match."""
    ends = Counter()
    for seed in range(25):
        st = vv.new_game(seed=seed, options={"decks": decks})
        bot = RandomBot(seed)
        while not st.is_over:
            st.apply(bot.choose(st))
        ends[st.log[-1].clause] += 1
        assert conformance.flow_problems(vv, st) == []
        census_ok(st)
        if seed < 5:
            assert conformance.replay_problems(vv, st) == []
    assert set(ends) <= {"VV-1.2", "VV-1.3", "VV-1.4"}


def test_setup_hides_face_down_missions_from_the_opponent(vv):
    st = placed(vv, 0)
    assert st.phase == "setup.energy"
    theirs = st.view(0)["players"][1]["lanes"][0]["mission"]
    mine = st.view(0)["players"][0]["lanes"][0]["mission"]
    assert "id" not in theirs and not theirs["face_up"] and mine["id"]
    st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])
    assert st.view(0)["players"][1]["lanes"][0]["mission"]["id"]       # revealed at the start


@pytest.mark.clause("VV-1.2", "VV-7.10", "VV-9.1")
def test_the_sample_game_shows_what_a_walkthrough_needs(vv):
    from tabletop_rules.games.vividz.sample import SHOWS, sample_game

    st = sample_game(vv)
    assert st.log[-1].clause == "VV-1.2" and st.turn <= 6
    assert set(SHOWS) <= {e.kind for e in st.log}
    assert vv.replay(st.record).view(None) == st.view(None)
