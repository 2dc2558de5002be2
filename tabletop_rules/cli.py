"""The ``tabletop-rules`` command: list games, read rules, draw the phase flow, check rulings,
simulate bot games and play in the terminal.

    tabletop-rules list
    tabletop-rules rules buddyfight [CLAUSE] [--lang en|zh]
    tabletop-rules graph buddyfight -o flow.svg [--format svg|png|dot] [--lang en|zh]
    tabletop-rules check buddyfight [RULING ...]
    tabletop-rules simulate buddyfight -n 1000 --seed 1 [--bot random|monte-carlo] [--quiet] [--json]
    tabletop-rules play buddyfight [--seed 0] [--hotseat] [--save FILE] [--load FILE]

Standard library only (argparse). Every user error is one line on stderr and a non-zero exit
code (2 for a bad command line, unknown game, clause or file; 1 for failed rulings or a broken
data file), never a traceback. graphviz is imported only by ``graph``: ``import tabletop_rules``
and this module stay light.
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import shutil
import sys
import time
import unicodedata

PROG = "tabletop-rules"


class UserError(Exception):
    """A problem with what the user asked for: printed as one line, exit ``code``."""

    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad command line is one line on stderr (exit 2), not usage + error."""

    def error(self, message):  # noqa: D401 - argparse hook
        raise UserError(f"{self.prog}: {message} (see {self.prog} --help)", 2)


