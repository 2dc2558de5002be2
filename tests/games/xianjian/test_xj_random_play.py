"""Random play for 2, 3 and 4 players: the properties DESIGN.md section 2 promises for every game.

300 games per player count with random bots (uniform among the legal actions but conceding, a
person's choice, XJ-6.3: the games reach battles, deaths and the end of the monster deck). Every
game must end without an exception, every phase change must be an edge of the flow graph,
together they must visit every node, no card may be created or lost, the same seed must give the
same record, replays must give the same state, and actions that are not listed must be refused
with a clause, changing nothing.
"""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from xj_helpers import play

from tabletop_rules.core import conformance
from tabletop_rules.core.actions import Action, IllegalAction
from tabletop_rules.core.bots import RandomBot

GAMES = 300
COUNTS = (2, 3, 4)


@pytest.fixture(scope="module")
def games(xj):
    return {n: [play(xj, seed, n) for seed in range(GAMES)] for n in COUNTS}


def census_ok(st):
    where = st.census()
    assert sorted(where) == list(range(len(st.cards))), "a card is in no zone, or in two"
    assert all(where[u] == st.cards[u].zone for u in where)
    assert Counter(c.d.kind for c in st.cards) == {"monster": 16, "event": 20, "hand": 45, "character": 9}


@pytest.mark.parametrize("n", COUNTS)
def test_every_game_ends_with_a_team_or_a_draw(games, xj, n):
    teams = {"A": tuple(s for s in range(n) if s % 2 == 0), "B": tuple(s for s in range(n) if s % 2 == 1)}
    ends = Counter()
    for st in games[n]:
        assert conformance.ending_problems(xj, st) == []
        assert st.winners in ((), teams["A"], teams["B"]) and st.result
        assert st.phase == "game-over"
        ends[st.log[-1].clause] += 1
    # bots play games out: they end by elimination or the monster deck, never by a concession
    assert set(ends) >= {"XJ-6.1", "XJ-6.2"} and "XJ-6.3" not in ends, ends
    assert sum(1 for st in games[n] if st.winners == teams["A"]) > GAMES // 10
    assert sum(1 for st in games[n] if st.winners == teams["B"]) > GAMES // 10


@pytest.mark.parametrize("n", COUNTS)
def test_every_phase_change_is_an_edge_and_events_cite_clauses(games, xj, n):
    for st in games[n]:
        assert conformance.flow_problems(xj, st) == []
        assert conformance.clause_problems(xj, st) == []
        assert all(ev.clause is not None for ev in st.log), "every event cites a clause"


def test_random_play_visits_every_node(games, xj):
    seen = conformance.visited(xj, [st for n in COUNTS for st in games[n]])
    assert seen == set(xj.flow.graph.nodes), f"never visited: {set(xj.flow.graph.nodes) - seen}"


@pytest.mark.parametrize("n", COUNTS)
def test_no_card_is_created_or_lost(games, n):
    for st in games[n]:
        census_ok(st)


@pytest.mark.parametrize("n", COUNTS)
def test_same_seed_same_record_json(xj, games, n):
    for seed in range(10):
        assert play(xj, seed, n).record.to_json() == games[n][seed].record.to_json()


@pytest.mark.parametrize("n", COUNTS)
def test_replay_gives_the_same_state(xj, games, n):
    for st in games[n][:30]:
        assert conformance.replay_problems(xj, st) == []


def test_replay_partway_is_the_state_at_that_moment(xj):
    st = xj.new_game(seed=5, players=4)
    bot = RandomBot(5)
    views = []
    while not st.is_over and len(views) < 80:
        views.append(st.view(None))
        st.apply(bot.choose(st))
    for k in (0, 13, 41, len(views) - 1):
        assert xj.replay(st.record, upto=k).view(None) == views[k]


