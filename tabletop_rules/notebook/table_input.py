"""What a reader hands the play table, checked before the table uses it: the seed box's text, an
uploaded or loaded record file (size and shape, before it is parsed), and whether "Open hands"
may be ticked (app mode lets the teacher decide). Split from ``table.py`` (files under ~600 lines).
"""
from __future__ import annotations

import os
from typing import Any

from ..core.datafile import DataError
from ..core.records import MAX_ACTIONS, decode
from .classroom import SEED_MAX, Classroom
from .i18n import t

__all__ = ["RECORD_VALUES", "in_voila", "open_hands_allowed", "parse_seed", "precheck"]

# What a record may hold, counted before it is parsed (issue 33.6: a 19.9 MB file of tiny values
# took 450 MB to parse before it was refused). An action is at most a few values apart from its
# args' (``{"kind": .., "player": .., "args": {..}}``), so a record of MAX_ACTIONS fits.
RECORD_VALUES = 5 * MAX_ACTIONS + 1_000


def in_voila() -> bool:
    """True in a kernel Voila started (it sets SERVER_SOFTWARE to ``voila/<version>``)."""
    return os.environ.get("SERVER_SOFTWARE", "").startswith("voila")


def parse_seed(value: Any, lang: str) -> int:
    """The seed box's text as a seed: a whole number from 0 to SEED_MAX; anything else is refused
    with a sentence ("3.7" or "-5" is not silently read as 37 or 0)."""
    text = str(value).strip()
    if text.isascii() and text.isdigit() and int(text) <= SEED_MAX:
        return int(text)
    raise ValueError(t("bad_seed", lang, top=SEED_MAX, value=repr(text[:20])))


def open_hands_allowed(app: bool, allow: bool | None, classroom: Classroom | None = None) -> bool:
    """May the reader tick "Open hands"? Outside app mode yes, unless ``allow=False``. In app mode
    the teacher decides: ``allow`` when given, else the server's ``TTR_OPEN_HANDS`` environment
    variable when set ("0", "no", "off" or "false" turn it off), else the classroom settings
    file's ``open_hands`` (``classroom.py``)."""
    if allow is not None:
        return bool(allow)
    if not app:
        return True
    env = os.environ.get("TTR_OPEN_HANDS")
    if env is not None:
        return env.strip().lower() not in ("0", "no", "off", "false")
    return (classroom or Classroom()).open_hands


def precheck(raw: bytes | memoryview, source: str, cap: int, lang: str) -> str:
    """An uploaded or loaded file's text, checked for size and shape before it is parsed: at most
    ``cap`` bytes, UTF-8 or UTF-16 text, a JSON object, and no more values than a record holds."""
    if len(raw) > cap:
        raise DataError(source, t("too_big", lang, mb=f"{cap / 1e6:g}"))
    text = decode(bytes(raw), source)
    body = text.strip()
    if not (body.startswith("{") and body.endswith("}")):
        raise DataError.bilingual(source, "not a game record: a record is one JSON object ({...})",
                                  "不是对局记录：对局记录是一个 JSON 对象（{...}）")
    values = body.count(",") + body.count("{") + body.count("[")
    if values > RECORD_VALUES:
        raise DataError.bilingual(source, f"not a game record: more than {RECORD_VALUES:,} values "
                                          f"(a record of {MAX_ACTIONS:,} actions has fewer)",
                                  f"不是对局记录：超过 {RECORD_VALUES:,} 个值"
                                  f"（{MAX_ACTIONS:,} 个行动的对局记录也没有这么多）")
    return body
