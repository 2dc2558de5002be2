"""Hostile inputs of every kind a user hands the kit (issue 33), as hypothesis strategies, and the
checks that each is either accepted (and then works) or refused with the kit's one error type for
its kind, with nothing changed:

- actions: ``IllegalAction`` (state unchanged);
- records, YAML files, scenario specs, odd API arguments: ``DataError``;
- command-line arguments: exit status 1 or 2 with one line on stderr, never a traceback.

Shared by ``tests/core/test_hostile_inputs.py`` (property-based tests) and
``benchmarks/hostile_inputs.py`` (inputs tried per kind, raw errors, hangs, peak memory).
"""
from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import random
from importlib import import_module
from pathlib import Path

from hypothesis import strategies as st

import tabletop_rules as tr
from tabletop_rules.core.actions import Action, IllegalAction
from tabletop_rules.core.datafile import DataError

GAMES = tr.list_games()


@functools.cache
def game_of(game_id):
    return tr.load_game(game_id)


@functools.lru_cache(maxsize=256)
def record_at(game_id, seed, steps):
    game = game_of(game_id)
    s = game.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
    return s.record.to_json()


def fingerprint(s):
    return s.record.to_json(), json.dumps(s.view(None), sort_keys=True, default=str), len(s.log)


# ----- hostile values -----------------------------------------------------------------------------------
#: Whole numbers from small to far past what Python will write as text (4,300 digits).
# (built, not listed: hypothesis writes out the strategies it is given, and Python will not write a
# number of more than 4,300 digits)
huge_ints = st.one_of(st.integers(-3, 12), st.integers(),
                      st.sampled_from([2**63, -(2**63) - 1, 2**64, 10**7, 10**6, -1, 10**40, -(10**40)]),
                      st.builds(lambda k, sign: sign * 10**k, st.sampled_from([9, 400, 4_400, 5_000, 6_000]),
                                st.sampled_from([1, -1])))
scalars = st.one_of(huge_ints, st.none(), st.booleans(), st.floats(allow_nan=True, allow_infinity=True),
                    st.text(max_size=12), st.binary(max_size=6),
                    st.builds(lambda n: "x" * n, st.sampled_from([300, 5_000, 200_000])))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=6), inner, max_size=4)),
                      max_leaves=10)
#: Deeply nested data (past every recursion the kit does).
deep = st.builds(lambda n, leaf: functools.reduce(lambda v, _: [v], range(n), 10**leaf if leaf else "x"),
                 st.integers(15, 3000), st.sampled_from([0, 1, 5_000]))


BIG = "@@big-number@@"


def as_text(n):
    """A whole number as digits, even one past Python's 4,300-digit limit (written as 5,000 nines)."""
    return ("-" if n < 0 else "") + "9" * 5_000 if n.bit_length() > 14_000 else str(n)


def dumps(doc):
    """JSON text of ``doc``, numbers past Python's text limit written as 5,000 digits all the same."""
    def tag(v):
        if type(v) is int and v.bit_length() > 14_000:
            return BIG
        if isinstance(v, bytes):
            return v.decode("latin-1")
        if isinstance(v, list):
            return [tag(x) for x in v]
        if isinstance(v, dict):
            return {k: tag(x) for k, x in v.items()}
        return v

    try:
        return json.dumps(tag(doc)).replace(f'"{BIG}"', "9" * 5_000)
    except (ValueError, TypeError, RecursionError):
        return "{"


# ----- actions -------------------------------------------------------------------------------------------
@st.composite
def hostile_actions(draw, game_id):
    """A live position and an action with a hostile seat, kind or argument (or not an Action at all)."""
    s = game_of(game_id).replay(record_at(game_id, draw(st.integers(0, 30)), draw(st.integers(0, 40))))
    legal = s.legal_actions() if not s.is_over else []
    base = legal[draw(st.integers(0, len(legal) - 1))] if legal else Action("pass", 0, {})
    kind, player, args = base.kind, base.player, dict(base.args)
    how = draw(st.sampled_from(["player", "arg", "arg", "args", "kind", "object"]))
    if how == "player":
        player = draw(st.one_of(huge_ints, scalars))
    elif how == "arg":
        key = draw(st.sampled_from(sorted(args))) if args and draw(st.booleans()) else draw(st.text(max_size=6))
        args[key] = draw(st.one_of(huge_ints, values, deep))
    elif how == "args":
        args = draw(st.one_of(values, deep))
    elif how == "kind":
        kind = draw(st.one_of(st.text(max_size=10), scalars, st.builds(lambda n: "k" * n, st.integers(100, 100_000))))
    else:
        return s, draw(st.one_of(scalars, values))
    return s, Action(kind, player, args)


def check_action(case):
    """Refused with IllegalAction (a reason, the state unchanged) unless it is a listed action."""
    s, bad = case
    if isinstance(bad, Action) and bad.problem() is None and bad in s.legal_actions():
        return "legal"
    before = fingerprint(s)
    try:
        s.apply(bad)
    except IllegalAction as exc:
        assert exc.reason and isinstance(exc.reason, str) and len(exc.reason) < 2_000
        assert fingerprint(s) == before
        return "refused"
    raise AssertionError("an action no one listed was applied")


