"""Issue 15's numbers in one run: random play against OpenSpiel's tic-tac-toe, clone, load_game.

    python benchmarks/speed.py [--rounds 7] [--actions 3000] [--clones 200] [--loads 5]
                               [--game ID] [--no-write] [--label TEXT]

- **Random play**: every game id at every player count, and OpenSpiel's pure-Python tic-tac-toe
  (``open_spiel.python.games.tic_tac_toe``, installed with ``pip install open_spiel``), are
  measured *interleaved*: each round plays one batch of every contestant in turn (whole games,
  ``new_game`` setup included, a seeded ``RandomBot`` per seat; tic-tac-toe: ``random.choice`` of
  ``legal_actions()``) until the batch holds at least ``--actions`` actions. Time is CPU time of
  this process (``time.process_time``), so neighbours on a shared machine cost less; the median
  batch rate over the rounds is reported, and its ratio to tic-tac-toe's median in the same run
  (absolute numbers swing by 40% on these machines, the ratio much less). Tic-tac-toe written on this
  kit's core (``benchmarks/core_tictactoe``: a Book, one lister, labels, events, the record) plays
  beside them: the core's own cost of one action of the smallest game.
- **Clone**: ``state.clone()`` of states taken along random games (every 7th decision of seeds
  0..), CPU time, median and 90th percentile in microseconds, and ``copy.deepcopy`` of the same
  states (the clone before issue 15) for a ratio measured in the same run.
- **load_game**: a fresh interpreter per run times ``load_game(ID)`` (after ``import
  tabletop_rules``) with ``perf_counter``; the median of ``--loads`` runs after one warm-up run (the
  warm-up fills bytecode caches and, when the kit caches validated data, that cache).

- **simulate**: ``cli.simulate.simulate`` of ``--simulate`` random games with 1 and with 2
  processes (twice each, alternating): wall seconds, CPU seconds spent playing, decisions per
  second of wall time. Two processes only help when two cores are free.

Appends its tables to benchmarks/RESULTS.md (``--no-write``: print only); ``--label`` names the
run there (e.g. "before issue 15").
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _results import add_row, machine

TTT = "open_spiel tic-tac-toe"
#: The same game written on this kit's core (benchmarks/core_tictactoe): what the core's contract costs
#: per action of the smallest game, beside OpenSpiel's.
CORE_TTT, CORE_TTT_ID = "tic-tac-toe on this core", "core-tic-tac-toe"


def contestants(ids: list[str]) -> list[tuple[str, str, int]]:
    """(name, game id, players) for every game and player count; tic-tac-toe first."""
    import tabletop_rules as tr

    out = [(TTT, "", 2), (CORE_TTT, CORE_TTT_ID, 2)]
    for gid in ids:
        counts = tr.load_game(gid).player_counts
        for n in counts:
            out.append((gid if len(counts) == 1 else f"{gid} ({n}p)", gid, n))
    return out


class Player:
    """Plays batches of whole random games of one contestant, continuing its seeds."""

    def __init__(self, gid: str, players: int):
        self.gid, self.players, self.seed = gid, players, 0
        if gid:
            import tabletop_rules as tr
            from tabletop_rules.core.bots import RandomBot

            if gid == CORE_TTT_ID:
                import core_tictactoe

                self.game = core_tictactoe.load()
            else:
                self.game = tr.load_game(gid)
            self.bot = RandomBot
        else:
            from open_spiel.python.games import tic_tac_toe

            self.game = tic_tac_toe.TicTacToeGame()

    def batch(self, min_actions: int) -> tuple[int, float]:
        """(actions, CPU seconds) of whole games until at least ``min_actions`` actions."""
        clock = time.process_time
        actions = 0
        t0 = clock()
        if not self.gid:
            game = self.game
            while actions < min_actions:
                rng = random.Random(self.seed)
                self.seed += 1
                state = game.new_initial_state()
                while not state.is_terminal():
                    state.apply_action(rng.choice(state.legal_actions()))
                    actions += 1
            return actions, clock() - t0
        players, bot = self.players, self.bot
        while actions < min_actions:
            seed = self.seed
            self.seed += 1
            state = self.game.new_game(seed=seed, players=players)
            bots = [bot(seed * players + k) for k in range(players)]
            while not state.is_over:
                state.apply(bots[state.current_player].choose(state))
                actions += 1
        return actions, clock() - t0


def throughput(cast: list[tuple[str, str, int]], rounds: int, min_actions: int) -> dict[str, float]:
    players = {name: Player(gid, n) for name, gid, n in cast}
    for p in players.values():                     # warm-up batch, not counted
        p.batch(min_actions // 4)
    rates: dict[str, list[float]] = {name: [] for name in players}
    for r in range(rounds):
        order = list(players) if r % 2 == 0 else list(reversed(players))
        for name in order:
            a, s = players[name].batch(min_actions)
            rates[name].append(a / s if s > 0 else float("inf"))
    return {name: statistics.median(v) for name, v in rates.items()}


def clone_times(gid: str, players: int, samples: int) -> tuple[float, float, float]:
    """Median and 90th percentile of ``state.clone()`` in microseconds (CPU) along random games,
    and the median of ``copy.deepcopy`` of the same states (what ``clone`` was before issue 15:
    the game shared, the log's events shared), timed right after each clone."""
    import copy

    import tabletop_rules as tr
    from tabletop_rules.core.bots import RandomBot

    game = tr.load_game(gid)
    times: list[float] = []
    deep: list[float] = []
    seed = 0
    clock = time.process_time
    while len(times) < samples:
        state = game.new_game(seed=seed, players=players)
        bots = [RandomBot(seed * players + k) for k in range(players)]
        seed += 1
        step = 0
        while not state.is_over and len(times) < samples:
            if step % 7 == 0:
                state.legal_actions()
                t = clock()
                state.clone()
                times.append(1e6 * (clock() - t))
                t = clock()
                copy.deepcopy(state, {id(state.game): state.game, id(state.log): list(state.log)})
                deep.append(1e6 * (clock() - t))
            state.apply(bots[state.current_player].choose(state))
            step += 1
    times.sort()
    return statistics.median(times), times[int(0.9 * (len(times) - 1))], statistics.median(deep)


PROBE = r"""
import json, time
t0, c0 = time.perf_counter(), time.process_time()
import tabletop_rules
t1, c1 = time.perf_counter(), time.process_time()
tabletop_rules.load_game(%(game)r)
t2, c2 = time.perf_counter(), time.process_time()
print(json.dumps({"import_ms": 1000 * (t1 - t0), "load_ms": 1000 * (t2 - t1), "load_cpu_ms": 1000 * (c2 - c1)}))
"""


def load_time(gid: str, runs: int) -> tuple[float, float]:
    """Median wall and CPU ms of ``load_game(gid)`` in fresh interpreters, after a warm-up run.
    Bytecode caches are allowed (``PYTHONDONTWRITEBYTECODE`` removed), as in an installed kit;
    the probe runs beside the package this script imported, so it measures that same code."""
    import tabletop_rules

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    home = str(Path(tabletop_rules.__file__).resolve().parents[1])
    env["PYTHONPATH"] = home
    wall, cpu = [], []
    for i in range(runs + 1):
        proc = subprocess.run([sys.executable, "-c", PROBE % {"game": gid}], capture_output=True,
                              text=True, timeout=120, env=env, cwd=home)
        if proc.returncode != 0:
            raise SystemExit(f"speed: the load probe of {gid} failed: {proc.stderr.strip()[-300:]}")
        if i:
            got = json.loads(proc.stdout.strip().splitlines()[-1])
            wall.append(got["load_ms"])
            cpu.append(got["load_cpu_ms"])
    return statistics.median(wall), statistics.median(cpu)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=7, help="interleaved rounds (default 7)")
    ap.add_argument("--actions", type=int, default=3000, help="actions per batch at least (default 3000)")
    ap.add_argument("--clones", type=int, default=200, help="clones timed per game (default 200)")
    ap.add_argument("--loads", type=int, default=5, help="fresh interpreters per load_game (default 5)")
    ap.add_argument("--game", action="append", help="only this game id (repeatable)")
    ap.add_argument("--simulate", type=int, default=300, help="games per simulate run (default 300)")
    ap.add_argument("--skip", action="append", default=[], choices=("play", "clone", "load", "simulate"))
    ap.add_argument("--label", default="", help="what this run measures (e.g. 'before issue 15')")
    ap.add_argument("--no-write", action="store_true", help="do not append to RESULTS.md")
    args = ap.parse_args(argv)

    import tabletop_rules as tr

    ids = args.game or tr.list_games()
    cast = contestants(ids)
    m = machine()
    label = args.label or "-"
    print(f"{m['date']}  {m['machine']}  Python {m['python']}  {label}")
    if "play" not in args.skip:
        med = throughput(cast, args.rounds, args.actions)
        base = med[TTT]
        print(f"random play, CPU time, median of {args.rounds} interleaved batches of >= {args.actions} actions:")
        for name, _, _ in cast:
            print(f"  {name:28s} {med[name]:>10,.0f} actions/s  {med[name] / base:5.2f} x tic-tac-toe")
            if not args.no_write:
                add_row("Random play vs OpenSpiel tic-tac-toe (benchmarks/speed.py)",
                        ["date", "machine", "Python", "run", "contestant", "actions/s (CPU, median)",
                         "ratio to tic-tac-toe", "rounds x actions"],
                        [m["date"], m["machine"], m["python"], label, name, f"{med[name]:,.0f}",
                         f"{med[name] / base:.2f}", f"{args.rounds} x {args.actions}"])
    if "clone" not in args.skip:
        print(f"state.clone(), {args.clones} states per game along random games:")
        for name, gid, n in cast:
            if gid in ("", CORE_TTT_ID):          # the yardsticks only race
                continue
            mid, p90, deep = clone_times(gid, n, args.clones)
            print(f"  {name:28s} median {mid:8.0f} us  p90 {p90:8.0f} us  deepcopy {deep:8.0f} us "
                  f"({deep / mid:4.1f} x)")
            if not args.no_write:
                add_row("state.clone() against deepcopy in the same run (benchmarks/speed.py)",
                        ["date", "machine", "Python", "run", "game", "clone median (us)", "clone p90 (us)",
                         "deepcopy median (us)", "deepcopy / clone"],
                        [m["date"], m["machine"], m["python"], label, name, f"{mid:.0f}", f"{p90:.0f}",
                         f"{deep:.0f}", f"{deep / mid:.1f}"])
    if "load" not in args.skip:
        print(f"load_game in a fresh interpreter, median of {args.loads} after a warm-up run:")
        for gid in ids:
            ms, cpu = load_time(gid, args.loads)
            print(f"  {gid:28s} {ms:8.1f} ms wall  {cpu:8.1f} ms CPU")
            if not args.no_write:
                add_row("load_game in a fresh process, bytecode cached (benchmarks/speed.py)",
                        ["date", "machine", "Python", "run", "game", "load_game wall (ms, median)",
                         "load_game CPU (ms, median)"],
                        [m["date"], m["machine"], m["python"], label, gid, f"{ms:.1f}", f"{cpu:.1f}"])
    if "simulate" not in args.skip:
        from tabletop_rules.cli.simulate import simulate

        print(f"simulate, {args.simulate} random games, wall time (1 process, then 2 processes):")
        for gid in ids:
            game = tr.load_game(gid)
            runs = [simulate(game, args.simulate, seed=1, jobs=j) for j in (1, 2, 1, 2)]
            for j in (1, 2):
                mine = [r for r in runs if r["jobs"] == j]
                aps = statistics.median(r["actions_per_second"] for r in mine)
                sec = statistics.median(r["seconds"] for r in mine)
                cpu = statistics.median(r["cpu_seconds"] for r in mine)
                print(f"  {gid:28s} jobs {j}: {sec:6.2f} s wall, {cpu:6.2f} s CPU in the players, "
                      f"{aps:10,.0f} decisions/s")
                if not args.no_write:
                    add_row("simulate, 1 and 2 processes (benchmarks/speed.py)",
                            ["date", "machine", "Python", "run", "game", "games", "jobs", "wall s (median of 2)",
                             "CPU s in the players", "decisions/s (wall)"],
                            [m["date"], m["machine"], m["python"], label, gid, str(args.simulate), str(j),
                             f"{sec:.2f}", f"{cpu:.2f}", f"{aps:,.0f}"])
    if not args.no_write:
        print("appended to benchmarks/RESULTS.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
