"""``play``: a game in the terminal against a bot, or hot-seat, with undo, save and resume.

Knows no game: the board is the seat's view drawn by ``board.board_lines`` (its docstring says
what a game's view may provide: a ``summary`` of its own, or numbers and cards per seat), the
choices are the legal actions' labels with their clauses. ``--lang zh``: the heading, board,
prompts, events (``game.describe``), labels, result and help lines in Chinese.
"""
from __future__ import annotations

import argparse
import pathlib
from collections.abc import Iterable
from typing import Any

from ..notebook.i18n import action_text, event_text, pick, view_word
from ..notebook.i18n import bot_name as i18n_bot_name
from .board import board_lines
from .common import UserError, _and, _load, _one_line, _out, _w, read_user_text

PLAY_HELP = _w("cli_help", "en")


def _show_view(game: Any, state: Any, seat: int | None, human_seats: set[int], lang: str = "en") -> None:
    """The heading (phase, whose decision) and the text board of ``seat``'s view (``board``)."""
    node = game.flow.nodes.get(state.phase)
    if node is None:
        _out(f"=== {state.phase}")
    else:
        phase_name = game.flow.phase_label(game.flow.phase_of(state.phase), lang)
        _out(_w("cli_heading", lang, phase=phase_name, label=game.flow.label(state.phase, lang),
                kind=_w(f"cli_kind_{node.kind}", lang), seat=state.current_player))
    word = (lambda key: view_word(game, key, "zh")) if lang == "zh" else None
    card = (lambda v: pick(game.cards[v].name, "zh") if v in game.cards else None) if lang == "zh" else None
    for line in board_lines(state.view(seat), seat, human_seats, lang, word, card):
        _out(f"  {line}")


def _show_events(game: Any, events: Iterable[Any], seat: int | None, lang: str = "en") -> None:
    for ev in events:
        if ev.kind == "phase":
            continue
        cite = f" [{ev.clause}]" if ev.clause else ""
        _out(f"  * {event_text(game, ev, seat, lang)}{cite}")


def _read_record(game: Any, path: str, lang: str = "en") -> Any:
    """A saved game the user named: read the one checked way (a regular file, at most the record cap,
    UTF-8 or UTF-16 as the play table reads uploads), then replayed; every fault one line, exit 2."""
    from tabletop_rules.core.datafile import DataError
    from tabletop_rules.core.records import MAX_BYTES

    text = read_user_text(path, MAX_BYTES, "game record", "对局记录", lang)
    try:
        return game.replay(text, source=path)
    except DataError as exc:                 # a deck that breaks a rule reads in the table's language
        raise UserError(_w("cli_cannot_load", lang, why=_one_line(exc.describe(lang)))) from None
    except (ValueError, TypeError, KeyError) as exc:
        raise UserError(_w("cli_cannot_read", lang, path=path, why=_one_line(exc))) from None


def _save(state: Any, path: str | None, lang: str = "en") -> None:
    if not path:
        return
    try:
        pathlib.Path(path).write_text(state.record.to_json(), encoding="utf-8")
    except (OSError, ValueError) as exc:       # ValueError: a NUL in the name
        raise UserError(_w("cli_cannot_save", lang, path=path[:120], why=getattr(exc, "strerror", None) or exc),
                        1) from None
    _out(_w("cli_saved", lang, n=len(state.record.actions), path=path))


def cmd_play(args: argparse.Namespace) -> int:
    from tabletop_rules.core.bots import BOTS

    lang = getattr(args, "lang", "en")
    game = _load(args.game, lang)
    if args.load:
        state = _read_record(game, args.load, lang)
        _out(_w("cli_resumed", lang, path=args.load, n=len(state.record.actions)))
    else:
        players = getattr(args, "players", None)
        if players is not None and players not in game.player_counts:
            counts = _and(game.player_counts, lang)
            raise UserError(_w("cli_players", lang, game=game.id, counts=counts, players=players))
        state = game.new_game(seed=args.seed, players=players)
    seats = range(state.players)
    if args.seat not in seats:
        raise UserError(_w("cli_seat", lang, seats=_and(seats, lang)))
    human = set(seats) if args.hotseat else {args.seat}
    bot_name = args.bot
    bots = {s: BOTS[bot_name](seed=state.seed * state.players + s) for s in seats if s not in human}
    title = (f"{game.title['en']} ({game.title.get('zh', '')})" if lang == "en"
             else game.title.get("zh") or game.title["en"])
    _out(_w("cli_intro", lang, title=title, seed=state.seed) + " "
         + (_w("cli_hotseat", lang) if args.hotseat
            else _w("cli_vs_bot", lang, seat=args.seat, bot=i18n_bot_name(bot_name, lang)))
         + " " + _w("cli_help", lang))
    pending = list(state.log[-12:]) if args.load else list(state.log)
    tutor = getattr(args, "hint", False)

    def bots_move() -> None:
        while not state.is_over and state.current_player not in human:
            s = state.current_player
            act = bots[s].choose(state)
            _out(_w("cli_bot_move", lang, seat=s, label=action_text(game, act, lang)))
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
            _out(_w("cli_nothing_to_undo", lang))
            return
        state = game.replay(state.record, upto=k)
        _out(_w("cli_undone", lang, n=k))

    while True:
        bots_move()
        seat = state.current_player if not state.is_over else (args.seat if not args.hotseat else None)
        _show_events(game, pending, seat, lang)
        pending.clear()
        given = None
        if state.is_over:
            _out(_w("cli_over", lang, result=state.describe_result(lang)))
            prompt = _w("cli_over_prompt", lang)
            actions = []
        else:
            _out()
            _show_view(game, state, seat, human, lang)
            actions = state.legal_actions()
            for i, a in enumerate(actions, 1):
                cite = f"  [{a.clause}]" if a.clause else ""
                _out(f"  {i:>2}. {action_text(game, a, lang)}{cite}")
            if tutor:
                given = _hint(game, state, lang)
            prompt = _w("cli_prompt", lang, seat=seat)
        try:
            line = input(prompt).strip().lower()
        except (EOFError, KeyboardInterrupt):
            _out()
            line = "q"
        if line in ("q", "quit", "exit"):
            _save(state, args.save, lang)
            return 0
        if line in ("u", "undo"):
            undo()
            continue
        if line in ("h", "help", "?"):
            _out(_w("cli_help", lang))
            continue
        if not line:
            continue
        try:
            pick = int(line)
        except ValueError:
            pick = 0
        if not 1 <= pick <= len(actions):
            _out(_w("cli_enter_number", lang, n=len(actions)) if actions else _w("cli_enter_uq", lang))
            continue
        act = actions[pick - 1]
        _out(_w("cli_move", lang, seat=act.player, label=action_text(game, act, lang)))
        before = state.clone() if tutor and given is not None else None
        pending.extend(state.apply(act))
        if before is not None and given is not None:
            from tabletop_rules.core.tutor import follow_up_text
            _out("  " + follow_up_text(game, before, act, given, lang, seed=len(before.record.actions)))


def _hint(game: Any, state: Any, lang: str) -> Any:
    """``--hint``: the fair search bot's move for the seat that decides, from its view only
    (core/tutor.py), printed before the human moves; None when there is nothing to weigh."""
    from tabletop_rules.core.tutor import hint

    given = hint(state, seed=len(state.record.actions))
    _out(_w("hint_title", lang))
    for line in given.lines(game, lang):
        _out(f"  {line}")
    return given
