"""Board views: a game's ``view(seat)`` drawn as HTML. One module per game (the only
game-specific presentation code: it knows the game's view keys, and names what it draws with
the game's glossary terms); games without one get the generic view.
"""
from __future__ import annotations

import json
from html import escape
from importlib import import_module
from pathlib import Path
from typing import Any

import tabletop_rules

from ..i18n import t

_HERE = Path(__file__).resolve().parent


def board_module(game_id: str) -> str | None:
    """The module of this package that draws ``game_id`` (``render(game, view, seat, lang, names) -> str``):
    the one named like the kit package that plays the game (``games/blood_recall/duel.py`` ->
    ``boards/blood_recall.py``), found, not listed (issue 37); None for a game without one, or from another
    package, which the generic view draws."""
    try:
        engine = tabletop_rules.game_module(game_id).split(".")
    except KeyError:                        # a Game built directly, not through load_game
        return None
    if engine[:2] != ["tabletop_rules", "games"] or len(engine) < 3 or engine[2] == "common":
        return None
    return engine[2] if (_HERE / f"{engine[2]}.py").is_file() else None


def board_html(game: Any, view: dict, seat: int | None, lang: str = "en", names: dict | None = None) -> str:
    """HTML for a seat's view (``names``: seat -> 'you' / 'bot' / 'human' labels)."""
    mod = board_module(game.id)
    if mod:
        return str(import_module(f"{__name__}.{mod}").render(game, view, seat, lang, names or {}))
    return generic(game, view, seat, lang, names or {})


def generic(game: Any, view: dict, seat: int | None, lang: str, names: dict) -> str:
    """Fallback: each player's public numbers, then the rest of the view as readable JSON."""
    rows = []
    for p in view.get("players", []):
        s = p.get("seat")
        simple = {k: v for k, v in p.items() if isinstance(v, (int, str, bool)) and k != "seat"}
        rows.append(f"<div class='ttr-side'><h4>{t('seat', lang)} {s} {escape(names.get(s, ''))}</h4>"
                    f"<div class='ttr-stats'>{escape(', '.join(f'{k}: {v}' for k, v in simple.items()))}</div></div>")
    rest = {k: v for k, v in view.items() if k != "players"}
    rows.append(f"<pre>{escape(json.dumps(rest, ensure_ascii=False, indent=1)[:2000])}</pre>")
    return "<div class='ttr-board'>" + "".join(rows) + "</div>"
