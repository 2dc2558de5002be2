"""Notebook speed: PlayTable click latency and each notebook's top-to-bottom run time.

    python benchmarks/notebook_speed.py [--games 3] [--no-write] [--check]

- Click latency: a PlayTable (human seat 0 against a random bot) is played to the end by
  clicking one of the listed actions each time; a click is measured from the button press to
  the redrawn table (apply, the bot's replies, board, controls, log, phase graph). In plain
  Python (no kernel), so the browser's own drawing is not included. Median and 90th percentile
  over every click of ``--games`` games. Floor: median under 50 ms.
- Notebook run time: each notebook in notebooks/ executed by nbclient in a fresh kernel (kernel
  start included). Floor: under 20 s each.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _results import add_row, machine

ROOT = Path(__file__).resolve().parents[1]
CLICK_FLOOR_MS = 50
NOTEBOOK_FLOOR_S = 20


def click_latency(games: int) -> list[float]:
    import tabletop_rules as tr
    from tabletop_rules.notebook.table import PlayTable

    game = tr.load_game("buddyfight")
    out: list[float] = []
    for seed in range(games):
        table = PlayTable(game, seed=seed, seats=["human", "random"])
        while not table.state.is_over:
            out += table.click_latency(50)
    return out


def notebook_times() -> dict[str, float]:
    import nbformat
    from nbclient import NotebookClient

    times = {}
    for path in sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts):
        nb = nbformat.read(path, as_version=4)
        t = time.perf_counter()
        NotebookClient(nb, timeout=300, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
        times[str(path.relative_to(ROOT))] = time.perf_counter() - t
    return times


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--check", action="store_true", help="exit 1 when a floor is missed")
    args = ap.parse_args(argv)
    m = machine()
    lat = sorted(click_latency(args.games))
    med = 1000 * statistics.median(lat)
    p90 = 1000 * lat[int(0.9 * (len(lat) - 1))]
    ok_click = med < CLICK_FLOOR_MS
    print(f"{m['date']}  {m['machine']}  Python {m['python']}")
    print(f"PlayTable click: median {med:.1f} ms, p90 {p90:.1f} ms, max {1000 * lat[-1]:.1f} ms over {len(lat)} "
          f"clicks ({args.games} games); floor {CLICK_FLOOR_MS} ms: {'ok' if ok_click else 'BELOW'}")
    times = notebook_times()
    ok_nb = all(v < NOTEBOOK_FLOOR_S for v in times.values())
    for name, sec in times.items():
        print(f"{name}: {sec:.1f} s (floor {NOTEBOOK_FLOOR_S} s: {'ok' if sec < NOTEBOOK_FLOOR_S else 'SLOW'})")
    if not args.no_write:
        add_row("Notebook speed (benchmarks/notebook_speed.py)",
                ["date", "machine", "Python", "clicks", "click median ms", "click p90 ms", "notebooks (s)"],
                [m["date"], m["machine"], m["python"], str(len(lat)), f"{med:.1f}", f"{p90:.1f}",
                 ", ".join(f"{Path(k).name} {v:.1f}" for k, v in times.items())])
        print("appended to benchmarks/RESULTS.md")
    return 1 if args.check and not (ok_click and ok_nb) else 0


if __name__ == "__main__":
    sys.exit(main())
