"""Reading the YAML data files safely and turning validation failures into clear errors.

Every error names the file, the entry (e.g. ``clause BF-3.4`` or ``card dragoenergy``) and the
field, because the people who edit these files are rules enthusiasts, not Python programmers.

Parsed YAML is cached as JSON (``read_yaml``): one file per data file's content, named by the
SHA-256 of its bytes, in ``$TABLETOP_RULES_CACHE`` or ``$XDG_CACHE_HOME/tabletop-rules`` (default
``~/.cache/tabletop-rules``; ``TABLETOP_RULES_CACHE=off`` turns it off). A changed file has
another hash, so it is parsed afresh; a cache file that is unreadable, broken or of another
format is ignored and written again. JSON only (never pickle): a cache file can hold nothing but
the data. Keys that are numbers are kept in a tagged form (``schema.encode``); data JSON cannot
hold even so (dates, NaN) is simply not cached.

Validated entries are cached the same way (``validate``): per data file, the plain objects
(core/schema.py) each entry became, keyed by the model and the entry's data, and kept only
while the kit's code is the same (a fingerprint of its Python files). So a game whose files did not
change loads without pydantic or YAML; a changed entry is validated (and cached) afresh. A
cache file names only the kit's own data classes (``schema.decode`` refuses any other).
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from . import schema
from .schema import Strict

__all__ = ["CACHE_FORMAT", "DataError", "Strict", "entries", "entry_name", "flush", "read_yaml", "unique",
           "validate"]

CACHE_FORMAT = "tabletop-rules-yaml-cache/2"
VALID_FORMAT = "tabletop-rules-valid-cache/3"


class Bilingual:
    """A message written in both languages where it is raised (``DataError.says`` for a message
    that wraps another one's sentence): ``render(lang)`` as a ``Say`` gives it."""

    __slots__ = ("en", "zh")

    def __init__(self, en: str, zh: str):
        self.en, self.zh = en, zh

    def render(self, lang: str = "en") -> str:
        return self.zh if lang == "zh" else self.en


def rule_cite(clause: str | None, lang: str = "en") -> str:
    """How a message names the rule it comes from: `` (rule BF-2.2)`` / ``（规则 BF-2.2）`` ("" for none)."""
    if not clause:
        return ""
    return f"（规则 {clause}）" if lang == "zh" else f" (rule {clause})"


def listed(items: Iterable[Any], lang: str = "en") -> str:
    """Items named in a message: ``a, b, c``; ``a、b、c`` in Chinese."""
    return ("、" if lang == "zh" else ", ").join(map(str, items))


# How an entry's kind reads in Chinese (``DataError.describe``).
# How the kit's own names for where an input came from read in Chinese (a file's name stays as it is).
_ZH_SOURCES = {"scenario": "局面", "position editor": "局面编辑器", "options": "选项"}

_ZH_KINDS = {"deck": "卡组", "card": "卡牌", "ruling": "裁定", "clause": "条款", "term": "术语", "action": "行动"}


class DataError(ValueError):
    """A data or save file that cannot be used. Names file, entry and field.

    ``says``: the message in both languages when it has them (anything with ``render(lang)``: a
    ``Say`` of a game's texts.yaml for a deck that breaks a deck-building rule, a ``Bilingual`` for
    the data models' commonest complaints), so ``describe(lang)`` gives it in Chinese too;
    ``clause``: the rule it breaks. ``str()`` is always the English message."""

    def __init__(self, file: object, message: str, entry: str | None = None, field: str | None = None,
                 says: Any = None, clause: str | None = None):
        self.file = str(file)
        self.message = message
        self.entry = entry
        self.field = field
        self.says = says
        self.clause = clause
        where = self.file
        if entry:
            where += f", {entry}"
        if field:
            where += f", field '{field}'"
        super().__init__(f"{where}: {message}")

    @classmethod
    def bilingual(cls, file: object, en: str, zh: str | None, entry: str | None = None,
                  field: str | None = None) -> DataError:
        """A fault written in both languages where it is found (``zh`` None: English only)."""
        return cls(file, en, entry=entry, field=field, says=Bilingual(en, zh) if zh is not None else None)

    @classmethod
    def by_rule(cls, file: object, en: str, zh: str, clause: str | None, entry: str | None = None,
                field: str | None = None) -> DataError:
        """A fault that breaks a rule (a count past a cap a clause sets): both languages, the rule
        cited once (``str()`` ends in `` (rule X)``, ``describe("zh")`` in ``（规则 X）``)."""
        en = en + rule_cite(clause)
        return cls(file, en, entry=entry, field=field, says=Bilingual(en, zh), clause=clause)

    def describe(self, lang: str = "en") -> str:
        """The error in ``lang``: where (file, entry, field) and what is wrong; English when the
        message has no Chinese form (``says`` None)."""
        if lang != "zh" or self.says is None:
            return str(self)
        entry = self.entry
        if entry:
            kind, _, name = entry.partition(" ")
            if kind in _ZH_KINDS:           # ``deck 'aoi-demo'`` -> 卡组“aoi-demo”, ``action #3`` -> 行动 #3
                entry = _ZH_KINDS[kind] + ("“" + name.strip("'") + "”" if name.startswith("'") else " " + name)
        where = _ZH_SOURCES.get(self.file, self.file) + (f"，{entry}" if entry else "")
        where += f"，字段“{self.field}”" if self.field else ""
        return f"{where}：{self.says.render(lang)}{rule_cite(self.clause, lang)}"


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
    _FILE_SHA[str(path)] = key
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
#: The content hash of each data file ``read_yaml`` read: the key of its validated entries.
_FILE_SHA: dict[str, str] = {}


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
    if not (isinstance(got, dict) and got.get("format") == CACHE_FORMAT and got.get("sha256") == key):
        return _MISS
    if "data" in got:
        return got["data"]
    return _untag(got.get("tagged"))


def _tagged(data: Any) -> Any:
    """Data JSON cannot hold as it is (keys that are numbers: a ruling's ``piles: {0: ...}``) in
    ``schema.encode``'s tagged form, or _MISS when even that cannot hold it (dates, NaN)."""
    try:
        return schema.encode(data)
    except (schema.Unencodable, RecursionError):
        return _MISS


def _untag(enc: Any) -> Any:
    try:
        return schema.decode(enc)
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return _MISS


def _cache_write(key: str, data: Any) -> None:
    where = cache_dir()
    if where is None:
        return
    body: dict[str, Any] = {"format": CACHE_FORMAT, "sha256": key}
    if _plain_json(data):
        body["data"] = data
    else:
        body["tagged"] = _tagged(data)
        if body["tagged"] is _MISS:
            return
    _write_json(where / f"yaml-{key}.json", body)


def _write_json(target: Path, body: Any) -> None:
    """Write a cache file whole or not at all (a reader never sees half a file); a cache that
    cannot be written is simply not written."""
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(json.dumps(body, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, target)
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


def validate(model: type, data: Any, file: object, entry: str | None = None, at: str | None = None) -> Any:
    """``model.model_validate(data)``, re-raising the first problem as a DataError (its field named
    from ``at`` when given: ``scenario.players.0.hand`` for a position's ``players.0.hand``).

    A ``Strict`` model (core/schema.py) gives plain objects, cached per data file: an entry
    validated before (same file bytes, same data, same code) is read back without pydantic."""
    if isinstance(model, type) and issubclass(model, Strict):
        book = _book(file)
        key = _Book.key(model, entry)
        if book is not None:
            got = book.get(key, model, data)
            if got is not _MISS:
                return got
        obj = schema.to_plain(_validate(schema.twin(model), data, file, entry, at))
        if book is not None:
            book.put(key, data, obj)
        return obj
    return _validate(model, data, file, entry, at)


# The parts of a pydantic error's location that name a member of a union (``int``, ``list[str]``,
# ``constrained-int``, a model class), not a field: a reader is told the field it typed.
_UNION_TAG = re.compile(r"^(?:(?:int|str|bool|float|none|list|dict|tuple|set)(?:\[.*\])?|[a-z]+(?:-[a-z]+)*\[.*\]"
                        r"|constrained-[a-z]+|[A-Z][A-Za-z0-9]*)$")


def field_path(loc: Any) -> str:
    """A pydantic error's location as a dotted field (``players.0.hand``), union tags left out."""
    return ".".join(str(p) for p in loc if not (isinstance(p, str) and _UNION_TAG.match(p)))


def _validate(model: Any, data: Any, file: object, entry: str | None, at: str | None = None) -> Any:
    from pydantic import ValidationError

    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(p for p in (at, field_path(err["loc"])) if p) or None
        msg = err["msg"]
        if err["type"] == "extra_forbidden":
            msg = "unknown field (check the spelling)"
        raise DataError(file, msg, entry=entry, field=field, says=zh_problem(err, msg)) from None


# pydantic's commonest complaints in Chinese (``DataError.describe("zh")``): a deck, record or position a
# reader types is checked by the same models, so its faults read in the reader's language too.
_ZH_PROBLEMS = {
    "missing": "缺少这个字段", "extra_forbidden": "未知字段（请检查拼写）",
    "int_type": "应为整数", "int_parsing": "应为整数", "int_from_float": "应为整数，而不是小数",
    "float_type": "应为数字", "string_type": "应为文本", "bool_type": "应为 true 或 false",
    "list_type": "应为列表", "tuple_type": "应为列表", "dict_type": "应为映射（名称: 值）",
    "model_type": "应为映射（名称: 值）", "model_attributes_type": "应为映射（名称: 值）",
    "literal_error": "应为以下之一：{expected}", "enum": "应为以下之一：{expected}",
    "greater_than_equal": "至少为 {ge}", "greater_than": "应大于 {gt}",
    "less_than_equal": "至多为 {le}", "less_than": "应小于 {lt}",
    "too_short": "至少要有 {min_length} 项", "too_long": "至多只能有 {max_length} 项",
    "string_too_short": "至少要 {min_length} 个字符", "string_too_long": "至多 {max_length} 个字符",
    "value_error": "不符合规则（{msg}）", "assertion_error": "不符合规则（{msg}）",
}


def zh_problem(err: Any, msg: str) -> Bilingual | None:
    """The problem in both languages (None: a kind of problem with no Chinese here, English only)."""
    tpl = _ZH_PROBLEMS.get(err.get("type", ""))
    if tpl is None:
        return None
    ctx = {k: str(v) for k, v in (err.get("ctx") or {}).items()}
    ctx["msg"] = msg.removeprefix("Value error, ").removeprefix("Assertion failed, ")
    if "expected" in ctx:                 # pydantic lists choices as "'a', 'b' or 'c'"
        ctx["expected"] = ctx["expected"].replace(", ", "、").replace(" or ", "、")
    try:
        return Bilingual(msg, tpl.format(**ctx))
    except (KeyError, IndexError, ValueError):
        return None


class _Book:
    """One data file's validated entries: by model and entry name, the entry's data and the plain
    objects it became (``schema.encode``)."""

    def __init__(self, path: Path, code: str):
        self.path, self.code, self.dirty = path, code, False
        self.entries: dict[str, Any] = {}
        try:
            got = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            return
        if isinstance(got, dict) and got.get("format") == VALID_FORMAT and got.get("code") == code \
                and isinstance(got.get("entries"), dict):
            self.entries = got["entries"]

    @staticmethod
    def key(model: type, entry: str | None) -> str:
        return f"{model.__module__}.{model.__qualname__}|{entry or ''}"

    def get(self, key: str, model: type, data: Any) -> Any:
        """The object cached for ``key`` when it was made of this very ``data`` (compared, not
        hashed: an entry's data from a file of the same bytes and the same code is the same)."""
        got = self.entries.get(key)
        if type(got) is not dict:
            return _MISS
        made_of = got["data"] if "data" in got else _untag(got.get("tagged"))
        if made_of is _MISS or made_of != data:
            return _MISS
        obj = _untag(got.get("obj"))
        if type(obj) is not model:
            del self.entries[key]             # broken or foreign: validated afresh
            return _MISS
        return obj

    def put(self, key: str, data: Any, obj: Any) -> None:
        entry: dict[str, Any] = {"data": data} if _plain_json(data) else {"tagged": _tagged(data)}
        if entry.get("tagged", None) is _MISS:
            return
        try:
            entry["obj"] = schema.encode(obj)
        except (schema.Unencodable, RecursionError):
            return
        self.entries[key] = entry
        if not self.dirty:
            self.dirty = True
            _DIRTY.append(self)
            if not _AT_EXIT:
                # Entries validated outside a game's load (a reader's rulings file) are kept too.
                import atexit

                atexit.register(flush)
                _AT_EXIT.append(True)

    def write(self) -> None:
        if not self.dirty:
            return
        self.dirty = False
        _write_json(self.path, {"format": VALID_FORMAT, "code": self.code, "entries": self.entries})


_BOOKS: dict[tuple[str, str], _Book] = {}      # (cache file, code hash) -> its entries
_DIRTY: list[_Book] = []
#: (data file, its hash, the cache settings) -> its book: one look-up per entry validated.
_BOOK_OF: dict[tuple, Any] = {}
_CODE: list[str] = []
_AT_EXIT: list[bool] = []


def _book(file: object) -> _Book | None:
    name = str(file)
    sha = _FILE_SHA.get(name)
    if sha is None:
        return None
    env = os.environ
    memo = (name, sha, env.get("TABLETOP_RULES_CACHE"), env.get("XDG_CACHE_HOME"))
    got = _BOOK_OF.get(memo, _MISS)
    if got is _MISS:
        where = cache_dir()
        if where is None:
            got = None
        else:
            path, code = where / f"valid-{sha}.json", code_hash()
            got = _BOOKS.get((str(path), code))
            if got is None:
                got = _BOOKS[(str(path), code)] = _Book(path, code)
        _BOOK_OF[memo] = got
    return got


def code_hash() -> str:
    """A fingerprint of the kit's Python files (name, size, modification time): validated entries
    are kept only for the same code, since a model or validator that changed may judge the same
    data otherwise. Read from the files' metadata, not their bytes: an edit changes the time."""
    if not _CODE:
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        h = hashlib.sha256()
        for top, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith(".py"):
                    path = os.path.join(top, name)
                    st = os.stat(path)
                    h.update(f"{os.path.relpath(path, root)}|{st.st_size}|{st.st_mtime_ns}\n".encode())
        _CODE.append(h.hexdigest())
    return _CODE[0]


def flush() -> None:
    """Write the validated entries cached since the last flush (``Game`` calls it once loaded)."""
    while _DIRTY:
        _DIRTY.pop().write()


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
