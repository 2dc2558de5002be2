"""What every command shares: the one-line user error, text and table helpers, loading a game.

Standard library only; the game data (YAML, pydantic) is loaded by ``_load`` when a command runs.
"""
from __future__ import annotations

from typing import Any

from ..core.datafile import listed as _and  # items named in a message, in the reader's language

# the kit's one CJK-aware text width, and its one way to pick a bilingual text (standard library only)
from ..notebook.i18n import columns as _width
from ..notebook.i18n import pick as _text
from ..notebook.i18n import t as _w

PROG = "tabletop-rules"


class UserError(Exception):
    """A problem with what the user asked for: printed as one line, exit ``code``."""

    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code


# ----- small text helpers --------------------------------------------------------------------------
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


def _load(game_id: str, lang: str = "en") -> Any:
    import tabletop_rules as tr
    from tabletop_rules.core.datafile import DataError

    if game_id not in tr.list_games():
        raise UserError(_w("cli_unknown_game", lang, game=game_id, known=_and(tr.list_games(), lang)))
    try:
        return tr.load_game(game_id)
    except DataError as exc:
        raise UserError(_w("cli_cannot_load_game", lang, game=game_id, why=exc.describe(lang)), 1) from None


def _out(text: str = "") -> None:
    print(text)


def _indent(text: str, by: str = "  ") -> str:
    return "\n".join(by + line for line in text.splitlines())


def _text_title(game: Any, lang: str) -> str:
    return _text(game.title, lang) or str(game.id)


def _one_line(text: object) -> str:
    return " ".join(str(text).split())
