"""benchmarks/bots.py --save: a long bot run keeps each finished game and, given its file again,
plays only the games missing from it (the 200 mirror-doll games take hours on this machine)."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _bots():
    spec = importlib.util.spec_from_file_location("bench_bots", ROOT / "benchmarks" / "bots.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _line(gid, index, won, against="random", **extra):
    return json.dumps({"game": gid, "against": against, "index": index, "won": won, "times": [0.1, 0.3],
                       "actions": 50 + index, **extra})


def test_a_run_given_its_file_plays_only_the_games_missing(tmp_path, capsys, monkeypatch):
    bots = _bots()
    save = tmp_path / "run.jsonl"
    # three games of this game id; one of another opponent and one of another game, both left alone
    save.write_text("\n".join([_line("vividz", 0, True), _line("vividz", 2, False), _line("vividz", 1, True),
                               _line("vividz", 3, False, "monte-carlo"), _line("buddyfight", 3, True)]) + "\n",
                    encoding="utf-8")
    played = []
    monkeypatch.setattr(bots, "_run", lambda job: played.append(job) or (True, [0.2], 40))
    assert bots.main(["--game", "vividz", "--games", "4", "--no-write", "--save", str(save)]) == 0
    assert played == [("vividz", 3, "random", False)]           # only the missing game
    out = capsys.readouterr().out
    assert "won 3/4" in out and "for the 1 played now" in out
    kept = bots.saved(str(save), "vividz", "random")
    assert sorted(kept) == [0, 1, 2, 3] and kept[3] == (True, [0.2], 40)
    # given the file once more, nothing is played
    played.clear()
    bots.main(["--game", "vividz", "--games", "4", "--no-write", "--save", str(save)])
    assert played == []


def test_a_broken_line_is_refused_naming_the_file_and_line(tmp_path):
    bots = _bots()
    save = tmp_path / "run.jsonl"
    save.write_text(_line("vividz", 0, True) + "\n{\"game\": \"vividz\"}\n", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"run\.jsonl, line 2: not a saved game"):
        bots.saved(str(save), "vividz", "random")


def test_peeking_games_are_kept_apart_from_the_honest_bots(tmp_path, monkeypatch):
    """--peeking (the yardstick) saves its games marked as such: neither run resumes from the other's."""
    bots = _bots()
    save = tmp_path / "run.jsonl"
    save.write_text("\n".join([_line("vividz", 0, True), _line("vividz", 1, False, ismc="ismc-peeking")]) + "\n",
                    encoding="utf-8")
    assert sorted(bots.saved(str(save), "vividz", "random")) == [0]
    assert sorted(bots.saved(str(save), "vividz", "random", "ismc-peeking")) == [1]
    played = []
    monkeypatch.setattr(bots, "_run", lambda job: played.append(job) or (True, [0.2], 40))
    bots.main(["--game", "vividz", "--games", "2", "--no-write", "--save", str(save), "--peeking"])
    assert played == [("vividz", 0, "random", True)]
    assert json.loads(save.read_text(encoding="utf-8").splitlines()[-1])["ismc"] == "ismc-peeking"


def test_the_peeking_yardstick_searches_from_the_real_state_and_never_deals(monkeypatch):
    import tabletop_rules as tr
    from tabletop_rules.core import bots as core_bots

    def no_deal(*_a, **_k):
        raise AssertionError("dealt from the seat's view")

    monkeypatch.setattr(core_bots, "determinize", no_deal)
    state = tr.load_game("xianjian").new_game(seed=3, players=2)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    bot = _bots().peeking_ismc(seed=1)
    bot.budget = 300                                           # a cheap search: this is about where it starts
    assert bot.choose(state) in state.legal_actions()
    honest = core_bots.BOTS["ismc"](seed=1, budget=300)
    with pytest.raises(AssertionError, match="dealt"):
        honest.choose(state)