# ----- small text helpers --------------------------------------------------------------------------
def _width(text: str) -> int:
    """Columns a string takes in a terminal (CJK characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _width(text))


def _table(headers: list[str], rows: list[list[str]]) -> str:
    """A plain-text table; the last column is not padded."""
    cols = len(headers)
    widths = [max([_width(headers[i])] + [_width(r[i]) for r in rows]) for i in range(cols)]
    lines = ["  ".join(_pad(h, widths[i]) if i < cols - 1 else h for i, h in enumerate(headers)).rstrip(),
             "  ".join("-" * widths[i] for i in range(cols))]
    for r in rows:
        lines.append("  ".join(_pad(c, widths[i]) if i < cols - 1 else c for i, c in enumerate(r)).rstrip())
    return "\n".join(lines)


def _text(t, lang: str) -> str:
    """A ``Text`` ({en, zh}) in the asked language, English when there is no translation."""
    if t is None:
        return ""
    if lang == "zh" and getattr(t, "zh", None):
        return t.zh
    return t.en


def _load(game_id: str):
    import tabletop_rules as tr
    from tabletop_rules.core.datafile import DataError

    if game_id not in tr.list_games():
        raise UserError(f"unknown game {game_id!r}; known games: {', '.join(tr.list_games())}")
    try:
        return tr.load_game(game_id)
    except DataError as exc:
        raise UserError(f"cannot load {game_id}: {exc}", 1) from None


def _out(text: str = "") -> None:
    print(text)


# ----- list ------------------------------------------------------------------------------------------
def cmd_list(args) -> int:
    import tabletop_rules as tr

    rows = []
    for gid in tr.list_games():
        game = _load(gid)
        counts = ", ".join(str(n) for n in game.player_counts)
        rows.append([gid, game.title.get("en", ""), game.title.get("zh", "") or "", counts])
    _out(_table(["id", "title", "中文", "players"], rows))
    return 0


# ----- rules -----------------------------------------------------------------------------------------
def _find_clause(game, cid: str):
    rules = game.rules
    if cid in rules:
        return rules.clause(cid)
    for c in rules:                       # be forgiving about case: bf-6.7
        if c.id.lower() == cid.lower():
            return c
    known = ", ".join(c.id for c in rules)
    raise UserError(f"no clause {cid!r} in {game.id}; known clauses: {known}")


def cmd_rules(args) -> int:
    game = _load(args.game)
    lang = args.lang
    if args.clause is None:
        rows = [[c.id, _text(c.title, lang), c.source, "D" if c.decision else ""] for c in game.rules]
        _out(f"{_text_title(game, lang)}: {len(rows)} clauses (D = a project decision that settles a gap)")
        _out(_table(["id", "title", "source", "D"], rows))
        return 0

    c = _find_clause(game, args.clause)
    _out(f"{c.id}  {_text(c.title, lang)}" + ("  [decision]" if c.decision else ""))
    _out()
    _out(_text(c.text, lang))
    if lang == "zh" and not c.text.zh:
        _out("(no Chinese text for this clause yet; English shown)")
    _out()
    _out(f"Source: {c.source}")
    docs = game.rules.documents
    for key in sorted({part.strip().split(" ")[0] for part in c.source.split(";")}):
        if key in docs:
            _out(f"  {key} = {docs[key]}")
    if c.terms:
        _out("Terms:")
        rows = []
        for tid in c.terms:
            try:
                t = game.glossary.term(tid)
            except KeyError:
                rows.append([tid, "?", "?", "?"])
                continue
            rows.append([t.id, t.zh, t.ja or "", t.en])
        _out(_indent(_table(["id", "zh", "ja", "en"], rows)))
    nodes = [n for n in game.flow.nodes.values() if n.clause == c.id]
    if nodes:
        _out("Flow: " + ", ".join(f"{n.id} ({game.flow.label(n.id, lang)})" for n in nodes))
    try:
        rulings = [r.id for r in game.rulings if c.id in r.clauses]
    except Exception:                     # a rulings file being edited must not hide the clause
        rulings = []
    if rulings:
        _out("Rulings: " + ", ".join(rulings))
    return 0


def _indent(text: str, by: str = "  ") -> str:
    return "\n".join(by + line for line in text.splitlines())


def _text_title(game, lang: str) -> str:
    if lang == "zh" and game.title.get("zh"):
        return game.title["zh"]
    return game.title.get("en", game.id)


# ----- graph -----------------------------------------------------------------------------------------
NODE_STYLE = {
    "step": {"shape": "box", "style": "rounded"},
    "decision": {"shape": "diamond", "style": "filled", "fillcolor": "#fff4d6"},
    "end": {"shape": "doubleoctagon", "style": "filled", "fillcolor": "#e8e8e8"},
    "phase": {"shape": "box3d"},
}
FONT = "Helvetica"


def flow_digraph(game, lang: str = "en"):
    """The game's phase flow as a ``graphviz.Digraph``, built by hand from ``game.flow``.

    Phases are clusters (``flow.phases()``; a node's cluster is ``node.phase`` or itself),
    steps are rounded boxes, decisions diamonds, the end a double octagon; edges are labelled
    with their ``when``. Node tooltips cite the clause. Needs only the ``graphviz`` Python
    package (for ``.source``); rendering needs a ``dot`` or ``graphviz-pure`` program.
    """
    import graphviz

    flow = game.flow
    dg = graphviz.Digraph(name=f"{game.id}_flow", comment=f"{game.title.get('en', game.id)} phase flow")
    dg.attr(rankdir="TB", fontname=FONT, compound="true", newrank="true",
            label=f"{_text_title(game, lang)}: {'阶段流程' if lang == 'zh' else 'phase flow'}",
            labelloc="t", fontsize="16")
    dg.attr("node", fontname=FONT, fontsize="11")
    dg.attr("edge", fontname=FONT, fontsize="9")

    def add_node(g, node):
        attrs = dict(NODE_STYLE.get(node.kind, {}))
        tip = node.id
        if node.clause:
            try:
                tip = f"{node.id}: {game.rules.clause(node.clause).cite(lang)}"
            except KeyError:
                tip = f"{node.id}: {node.clause}"
        label = flow.label(node.id, lang)
        cols = _width(label)
        if cols > len(label):
            # Layout programs without font files (graphviz-pure) size CJK glyphs as spaces:
            # give such nodes a minimum width from the terminal width of the label.
            inches = cols * 11 * 0.55 / 72 + 0.3
            attrs["width"] = f"{inches * (1.7 if attrs.get('shape') == 'diamond' else 1.0):.2f}"
        g.node(node.id, label=label, tooltip=tip, **attrs)

    members: dict[str, list] = {}
    for node in flow.nodes.values():
        members.setdefault(flow.phase_of(node.id), []).append(node)
    for i, phase in enumerate(flow.phases()):
        nodes = members.get(phase, [])
        if not nodes:
            continue
        if phase in flow.phase_defs or len(nodes) > 1:
            with dg.subgraph(name=f"cluster_{i}_{phase}") as sub:
                sub.attr(label=flow.phase_label(phase, lang), style="rounded,filled",
                         fillcolor="#f3f6fb", color="#8899bb", fontname=FONT, fontsize="13")
                for node in nodes:
                    add_node(sub, node)
        else:
            for node in nodes:
                add_node(dg, node)
    for e in flow.edges:
        attrs = {}
        if e.when:
            attrs["label"] = e.when
        if e.clause:
            attrs["tooltip"] = e.clause
        dg.edge(e.source, e.to, **attrs)
    return dg


def _graphviz_program() -> str | None:
    """Point the graphviz binding at a layout program: ``dot`` if on PATH, else ``graphviz-pure``
    (on PATH or next to this Python, as in a venv whose bin/ is not on PATH). None if neither."""
    if shutil.which("dot"):
        return "dot"
    pure = shutil.which("graphviz-pure")
    if pure is None:
        here = pathlib.Path(sys.executable).parent / ("graphviz-pure.exe" if os.name == "nt" else "graphviz-pure")
        pure = str(here) if here.is_file() and os.access(here, os.X_OK) else None
    if pure is None:
        return None
    import graphviz.backend.dot_command

    graphviz.backend.dot_command.DOT_BINARY = pathlib.Path(pure)
    return pure


def cmd_graph(args) -> int:
    game = _load(args.game)
    fmt = args.format
    out = args.output
    if fmt is None:
        suffix = pathlib.Path(out).suffix.lower().lstrip(".") if out and out != "-" else ""
        fmt = {"gv": "dot"}.get(suffix, suffix) if suffix in ("svg", "png", "dot", "gv") else "svg"
    if out is None:
        out = f"{game.id}-flow.{fmt}"
    try:
        import graphviz  # noqa: F401
    except ImportError:
        raise UserError("the graph command needs the graphviz Python package: "
                        "pip install graphviz graphviz-pure (or tabletop-rules[notebook])", 1) from None
    dg = flow_digraph(game, args.lang)
    if fmt == "dot":
        data = dg.source.encode("utf-8")
    else:
        program = _graphviz_program()
        if program is None:
            raise UserError(f"cannot render {fmt}: no Graphviz program found (neither 'dot' nor "
                            "'graphviz-pure'); install graphviz (apt-get install graphviz) or graphviz-pure "
                            "(pip install graphviz-pure), or use --format dot", 1)
        import graphviz

        if args.lang == "zh" and fmt == "png" and "graphviz-pure" in program:
            print(f"{PROG}: note: graphviz-pure has no CJK font, so Chinese labels in a PNG show as boxes; "
                  "use SVG (or install graphviz) for --lang zh", file=sys.stderr)
        try:
            data = dg.pipe(format=fmt, quiet=True)
        except graphviz.ExecutableNotFound:
            raise UserError(f"cannot render {fmt}: {program} could not be run; install graphviz or "
                            "graphviz-pure, or use --format dot", 1) from None
        except graphviz.CalledProcessError as exc:
            err = (exc.stderr or b"").decode("utf-8", "replace").strip().splitlines()
            raise UserError(f"{program} failed to render {fmt}: {err[-1] if err else exc}", 1) from None
    if out == "-":
        sys.stdout.buffer.write(data) if fmt == "png" else print(data.decode("utf-8"), end="")
        sys.stdout.flush()
        return 0
    try:
        pathlib.Path(out).write_bytes(data)
    except OSError as exc:
        raise UserError(f"cannot write {out}: {exc.strerror or exc}") from None
    n, m = len(game.flow.nodes), len(game.flow.edges)
    print(f"wrote {out} ({fmt}, {n} nodes, {m} edges)", file=sys.stderr)
    return 0


# ----- check -----------------------------------------------------------------------------------------
def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def cmd_check(args) -> int:
    game = _load(args.game)
    from tabletop_rules.core.datafile import DataError

    try:
        rulings = list(game.rulings)
    except DataError as exc:
        raise UserError(f"cannot load the rulings of {game.id}: {exc}", 1) from None
    if args.ruling:
        by_id = {r.id: r for r in rulings}
        missing = [r for r in args.ruling if r not in by_id]
        if missing:
            raise UserError(f"no ruling {missing[0]!r} in {game.id}; known rulings: {', '.join(by_id)}")
        rulings = [by_id[r] for r in args.ruling]
    rows, failed = [], 0
    for r in rulings:
        try:
            res = r.check()
            ok, detail = bool(res.ok), res.detail
        except Exception as exc:          # a ruling that crashes is a failed ruling, not a crash
            ok, detail = False, f"error: {type(exc).__name__}: {exc}"
        failed += not ok
        rows.append([r.id, r.source, "ok" if ok else "FAIL", "" if ok else _one_line(detail)])
    _out(_table(["ruling", "source", "result", "detail"], rows))
    _out(f"{len(rulings) - failed} passed, {failed} failed")
    return 1 if failed else 0


# ----- simulate --------------------------------------------------------------------------------------
class Progress:
    """A plain-text progress bar on stderr: redrawn with \\r on a terminal, else a line per 10%."""

    def __init__(self, total: int, enabled: bool = True, stream=None):
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


def simulate(game, n: int, seed: int, bots: str = "random", players: int | None = None,
             max_actions: int = 20_000, progress: Progress | None = None) -> dict:
    """Play ``n`` bot games (game seeds ``seed .. seed+n-1``) and summarise them."""
    from tabletop_rules.core.bots import BOTS

    players = game.player_counts[0] if players is None else players
    names = _bot_names(bots, players)
    wins = [0] * players
    draws = unfinished = first_wins = 0
    turns = actions = 0
    has_turns = True
    t0 = time.perf_counter()
    for i in range(n):
        gseed = seed + i
        state = game.new_game(seed=gseed, players=players)
        seat_bots = [BOTS[name](seed=gseed * players + k) for k, name in enumerate(names)]
        steps = 0
        while not state.is_over and steps < max_actions:
            state.apply(seat_bots[state.current_player].choose(state))
            steps += 1
        actions += steps
        t = getattr(state, "turn", None)
        if t is None:
            has_turns = False
        else:
            turns += t
        if not state.is_over:
            unfinished += 1
        elif not state.winners:
            draws += 1
        else:
            for w in state.winners:
                wins[w] += 1
            if getattr(state, "first_player", 0) in state.winners:
                first_wins += 1
        if progress:
            progress.update(i + 1, actions)
    seconds = time.perf_counter() - t0
    return {
        "game": game.id, "games": n, "seed": seed, "bots": names, "players": players,
        "wins": wins, "draws": draws, "unfinished": unfinished,
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


def cmd_simulate(args) -> int:
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
    for seat, w in enumerate(summary["wins"]):
        _out(f"  seat {seat} wins      {w:>8}  ({w / n:.1%})")
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


# ----- play ------------------------------------------------------------------------------------------
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
        line = f"  Seat {s} ({who}): life {p.get('life')}"
        for key in ("deck", "gauge"):
            if key in p:
                line += f", {key} {p[key]}"
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
    if battle:
        _out(f"  Battle: seat {battle.get('attacker')} attacks {battle.get('target')} "
             f"with power {battle.get('power')}" + (" (link)" if battle.get("link") else ""))
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
    s.set_defaults(func=cmd_check)

    s = sub.add_parser("simulate", help="play many bot games and summarise them")
    s.add_argument("game")
    s.add_argument("-n", "--games", dest="n", type=int, default=100, help="number of games (default 100)")
    s.add_argument("--seed", type=int, default=0, help="first game seed (games use seed .. seed+n-1)")
    s.add_argument("--bot", default="random",
                   help="bot for every seat (random, monte-carlo), or one per seat: monte-carlo,random")
    s.add_argument("--players", type=int, default=None)
    s.add_argument("--max-actions", type=int, default=20_000,
                   help="stop a game that has not ended after this many actions (default 20000)")
    s.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")
    s.add_argument("--json", action="store_true", help="print the summary as JSON")
    s.set_defaults(func=cmd_simulate)

    s = sub.add_parser("play", help="play a game in the terminal against a bot, or hot-seat")
    s.add_argument("game")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--seat", type=int, default=0, help="the seat you play (default 0)")
    s.add_argument("--hotseat", action="store_true", help="play every seat yourself")
    s.add_argument("--bot", choices=("random", "monte-carlo"), default="random",
                   help="the opponent (default random)")
    s.add_argument("--save", metavar="FILE", help="write the game record (JSON) here when quitting")
    s.add_argument("--load", metavar="FILE", help="resume from a saved game record")
    s.set_defaults(func=cmd_play)
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


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
