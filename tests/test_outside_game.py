"""Games are found, not listed (issue 37): a game another installed package declares through the entry point
group ``tabletop_rules.games`` is listed, loaded, played, and known to the CLI and the notebook layer, with no
file of the kit changed. The game is the core's tic-tac-toe (benchmarks/core_tictactoe), installed as an
outside package named ``club_tictactoe`` in a folder of its own; the checks run in a fresh Python whose
``sys.path`` holds that folder, so the kit's own process (and its game list) never sees it."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import tabletop_rules as tr

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "benchmarks" / "core_tictactoe"
GID = "core-tic-tac-toe"

# Run in the fresh Python: what a club's players would do with the kit once the package is installed.
PROBE = r"""
import contextlib, io, json, random
import tabletop_rules as tr
from tabletop_rules.core.actions import Action, IllegalAction
out = {"games": tr.list_games()}
game = tr.load_game("core-tic-tac-toe")
out["module"] = tr.game_module("core-tic-tac-toe")
s = game.new_game(seed=3)
s.apply(next(a for a in s.legal_actions() if a.args["cell"] == 0))
before = json.dumps(s.view(None))
try:
    s.apply(Action("mark", s.to_move, {"cell": 0}))
except IllegalAction as e:
    out["refused"] = [e.clause, json.dumps(s.view(None)) == before]
rng = random.Random(3)
while not s.is_over:
    s.apply(rng.choice(s.legal_actions()))
out["over"] = [s.is_over, s.phase]
from tabletop_rules.cli import main
out["cli"] = []
for argv in (["list"], ["rules", "core-tic-tac-toe", "TTT-1.3", "--lang", "zh"],
             ["simulate", "core-tic-tac-toe", "-n", "4", "--quiet"]):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(argv)
    out["cli"].append([code, buf.getvalue()])
from tabletop_rules.notebook.boards import board_html, board_module
from tabletop_rules.notebook.table import PlayTable
from tabletop_rules.core.actions import Action, IllegalAction
out["board_module"] = board_module("core-tic-tac-toe")
out["board"] = board_html(game, s.view(None), None, "zh")
table = PlayTable(game, seed=1, lang="zh")
out["table"] = [table.status.value, table.board.value]
s0 = game.new_game(seed=0)
a0 = s0.legal_actions()[0]
try:                                   # seat 1 tries seat 0's move: Why not? asks the engine the same way
    s0.clone().apply(Action(a0.kind, 1, dict(a0.args), a0.label))
    out["general"] = ["", ""]
except IllegalAction as exc:
    out["general"] = [exc.describe("zh"), exc.clause]
print(json.dumps(out, ensure_ascii=False))
"""


def _package(where: Path) -> Path:
    """The outside package's files: its code and data, its pyproject declaring the entry point."""
    project = where / "club-tictactoe"
    shutil.copytree(SOURCE, project / "club_tictactoe", ignore=shutil.ignore_patterns("__pycache__"))
    (project / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "setuptools.build_meta"\n\n'
        '[project]\nname = "club-tictactoe"\nversion = "1.0"\n\n'
        '[project.entry-points."tabletop_rules.games"]\ncore-tic-tac-toe = "club_tictactoe:load"\n\n'
        '[tool.setuptools]\npackages = ["club_tictactoe"]\n\n'
        '[tool.setuptools.package-data]\nclub_tictactoe = ["*.yaml"]\n', encoding="utf-8")
    return project


def _probe(site: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(site)]))
    run = subprocess.run([sys.executable, "-c", PROBE], env=env, cwd=site, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def _check(out: dict) -> None:
    kit = [g for g in out["games"] if g != GID]
    assert GID in out["games"] and kit == tr.list_games()        # found, after the kit's own games
    assert out["module"] == "club_tictactoe"
    # A taken cell is refused with its rule (TTT-1.2), the state unchanged; a random game ends (TTT-1.3).
    assert out["refused"] == ["TTT-1.2", True]
    assert out["over"] == [True, "game-over"]
    (code_l, listed), (code_r, clause), (code_s, summary) = out["cli"]
    assert code_l == code_r == code_s == 0
    assert "core-tic-tac-toe" in listed and "井字棋（内核基准）" in listed
    assert clause.startswith("TTT-1.3") and "对角线" in clause
    assert "4 games" in summary
    # The notebook layer: no board module of its own, the generic board draws its view; the table and
    # Why not? work with the kit's own words.
    assert out["board_module"] is None
    assert "ttr-board" in out["board"]
    status, board = out["table"]
    assert status and "ttr-board" in board
    text, clause_g = out["general"]
    # Seat 1 trying seat 0's move: the engine's own sentence in Chinese, citing a clause of the game's book.
    assert text and not any("a" <= ch.lower() <= "z" for ch in text) and clause_g.startswith("TTT-1."), out["general"]


def test_a_game_from_an_installed_package_is_found_and_played(tmp_path):
    """The package as installed: its files on the path and its ``.dist-info`` (METADATA, entry_points.txt),
    which is what importlib.metadata reads; built here by hand so that the test needs no build backend."""
    project = _package(tmp_path)
    site = tmp_path / "site"
    shutil.copytree(project / "club_tictactoe", site / "club_tictactoe")
    info = site / "club_tictactoe-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: club-tictactoe\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[tabletop_rules.games]\ncore-tic-tac-toe = club_tictactoe:load\n",
                                           encoding="utf-8")
    _check(_probe(site))


@pytest.mark.slow
def test_a_game_installed_with_pip_is_found_and_played(tmp_path):
    """The same package built and installed by pip from its pyproject (``--target``: not into the kit's
    environment, whose game list stays the kit's)."""
    project = _package(tmp_path)
    site = tmp_path / "site"
    pip = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-build-isolation", "--no-index",
                          "--quiet", "--target", str(site), str(project)], capture_output=True, text=True, timeout=300)
    assert pip.returncode == 0, pip.stderr[-2000:]
    assert (site / "club_tictactoe" / "rules.yaml").is_file()
    _check(_probe(site))


def test_the_kit_lists_its_own_games_from_their_folders():
    """The kit's games are the data folders with a flow.yaml whose id names a module of ``games/``."""
    folders = sorted(p.parent.name for p in tr.data_root().glob("*/flow.yaml"))
    assert tr.list_games()[:len(folders)] == folders
    assert tr.game_module("blood-recall-duel") == "tabletop_rules.games.blood_recall.duel"
    assert tr.game_module("mirror-dolls") == "tabletop_rules.games.mirror_dolls"
    with pytest.raises(KeyError, match="known games: blood-recall-duel"):
        tr.load_game("no-such-game")
