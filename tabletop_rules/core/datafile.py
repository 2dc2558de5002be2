"""Reading the YAML data files safely and turning validation failures into clear errors.

Every error names the file, the entry (e.g. ``clause BF-3.4`` or ``card dragoenergy``) and the
field, because the people who edit these files are rules enthusiasts, not Python programmers.

Parsed YAML is cached as JSON (``read_yaml``): one file per data file's content, named by the
SHA-256 of its bytes, in ``$TABLETOP_RULES_CACHE`` or ``$XDG_CACHE_HOME/tabletop-rules`` (default
``~/.cache/tabletop-rules``; ``TABLETOP_RULES_CACHE=off`` turns it off). A changed file has
another hash, so it is parsed afresh; a cache file that is unreadable, broken or of another
format is ignored and written again. JSON only (never pickle): a cache file can hold nothing but
the data. Data JSON cannot hold exactly (dates, non-text keys, NaN) is simply not cached.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

CACHE_FORMAT = "tabletop-rules-yaml-cache/1"


class DataError(ValueError):
    """A data or save file that cannot be used. Names file, entry and field."""

    def __init__(self, file: object, message: str, entry: str | None = None, field: str | None = None):
        self.file = str(file)
        self.entry = entry
        self.field = field
        where = self.file
        if entry:
            where += f", {entry}"
        if field:
            where += f", field '{field}'"
        super().__init__(f"{where}: {message}")


class Strict(BaseModel):
    """Base for data models: unknown keys are errors (a typo must not pass silently)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def read_yaml(path: Path | str, text: str | None = None) -> Any:
    """Parse a YAML file with the *safe* loader (never the unsafe one); a file (``text`` None)
    is read from the JSON cache when its exact bytes were parsed before."""
    path = Path(path)
    if text is not None:
        return _parse_yaml(path, text)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise DataError(path, "file not found") from None
    key = hashlib.sha256(raw).hexdigest()
    cached = _cache_read(key)
    if cached is not _MISS:
        return cached
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(path, f"not UTF-8 text ({exc.reason})") from None
    # What read_text() gives: universal newlines (a YAML scalar never holds a bare CR either).
    data = _parse_yaml(path, text.replace("\r\n", "\n").replace("\r", "\n"))
    _cache_write(key, data)
    return data


def _parse_yaml(path: Path, text: str) -> Any:
    import yaml  # only when a file is new or changed: the cache needs no YAML library

    try:
        # CSafeLoader is the C build of the *safe* loader: same rules, several times faster.
        return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise DataError(path, f"broken YAML{where}: {problem}") from None


_MISS = object()


def cache_dir() -> Path | None:
    """Where parsed data files are cached (None: caching is off)."""
    own = os.environ.get("TABLETOP_RULES_CACHE")
    if own is not None:
        return None if own.strip().lower() in ("", "0", "off", "no", "false") else Path(own)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "tabletop-rules"


def _cache_read(key: str) -> Any:
    where = cache_dir()
    if where is None:
        return _MISS
    try:
        got = json.loads((where / f"yaml-{key}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return _MISS                    # absent, unreadable or broken: parse and write it again
    if not (isinstance(got, dict) and got.get("format") == CACHE_FORMAT and got.get("sha256") == key
            and "data" in got):
        return _MISS
    return got["data"]


def _cache_write(key: str, data: Any) -> None:
    where = cache_dir()
    if where is None or not _plain_json(data):
        return
    target = where / f"yaml-{key}.json"
    tmp = where / f".yaml-{key}.{os.getpid()}.tmp"
    try:
        where.mkdir(parents=True, exist_ok=True)
        tmp.write_text(json.dumps({"format": CACHE_FORMAT, "sha256": key, "data": data}, ensure_ascii=False),
                       encoding="utf-8")
        os.replace(tmp, target)         # whole or not at all: a reader never sees half a file
    except (OSError, ValueError, TypeError, RecursionError):
        try:
            tmp.unlink()
        except OSError:
            pass


def _plain_json(x: Any, depth: int = 0) -> bool:
    """True when JSON gives ``x`` back exactly (text keys, finite numbers, no dates or sets)."""
    t = type(x)
    if t is str or t is int or t is bool or x is None:
        return True
    if t is float:
        return math.isfinite(x)
    if depth > 200:
        return False
    if t is list:
        return all(_plain_json(v, depth + 1) for v in x)
    if t is dict:
        return all(type(k) is str and _plain_json(v, depth + 1) for k, v in x.items())
    return False


def validate(model: type[BaseModel], data: Any, file: object, entry: str | None = None) -> Any:
    """``model.model_validate(data)``, re-raising the first problem as a DataError."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"]) or None
        msg = err["msg"]
        if err["type"] == "extra_forbidden":
            msg = "unknown field (check the spelling)"
        raise DataError(file, msg, entry=entry, field=field) from None


def entries(data: Any, key: str, file: object, kind: str) -> list:
    """The list under ``key`` of a top-level mapping, or a DataError saying what is missing."""
    if not isinstance(data, dict):
        raise DataError(file, f"expected a mapping with a '{key}' list at the top")
    items = data.get(key)
    if not isinstance(items, list):
        raise DataError(file, f"expected '{key}' to be a list of {kind}s", field=key)
    return items


def entry_name(item: Any, index: int, kind: str, id_key: str = "id") -> str:
    """How an error names one entry: ``card 'drum-bunker-dragon'`` or ``card #3``."""
    if isinstance(item, dict) and isinstance(item.get(id_key), str):
        return f"{kind} '{item[id_key]}'"
    return f"{kind} #{index + 1}"


def unique(ids: Iterable[str], file: object, kind: str) -> None:
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            raise DataError(file, f"{kind} id is used twice", entry=f"{kind} '{i}'", field="id")
        seen.add(i)
