"""Issue 15: ``simulate`` in several processes and on a Dask cluster gives one process's results.

Every game's seeds come from the base seed and the game's index (``cli/simulate.py``
``play_range``), so the split of the games over workers cannot change a single game.
"""
from __future__ import annotations

import io
import json

import pytest

import tabletop_rules as tr
from tabletop_rules.cli import main
from tabletop_rules.cli.common import UserError
from tabletop_rules.cli.simulate import RUN_FIELDS, TIMING_FIELDS, Progress, chunks, simulate, wilson
from tabletop_rules.core.bots import RandomBot


def _results(summary: dict) -> dict:
    """A summary without what measures or describes the run."""
    return {k: v for k, v in summary.items() if k not in TIMING_FIELDS + RUN_FIELDS}


def test_chunks_cover_every_game_once_in_order():
    for n, workers in ((1, 1), (7, 2), (100, 2), (999, 3), (1_000_000, 2)):
        got = chunks(n, workers)
        assert got[0][0] == 0 and got[-1][1] == n
        assert all(a < b for a, b in got) and all(b == c for (_, b), (c, _) in zip(got, got[1:]))
        assert max(b - a for a, b in got) <= 2_000
    assert len(chunks(100, 2)) > 2                      # more chunks than workers: the line moves


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert round(lo, 4) == 0.4038 and round(hi, 4) == 0.5962
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("gid,players", [("buddyfight", 2), ("xianjian", 3)])
def test_two_processes_give_one_processs_results(gid, players):
    game = tr.load_game(gid)
    one = simulate(game, 13, seed=4, players=players)
    two = simulate(game, 13, seed=4, players=players, jobs=2)
    assert one["backend"] == "process" and two["backend"] == "processes" and two["jobs"] == 2
    assert _results(two) == _results(one)
    assert sum(one["wins"]) + one["draws"] + one["unfinished"] == 13 or players > 2


def test_a_dask_cluster_gives_one_processs_results():
    from distributed import Client, LocalCluster

    game = tr.load_game("blood-recall-duel")
    one = simulate(game, 9, seed=2)
    with LocalCluster(n_workers=1, processes=False, dashboard_address=None) as cluster:
        by_address = simulate(game, 9, seed=2, dask=cluster.scheduler_address)
        with Client(cluster) as client:
            by_client = simulate(game, 9, seed=2, dask=client)
    assert by_address["backend"] == by_client["backend"] == "dask"
    assert _results(by_address) == _results(one) == _results(by_client)


def test_the_summary_reports_rate_interval_length_and_speed():
    s = simulate(tr.load_game("buddyfight"), 20, seed=1)
    lo, hi = s["first_player_win_rate_ci95"]
    assert lo <= s["first_player_win_rate"] <= hi and 0 < hi - lo < 0.5
    assert s["average_actions"] == s["actions"] / 20 and s["actions_per_second"] > 0
    assert s["cpu_seconds"] > 0


def test_an_engine_error_names_the_first_failing_game_in_every_backend(monkeypatch):
    real = RandomBot.choose

    def choose(self, state):
        if state.seed in (7, 11) and len(state.record.actions) == 3:
            raise RuntimeError("boom")
        return real(self, state)

    monkeypatch.setattr(RandomBot, "choose", choose)
    game = tr.load_game("buddyfight")
    for jobs in (1, 2):                    # worker processes are forked: they see the patch too
        with pytest.raises(UserError, match="game seed 7 failed after 3 actions") as err:
            simulate(game, 14, seed=0, jobs=jobs)
        assert err.value.code == 1


def test_progress_lines_with_processes():
    out = io.StringIO()
    simulate(tr.load_game("xianjian"), 40, seed=0, jobs=2, progress=Progress(40, stream=out))
    lines = out.getvalue().splitlines()
    assert lines and lines[-1].startswith("100% 40/40 games")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_a_tqdm_bar():
    """Issue 40.6: on a terminal the progress is tqdm's bar, redrawn in place, with the speed beside it."""
    out = Terminal()
    simulate(tr.load_game("buddyfight"), 12, seed=0, progress=Progress(12, stream=out))
    drawings = out.getvalue().rstrip("\n").split("\r")
    assert len(drawings) >= 2, out.getvalue()
    last = drawings[-1]
    assert last.startswith("100%|") and "12/12" in last and "game/s" in last and "actions/s" in last, last


def test_cli_jobs_and_summary_text(capsys):
    assert main(["simulate", "buddyfight", "-n", "8", "--seed", "2", "--json", "--quiet"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert main(["simulate", "buddyfight", "-n", "8", "--seed", "2", "--json", "--quiet", "--jobs", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert _results(one) == _results(two)
    assert main(["simulate", "buddyfight", "-n", "8", "--quiet", "-j", "2"]) == 0
    text = capsys.readouterr().out
    assert "95% confidence interval" in text and "on 2 processes" in text and "decisions per second" in text
    assert main(["simulate", "buddyfight", "-n", "2", "--jobs", "0"]) == 2
    assert "--jobs" in capsys.readouterr().err


@pytest.mark.slow
def test_a_notebook_gets_a_tqdm_widget():
    """Issue 40.6: in a Jupyter kernel simulate's progress is tqdm.auto's widget, not text."""
    nbformat = pytest.importorskip("nbformat")
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        "import tabletop_rules as tr\nfrom tabletop_rules.cli.simulate import Progress, simulate\n"
        "simulate(tr.load_game('buddyfight'), 6, 0, progress=Progress(6))['games']")]
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    outputs = nb.cells[0].outputs
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs), outputs
    assert not any(o.get("name") == "stderr" for o in outputs), outputs
    assert outputs[-1]["data"]["text/plain"] == "6"
