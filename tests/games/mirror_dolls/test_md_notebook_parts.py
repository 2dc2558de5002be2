"""Issue 11, Notebook: notebooks/mirror-dolls.ipynb in the six-part teaching order, a worked example per
phase of the turn, and a walkthrough of a whole sample game that shows what its text promises. The notebook
is read as JSON here (tests/notebooks/test_notebooks.py executes every notebook); the sample game is played
again with the same scripted players, so the walkthrough's claims are checked without a kernel."""
from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
NB = ROOT / "notebooks" / "mirror-dolls.ipynb"
PARTS = ("## 1. Components", "## 2. Setup", "## 3. The turn", "## 4. A walkthrough of a whole game", "## 5. Play",
         "## 6. Edge cases")


def _cells():
    return json.loads(NB.read_text(encoding="utf-8"))["cells"]


def _src(cell) -> str:
    return "".join(cell["source"])


def test_six_parts_in_teaching_order():
    heads = [_src(c).splitlines()[0] for c in _cells() if c["cell_type"] == "markdown" and _src(c).startswith("## ")]
    found = [next(i for i, h in enumerate(heads) if h.startswith(p)) for p in PARTS]
    assert found == sorted(found)


def test_a_worked_example_for_each_phase_of_the_turn():
    cells = _cells()
    subs = [i for i, c in enumerate(cells) if c["cell_type"] == "markdown" and _src(c).startswith("### ")]
    assert len(subs) >= 6                       # draw step, four parts of the action step, winning
    for i in subs:
        nxt = cells[i + 1]
        assert nxt["cell_type"] == "code", _src(cells[i]).splitlines()[0]
        assert "scenario" in _src(nxt) or "ruling" in _src(nxt) or "state" in _src(nxt)


def test_listed_in_start_here():
    start = (ROOT / "notebooks" / "00-start-here.ipynb").read_text(encoding="utf-8")
    assert "mirror-dolls.ipynb" in start and "mirror-dolls-table.ipynb" in start


def test_the_app_is_a_play_table():
    app = json.loads((ROOT / "notebooks" / "apps" / "mirror-dolls-table.ipynb").read_text(encoding="utf-8"))
    code = "".join(_src(c) for c in app["cells"] if c["cell_type"] == "code")
    assert "PlayTable" in code and "mirror-dolls" in code


def _teaching_player(rng):
    """The walkthrough's scripted player (section 4): direct attacks first, mostly fights, likes the rest."""
    def choose(st):
        acts = st.legal_actions()
        direct = [a for a in acts if a.kind == "attack" and a.args.get("target") == "player"]
        if direct:
            return direct[0]
        fights = [a for a in acts if a.kind == "attack"]
        if fights and rng.random() < 0.8:
            return rng.choice(fights)
        others = [a for a in acts if a.kind in ("place_mirror", "summon", "spell_summon", "cast", "ability", "move")]
        if others and rng.random() < 0.7:
            return rng.choice(others)
        return rng.choice(acts)
    return choose


@pytest.mark.clause("MD-1.2")
def test_the_walkthrough_game_is_whole_and_shows_what_it_promises(md):
    cell = next(_src(c) for c in _cells() if "Walkthrough(game, record=sample.record" in _src(c))
    assert "seed=1" in cell and "random.Random(1)" in cell       # the game replayed below
    sample, choose = md.new_game(seed=1), _teaching_player(random.Random(1))
    while not sample.is_over:
        sample.apply(choose(sample))
    assert sample.winners in ((0,), (1,)) and max(p.score for p in sample.ps) >= 100
    kinds = Counter(e.kind for e in sample.log)
    for k in ("summon", "attack", "defeat", "direct", "form", "out_of_form", "surge", "threshold", "ongoing",
              "mirror", "mirror_out"):
        assert kinds[k], k
    assert {e.data.get("by") for e in sample.log if e.kind == "summon"} >= {"hand", "pile"}
    assert 100 <= len(sample.record.actions) <= 400


@pytest.mark.clause("MD-1.6")
def test_the_notebook_says_what_is_left_out_of_the_rule_book(md):
    note = next(_src(c) for c in _cells() if _src(c).startswith("**What this kit leaves out"))
    for words in ("桌面", "demo data", "allegiance", "混合费用", "at random"):
        assert words in note, words
    # the card operations it names are exactly the registered effects (BOOK.effects)
    from tabletop_rules.games.mirror_dolls.book import BOOK

    listed = note.split("card effects beyond the rules (")[1].split(")")[0]
    named = {w.strip().replace("direct-attack bonus", "direct_bonus").replace("forced move", "force_move")
             .replace("spell summon", "summon") for w in listed.replace("\n", " ").split(",")}
    assert named == set(BOOK.effects)
