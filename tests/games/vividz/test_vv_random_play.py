"""Random play: the properties DESIGN.md section 2 promises, on many Vividz games.

Every game must end without an exception and by the rules (missions completed or a deck-out,
never a cap), every phase change must be an edge of the flow, together the games visit every
node, no card is created or lost, the same seed gives the same record, replays match, and
actions that are not listed are refused with a clause, changing nothing.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from tabletop_rules.core import conformance
from tabletop_rules.core.actions import Action, IllegalAction
from tabletop_rules.core.bots import RandomBot
from tabletop_rules.core.moves import Refusal

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


def _answering_listers(st):
    if st.choices:
        return st.choices[-1].lister_fns(st)
    return list(st.phase_listers())


def test_one_home_per_rule_listing_and_refusing_agree(vv):
    """The same check tests/test_every_game.py makes of registered games (vividz is not yet
    registered): listers list and explain; refusals are theirs or the kind's sentences."""
    book = vv.state_cls.book
    assert book.moves.check(vv.flow.nodes) == []
    rng = random.Random(5)
    pool: list[Action] = []
    checked = from_listers = 0
    for seed in range(4):
        st = vv.new_game(seed=seed)
        bot = RandomBot(seed)
        steps = 0
        while not st.is_over and steps < 400:
            legal = st.legal_actions()
            listers = _answering_listers(st)
            ch = st.choices[-1] if st.choices else None
            fixed = {(o if isinstance(o, Action) else Action(ch.kind, ch.player, o[0])).key
                     for o in (ch.options or ())} if ch else set()
            for a in rng.sample(legal, min(4, len(legal))):
                if a.key in fixed:
                    continue
                found = book.moves.explain(st, a, listers)
                assert type(found) is Action and found.key == a.key, f"{a} is listed but its lister says {found}"
            pool.extend(rng.sample(legal, min(2, len(legal))))
            keys = {a.key for a in legal}
            for cand in rng.sample(pool, min(4, len(pool))):
                for act in (cand, Action(cand.kind, 1 - cand.player, cand.args)):
                    if act.key in keys:
                        continue
                    with pytest.raises(IllegalAction) as info:
                        st.apply(act)
                    err = info.value
                    checked += 1
                    kind_listers = [fn for fn in listers if act.kind in book.moves.kinds_of((fn,))]
                    found = book.moves.explain(st, act, kind_listers) if kind_listers else None
                    if isinstance(found, Refusal):
                        from_listers += 1
                        assert (err.reason, err.clause) == (found.reason, found.clause or err.clause)
                    elif found is None and act.player == st.current_player and not st.choices:
                        kind = book.moves.kinds[act.kind]
                        assert err.reason in (kind.not_now[0], kind.no_such[0])
            st.apply(bot.choose(st))
            steps += 1
    assert checked > 50 and from_listers > 5, (checked, from_listers)


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
    st = vv.new_game(seed=0)
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
