"""``play``: a game in the terminal against a bot, or hot-seat, with undo, save and resume."""
from __future__ import annotations

import pathlib

from .common import UserError, _load, _one_line, _out

PLAY_HELP = "Type the number of an action, u to undo your last move, h for help, q to quit."


def _card_brief(c: dict | None) -> str:
    if not c:
        return "-"
    if c.get("hidden"):
        return f"({c.get('name', 'hidden')})"
    bits = [c.get("name") or c.get("id", "?")]
    stats = [str(c[k]) for k in ("power", "defense", "critical") if k in c and c[k] is not None]
    if stats:
        bits.append("/".join(stats))
    if c.get("rested"):
        bits.append("rested")
    if c.get("soul"):
        bits.append(f"soul {c['soul']}")
    return " ".join(bits)


def _show_view(game, state, seat: int | None, human_seats: set) -> None:
    v = state.view(seat)
    turn = v.get("turn")
    head = f"Turn {turn}, " if turn is not None else ""
    if "turn_player" in v:
        head += f"seat {v['turn_player']}'s turn, "
    node = game.flow.nodes.get(state.phase)
    kind = f" ({node.kind})" if node else ""
    phase_name = game.flow.phase_label(game.flow.phase_of(state.phase)) if node else state.phase
    _out(f"=== {head}{phase_name}: {game.flow.label(state.phase)}{kind}")
    for p in v.get("players") or []:
        s = p.get("seat")
        who = "you" if s == seat else ("player" if s in human_seats else "bot")
        line = f"  Seat {s} ({who})"
        if p.get("team"):
            line += f", team {p['team']}" + (" (left the game)" if p.get("left") else "")
        # The numbers a game's view gives for a seat, whichever of them it has.
        for key in ("life", "hp", "deck", "gauge", "pool", "recall_points", "power", "pet_power", "attack"):
            if p.get(key) is not None and not isinstance(p[key], (list, dict)):
                line += f", {key.replace('_', ' ')} {p[key]}"
        line += f", hand {p.get('hand_count', len(p.get('hand') or []))}"
        _out(line)
        if p.get("hand"):
            _out("    hand:  " + "; ".join(_card_brief(c) for c in p["hand"]))
        fld = p.get("field")
        if isinstance(fld, dict):
            _out("    field: " + "  ".join(f"{k}: {_card_brief(c)}" for k, c in fld.items()))
        if p.get("set"):
            _out("    set:   " + "; ".join(_card_brief(c) for c in p["set"]))
    battle = v.get("battle")
    if battle and "attacker" in battle:
        _out(f"  Battle: seat {battle.get('attacker')} attacks {battle.get('target')} "
             f"with power {battle.get('power')}" + (" (link)" if battle.get("link") else ""))
    elif battle and "monster" in battle:
        _out(f"  Battle: seat {battle.get('trigger')} fights {_card_brief(battle['monster'])}: power "
             f"{battle.get('trigger_power')} against {battle.get('monster_power')}")
    story = v.get("story")
    if story and story.get("madness"):
        _out(f"  The Madness: {_card_brief(story['madness'])}, HP {story.get('hp')}, {story.get('chapter_name')}")
    ch = v.get("choice")
    if ch and ch.get("prompt"):
        _out(f"  Decision for seat {ch.get('player')}: {ch['prompt']}")


def _show_events(events, seat) -> None:
    for ev in events:
        if ev.kind == "phase":
            continue
        cite = f" [{ev.clause}]" if ev.clause else ""
        _out(f"  * {ev.text_for(seat)}{cite}")


def _read_record(game, path: str):
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


def _save(state, path: str | None) -> None:
    if not path:
        return
    try:
        pathlib.Path(path).write_text(state.record.to_json(), encoding="utf-8")
    except OSError as exc:
        raise UserError(f"cannot save to {path}: {exc.strerror or exc}", 1) from None
    _out(f"Saved the record ({len(state.record.actions)} actions) to {path}.")


def cmd_play(args) -> int:
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

    def bots_move():
        while not state.is_over and state.current_player not in human:
            s = state.current_player
            act = bots[s].choose(state)
            _out(f"Seat {s} (bot): {act.label}")
            pending.extend(state.apply(act))

    def undo():
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
