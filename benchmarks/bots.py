"""How well the bots play (issue 15, part 4): the ISMC bot, which decides from its own seat's view
only, against random play and against the Monte Carlo bot that peeks at the hidden state.

    python benchmarks/bots.py [--games 200] [--against random|monte-carlo] [--game ID]
                              [--jobs 2] [--no-write] [--label TEXT]

For every game id (first player count), ``--games`` games are played from seeds 10000.. with the
ISMC bot (default settings, ``BOTS["ismc"]``) in seat ``game % players`` and the opponent bot in
every other seat, so the bot plays first and second equally often. Reported per game: the ISMC
bot's wins, its win rate with a 95% Wilson interval, and the CPU time of its decisions (median,
90th percentile and the slowest; only decisions with two or more choices are timed, the others
are taken at once). Story mode is a solo game against the rules: "wins" are games won.

``--jobs K`` spreads the games over K processes (each game is seeded, so the counts do not
depend on K); decision times are CPU times of the process that made them. Rows are appended to
benchmarks/RESULTS.md.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _results import add_row, machine

SEED0 = 10_000


def one_game(gid: str, index: int, against: str) -> tuple[bool, list[float], int]:
    """(the ISMC bot won, its decision CPU times in seconds, actions in the game)."""
    import tabletop_rules as tr
    from tabletop_rules.core.bots import BOTS

    game = tr.load_game(gid)
    players = game.player_counts[0]
    me = index % players
    state = game.new_game(seed=SEED0 + index, players=players)
    bots = [BOTS["ismc"](seed=index) if k == me else BOTS[against](seed=SEED0 * 7 + index * players + k)
            for k in range(players)]
    times: list[float] = []
    clock = time.process_time
    while not state.is_over:
        seat = state.current_player
        if seat == me and len(state.legal_actions()) > 1:
            t = clock()
            action = bots[seat].choose(state)
            times.append(clock() - t)
        else:
            action = bots[seat].choose(state)
        state.apply(action)
    return bool(state.winners) and me in state.winners, times, len(state.record.actions)


def _run(job: tuple[str, int, str]) -> tuple[bool, list[float], int]:
    return one_game(*job)


def main(argv: list[str] | None = None) -> int:
    from tabletop_rules.cli.simulate import wilson

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--against", default="random", choices=["random", "monte-carlo"])
    ap.add_argument("--game", action="append", help="only this game id (repeatable)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--label", default="")
    args = ap.parse_args(argv)
    import tabletop_rules as tr

    ids = args.game or tr.list_games()
    info = machine()
    for gid in ids:
        jobs = [(gid, i, args.against) for i in range(args.games)]
        t0 = time.perf_counter()
        results = []
        with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else nullcontext() as pool:
            # games come back in order, a few at a time per process (a long run shows its progress)
            done = pool.map(_run, jobs, chunksize=max(1, len(jobs) // (16 * args.jobs))) if pool else map(_run, jobs)
            for i, result in enumerate(done):
                results.append(result)
                won_so_far = sum(r[0] for r in results)
                print(f"\r  {gid}: {i + 1}/{len(jobs)} games, ismc won {won_so_far}", end="", file=sys.stderr,
                      flush=True)
        print(file=sys.stderr)
        wall = time.perf_counter() - t0
        won = sum(r[0] for r in results)
        times = sorted(t for r in results for t in r[1])
        lo, hi = wilson(won, len(results))
        med = 1e3 * statistics.median(times) if times else 0.0
        p90 = 1e3 * times[int(0.9 * (len(times) - 1))] if times else 0.0
        worst = 1e3 * times[-1] if times else 0.0
        length = statistics.mean(r[2] for r in results)
        print(f"{gid:20} ismc vs {args.against}: won {won}/{len(results)} ({100 * won / len(results):.0f}%, "
              f"95% CI {100 * lo:.0f}-{100 * hi:.0f}%); decision CPU median {med:.0f} ms, p90 {p90:.0f} ms, "
              f"max {worst:.0f} ms; {length:.0f} actions per game; {wall:.0f} s wall", flush=True)
        if not args.no_write:
            add_row("Bot strength (benchmarks/bots.py)",
                    ["date", "machine", "Python", "run", "game", "opponent", "games", "ISMC won", "win rate (95% CI)",
                     "decision CPU median ms", "p90 ms", "max ms", "actions/game"],
                    [info["date"], info["machine"], info["python"], args.label or "-", gid, args.against,
                     str(len(results)), str(won), f"{100 * won / len(results):.0f}% ({100 * lo:.0f}-{100 * hi:.0f}%)",
                     f"{med:.0f}", f"{p90:.0f}", f"{worst:.0f}", f"{length:.0f}"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