@pytest.mark.parametrize("n", COUNTS)
def test_listed_actions_apply_and_unlisted_ones_are_refused(xj, n):
    """Every listed action applies (the bots apply them); an unlisted action raises IllegalAction
    citing a clause and leaves the view, the log and the record exactly as they were."""
    rng = random.Random(n)
    pool: list[Action] = []
    refused = 0

    def check(st, step):
        nonlocal refused
        legal = st.legal_actions()
        assert legal and all(a.player == st.current_player for a in legal)
        pool.extend(rng.sample(legal, min(2, len(legal))))
        if step % 4:
            return
        census_ok(st)
        keys = {a.key for a in legal}
        before_view, before_log, before_rec = json.dumps(st.view(None)), len(st.log), st.record.to_json()
        for cand in rng.sample(pool, min(4, len(pool))):
            for act in (cand, Action(cand.kind, (cand.player + 1) % n, cand.args)):
                if act.key in keys:
                    continue
                with pytest.raises(IllegalAction) as err:
                    st.apply(act)
                assert err.value.reason and err.value.clause in xj.rules, (act, err.value)
                assert len(st.log) == before_log and st.record.to_json() == before_rec, act
                refused += 1
        assert json.dumps(st.view(None)) == before_view
        assert st.legal_actions() == legal

    for seed in range(8):
        play(xj, 5000 + seed, n, check)
    assert refused > 300


@pytest.mark.parametrize("n", COUNTS)
def test_refusal_sweep_with_plain_random_bots(xj, n):
    """The shared sweep (core.conformance) with the benchmark's RandomBots, cards counted too."""
    assert conformance.refusal_sweep(xj, range(7000, 7012), players=n, census=census_ok) > 150


def test_garbage_actions_are_refused_with_a_clause(xj):
    st = xj.new_game(seed=3, players=3)
    bot = RandomBot(3)
    junk = [Action("fight", 0, {}), Action("play", 1, {"card": 10_000}), Action("war_card", 2, {"card": "x"}),
            Action("no_such_kind", 0, {}), Action("revive", 0, {"card": 0, "seat": 9}), Action("concede", 7, {}),
            Action("pick_drawer", 0, {"seat": 0}), Action("equip", 0, {"card": None})]
    for _ in range(150):
        if st.is_over:
            break
        for a in junk:
            if a in st.legal_actions():
                continue
            before = json.dumps(st.view(None))
            with pytest.raises(IllegalAction) as err:
                st.apply(a)
            assert err.value.clause in xj.rules
            assert json.dumps(st.view(None)) == before
        st.apply(bot.choose(st))


def test_views_hide_hands_deck_orders_and_unrevealed_characters(games, xj):
    for n in COUNTS:
        st = games[n][0]
        for seat in range(n):
            v = st.view(seat)
            assert "referee" not in v
            for o, sv in enumerate(v["players"]):
                assert (sv["hand"] is None) == (o != seat)
                json.dumps(v)
        assert "deck_order" in st.view(None)["referee"]
    st = xj.new_game(seed=1, players=4)
    st.apply(st.legal_actions()[0])
    v = st.view(2)
    assert v["players"][0]["character"] is None and v["players"][0]["dealt"] is None
    # the hidden events show the others only their public text
    for ev in st.log:
        if "only" in ev.data:
            assert ev.text_for(ev.data["only"]) == ev.text
            other = (ev.data["only"] + 1) % 4
            assert ev.text_for(other) == xj.texts.render(ev.data["public"], ev.data)
            assert ev.text_for(other) != ev.text


def test_plain_random_bots_also_finish(xj):
    """The benchmark's bots (RandomBot, one per seat) for every count: games end, nobody concedes."""
    for n in COUNTS:
        for seed in range(40):
            st = xj.new_game(seed=seed, players=n)
            bots = [RandomBot(seed * n + k) for k in range(n)]
            steps = 0
            while not st.is_over:
                st.apply(bots[st.current_player].choose(st))
                steps += 1
                assert steps < 4000
            census_ok(st)
            assert st.log[-1].clause != "XJ-6.3"


def test_clone_is_independent(xj):
    st = xj.new_game(seed=8, players=4)
    bot = RandomBot(8)
    for _ in range(60):
        st.apply(bot.choose(st))
    before = st.view(None)
    twin = st.clone()
    other = RandomBot(9)
    while not twin.is_over:
        twin.apply(other.choose(twin))
    assert st.view(None) == before
    assert st.legal_actions() == xj.replay(st.record).legal_actions()
