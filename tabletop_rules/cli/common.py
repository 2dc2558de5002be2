"""What every command shares: the one-line user error, text and table helpers, loading a game.

Standard library only; the game data (YAML, pydantic) is loaded by ``_load`` when a command runs.
"""
from __future__ import annotations

import argparse
import pathlib
import sys
from collections.abc import Callable
from typing import Any

from ..core.datafile import listed as _and  # items named in a message, in the reader's language
from ..core.userinput import shown as _shown

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


# ----- what the command line accepts -----------------------------------------------------------------
def whole_number(lo: int, hi: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``lo`` to ``hi``, read without ever converting or
    printing a number of thousands of digits (a bad one is argparse's one-line error, exit 2)."""
    def parse(text: str) -> int:
        t = text.strip()
        if len(t) > 24 or not t.lstrip("+-").isdigit() or not t.lstrip("+-").isascii():
            raise argparse.ArgumentTypeError(f"expected a whole number from {lo:,} to {hi:,}, "
                                             f"not {_shown(text, 30)}")
        v = int(t)
        if not lo <= v <= hi:
            raise argparse.ArgumentTypeError(f"expected a whole number from {lo:,} to {hi:,}, not {v:,}")
        return v

    parse.__name__ = "whole number"
    return parse


def read_user_text(path: str, limit: int, what: str, what_zh: str, lang: str) -> str:
    """A file the user named, read the kit's one checked way (``core.userinput``): a regular file,
    at most ``limit`` bytes, UTF-8 or UTF-16 text; every fault one sentence in the reader's
    language, exit 2."""
    from tabletop_rules.core.datafile import DataError
    from tabletop_rules.core.userinput import decode_user_bytes, read_user_file

    try:
        return decode_user_bytes(read_user_file(path, limit, what, what_zh), limit, path, what, what_zh)
    except DataError as exc:
        why = exc.says.render(lang) if exc.says is not None else exc.message
        raise UserError(_w("cli_cannot_read", lang, path=exc.file, why=why)) from None


# ----- small text helpers --------------------------------------------------------------------------

def write_output(out: str, data: bytes, lang: str = "en") -> bool:
    """Write a command's output file (``-``: standard output). True when it went to a file; a file that
    cannot be written is one sentence (exit 2), never a traceback."""
    if out == "-":
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return False
    try:
        pathlib.Path(out).write_bytes(data)
    except (OSError, ValueError) as exc:          # ValueError: a NUL in the name
        why = getattr(exc, "strerror", None) or str(exc)
        raise UserError(_w("cli_cannot_save", lang, path=out[:120], why=why)) from None
    return True

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
        raise UserError(_w("cli_unknown_game", lang, game=game_id[:80], known=_and(tr.list_games(), lang)))
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
