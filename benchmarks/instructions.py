"""Instructions per random-play action, counted by valgrind's callgrind (a machine's load does not
change the count, so two checkouts can be compared on a busy machine).

    python benchmarks/instructions.py [--games 5] [--game ID] [--tic-tac-toe] [--parts] [--no-write] [--label TEXT]

For each game id (first player count), two fresh interpreters run under
``valgrind --tool=callgrind`` with ``PYTHONHASHSEED=0`` and the data cache off: one loads the game
and plays no game, the other also plays ``--games`` seeded random games (setup, ``legal_actions``,
the bot's choice and ``apply``); the difference in instructions, divided by the actions played, is
the cost of one action. ``--parts`` also splits that cost: the same games with every decision listed
twice (the second listing's instructions are what one listing costs) and with ``emit`` and ``goto``
writing no event (the difference is what the log costs; the games must play the same actions without
it, which is checked). ``--tic-tac-toe`` measures OpenSpiel's pure-Python tic-tac-toe (100 games)
the same way, for a ratio, and the same game written on this kit's core (benchmarks/core_tictactoe,
100 games): the core's own cost per action of the smallest game. Needs valgrind (Debian package
``valgrind``); slow (about a minute a game). Rows are appended to benchmarks/RESULTS.md.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _results import add_row, machine

HERE = Path(__file__).resolve().parent          # core_tictactoe lives here

PLAY = """
import sys
import tabletop_rules as tr
from tabletop_rules.core.bots import RandomBot
gid, n = sys.argv[1], int(sys.argv[2])
if gid == "core-tic-tac-toe":          # the yardstick written on this kit's core (benchmarks/core_tictactoe)
    sys.path.insert(0, sys.argv[3])
    import core_tictactoe
    game = core_tictactoe.load()
else:
    game = tr.load_game(gid)
players = game.player_counts[0]
game.new_game(seed=999, players=players)
acts = 0
for seed in range(n):
    s = game.new_game(seed=seed, players=players)
    bots = [RandomBot(seed * players + k) for k in range(players)]
    while not s.is_over:
        s.apply(bots[s.current_player].choose(s))
        acts += 1
print("ACTS", acts)
"""

TTT = """
import random, sys
from open_spiel.python.games import tic_tac_toe
n = int(sys.argv[2]); game = tic_tac_toe.TicTacToeGame(); acts = 0
for seed in range(n):
    rng = random.Random(seed); st = game.new_initial_state()
    while not st.is_terminal():
        st.apply_action(rng.choice(st.legal_actions())); acts += 1
print("ACTS", acts)
"""


#: ``--parts``: what one listing costs (each decision listed once more, from scratch, before the bot's own
#: listing: the bot's own kind, ``State._listing`` where there is one, which hands out none of the actions,
#: issue 37) and what the log costs (no event written: the engine's ``emit`` and ``goto`` only do the rest).
LIST_TWICE = """
from tabletop_rules.core import bots as _bots
_choose = _bots.RandomBot.choose
def _twice(self, state):
    state._legal_cache = None
    getattr(state, "_listing", state.legal_actions)()
    state._legal_cache = None
    return _choose(self, state)
_bots.RandomBot.choose = _twice
"""
NO_LOG = """
from tabletop_rules.core import state as _st
from tabletop_rules.core.actions import Event as _Event
_none = _Event("none", "")
def _emit(self, kind, text, clause=None, **data):
    return _none
def _goto(self, to, clause=None):
    self.phase = to
_st.State.emit, _st.State.goto = _emit, _goto
"""


def count(script: str, gid: str, games: int) -> tuple[int, int]:
    """(instructions, actions) of one run under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, PYTHONHASHSEED="0", TABLETOP_RULES_CACHE="off")
        out = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out",
                              sys.executable, "-c", script, gid, str(games), str(HERE)],
                             capture_output=True, text=True, env=env, check=True)
    collected = re.search(r"Collected : (\d+)", out.stderr)
    acts = re.search(r"ACTS (\d+)", out.stdout)
    if not collected or not acts:
        raise SystemExit(f"callgrind gave no count for {gid}:\n{out.stderr[-800:]}")
    return int(collected.group(1)), int(acts.group(1))


def per_action(script: str, gid: str, games: int) -> tuple[float, int]:
    base, _ = count(script, gid, 0)
    total, acts = count(script, gid, games)
    return (total - base) / acts, acts


def parts(gid: str, games: int, whole: float, acts: int) -> list[tuple[str, float, int, float]]:
    """What the listing and the log cost of one action, and their shares of it (``--parts``)."""
    twice, acts2 = per_action(LIST_TWICE + PLAY, gid, games)
    bare, acts3 = per_action(NO_LOG + PLAY, gid, games)
    if acts2 != acts or acts3 != acts:
        raise SystemExit(f"{gid}: the probes played other games ({acts}, {acts2}, {acts3} actions): "
                         "the game reads its own listing or log, so they cannot be told apart")
    return [(f"{gid}: listing", twice - whole, acts, (twice - whole) / whole),
            (f"{gid}: log", whole - bare, acts, (whole - bare) / whole)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--game", action="append")
    ap.add_argument("--tic-tac-toe", action="store_true")
    ap.add_argument("--parts", action="store_true", help="also what the listing and the log cost per action")
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--label", default="")
    args = ap.parse_args(argv)
    import tabletop_rules as tr

    rows: list[tuple[str, float, int, float | None]] = []      # name, per action, actions, share of one
    if args.tic_tac_toe:
        ir, acts = per_action(TTT, "", 100)
        rows.append(("open_spiel tic-tac-toe", ir, acts, None))
        ir, acts = per_action(PLAY, "core-tic-tac-toe", 100)
        rows.append(("tic-tac-toe on this core", ir, acts, None))
    for gid in args.game or tr.list_games():
        ir, acts = per_action(PLAY, gid, args.games)
        rows.append((gid, ir, acts, None))
        if args.parts:
            rows += parts(gid, args.games, ir, acts)
    info = machine()
    for name, ir, acts, part in rows:
        share = f", {part:.0%} of an action" if part is not None else ""
        print(f"{name:24} {ir:>10,.0f} instructions per action ({acts} actions{share})", flush=True)
        if not args.no_write:
            add_row("Instructions per random-play action (benchmarks/instructions.py, callgrind)",
                    ["date", "machine", "Python", "run", "contestant", "actions", "instructions per action"],
                    [info["date"], info["machine"], info["python"], args.label or "-", name, str(acts),
                     f"{ir:,.0f}"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
