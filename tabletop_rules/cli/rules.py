"""``list``, ``rules`` and ``check``: what a game is, its rule clauses and its rulings."""
from __future__ import annotations

import argparse
from typing import Any

from .common import UserError, _indent, _load, _one_line, _out, _table, _text, _text_title


# ----- list ------------------------------------------------------------------------------------------
def cmd_list(args: argparse.Namespace) -> int:
    import tabletop_rules as tr

    rows = []
    for gid in tr.list_games():
        game = _load(gid)
        counts = ", ".join(str(n) for n in game.player_counts)
        rows.append([gid, game.title.get("en", ""), game.title.get("zh", "") or "", counts])
    _out(_table(["id", "title", "title (zh)", "players"], rows))
    return 0


# ----- rules -----------------------------------------------------------------------------------------
def _find_clause(game: Any, cid: str) -> Any:
    rules = game.rules
    if cid in rules:
        return rules.clause(cid)
    for c in rules:                       # be forgiving about case: bf-6.7
        if c.id.lower() == cid.lower():
            return c
    known = ", ".join(c.id for c in rules)
    raise UserError(f"no clause {cid!r} in {game.id}; known clauses: {known}")


def cmd_rules(args: argparse.Namespace) -> int:
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


# ----- check -----------------------------------------------------------------------------------------
def cmd_check(args: argparse.Namespace) -> int:
    game = _load(args.game)
    from tabletop_rules.core.datafile import DataError

    try:
        if getattr(args, "file", None):
            from tabletop_rules.core.rulings import load_ruling_file

            rulings = load_ruling_file(args.file, game)      # a reader's own file (safe YAML only)
        else:
            rulings = list(game.rulings)
    except DataError as exc:
        if getattr(args, "file", None):
            raise UserError(f"cannot load your rulings: {exc}", 1) from None
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