# ----- records -------------------------------------------------------------------------------------------
RECORD_FIELDS = ["seed", "players", "game", "format", "options", "actions"]


@st.composite
def hostile_records(draw, game_id):
    """What ``game.replay`` may be handed: a real record with a hostile seed, seat, count or action,
    its text in an odd encoding or cut, or not a record at all; with an odd ``upto``."""
    doc = json.loads(record_at(game_id, draw(st.integers(0, 20)), draw(st.integers(0, 30))))
    how = draw(st.sampled_from(["field", "action", "decks", "encoding", "object"]))
    if how == "field":
        doc[draw(st.sampled_from(RECORD_FIELDS))] = draw(st.one_of(huge_ints, values, deep))
    elif how == "action" and doc["actions"]:
        a = doc["actions"][draw(st.integers(0, len(doc["actions"]) - 1))]
        a[draw(st.sampled_from(["player", "kind", "args"]))] = draw(st.one_of(huge_ints, values, deep))
    elif how == "decks":
        doc["options"]["decks"] = draw(st.one_of(values, st.lists(hostile_decks(game_id), min_size=1, max_size=3)))
    upto = draw(st.one_of(st.none(), st.none(), huge_ints, scalars))
    if how == "object":
        return draw(st.one_of(scalars, values, st.builds(Path, st.sampled_from(["/nonexistent/x.json", "/dev/zero",
                                                                               "/", "/tmp"])))), upto
    text = dumps(doc)
    raw = text.encode(draw(st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "latin-1"])), errors="replace")
    cut = draw(st.one_of(st.none(), st.integers(0, len(raw))))
    return (raw if cut is None else raw[:cut]), upto


@st.composite
def hostile_decks(draw, game_id):
    """An inline deck: a shipped deck with a count made hostile."""
    game = game_of(game_id)
    if "decks" not in game.options:
        return draw(values)
    d = game.decks[draw(st.sampled_from(sorted(game.decks)))].model_dump(mode="json", exclude_none=True)
    counts = [k for k, v in d.items() if isinstance(v, dict) and k != "name"]
    if counts:
        k = draw(st.sampled_from(counts))
        if d[k]:
            d[k][draw(st.sampled_from(sorted(d[k])))] = draw(huge_ints)
    return d


def check_record(game_id, case):
    game = game_of(game_id)
    record, upto = case
    try:
        s = game.replay(record, source="hostile.json", upto=upto)
    except DataError as exc:
        assert str(exc) and len(str(exc)) < 2_000
        return "refused"
    text = s.record.to_json()                       # what replays always saves
    assert game.replay(text).record.to_json() == text
    return "replayed"


# ----- YAML files ------------------------------------------------------------------------------------------
def alias_bomb(depth, width):
    lines = [f"a0: &a0 [{', '.join(['lol'] * width)}]"]
    for i in range(1, depth + 1):
        lines.append(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * width)}]")
    return "\n".join(lines) + "\n"


def ruling_text(scenario_yaml):
    return ("rulings:\n  - id: mine\n    question: {en: Q}\n    answer: {en: A}\n    clauses: []\n"
            f"    scenario: {scenario_yaml}\n    expect: [{{over: false}}]\n")


@st.composite
def hostile_yaml(draw):
    """A rulings file a reader might hand in: alias bombs, anchors, merge keys, deep nesting, numbers
    of thousands of digits, long text, the position's hostile counts, or random text."""
    how = draw(st.sampled_from(["bomb", "anchor", "merge", "deep", "bigint", "long", "counts", "text"]))
    if how == "bomb":
        return ruling_text("{}") + alias_bomb(draw(st.integers(1, 12)), draw(st.integers(2, 12)))
    if how == "anchor":
        return ruling_text("&s {players: [{deck: 3}]}") + "x: *s\n"
    if how == "merge":
        return "base: &b {deck: 3}\n" + ruling_text("{players: [{<<: *b, hand: 2}]}")
    if how == "deep":
        n = draw(st.integers(20, 20_000))
        return ruling_text("[" * n + "]" * n)
    if how == "bigint":
        return ruling_text(f"{{players: [{{deck: {'9' * draw(st.integers(20, 9000))}}}]}}")
    if how == "long":
        return ruling_text("{}") + "note: " + "x" * draw(st.sampled_from([10, 1_000_000, 2_100_000])) + "\n"
    if how == "counts":
        key = draw(st.sampled_from(["deck", "hand", "drop", "energy", "dolls", "life", "score", "order"]))
        return ruling_text(f"{{players: [{{{key}: {as_text(draw(huge_ints))}}}]}}")
    return draw(st.text(max_size=200))


def check_yaml(game_id, text):
    from tabletop_rules.core.rulings import load_ruling_file

    try:
        load_ruling_file("mine.yaml", game_of(game_id), text=text)
    except DataError as exc:
        assert str(exc) and len(str(exc)) < 2_000
        return "refused"
    return "loaded"


