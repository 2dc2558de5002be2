"""Issue 15: ``state.clone()`` is deepcopy's copy, made faster (core/cloning.py ``deep_copy``, issue 37: without exec).

A clone taken mid-game and the original, played on with the same actions, give the same record,
the same views for every seat, the same log and the same random state; and the copier gives what
``copy.deepcopy`` gives on the shapes states hold (aliases, cycles, slots, hooks). Timing floors
are benchmarks (benchmarks/speed.py), not tests: the machines here swing by 40% and more.
"""
from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from collections import defaultdict

import pytest

import tabletop_rules as tr
from tabletop_rules.core.actions import Action
from tabletop_rules.core.bots import RandomBot
from tabletop_rules.core.cloning import deep_copy

CASES = [(gid, n) for gid in tr.list_games() for n in tr.load_game(gid).player_counts]


def _advance(state, steps: int, seed: int) -> None:
    bots = [RandomBot(seed * 7 + k) for k in range(state.players)]
    for _ in range(steps):
        if state.is_over:
            return
        state.apply(bots[state.current_player].choose(state))


def _play_out(state, seed: int) -> list[dict]:
    bots = [RandomBot(seed + k) for k in range(state.players)]
    done = []
    while not state.is_over and len(done) < 20_000:
        a = bots[state.current_player].choose(state)
        done.append(a.to_dict())
        state.apply(a)
    return done


@pytest.mark.parametrize("gid,players", CASES)
def test_a_clone_plays_on_like_the_original(gid, players):
    game = tr.load_game(gid)
    for seed, steps in ((1, 3), (2, 17), (3, 40)):
        st = game.new_game(seed=seed, players=players)
        _advance(st, steps, seed)
        st.legal_actions()                      # a listed cache is shared by the clone
        twin = st.clone()
        assert twin is not st and twin.game is game
        rest = _play_out(st, 100 + seed)        # the original plays on (and draws from its rng)
        for a in rest:
            twin.apply(Action.from_dict(a))
        assert twin.record.to_json() == st.record.to_json()
        assert twin.rng.getstate() == st.rng.getstate()
        assert [(e.kind, e.text, e.clause) for e in twin.log] == [(e.kind, e.text, e.clause) for e in st.log]
        for seat in [None, *range(players)]:
            assert twin.view(seat) == st.view(seat)
        assert twin.result == st.result and twin.winners == st.winners


@pytest.mark.parametrize("gid,players", CASES[:1] + CASES[-1:])
def test_a_clone_shares_game_data_and_nothing_that_changes(gid, players):
    game = tr.load_game(gid)
    st = game.new_game(seed=5, players=players)
    _advance(st, 12, 5)
    twin = st.clone()
    assert twin.game is game
    cards = getattr(st, "cards", [])
    for mine, theirs in zip(cards, getattr(twin, "cards", [])):
        assert theirs is not mine and theirs.d is mine.d          # definitions shared, cards copied
    assert twin.rng is not st.rng
    twin.rng.random()
    assert twin.rng.getstate() != st.rng.getstate()
    log, record = list(st.log), st.record.to_json()
    _play_out(twin, 9)
    assert st.log == log and st.record.to_json() == record       # playing the clone left it alone
    rec = twin.record
    if rec.actions:
        rec.actions[0]["kind"] = "tampered"                       # a record is the caller's copy
        assert twin.record.actions[0]["kind"] != "tampered"
        assert st.record.actions[0]["kind"] != "tampered"


class Slots:
    __slots__ = ("a", "b", "__private")


class Both(Slots):
    pass                                  # slots and a __dict__


class Hooked:
    def __init__(self, v):
        self.v = v

    def __deepcopy__(self, memo):
        return Hooked(("hooked", self.v))


def _shape(x, seen=None):
    """A comparable description of a structure: its values and which parts are the same object."""
    seen = {} if seen is None else seen
    if id(x) in seen:
        return ("same-as", seen[id(x)])
    seen[id(x)] = len(seen)
    t = type(x)
    if t in (int, str, float, bool, type(None)):
        return x
    if t in (list, tuple):
        return (t.__name__, [_shape(v, seen) for v in x])
    if t in (set, frozenset):
        return (t.__name__, sorted(map(repr, x)))
    if isinstance(x, dict):
        return (t.__name__, [(k, _shape(v, seen)) for k, v in x.items()])
    if t is random.Random:
        return ("rng", x.getstate())
    attrs = {}
    for n in ("a", "b", "_Slots__private", "v"):
        if hasattr(x, n):
            attrs[n] = _shape(getattr(x, n), seen)
    attrs.update({k: _shape(v, seen) for k, v in getattr(x, "__dict__", {}).items()})
    return (t.__name__, attrs)


