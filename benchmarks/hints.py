"""Issue 38: how long a learner waits for a hint (core/tutor.py: the fair search bot, time-bounded).

For every game, positions are reached by seeded random play (a hint every ``--every`` actions, from
several games), and each hint is timed from the call to the finished hint: the search from the
seat's view, the words of what the move does and its clauses (both languages). The goal: the
99th percentile under 1 s on this machine (the hint's own clock, core.tutor.TIME_LIMIT, bounds the
search at 0.8 s; the bot's budget usually ends it first).

    python benchmarks/hints.py                  # 60 hints a game
    python benchmarks/hints.py --hints 200 --game vividz

``--check`` exits 1 when a game's 99th percentile is 1 s or more.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))

from _results import add_row, machine

TARGET_S = 1.0
HEADERS = ["date", "machine", "Python", "game", "hints", "median s", "p90 s", "p99 s", "max s", "load avg (1 min)",
           "target 1 s"]


def times_for(game_id: str, hints: int, every: int = 7) -> list[float]:
    import tabletop_rules as tr
    from tabletop_rules.core.tutor import hint

    game = tr.load_game(game_id)
    out: list[float] = []
    seed = 0
    while len(out) < hints:
        rng = random.Random(seed)
        s = game.new_game(seed=seed)
        step = 0
        while not s.is_over and len(out) < hints and step < 600:
            if step % every == 0:
                t0 = time.perf_counter()
                h = hint(s, seed=step)
                h.lines(game, "en")
                h.lines(game, "zh")
                out.append(time.perf_counter() - t0)
            s.apply(rng.choice(s.legal_actions()))
            step += 1
        seed += 1
    return out


def main(argv: list[str] | None = None) -> int:
    from _voila import med, pct

    import tabletop_rules as tr
    from tabletop_rules.core.tutor import TIME_LIMIT

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", action="append", choices=tr.list_games())
    ap.add_argument("--hints", type=int, default=60, help="hints per game (1-1000)")
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    n = max(1, min(1000, args.hints))
    failed = False
    for game_id in args.game or tr.list_games():
        load = os.getloadavg()[0]          # other processes on the same cores stretch every time measured
        times = times_for(game_id, n)
        p99 = pct(times, 99)
        ok = p99 < TARGET_S
        failed |= not ok
        row = [f"{med(times):.3f}", f"{pct(times, 90):.3f}", f"{p99:.3f}", f"{max(times):.3f}"]
        print(f"{game_id}: {len(times)} hints, median/p90/p99/max {' / '.join(row)} s", flush=True)
        if not args.no_write:
            info = machine()
            add_row("Hints (benchmarks/hints.py)", HEADERS,
                    [info["date"], info["machine"], info["python"], game_id, str(len(times)), *row,
                     f"{load:.1f} (TIME_LIMIT {TIME_LIMIT} s)", "ok" if ok else "missed"])
    return 1 if args.check and failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
