"""``search``: one search over the clauses, rulings and glossary terms of every game.

    tabletop-rules search "soulguard"
    tabletop-rules search 灵魂护卫 --game buddyfight
    tabletop-rules search ソウルガード --lang ja

Each row names what it opens (game, kind, id: read a clause with ``tabletop-rules rules GAME ID``,
run a ruling with ``tabletop-rules check GAME ID``), best match first (see core/search.py).
"""
from __future__ import annotations

import argparse

from .common import UserError, _load, _out, _table, _w


def cmd_search(args: argparse.Namespace) -> int:
    import tabletop_rules as tr
    from tabletop_rules.core.search import search

    query = " ".join(args.query).strip()
    if not query:
        raise UserError(_w("cli_search_empty", args.lang))
    ids = [args.game] if args.game else tr.list_games()
    games = [_load(g, args.lang) for g in ids]
    hits = search(query, games, lang=args.lang, kinds=args.kind or None, limit=args.limit)
    if not hits:
        _out(_w("cli_no_match", args.lang, query=query))
        return 1
    rows = [[h.game, h.kind, h.id, h.title if h.kind != "ruling" else h.title.split(": ", 1)[-1]]
            for h in hits]
    _out(_table(["game", "kind", "id", "what"], [[c[:90] for c in r] for r in rows]))
    _out(f"{len(hits)} hit{'s' if len(hits) != 1 else ''} (open one: tabletop-rules rules GAME CLAUSE, "
         "tabletop-rules check GAME RULING)")
    return 0


def add_parser(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("search", help="search the clauses, rulings and glossary of every game (en / zh / ja)")
    s.add_argument("query", nargs="+", help="words to find, in English, Chinese or Japanese")
    s.add_argument("--game", help="only this game")
    s.add_argument("--lang", choices=("en", "zh", "ja"), help="match and show only this language")
    s.add_argument("--kind", action="append", choices=("term", "clause", "ruling"),
                   help="only hits of this kind (repeatable)")
    s.add_argument("-n", "--limit", type=int, default=20, help="at most this many hits (default 20)")
    s.set_defaults(func=cmd_search)
