"""``simulate``: many bot games, summarised as text or JSON, with a progress bar on stderr."""
from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any, TextIO

from .common import UserError, _load, _out


class Progress:
    """A plain-text progress bar on stderr: redrawn with \\r on a terminal, else a line per 10%."""

    def __init__(self, total: int, enabled: bool = True, stream: TextIO | None = None):
        self.stream = stream or sys.stderr
        self.total = max(total, 1)
        self.enabled = enabled
        try:
            self.tty = self.stream.isatty()
        except (AttributeError, ValueError):
            self.tty = False
        self.start = time.perf_counter()
        self.last_draw = 0.0
        self.next_decile = 1

    def update(self, done: int, actions: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        rate = actions / max(now - self.start, 1e-9)
        if self.tty:
            if done < self.total and now - self.last_draw < 0.1:
                return
            self.last_draw = now
            width = 30
            fill = int(width * done / self.total)
            self.stream.write(f"\r[{'#' * fill}{'-' * (width - fill)}] {100 * done // self.total:3d}% "
                              f"{done}/{self.total} games  {rate:,.0f} actions/s")
            if done >= self.total:
                self.stream.write("\n")
            self.stream.flush()
        else:
            while self.next_decile <= 10 and done * 10 >= self.next_decile * self.total:
                self.stream.write(f"{self.next_decile * 10}% {done}/{self.total} games, {rate:,.0f} actions/s\n")
                self.next_decile += 1
            self.stream.flush()


def _bot_names(spec: str, seats: int) -> list[str]:
    from tabletop_rules.core.bots import BOTS

    names = [s.strip() for s in spec.split(",")]
    for n in names:
        if n not in BOTS:
            raise UserError(f"unknown bot {n!r}; known bots: {', '.join(BOTS)}")
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise UserError(f"--bot gives {len(names)} bots for {seats} seats; give one name or one per seat")
    return names


def simulate(game: Any, n: int, seed: int, bots: str = "random", players: int | None = None,
             max_actions: int = 20_000, progress: Progress | None = None) -> dict:
    """Play ``n`` bot games (game seeds ``seed .. seed+n-1``) and summarise them."""
    from tabletop_rules.core.bots import BOTS

    players = game.player_counts[0] if players is None else players
    names = _bot_names(bots, players)
    wins = [0] * players
    losses = [0] * players
    draws = unfinished = first_wins = 0
    turns = actions = 0
    has_turns = True
    t0 = time.perf_counter()
    for i in range(n):
        gseed = seed + i
        state = game.new_game(seed=gseed, players=players)
        seat_bots = [BOTS[name](seed=gseed * players + k) for k, name in enumerate(names)]
        steps = 0
        try:
            while not state.is_over and steps < max_actions:
                state.apply(seat_bots[state.current_player].choose(state))
                steps += 1
        except Exception as exc:          # an engine bug: say which game, so it can be replayed
            raise UserError(f"game seed {gseed} failed after {steps} actions in phase {state.phase}: "
                            f"{type(exc).__name__}: {exc}", 1) from None
        actions += steps
        t = getattr(state, "turn", None)
        if t is None:
            has_turns = False
        else:
            turns += t
        if not state.is_over:
            unfinished += 1
        elif not state.winners and not state.losers:      # a draw; a solo loss has a loser
            draws += 1
        else:
            for w in state.winners:
                wins[w] += 1
            for lost in state.losers or ():
                losses[lost] += 1
            if getattr(state, "first_player", 0) in state.winners:   # games without one: seat 0
                first_wins += 1
        if progress:
            progress.update(i + 1, actions)
    seconds = time.perf_counter() - t0
    return {
        "game": game.id, "games": n, "seed": seed, "bots": names, "players": players,
        "wins": wins, "losses": losses, "draws": draws, "unfinished": unfinished,
        "first_player_wins": first_wins,
        "first_player_win_rate": round(first_wins / n, 4) if n else 0.0,
        "average_turns": (round(turns / n, 3) if n else 0.0) if has_turns else None,
        "average_actions": round(actions / n, 3) if n else 0.0,
        "actions": actions,
        "seconds": round(seconds, 4),
        "actions_per_second": round(actions / seconds, 1) if seconds > 0 else None,
        "games_per_second": round(n / seconds, 2) if seconds > 0 else None,
    }


TIMING_FIELDS = ("seconds", "actions_per_second", "games_per_second")


def cmd_simulate(args: argparse.Namespace) -> int:
    game = _load(args.game)
    if args.n < 1:
        raise UserError("-n must be at least 1")
    if args.players is not None and args.players not in game.player_counts:
        raise UserError(f"{game.id} is played by {', '.join(map(str, game.player_counts))} players, "
                        f"not {args.players}")
    _bot_names(args.bot, args.players or game.player_counts[0])
    progress = Progress(args.n, enabled=not args.quiet)
    summary = simulate(game, args.n, args.seed, args.bot, args.players, args.max_actions, progress)
    if args.json:
        print(json.dumps(summary, indent=2, ensure_ascii=False))
        return 0
    n = summary["games"]
    bots = summary["bots"]
    _out(f"{game.title['en']}: {n} games, seeds {args.seed}..{args.seed + n - 1}, bots "
         + ", ".join(f"seat {i} {b}" for i, b in enumerate(bots)))
    solo = len(summary["wins"]) == 1      # against the game itself: a loss is not a draw
    for seat, w in enumerate(summary["wins"]):
        _out(f"  seat {seat} wins      {w:>8}  ({w / n:.1%})")
        if solo:
            lost = summary["losses"][seat]
            _out(f"  seat {seat} loses     {lost:>8}  ({lost / n:.1%})")
    _out(f"  draws            {summary['draws']:>8}  ({summary['draws'] / n:.1%})")
    if summary["unfinished"]:
        _out(f"  unfinished       {summary['unfinished']:>8}  (stopped after {args.max_actions} actions)")
    _out(f"  first player won {summary['first_player_wins']:>8}  (win rate {summary['first_player_win_rate']:.3f})")
    if summary["average_turns"] is not None:
        _out(f"  average turns    {summary['average_turns']:>8.1f}")
    _out(f"  average actions  {summary['average_actions']:>8.1f}")
    aps = summary["actions_per_second"]
    if aps:
        _out(f"  {summary['actions']:,} actions in {summary['seconds']:.2f} s: "
             f"{aps:,.0f} actions/s, {summary['games_per_second']:,.1f} games/s")
    return 0
