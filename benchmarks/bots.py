"""How well the bots play (issue 15, part 4): the ISMC bot, which decides from its own seat's view
only, against random play and against the Monte Carlo bot that peeks at the hidden state.

    python benchmarks/bots.py [--games 200] [--against random|monte-carlo] [--game ID]
                              [--jobs 2] [--no-write] [--label TEXT] [--save FILE] [--peeking]

For every game id (first player count), ``--games`` games are played from seeds 10000.. with the
ISMC bot (default settings, ``BOTS["ismc"]``) in seat ``game % players`` and the opponent bot in
every other seat, so the bot plays first and second equally often. Reported per game: the ISMC
bot's wins, its win rate with a 95% Wilson interval, and the CPU time of its decisions (median,
90th percentile and the slowest; only decisions with two or more choices are timed, the others
are taken at once). Story mode is a solo game against the rules: "wins" are games won.

``--jobs K`` spreads the games over K processes (each game is seeded, so the counts do not
depend on K); decision times are CPU times of the process that made them. Rows are appended to
benchmarks/RESULTS.md.

``--save FILE`` keeps every finished game as a line of JSON in FILE, and a run given a FILE that
already holds games of the same game id and opponent plays only the games missing from it: a long
run (200 mirror-doll games take hours) can be stopped and taken up again, and its row counts every
game in the file. Resume only with the code the file was started with.

``--peeking`` is a yardstick, not a bot to play against: the same search (the same budget,
rounds and common random numbers) but started from a copy of the real state instead of a deal
from the seat's view. Its win rate against the peeking Monte Carlo bot is what the search itself
can reach when it knows everything; the honest bot's rate below it is what not peeking costs.
Its saved games are marked ``"ismc": "ismc-peeking"`` and never mix with the honest bot's.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from pathlib import Path

from tqdm.auto import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _results import add_row, machine

SEED0 = 10_000


def peeking_ismc(seed: int) -> object:
    """The ISMC search started from ``state.clone()`` (``--peeking``: the module doc)."""
    from tabletop_rules.core.bots import BOTS

    class PeekingISMC(BOTS["ismc"]):  # type: ignore[misc,valid-type]
        name = "ismc-peeking"

        def _start(self, state: object, seat: int) -> object:
            return state.clone()  # type: ignore[attr-defined]

    return PeekingISMC(seed=seed)


def one_game(gid: str, index: int, against: str, peeking: bool = False) -> tuple[bool, list[float], int]:
    """(the ISMC bot won, its decision CPU times in seconds, actions in the game)."""
    import tabletop_rules as tr
    from tabletop_rules.core.bots import BOTS

    game = tr.load_game(gid)
    players = game.player_counts[0]
    me = index % players
    state = game.new_game(seed=SEED0 + index, players=players)
    ismc = peeking_ismc if peeking else BOTS["ismc"]
    bots = [ismc(seed=index) if k == me else BOTS[against](seed=SEED0 * 7 + index * players + k)
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


def _run(job: tuple[str, int, str, bool]) -> tuple[bool, list[float], int]:
    return one_game(*job)


def save(path: str, gid: str, against: str, index: int, result: tuple[bool, list[float], int],
         ismc: str = "ismc") -> None:
    """Keep one finished game as a line of a ``--save`` file (read back by ``saved``)."""
    won, times, actions = result
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps({"game": gid, "against": against, "ismc": ismc, "index": index, "won": won,
                            "times": [round(t, 4) for t in times], "actions": actions}) + "\n")


def saved(path: str, gid: str, against: str, ismc: str = "ismc") -> dict[int, tuple[bool, list[float], int]]:
    """The games of ``gid`` against ``against`` that a ``--save`` file holds, by game index, played by
    ``ismc`` ("ismc", or "ismc-peeking" for ``--peeking``; lines older than the mark are "ismc")."""
    out: dict[int, tuple[bool, list[float], int]] = {}
    if not Path(path).exists():
        return out
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        try:
            g = json.loads(line)
            if g["game"] == gid and g["against"] == against and g.get("ismc", "ismc") == ismc:
                out[int(g["index"])] = (bool(g["won"]), [float(t) for t in g["times"]], int(g["actions"]))
        except (ValueError, KeyError, TypeError) as e:
            raise SystemExit(f"{path}, line {n}: not a saved game ({e})") from None
    return out


def main(argv: list[str] | None = None) -> int:
    from tabletop_rules.cli.simulate import wilson

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--against", default="random", choices=["random", "monte-carlo"])
    ap.add_argument("--game", action="append", help="only this game id (repeatable)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--label", default="")
    ap.add_argument("--save", help="keep each finished game in this JSON-lines file; games it holds are not "
                    "played again")
    ap.add_argument("--peeking", action="store_true", help="a yardstick: the same search from the real state")
    args = ap.parse_args(argv)
    who = "ismc-peeking" if args.peeking else "ismc"
    import tabletop_rules as tr

    ids = args.game or tr.list_games()
    info = machine()
    for gid in ids:
        kept = saved(args.save, gid, args.against, who) if args.save else {}
        results = [kept[i] for i in sorted(kept) if i < args.games]
        jobs = [(gid, i, args.against, args.peeking) for i in range(args.games) if i not in kept]
        if kept:
            print(f"  {gid}: {len(results)} games taken from {args.save}", file=sys.stderr)
        t0 = time.perf_counter()
        with ProcessPoolExecutor(args.jobs) if args.jobs > 1 and jobs else nullcontext() as pool, \
                tqdm(total=args.games, initial=len(results), desc=gid, unit="game", file=sys.stderr) as bar:
            # games come back in order, one at a time per process (a long run shows its progress)
            done = pool.map(_run, jobs) if pool else map(_run, jobs)
            for job, result in zip(jobs, done, strict=True):
                results.append(result)
                if args.save:
                    save(args.save, gid, args.against, job[1], result, who)
                bar.set_postfix_str(f"{who} won {sum(r[0] for r in results)}", refresh=False)
                bar.update(1)
        wall = time.perf_counter() - t0
        won = sum(r[0] for r in results)
        times = sorted(t for r in results for t in r[1])
        lo, hi = wilson(won, len(results))
        med = 1e3 * statistics.median(times) if times else 0.0
        p90 = 1e3 * times[int(0.9 * (len(times) - 1))] if times else 0.0
        worst = 1e3 * times[-1] if times else 0.0
        length = statistics.mean(r[2] for r in results)
        print(f"{gid:20} {who} vs {args.against}: won {won}/{len(results)} ({100 * won / len(results):.0f}%, "
              f"95% CI {100 * lo:.0f}-{100 * hi:.0f}%); decision CPU median {med:.0f} ms, p90 {p90:.0f} ms, "
              f"max {worst:.0f} ms; {length:.0f} actions per game; {wall:.0f} s wall for the {len(jobs)} played now",
              flush=True)
        if not args.no_write:
            add_row("Bot strength (benchmarks/bots.py)",
                    ["date", "machine", "Python", "run", "game", "opponent", "games", "ISMC won", "win rate (95% CI)",
                     "decision CPU median ms", "p90 ms", "max ms", "actions/game"],
                    [info["date"], info["machine"], info["python"],
                     (args.label or "-") + (" (--peeking: the search from the real state)" if args.peeking else ""),
                     gid, args.against,
                     str(len(results)), str(won), f"{100 * won / len(results):.0f}% ({100 * lo:.0f}-{100 * hi:.0f}%)",
                     f"{med:.0f}", f"{p90:.0f}", f"{worst:.0f}", f"{length:.0f}"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