# ----- scenario specs --------------------------------------------------------------------------------------
@functools.cache
def spec_fields(game_id):
    """The fields of a game's position (its scenario model), top level and per seat."""
    pkg = game_of(game_id).state_cls.__module__.rsplit(".", 1)[0]
    mod = import_module(f"{pkg}.scenario")
    top = mod.ScenarioSpec.model_fields
    seat_key = "seats" if "seats" in top else "players"
    seat_model = getattr(mod, "SeatSpec", None) or mod.PlayerSpec
    return sorted(k for k in top if k not in ("players", "seats", "options", "new_game")), seat_key, \
        sorted(seat_model.model_fields)


@st.composite
def hostile_specs(draw, game_id):
    """A position with one to three fields set to hostile values (counts of ten million, numbers of
    thousands of digits, negative counts, long lists of cards, wrong types) or hostile options."""
    game = game_of(game_id)
    top, seat_key, seat = spec_fields(game_id)
    cards = sorted(game.cards)
    value = st.one_of(huge_ints, huge_ints, scalars, values,
                      st.lists(st.sampled_from(cards), max_size=300), st.integers(0, 400))
    spec: dict = {}
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(["top", "seat", "seat", "options"]))
        if where == "top" and top:
            spec[draw(st.sampled_from(top))] = draw(value)
        elif where == "options" and "decks" in game.options:
            spec["options"] = {"decks": draw(st.lists(hostile_decks(game_id), min_size=2, max_size=2))}
        else:
            seats = spec.setdefault(seat_key, [{}])
            if isinstance(seats, list) and seats and isinstance(seats[0], dict):
                seats[0][draw(st.sampled_from(seat))] = draw(value)
    return spec


def check_spec(game_id, spec, moves=6):
    """Refused with a DataError, or a position that plays: its actions list and apply."""
    game = game_of(game_id)
    try:
        s = game.scenario(spec, source="hostile")
    except DataError as exc:
        assert str(exc) and len(str(exc)) < 2_000
        return "refused"
    rng = random.Random(0)
    for _ in range(moves):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
    return "plays"


# ----- command-line arguments ---------------------------------------------------------------------------
BAD_NUMBERS = ["-1", "0", "10000001", "1" * 5000, "9" * 25, "1e5", "nan", "", " ", "0x10", "\u0661\u0662", "+-3",
               "2.5", "-" + "9" * 40]


def odd_files(tmp: Path) -> list[str]:
    """Paths a user might name: a folder, a pipe, a device, a too-long name, a file used as a folder,
    a missing file, an over-size (sparse) file, an alias bomb, a UTF-16 record, a NUL in the name."""
    tmp.mkdir(parents=True, exist_ok=True)
    fifo = tmp / "fifo"
    if not fifo.exists():
        os.mkfifo(fifo)
    big = tmp / "big.json"
    with open(big, "wb") as f:
        f.truncate(25_000_000)
    (tmp / "bomb.yaml").write_text(alias_bomb(9, 10), encoding="utf-8")
    (tmp / "plain.json").write_text("{}", encoding="utf-8")
    (tmp / "u16.json").write_bytes(record_at("vividz", 1, 5).encode("utf-16"))
    (tmp / "dir").mkdir(exist_ok=True)
    return [str(tmp / "dir"), str(fifo), "/dev/zero", str(tmp / ("n" * 300)), str(tmp / "plain.json" / "x"),
            str(tmp / "missing.json"), str(big), str(tmp / "bomb.yaml"), str(tmp / "u16.json"), str(tmp) + "/a\0b"]


@st.composite
def hostile_argv(draw, files):
    game = draw(st.sampled_from(GAMES))
    cmd = draw(st.sampled_from(["simulate", "play", "check"]))
    if cmd == "simulate":
        opt = draw(st.sampled_from(["-n", "--seed", "--max-actions", "--players", "--jobs"]))
        argv = ["simulate", game, "-n", "1", "--max-actions", "30", "--quiet", opt, draw(st.sampled_from(BAD_NUMBERS))]
    elif cmd == "play":
        opt = draw(st.sampled_from(["--seed", "--seat", "--players", "--load"]))
        arg = draw(st.sampled_from(files)) if opt == "--load" else draw(st.sampled_from(BAD_NUMBERS))
        argv = ["play", game, opt, arg]
    else:
        argv = ["check", game, "--file", draw(st.sampled_from(files))]
    return argv + draw(st.sampled_from([[], ["--lang", "zh"]]))


def check_argv(argv):
    """Exit 1 or 2 with one line on stderr (or a normal run), never a traceback."""
    from tabletop_rules.cli import main

    err, out = io.StringIO(), io.StringIO()
    stdin = io.StringIO("q\n")
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        import sys

        old, sys.stdin = sys.stdin, stdin
        try:
            code = main(argv)
        finally:
            sys.stdin = old
    lines = err.getvalue().strip().splitlines()
    if code == 0:
        return "ran"
    assert code in (1, 2), (argv, code)
    if "check" in argv and code == 1 and not lines:
        return "rulings failed"                # a rulings file read whose rulings fail: the table says so
    assert len(lines) == 1 and len(lines[0]) < 1_000, (argv[:3], lines[:3])
    return "refused"
