"""The mission condition language (VV-12.10): every counter, filter and form, read for the
mission's owner, on positions built by the scenario builder and a turn's records."""
from __future__ import annotations

import pytest

from tabletop_rules.core.datafile import DataError, validate
from tabletop_rules.games.vividz.conditions import COUNTERS, Cond, counter, describe, holds


def cond(data):
    return validate(Cond, data, "test", "condition")


@pytest.fixture
def board(kit):
    st = kit.scen(players=[{"field": [{"card": "aoi-headliner", "exp": 2}, "aoi-stagehand"], "hand": 2, "energy": 4,
                            "missions": [None, {"cleared": True}]},
                           {"field": [None, "ren-forge-titan"], "hand": 3}])
    st.turn_log = [
        {"kind": "attack", "by": 0, "lane": 0, "card": "aoi-headliner", "battle": False, "success": True,
         "p_success": True},
        {"kind": "attack", "by": 0, "lane": 1, "card": "aoi-stagehand", "battle": True, "success": False,
         "p_success": False},
        {"kind": "attack", "by": 1, "lane": 1, "card": "ren-forge-titan", "battle": True, "success": True,
         "p_success": False},
        {"kind": "retire", "seat": 1, "card": "ren-bolt-pup"},
        {"kind": "retire", "seat": 0, "card": "aoi-spotlight"},
        {"kind": "use", "seat": 0, "card": "aoi-headliner"},
        {"kind": "level_up", "seat": 0, "card": "aoi-headliner"},
        {"kind": "event", "seat": 0, "card": "aoi-fan-service"},
    ]
    return st


EXPECT_SEAT0 = {
    "attacks": 2, "attack_successes": 1, "p_attack_successes": 1, "direct_attacks": 1, "retires": 1,
    "own_retires": 1, "characters_used": 1, "level_ups": 1, "events_used": 1, "own_characters": 2,
    "opponent_characters": 1, "empty_lanes": 1, "own_empty_areas": 1, "opponent_empty_areas": 2, "energy": 4,
    "hand": 2, "exp": 2, "cleared_missions": 1,
}


@pytest.mark.clause("VV-12.10")
def test_every_counter_for_the_owner(board):
    assert set(EXPECT_SEAT0) == set(COUNTERS)
    got = {name: counter(board, name, 0, None) for name in COUNTERS}
    assert got == EXPECT_SEAT0
    assert counter(board, "attacks", 1, None) == 1 and counter(board, "retires", 1, None) == 1
    assert counter(board, "opponent_characters", 1, None) == 2


@pytest.mark.clause("VV-12.10")
def test_filters_and_forms(board):
    assert holds(board, cond({"count": "attacks", "where": {"cost_ge": 5}, "eq": 1}), 0)
    assert holds(board, cond({"count": "attacks", "where": {"card": "aoi-stagehand"}, "ge": 1}), 0)
    assert holds(board, cond({"count": "attacks", "where": {"into_empty": True}, "eq": 1}), 0)
    assert holds(board, cond({"count": "attacks", "where": {"opposing_empty_now": True}, "eq": 1}), 0)
    assert holds(board, cond({"count": "own_characters", "where": {"cost_le": 0}, "eq": 1}), 0)
    assert holds(board, cond({"diff": ["own_characters", "opponent_characters"], "ge": 1}), 0)
    assert not holds(board, cond({"diff": ["own_characters", "opponent_characters"], "ge": 2}), 0)
    assert holds(board, cond({"all": [{"count": "hand", "le": 2}, {"not": {"count": "energy", "eq": 0}}]}), 0)
    assert holds(board, cond({"any": [{"count": "hand", "ge": 9}, {"count": "exp", "ge": 2}]}), 0)
    texts = board.game.texts
    assert describe(cond({"count": "attacks", "where": {"cost_ge": 5}, "ge": 1}), texts) == \
        "attacks this turn (cost 5 or more): at least 1"


@pytest.mark.clause("VV-12.10")
@pytest.mark.parametrize("bad,msg", [
    ({"count": "attackz", "ge": 1}, "unknown counter"),
    ({"count": "attacks"}, "needs a comparison"),
    ({"count": "hand", "where": {"cost_ge": 1}, "ge": 1}, "cannot be filtered"),
    ({"count": "own_characters", "where": {"into_empty": True}, "ge": 1}, "cannot be filtered"),
    ({"diff": ["attacks", "hand"], "ge": 1}, "board counters"),
    ({"all": [], "ge": 1}, "only count and diff"),
    ({"count": "hand", "all": [], "ge": 1}, "exactly one"),
    ({"count": "hand", "gte": 1}, "unknown field"),
])
def test_bad_conditions_are_refused(bad, msg):
    with pytest.raises(DataError) as err:
        cond(bad)
    assert msg in str(err.value), str(err.value)


def test_every_counter_the_language_accepts_is_one_entry_of_the_books_counter_table():
    """The names a condition may count (VV-12.10) and the Book's table that counts them are the same,
    so a name the loader accepts always has a function, and a function no data can name is none."""
    from tabletop_rules.games.vividz.book import BOOK

    assert sorted(BOOK.registry("counter")) == sorted(COUNTERS)
