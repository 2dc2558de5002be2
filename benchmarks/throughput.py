"""Random-play throughput: how many actions (legal_actions + apply) per second each game runs.

    python benchmarks/throughput.py [--games 300] [--game buddyfight] [--no-write] [--check]

For every game id in ``tabletop_rules.list_games()``, N games (seeds 0..N-1) are played to the
end with a RandomBot per seat (seeded ``seed * players + seat``), in this one process, so on one
core. Reported per game:
- actions/s and games/s over the whole game loop: ``new_game`` (setup) + every
  ``legal_actions`` + ``apply`` until the game ends (bot choice included);
- the setup time per game, and actions/s of play alone (setup excluded);
- average actions per game and the time to load the game data (once, not in the loop).
The whole run is repeated ``--repeat`` times (default 3) and the fastest run is reported, as
``timeit`` does: on a shared virtual machine the slow runs measure the neighbours, not the code
(runs on this project's machines varied by up to 40%). The row is appended to
benchmarks/RESULTS.md. The floor is 20,000 actions/s (setup included); ``--check`` exits 1 when
a game is below it.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _results import add_row, machine

FLOOR = 20_000


def measure(game_id: str, games: int, players: int | None = None) -> dict:
    import tabletop_rules as tr
    from tabletop_rules.core.bots import RandomBot

    t = time.perf_counter()
    game = tr.load_game(game_id)
    load_s = time.perf_counter() - t
    players = players or game.player_counts[0]
    setup_s = play_s = 0.0
    actions = 0
    perf = time.perf_counter
    for seed in range(games):
        t0 = perf()
        state = game.new_game(seed=seed, players=players)
        t1 = perf()
        bots = [RandomBot(seed * players + k) for k in range(players)]
        n = 0
        while not state.is_over:
            state.apply(bots[state.current_player].choose(state))
            n += 1
        t2 = perf()
        setup_s += t1 - t0
        play_s += t2 - t1
        actions += n
    total = setup_s + play_s
    return {
        "game": game_id if len(game.player_counts) == 1 else f"{game_id} ({players}p)", "games": games,
        "actions": actions, "load_s": load_s,
        "total_s": total, "setup_s": setup_s, "play_s": play_s,
        "actions_per_s": actions / total, "games_per_s": games / total,
        "play_actions_per_s": actions / play_s, "setup_ms": 1000 * setup_s / games,
        "actions_per_game": actions / games,
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=300, help="games per game id (default 300)")
    ap.add_argument("--game", action="append", help="only this game id (repeatable)")
    ap.add_argument("--repeat", type=int, default=3, help="runs per game id; the fastest counts (default 3)")
    ap.add_argument("--no-write", action="store_true", help="do not append to RESULTS.md")
    ap.add_argument("--check", action="store_true", help=f"exit 1 if a game is below {FLOOR:,} actions/s")
    args = ap.parse_args(argv)

    import tabletop_rules as tr

    ids = args.game or tr.list_games()
    unknown = [g for g in ids if g not in tr.list_games()]
    if unknown:
        ap.error(f"unknown game {unknown[0]!r}; known games: {', '.join(tr.list_games())}")
    m = machine()
    print(f"{m['date']}  {m['machine']}  Python {m['python']}  ({args.games} games per id, one process, "
          f"best of {args.repeat})")
    low = []
    import tabletop_rules as tr2

    todo = [(gid, n) for gid in ids for n in tr2.load_game(gid).player_counts]
    for gid, n in todo:
        runs = [measure(gid, args.games, n) for _ in range(max(1, args.repeat))]
        r = max(runs, key=lambda x: x["actions_per_s"])
        spread = ", ".join(f"{x['actions_per_s']:,.0f}" for x in runs)
        ok = r["actions_per_s"] >= FLOOR
        low += [] if ok else [r["game"]]
        print(f"{r['game']}: {r['actions_per_s']:,.0f} actions/s, {r['games_per_s']:,.1f} games/s "
              f"(setup included; {r['actions']:,} actions in {r['total_s']:.2f} s, "
              f"{r['actions_per_game']:.1f} per game)")
        print(f"  setup {r['setup_ms']:.2f} ms per game ({r['setup_s']:.2f} s in all); play alone "
              f"{r['play_actions_per_s']:,.0f} actions/s; data load {1000 * r['load_s']:.0f} ms; "
              f"floor {FLOOR:,}: {'ok' if ok else 'BELOW'}")
        print(f"  runs (actions/s): {spread}")
        if not args.no_write:
            add_row("Random-play throughput (benchmarks/throughput.py)",
                    ["date", "machine", "Python", "game", "games", "actions/game", "actions/s (setup incl.)",
                     "games/s", "setup ms/game", "actions/s (play only)", f"floor {FLOOR:,}"],
                    [m["date"], m["machine"], m["python"], r["game"], str(args.games), f"{r['actions_per_game']:.1f}",
                     f"{r['actions_per_s']:,.0f}", f"{r['games_per_s']:,.1f}", f"{r['setup_ms']:.2f}",
                     f"{r['play_actions_per_s']:,.0f}", "ok" if ok else "below"])
    if not args.no_write:
        print("appended to benchmarks/RESULTS.md")
    return 1 if (args.check and low) else 0


if __name__ == "__main__":
    sys.exit(main())
