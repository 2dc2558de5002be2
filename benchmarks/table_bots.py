"""Issue 40.2: how long a person waits at the table for the recommended bot (ismc) to answer a click.

For every game with an opponent seat, a ``PlayTable`` (the notebook widget, outside a browser)
seats a person against ``ismc``; the person clicks a seeded random one of the listed actions,
``--clicks`` times per game (new games as needed), and each click is timed from the click to the
redrawn table: the person's action, every bot decision up to the person's next turn (with the
table's time budget, DECISION_SECONDS and REPLY_SECONDS in notebook/table.py) and the redraw.
``--load K`` runs K other processes doing the same meanwhile (other sessions on the server).
The browser adds its round trip and drawing (benchmarks/bot_replies.py measures the reply as shown in Chromium).

    python benchmarks/table_bots.py                 # 60 clicks a game, alone
    python benchmarks/table_bots.py --load 2        # ... while two other tables play
    python benchmarks/table_bots.py --no-budget     # the bots without a time budget (before 40.2)

``--check`` exits 1 when a game's 99th percentile is 1 s or more.
"""
from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))

from _results import add_row, machine

TARGET_S = 1.0
GAMES = ["buddyfight", "blood-recall-duel", "vividz", "xianjian", "mirror-dolls"]
HEADERS = ["date", "machine", "Python", "run", "game", "clicks", "median s", "p90 s", "p99 s", "max s", "target 1 s"]


def play(game_id: str, clicks: int, seed: int, budget: bool, stop: float | None = None) -> list[float]:
    """Seconds per click at a person-vs-ismc table (until ``clicks`` or, for load, ``stop``)."""
    import tabletop_rules as tr
    from tabletop_rules.notebook import table as T

    if not budget:
        orig = T.PlayTable._bot_for

        def unbounded(self, seat, until=None):
            bot = orig(self, seat, None)
            if hasattr(bot, "time_limit"):
                bot.time_limit, bot.until = None, None
            return bot

        T.PlayTable._bot_for = unbounded            # type: ignore[method-assign]
    game = tr.load_game(game_id)
    rng = random.Random(seed)
    table = T.PlayTable(game, seed=seed, seats=["human", "ismc"], graph=False, app=False)
    out: list[float] = []
    while len(out) < clicks and (stop is None or time.monotonic() < stop):
        st = table.state
        if st.is_over:
            table.new_game(rng.randrange(1_000_000))
            continue
        acts = st.legal_actions()
        t0 = time.perf_counter()
        table._on_action(rng.choice(acts))
        out.append(time.perf_counter() - t0)
    return out


def _load(game_id: str, seed: int, seconds: float) -> None:
    play(game_id, 10**9, seed, True, time.monotonic() + seconds)


def main(argv: list[str] | None = None) -> int:
    from _voila import med, pct

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", action="append", choices=GAMES)
    ap.add_argument("--clicks", type=int, default=60, help="clicks per game (1-1000)")
    ap.add_argument("--load", type=int, default=0, help="other tables playing meanwhile (0-8)")
    ap.add_argument("--no-budget", action="store_true")
    ap.add_argument("--label", default=None)
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    clicks, load = max(1, min(1000, args.clicks)), max(0, min(8, args.load))
    label = args.label or (("no time budget" if args.no_budget else "time budget") + f", {load} other tables")
    failed = False
    for game_id in args.game or GAMES:
        others = [multiprocessing.Process(target=_load, args=(game_id, 1000 + i, 600.0), daemon=True)
                  for i in range(load)]
        for p in others:
            p.start()
        try:
            times = play(game_id, clicks, 7, not args.no_budget)
        finally:
            for p in others:
                p.terminate()
                p.join(10)
        p99 = pct(times, 99)
        ok = p99 < TARGET_S
        failed |= not ok
        row = [f"{med(times):.3f}", f"{pct(times, 90):.3f}", f"{p99:.3f}", f"{max(times):.3f}"]
        print(f"{game_id}: {len(times)} clicks, median/p90/p99/max {' / '.join(row)} s", flush=True)
        if not args.no_write:
            info = machine()
            add_row("Bot replies at the table (benchmarks/table_bots.py)", HEADERS,
                    [info["date"], info["machine"], info["python"], label, game_id, str(len(times)), *row,
                     "ok" if ok else "missed"])
    return 1 if args.check and failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
