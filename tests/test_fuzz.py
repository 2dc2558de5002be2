"""Property-based tests (hypothesis) for every registered game, issue 16.

- Random mutations of a listed action at a random live position: the mutated action is either a
  legal action (then it is listed) or refused with IllegalAction and a reason, the state unchanged.
- Random changes to a real record's JSON: replay either rebuilds a game (whose record replays
  again to the same bytes) or raises one DataError; never another exception.

Hypothesis shrinks a failing case to a small one (a short game, a simple value). The example counts
keep the file under a minute; ``-m slow`` runs the heavier sweep.
"""
from __future__ import annotations

import functools
import json
import random

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import tabletop_rules as tr  # noqa: E402
from tabletop_rules.core.actions import Action, IllegalAction  # noqa: E402
from tabletop_rules.core.datafile import DataError  # noqa: E402
from tests.hostile import fingerprint, game_of, record_at  # noqa: E402  (one home for the fuzz helpers)

GAMES = tr.list_games()
QUICK = settings(max_examples=60, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
HEAVY = settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# Values an action may be handed: JSON, and the Python values that are not JSON.
scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 60), st.integers(), st.floats(allow_nan=True),
                    st.text(max_size=8), st.sampled_from(["center", "left", "hand", "fighter", "drop", "0:center"]))
json_values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                            st.dictionaries(st.text(max_size=5), inner, max_size=4)),
                           max_leaves=12)
odd_values = st.one_of(json_values, st.tuples(scalars), st.frozensets(st.integers(0, 5), max_size=3),
                       st.binary(max_size=4), st.dictionaries(st.integers(0, 3), scalars, max_size=2),
                       st.builds(lambda n: functools.reduce(lambda v, _: [v], range(n), 1), st.integers(17, 600)))


@st.composite
def mutation(draw, game_id):
    seed = draw(st.integers(0, 40))
    steps = draw(st.integers(0, 60))
    game = game_of(game_id)
    s = game.replay(record_at(game_id, seed, steps))
    if s.is_over:
        return s, None
    legal = s.legal_actions()
    a = legal[draw(st.integers(0, len(legal) - 1))]
    inplace = draw(st.booleans())            # mutate the listed object itself, or a new Action
    kind, player, args = a.kind, a.player, (a.args if inplace else dict(a.args))
    how = draw(st.sampled_from(["value", "value", "add", "drop", "kind", "player", "args"]))
    if how == "value" and args:
        args[draw(st.sampled_from(sorted(args)))] = draw(odd_values)
    elif how == "add":
        args[draw(st.text(max_size=6))] = draw(odd_values)
    elif how == "drop" and args:
        del args[draw(st.sampled_from(sorted(args)))]
    elif how == "kind":
        kind = draw(st.one_of(st.sampled_from(sorted(game.state_cls.book.moves.kinds)), st.text(max_size=8),
                              odd_values))
    elif how == "player":
        player = draw(st.one_of(st.integers(-2, 6), st.floats(), st.booleans(), st.text(max_size=2), st.none()))
    elif how == "args":
        args = draw(st.one_of(odd_values, st.text(max_size=5)))
    if inplace:
        a.kind, a.player, a.args = kind, player, args
        return s, a
    return s, Action(kind, player, args)


def check_mutation(case):
    s, bad = case
    if bad is None:
        return "over"
    # Asked of a fresh copy of the position: ``s`` holds the (perhaps mutated) listed objects.
    if bad.problem() is None and bad in s.game.replay(s.record).legal_actions():
        return "legal"                       # the mutation gave another legal action
    before = fingerprint(s)
    try:
        s.apply(bad)
    except IllegalAction as exc:
        assert exc.reason and isinstance(exc.reason, str)
    else:
        raise AssertionError(f"{bad!r} was applied but not listed")
    assert fingerprint(s) == before, bad
    return "refused"


@pytest.mark.parametrize("game_id", GAMES)
@QUICK
@given(data=st.data())
def test_mutated_actions_are_refused_and_change_nothing(game_id, data):
    check_mutation(data.draw(mutation(game_id)))


# ----- records ------------------------------------------------------------------------------------------
paths_and_values = st.tuples(st.lists(st.one_of(st.integers(0, 30), st.sampled_from(
    ["format", "game", "seed", "players", "options", "actions", "kind", "player", "args", "decks", "card"])),
    min_size=1, max_size=4), json_values)


def mutate_json(doc, path, value):
    """Put ``value`` at ``path`` inside ``doc`` (following dict keys and list indexes as far as they go)."""
    node = doc
    for step in path[:-1]:
        if isinstance(node, dict) and isinstance(step, str) and isinstance(node.get(step), dict | list):
            node = node[step]
        elif isinstance(node, list) and isinstance(step, int) and node and isinstance(node[step % len(node)],
                                                                                      dict | list):
            node = node[step % len(node)]
    last = path[-1]
    if isinstance(node, dict):
        node[str(last)] = value
    elif isinstance(node, list) and node:
        node[last % len(node) if isinstance(last, int) else 0] = value
    return doc


def check_record(game_id, text):
    game = game_of(game_id)
    try:
        s = game.replay(text, source="fuzzed.json")
    except DataError as exc:
        assert str(exc)
        return "refused"
    again = s.record.to_json()
    assert game.replay(again).record.to_json() == again
    return "replayed"


@pytest.mark.parametrize("game_id", GAMES)
@QUICK
@given(seed=st.integers(0, 20), steps=st.integers(0, 40), edits=st.lists(paths_and_values, min_size=1, max_size=3))
def test_fuzzed_records_replay_or_are_one_data_error(game_id, seed, steps, edits):
    doc = json.loads(record_at(game_id, seed, steps))
    for path, value in edits:
        doc = mutate_json(doc, path, value)
    check_record(game_id, json.dumps(doc))


@pytest.mark.parametrize("game_id", GAMES)
@QUICK
@given(seed=st.integers(0, 20), cut=st.integers(0, 10_000), junk=st.binary(max_size=20))
def test_truncated_or_garbled_record_bytes_are_one_data_error(game_id, seed, cut, junk):
    raw = record_at(game_id, seed, 20).encode("utf-8")
    cut = cut % (len(raw) + 1)
    check_record(game_id, raw[:cut] + junk + raw[cut + len(junk):])


DECK_GAMES = [g for g in GAMES if "decks" in game_of(g).options]


@pytest.mark.parametrize("game_id", DECK_GAMES)
@settings(max_examples=15, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), steps=st.integers(0, 80))
def test_records_with_inline_decks_in_any_order_replay(game_id, data, steps):
    """A deck given inline, its cards in any order: the record replays (its order is kept)."""
    game = game_of(game_id)
    decks = []
    for did in game.options["decks"].default:
        d = game.decks[did].model_dump(mode="json", exclude_none=True)
        for k, v in list(d.items()):
            if isinstance(v, dict):
                d[k] = dict(data.draw(st.permutations(list(v.items()))))
        decks.append(d)
    s = game.new_game(seed=data.draw(st.integers(0, 99)), options={"decks": decks})
    rng = random.Random(steps)
    for _ in range(steps):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
    text = s.record.to_json()
    assert game.replay(text).record.to_json() == text


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
@HEAVY
@given(data=st.data())
def test_mutated_actions_heavy(game_id, data):
    check_mutation(data.draw(mutation(game_id)))
