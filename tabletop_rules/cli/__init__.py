"""The ``tabletop-rules`` command: list games, read rules, draw the phase flow, check rulings,
simulate bot games and play in the terminal.

    tabletop-rules list
    tabletop-rules rules buddyfight [CLAUSE] [--lang en|zh]
    tabletop-rules graph buddyfight -o flow.svg [--format svg|png|dot] [--lang en|zh]
    tabletop-rules check buddyfight [RULING ...] [--file my-rulings.yaml] [--lang en|zh]
    tabletop-rules search "soulguard" [--game buddyfight] [--lang en|zh|ja]
    tabletop-rules simulate buddyfight -n 1000 --seed 1 [--bot random|monte-carlo] [--quiet] [--json]
    tabletop-rules play buddyfight [--seed 0] [--hotseat] [--save FILE] [--load FILE] [--lang en|zh] [--hint]
    tabletop-rules quiz buddyfight [--lang en|zh] [--file MY-RULINGS.yaml] [--save-score FILE]
    tabletop-rules reference buddyfight [--lang zh|en|both] [--format html|pdf] [-o FILE]

Standard library only (argparse). Every user error is one line on stderr and a non-zero exit
code (2 for a bad command line, unknown game, clause or file; 1 for failed rulings or a broken
data file), never a traceback. graphviz is imported only by ``graph``: ``import tabletop_rules``
and this package stay light.

This module holds the parser and ``main``; each command lives in its own module (``rules``:
list, rules, check; ``graph``; ``simulate``; ``play``), the shared helpers in ``common``.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import NoReturn

from .common import PROG, UserError, _one_line, whole_number
from .graph import cmd_graph
from .play import cmd_play
from .quiz import add_parser as add_quiz
from .reference import add_parser as add_reference
from .rules import cmd_check, cmd_list, cmd_rules
from .search import add_parser as add_search
from .simulate import TIMING_FIELDS, Progress, cmd_simulate, simulate
from .simulate import add_arguments as add_simulate_options

# What the command line's numbers may be (checked by argparse, one line and exit 2 past them): a
# seed leaves room for ``seed + n`` within the kit's 64-bit seeds (core.game.SEED_RANGE).
MAX_GAMES, MAX_ACTIONS, MAX_SEATS = 10_000_000, 10_000_000, 16
SEED_LIMIT = 2**62


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad command line is one line on stderr (exit 2), not usage + error."""

    def error(self, message: str) -> NoReturn:
        raise UserError(f"{self.prog}: {message} (see {self.prog} --help)", 2)


# ----- the parser ------------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog=PROG, description="Teach and referee tabletop card games: rules, flow graphs, "
                                       "rulings, bot simulations and a terminal game.")
    try:
        from tabletop_rules import __version__
    except ImportError:  # pragma: no cover
        __version__ = "?"
    p.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", required=True)

    s = sub.add_parser("list", help="the games, their titles and player counts")
    s.set_defaults(func=cmd_list)

    s = sub.add_parser("rules", help="the rule clauses of a game, or one clause in full")
    s.add_argument("game")
    s.add_argument("clause", nargs="?", help="a clause id such as BF-6.7")
    s.add_argument("--lang", choices=("en", "zh"), default="en")
    s.set_defaults(func=cmd_rules)

    s = sub.add_parser("graph", help="draw the phase flow (SVG, PNG or DOT)")
    s.add_argument("game")
    s.add_argument("-o", "--output", help="file to write ('-' for stdout; default <game>-flow.<format>)")
    s.add_argument("--format", choices=("svg", "png", "dot"),
                   help="output format (default: from the -o suffix, else svg)")
    s.add_argument("--lang", choices=("en", "zh"), default="en")
    s.set_defaults(func=cmd_graph)

    s = sub.add_parser("check", help="run the game's rulings and report which pass")
    s.add_argument("game")
    s.add_argument("ruling", nargs="*", help="only these ruling ids")
    s.add_argument("--file", metavar="FILE", help="run your own rulings file (YAML) instead of the shipped ones")
    s.add_argument("--lang", choices=("en", "zh"), default="en", help="language of the table (default en)")
    s.set_defaults(func=cmd_check)

    add_search(sub)
    add_reference(sub)

    s = sub.add_parser("simulate", help="play many bot games and summarise them")
    s.add_argument("game")
    s.add_argument("-n", "--games", dest="n", type=whole_number(1, MAX_GAMES), default=100,
                   help="number of games (default 100)")
    s.add_argument("--seed", type=whole_number(-SEED_LIMIT, SEED_LIMIT), default=0,
                   help="first game seed (games use seed .. seed+n-1)")
    s.add_argument("--bot", default="random",
                   help="bot for every seat (random, ismc, monte-carlo), or one per seat: ismc,random")
    s.add_argument("--players", type=whole_number(1, MAX_SEATS), default=None)
    s.add_argument("--max-actions", type=whole_number(1, MAX_ACTIONS), default=20_000,
                   help="stop a game that has not ended after this many actions (default 20000)")
    s.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")
    s.add_argument("--json", action="store_true", help="print the summary as JSON")
    add_simulate_options(s)
    s.set_defaults(func=cmd_simulate)

    s = sub.add_parser("play", help="play a game in the terminal against a bot, or hot-seat")
    s.add_argument("game")
    s.add_argument("--seed", type=whole_number(-SEED_LIMIT, SEED_LIMIT), default=0)
    s.add_argument("--seat", type=whole_number(0, MAX_SEATS - 1), default=0, help="the seat you play (default 0)")
    s.add_argument("--hotseat", action="store_true", help="play every seat yourself")
    s.add_argument("--players", type=whole_number(1, MAX_SEATS), default=None,
                   help="how many seats (default: the game's smallest count)")
    s.add_argument("--bot", choices=("random", "ismc", "monte-carlo"), default="random",
                   help="the other seats' bot (default random; ismc searches without peeking)")
    s.add_argument("--save", metavar="FILE", help="write the game record (JSON) here when quitting")
    s.add_argument("--load", metavar="FILE", help="resume from a saved game record")
    s.add_argument("--lang", choices=("en", "zh"), default="en",
                   help="language of the board, prompts, events and help lines (default en)")
    s.add_argument("--hint", action="store_true",
                   help="before each of your moves, the fair bot's suggestion with its reasons (issue 38)")
    s.set_defaults(func=cmd_play)
    add_quiz(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        try:
            args = parser.parse_args(argv)
        except SystemExit as exc:         # --help / --version
            return exc.code if isinstance(exc.code, int) else 0
        return args.func(args)
    except UserError as exc:
        msg = _one_line(exc)
        print(msg if msg.startswith(PROG) else f"{PROG}: error: {msg}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        print(f"\n{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:               # e.g. `tabletop-rules rules buddyfight | head`
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:  # pragma: no cover
            pass
        return 0


__all__ = ["PROG", "TIMING_FIELDS", "Progress", "UserError", "build_parser", "main", "simulate",
           "cmd_check", "cmd_graph", "cmd_list", "cmd_play", "cmd_rules", "cmd_simulate"]
