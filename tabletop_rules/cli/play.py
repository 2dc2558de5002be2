"""``play``: a game in the terminal against a bot, or hot-seat, with undo, save and resume.

Knows no game: the board is the seat's view drawn by ``board.board_lines`` (its docstring says
what a game's view may provide: a ``summary`` of its own, or numbers and cards per seat), the
choices are the legal actions' labels with their clauses.
"""
from __future__ import annotations

import argparse
import pathlib
from collections.abc import Iterable
from typing import Any

from .board import board_lines
from .common import UserError, _load, _one_line, _out

PLAY_HELP = "Type the number of an action, u to undo your last move, h for help, q to quit."


def _show_view(game: Any, state: Any, seat: int | None, human_seats: set[int]) -> None:
    """The heading (phase, whose decision) and the text board of ``seat``'s view (``board``)."""
    node = game.flow.nodes.get(state.phase)
    kind = f" ({node.kind})" if node else ""
    phase_name = game.flow.phase_label(game.flow.phase_of(state.phase)) if node else state.phase
    label = game.flow.label(state.phase) if node else state.phase
    _out(f"=== {phase_name}: {label}{kind}, seat {state.current_player} to act")
    for line in board_lines(state.view(seat), seat, human_seats):
        _out(f"  {line}")


def _show_events(events: Iterable[Any], seat: int | None) -> None:
    for ev in events:
        if ev.kind == "phase":
            continue
        cite = f" [{ev.clause}]" if ev.clause else ""
        _out(f"  * {ev.text_for(seat)}{cite}")


def _read_record(game: Any, path: str) -> Any:
    from tabletop_rules.core.datafile import DataError

    try:
        text = pathlib.Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UserError(f"cannot load {path}: no such file") from None
    except IsADirectoryError:
        raise UserError(f"cannot load {path}: it is a directory") from None
    except UnicodeDecodeError:
        raise UserError(f"cannot load {path}: not a UTF-8 text file, so not a game record") from None
    except OSError as exc:
        raise UserError(f"cannot load {path}: {exc.strerror or exc}") from None
    try:
        return game.replay(text, source=path)
    except DataError as exc:
        raise UserError(f"cannot load {_one_line(exc)}") from None
    except (ValueError, TypeError, KeyError) as exc:
        raise UserError(f"cannot load {path}: {_one_line(exc)}") from None


def _save(state: Any, path: str | None) -> None:
    if not path:
        return
    try:
        pathlib.Path(path).write_text(state.record.to_json(), encoding="utf-8")
    except OSError as exc:
        raise UserError(f"cannot save to {path}: {exc.strerror or exc}", 1) from None
    _out(f"Saved the record ({len(state.record.actions)} actions) to {path}.")


def cmd_play(args: argparse.Namespace) -> int:
    from tabletop_rules.core.bots import BOTS

    game = _load(args.game)
    if args.load:
        state = _read_record(game, args.load)
        _out(f"Resumed {args.load}: {len(state.record.actions)} actions replayed.")
    else:
        state = game.new_game(seed=args.seed)
    seats = range(state.players)
    if args.seat not in seats:
        raise UserError(f"--seat must be one of {', '.join(map(str, seats))}")
    human = set(seats) if args.hotseat else {args.seat}
    bot_name = args.bot
    bots = {s: BOTS[bot_name](seed=state.seed * state.players + s) for s in seats if s not in human}
    _out(f"{game.title['en']} ({game.title.get('zh', '')}), seed {state.seed}. "
         + ("Hot-seat: every seat is played here. " if args.hotseat else
            f"You are seat {args.seat}; the other seat is a {bot_name} bot. ") + PLAY_HELP)
    pending = list(state.log[-12:]) if args.load else list(state.log)

    def bots_move() -> None:
        while not state.is_over and state.current_player not in human:
            s = state.current_player
            act = bots[s].choose(state)
            _out(f"Seat {s} (bot): {act.label}")
            pending.extend(state.apply(act))

    def undo() -> None:
        nonlocal state
        actions = state.record.actions
        k = len(actions)
        while k > 0:                      # back to before the last human action
            k -= 1
            if actions[k]["player"] in human:
                break
        if not any(a["player"] in human for a in actions):
            _out("Nothing of yours to undo.")
            return
        state = game.replay(state.record, upto=k)
        _out(f"Undone: back to before your last action ({k} actions in the record).")

    while True:
        bots_move()
        seat = state.current_player if not state.is_over else (args.seat if not args.hotseat else None)
        _show_events(pending, seat)
        pending.clear()
        if state.is_over:
            _out(f"Game over: {state.result}")
            prompt = "u to undo, q to quit> "
            actions = []
        else:
            _out()
            _show_view(game, state, seat, human)
            actions = state.legal_actions()
            for i, a in enumerate(actions, 1):
                cite = f"  [{a.clause}]" if a.clause else ""
                _out(f"  {i:>2}. {a.label}{cite}")
            prompt = f"seat {seat}> "
        try:
            line = input(prompt).strip().lower()
        except (EOFError, KeyboardInterrupt):
            _out()
            line = "q"
        if line in ("q", "quit", "exit"):
            _save(state, args.save)
            return 0
        if line in ("u", "undo"):
            undo()
            continue
        if line in ("h", "help", "?"):
            _out(PLAY_HELP)
            continue
        if not line:
            continue
        try:
            pick = int(line)
        except ValueError:
            pick = 0
        if not 1 <= pick <= len(actions):
            _out(f"Enter a number from 1 to {len(actions)}, u, h or q." if actions else "Enter u or q.")
            continue
        act = actions[pick - 1]
        _out(f"Seat {act.player}: {act.label}")
        pending.extend(state.apply(act))
