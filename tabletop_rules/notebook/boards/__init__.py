"""Board views: a game's ``view(seat)`` drawn as HTML. One module per game (the only
game-specific presentation code: it knows the game's view keys, and names what it draws with
the game's glossary terms); games without one get the generic view.
"""
from __future__ import annotations

import json
from html import escape
from importlib import import_module
from typing import Any

from ..i18n import t

# game id -> module in this package with ``render(game, view, seat, lang, names) -> str``
BOARDS = {"buddyfight": "buddyfight", "blood-recall-duel": "blood_recall", "blood-recall-story": "blood_recall",
          "xianjian": "xianjian", "vividz": "vividz", "mirror-dolls": "mirror_dolls"}


def board_html(game: Any, view: dict, seat: int | None, lang: str = "en", names: dict | None = None) -> str:
    """HTML for a seat's view (``names``: seat -> 'you' / 'bot' / 'human' labels)."""
    mod = BOARDS.get(game.id)
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