def test_the_copier_makes_deepcopys_copy():
    shared = [1, 2]
    s = Slots()
    s.a = shared                          # "b" left unset
    s._Slots__private = {"k": (shared, 3)}
    both = Both()
    both.a, both.b, both.extra = shared, s, [s]
    cyc: list = [1]
    cyc.append(cyc)
    data = {"s": s, "both": both, "again": shared, "tuple": (1, "x"), "tl": ([0], shared), "cyc": cyc,
            "set": {1, 2}, "fs": frozenset({3}), "rng": random.Random(4), "hook": Hooked(7),
            "dd": defaultdict(list, {"x": [shared]}), "nested": [[{"z": [shared]}]]}
    ours, theirs = deep_copy(data, {}), copy.deepcopy(data, {})
    assert _shape(ours) == _shape(theirs)
    assert ours["tuple"] is data["tuple"]                 # immutable: kept, as deepcopy keeps it
    assert ours["tl"] is not data["tl"] and ours["tl"][1] is ours["again"] is ours["s"].a
    assert ours["cyc"][1] is ours["cyc"]
    assert ours["hook"].v == ("hooked", 7)                # the class's own hook is honoured
    assert ours["rng"].random() == data["rng"].random()   # same state, different generator
    shared.append(3)
    assert ours["again"] == [1, 2]                        # nothing of the original is shared


# ----- the parsed-YAML cache (core/datafile.py read_yaml) ---------------------------------------------
def _cache_files(where):
    return sorted(p.name for p in where.glob("yaml-*.json"))


def test_parsed_yaml_is_cached_as_json_by_content(tmp_path, monkeypatch):
    from tabletop_rules.core import datafile

    cache = tmp_path / "cache"
    monkeypatch.setenv("TABLETOP_RULES_CACHE", str(cache))
    f = tmp_path / "x.yaml"
    f.write_text("a: 1\r\nb: [x, 'y']\r\nc: {d: 2.5, e: null}\r\n", encoding="utf-8")
    first = datafile.read_yaml(f)
    assert first == {"a": 1, "b": ["x", "y"], "c": {"d": 2.5, "e": None}}
    assert len(_cache_files(cache)) == 1
    monkeypatch.setattr(datafile, "_parse_yaml", lambda *a: pytest.fail("parsed although cached"))
    again = datafile.read_yaml(f)
    assert again == first and again is not first
    monkeypatch.undo()
    monkeypatch.setenv("TABLETOP_RULES_CACHE", str(cache))
    f.write_text("a: 2\n", encoding="utf-8")                 # changed: another hash, parsed afresh
    assert datafile.read_yaml(f) == {"a": 2} and len(_cache_files(cache)) == 2


def test_a_broken_cache_is_ignored_and_rebuilt(tmp_path, monkeypatch):
    from tabletop_rules.core import datafile

    cache = tmp_path / "cache"
    monkeypatch.setenv("TABLETOP_RULES_CACHE", str(cache))
    f = tmp_path / "x.yaml"
    f.write_text("k: [1, 2]\n", encoding="utf-8")
    datafile.read_yaml(f)
    (entry,) = cache.glob("yaml-*.json")
    for junk in ("{not json", '{"format": "other", "data": 5}', '[1, 2]', ""):
        entry.write_text(junk, encoding="utf-8")
        assert datafile.read_yaml(f) == {"k": [1, 2]}
        assert json.loads(entry.read_text(encoding="utf-8"))["data"] == {"k": [1, 2]}   # written again


def test_data_json_cannot_hold_is_not_cached_and_errors_are_unchanged(tmp_path, monkeypatch):
    from tabletop_rules.core import datafile

    cache = tmp_path / "cache"
    monkeypatch.setenv("TABLETOP_RULES_CACHE", str(cache))
    f = tmp_path / "x.yaml"
    f.write_text("when: 2026-12-01\n1: one\nn: .nan\n", encoding="utf-8")
    datafile.read_yaml(f)
    assert _cache_files(cache) == []
    bad = tmp_path / "bad.yaml"
    bad.write_text("a: [1,\n", encoding="utf-8")
    with pytest.raises(datafile.DataError, match="broken YAML"):
        datafile.read_yaml(bad)
    bad.write_bytes(b"a: \xff\n")
    with pytest.raises(datafile.DataError, match="not UTF-8"):
        datafile.read_yaml(bad)
    with pytest.raises(datafile.DataError, match="file not found"):
        datafile.read_yaml(tmp_path / "missing.yaml")
    monkeypatch.setenv("TABLETOP_RULES_CACHE", "off")
    assert datafile.cache_dir() is None
    f.write_text("a: 1\n", encoding="utf-8")
    assert datafile.read_yaml(f) == {"a": 1}


def test_a_fresh_process_with_a_warm_cache_imports_no_yaml(tmp_path):
    code = ("import sys, tabletop_rules as tr; tr.load_game('buddyfight'); "
            "print('yaml' in sys.modules)")
    env = dict(os.environ, TABLETOP_RULES_CACHE=str(tmp_path / "cache"))
    runs = [subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
            for _ in range(2)]
    assert [r.stdout.strip() for r in runs] == ["True", "False"], runs[-1].stderr[-500:]


def test_the_kit_runs_no_generated_code():
    """Issue 37: the clone copiers are closures (core/cloning.py), not source written per class and run with
    exec; no module of the kit calls exec, eval or compile."""
    import ast
    from pathlib import Path

    root = Path(tr.__file__).resolve().parent
    calls = [(str(p.relative_to(root)), n.lineno) for p in sorted(root.rglob("*.py"))
             for n in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
             if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in ("exec", "eval", "compile")]
    assert calls == []
