"""``list``, ``rules`` and ``check``: what a game is, its rule clauses and its rulings."""
from __future__ import annotations

import argparse
from typing import Any

from ..notebook.i18n import source_text
from .common import (
    UserError,
    _and,
    _indent,
    _load,
    _one_line,
    _out,
    _table,
    _text,
    _text_title,
    _w,
    _width,
    read_user_text,
)


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
def _find_clause(game: Any, cid: str, lang: str = "en") -> Any:
    rules = game.rules
    if cid in rules:
        return rules.clause(cid)
    for c in rules:                       # be forgiving about case: bf-6.7
        if c.id.lower() == cid.lower():
            return c
    raise UserError(_w("cli_no_clause", lang, cid=cid[:80], game=game.id, known=_and((c.id for c in rules), lang)))


WIDTH = 80


def _cut(text: str, width: int) -> str:
    """``text`` within ``width`` terminal columns (a CJK character takes two), ending in "…" if cut."""
    if _width(text) <= width:
        return text
    out = ""
    for ch in text:
        if _width(out + ch) > width - 1:
            break
        out += ch
    return out.rstrip() + "…"


def cmd_rules(args: argparse.Namespace) -> int:
    lang = args.lang
    game = _load(args.game, lang)
    if args.clause is None:
        # One line per clause within 80 columns: id (* = a decision of ours), title, then the
        # source cut to what is left (the whole source is shown with each clause).
        rows = [[c.id + ("*" if c.decision else ""), _cut(_text(c.title, lang), 34),
                 source_text(c.source, lang)] for c in game.rules]
        heads = [_w("cli_id", lang), _w("cli_title", lang), _w("cli_source", lang)]
        room = WIDTH - 4 - sum(max(_width(h), *(_width(r[i]) for r in rows)) for i, h in enumerate(heads[:2]))
        rows = [[a, b, _cut(src, room)] for a, b, src in rows]
        _out(_cut(_w("cli_clauses", lang, title=_text_title(game, lang), n=len(rows)), WIDTH))
        _out(_table(heads, rows))
        _out(_w("cli_decision_mark", lang))
        return 0

    c = _find_clause(game, args.clause, lang)
    _out(f"{c.id}  {_text(c.title, lang)}" + (f"  {_w('cli_decision', lang)}" if c.decision else ""))
    _out()
    _out(_text(c.text, lang))
    if lang == "zh" and not c.text.zh:
        _out(_w("cli_no_zh", lang))
    _out()
    _out(f"{_w('cli_source', lang)}: {source_text(c.source, lang)}")
    docs = game.rules.documents
    for key in sorted({part.strip().split(" ")[0] for part in c.source.split(";")}):
        if key in docs:
            _out(f"  {key} = {docs[key]}")
    if c.terms:
        _out(f"{_w('cli_terms', lang)}:")
        rows = []
        for tid in c.terms:
            try:
                t = game.glossary.term(tid)
            except KeyError:
                rows.append([tid, "?", "?", "?"])
                continue
            rows.append([t.id, t.zh, t.ja or "", t.en])
        heads = ["id", "zh", "ja", "en"] if lang == "en" else [_w("cli_id", lang), "中文", "日文", "英文"]
        _out(_indent(_table(heads, rows)))
    book = getattr(game.state_cls, "book", None)
    checks = book.rule.deciding(c.id) if book is not None and hasattr(book, "rule") else []
    if checks:
        # The one hop (issue 37): the function that decides the clause, by file and line.
        from ..core.checks import where

        _out(f"{_w('cli_decided_by', lang)}: " + "; ".join(where(fn) for fn in checks))
    nodes = [n for n in game.flow.nodes.values() if n.clause == c.id]
    if nodes:
        _out(f"{_w('cli_flow', lang)}: " + ", ".join(f"{n.id} ({game.flow.label(n.id, lang)})" for n in nodes))
    try:
        rulings = [r.id for r in game.rulings if c.id in r.clauses]
    except Exception:                     # a rulings file being edited must not hide the clause
        rulings = []
    if rulings:
        _out(f"{_w('cli_rulings', lang)}: " + ", ".join(rulings))
    return 0


# ----- check -----------------------------------------------------------------------------------------
def cmd_check(args: argparse.Namespace) -> int:
    lang = getattr(args, "lang", "en")
    game = _load(args.game, lang)
    from tabletop_rules.core.datafile import DataError

    try:
        if getattr(args, "file", None):
            from tabletop_rules.core.rulings import load_ruling_file
            from tabletop_rules.core.userinput import MAX_YAML_BYTES

            # Opened the one checked way (a regular file, capped, UTF-8 or UTF-16): exit 2 when it
            # cannot be read; a file read whose rulings are broken is exit 1, as a broken data file.
            text = read_user_text(args.file, MAX_YAML_BYTES, "rulings file", "裁定文件", lang)
            rulings = load_ruling_file(args.file, game, text=text)   # safe YAML, no aliases
        else:
            rulings = list(game.rulings)
    except DataError as exc:                 # in the reader's language where the fault has a Chinese form
        why = _one_line(exc.describe(lang))
        if getattr(args, "file", None):
            raise UserError(_w("cli_cannot_load_rulings", lang, why=why), 1) from None
        raise UserError(_w("cli_cannot_load_game_rulings", lang, game=game.id, why=why), 1) from None
    if args.ruling:
        by_id = {r.id: r for r in rulings}
        missing = [r for r in args.ruling if r not in by_id]
        if missing:
            raise UserError(_w("cli_no_ruling", lang, rid=missing[0][:80], game=game.id, known=_and(by_id, lang)))
        rulings = [by_id[r] for r in args.ruling]
    rows, failed = [], 0
    for r in rulings:
        try:
            res = r.check()
            ok, detail = bool(res.ok), res.detail
        except Exception as exc:          # a ruling that crashes is a failed ruling, not a crash
            ok, detail = False, f"error: {type(exc).__name__}: {exc}"
        failed += not ok
        # the last column: the ruling's question, and for a failed ruling what differs
        # (in Chinese without the source column: its notes are English)
        question = _one_line(_text(r.question, lang))
        rows.append([r.id] + ([r.source] if lang == "en" else []) + [_w("cli_ok" if ok else "cli_fail", lang),
                     question if ok else f"{question} — {_one_line(detail)}"])
    heads = [_w("cli_ruling", lang)] + (["source"] if lang == "en" else []) + [_w("cli_result", lang),
                                                                                 _w("cli_question", lang)]
    _out(_table(heads, rows))
    _out(_w("cli_passed", lang, ok=len(rulings) - failed, failed=failed))
    return 1 if failed else 0
