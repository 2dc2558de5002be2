"""One checked way in for everything a user hands the kit (issue 33).

A file named on the command line (``check --file``, ``play --load``), a file uploaded to a widget,
YAML typed into a box, a number or a seed passed to the API: each is read here, once, the same way,
and every fault is a ``DataError`` (a ``ValueError``) with one sentence in English and Chinese:

- ``read_user_file(path, limit, what)``: a regular file only (never a folder, a pipe, a device such
  as ``/dev/zero``), its size checked before it is read and read no further than ``limit`` bytes;
- ``decode_user_bytes(data, limit, what)``: the one decoding rule (UTF-8, UTF-8 with a byte-order
  mark, UTF-16 with its mark), the same for records and YAML, at the command line and at the table;
- ``load_user_yaml(text, source)``: the safe loader, with the size capped before parsing and no
  anchors or aliases at all (refused while the events are read, before anything is built: a
  "billion laughs" file is refused at its first ``&``, never expanded), nesting bounded;
- ``shown(value)``: any value written into a message within a bounded length (a 5,000-digit number
  or a shared structure is never formatted whole);
- ``check_int(value, lo, hi, ...)``: a whole number within a range, checked before anything formats it.

Standard library only at import (PyYAML is imported when YAML is read).
"""
from __future__ import annotations

import errno
import math
import os
import stat
from typing import Any

from .datafile import DataError

__all__ = ["MAX_YAML_BYTES", "MAX_DEPTH", "check_int", "decode_user_bytes", "load_user_yaml", "oversized",
           "read_user_file", "shown"]

#: The largest YAML file a reader may hand in (a rulings file; the shipped ones are under 100 kB).
MAX_YAML_BYTES = 2_000_000
#: How deep a reader's YAML may nest (a ruling nests about 6 deep).
MAX_DEPTH = 64
#: The longest name of a file shown in a message (a 300-character name is cut).
NAME_SHOWN = 120

_refused = DataError.bilingual


def shown(value: Any, limit: int = 60) -> str:
    """``repr(value)`` within ``limit`` characters, never building it whole: a number of more than
    30 digits reads as its size (``≈10^5000``), containers are walked only as far as the limit allows (a shared
    structure of a YAML alias bomb is never walked as a tree)."""
    out: list[str] = []
    room = [limit + 1]

    def put(s: str) -> bool:
        out.append(s[:room[0]])
        room[0] -= len(s)
        return room[0] > 0

    def walk(v: Any, depth: int) -> bool:
        t = type(v)
        if t is int:
            if v.bit_length() > 100:             # about 30 digits: never formatted, its size told in
                # a notation both languages read (``≈10^5000``)
                return put(f"≈{'-' if v < 0 else ''}10^{int(math.log10(abs(v)))}")
            return put(repr(v))
        if t in (str, bytes, float, bool) or v is None:
            return put(repr(v[:limit] if t in (str, bytes) else v))
        if t in (list, tuple, dict, set, frozenset):
            if depth > 8:
                return put("…")
            brackets: dict[type, tuple[str, str]] = {list: ("[", "]"), tuple: ("(", ")")}
            opening, closing = brackets.get(t, ("{", "}"))
            if not put(opening):
                return False
            items = v.items() if t is dict else v
            for i, item in enumerate(items):
                if i and not put(", "):
                    return False
                if t is dict:
                    if not (walk(item[0], depth + 1) and put(": ") and walk(item[1], depth + 1)):
                        return False
                elif not walk(item, depth + 1):
                    return False
            return put(closing)
        return put(f"<{t.__name__}>")

    walk(value, 0)
    text = "".join(out)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def check_int(value: Any, lo: int, hi: int, source: str, field: str, what: str, what_zh: str,
              clause: str | None = None, entry: str | None = None) -> int:
    """``value`` as a whole number between ``lo`` and ``hi`` (both included), else a DataError naming
    ``field`` and the rule (``clause``) that sets the bound; compared before it is ever formatted."""
    if type(value) is not int:
        raise _refused(source, f"{what} must be a whole number, not {shown(value)}",
                       f"{what_zh}应为整数，而不是 {shown(value)}", entry=entry, field=field)
    if not lo <= value <= hi:
        raise DataError.by_rule(source, f"{what} must be between {lo:,} and {hi:,}, not {shown(value)}",
                                f"{what_zh}应在 {lo:,} 到 {hi:,} 之间，而不是 {shown(value)}", clause,
                                entry=entry, field=field)
    return value


def oversized(value: Any, max_int: int, max_items: int = 100_000, max_depth: int = MAX_DEPTH,
              max_text: int = 1_000) -> tuple[str, str, str] | None:
    """Where a reader's data (a position, options, an inline deck) holds a whole number beyond
    ``max_int`` either way, a text (or key) longer than ``max_text``, nests deeper than ``max_depth``
    or holds more than ``max_items`` values in all: ``(field, what is wrong in English, in Chinese)``,
    or None. Walked with a budget, so a shared structure (a YAML alias expanded by another loader)
    costs no more than ``max_items`` steps."""
    budget = [max_items]

    def walk(v: Any, path: str, depth: int) -> tuple[str, str, str] | None:
        budget[0] -= 1
        if budget[0] < 0:
            return path, f"more than {max_items:,} values", f"超过 {max_items:,} 个值"
        t = type(v)
        if t is int:
            if -max_int <= v <= max_int:
                return None
            return path, f"a number beyond {max_int:,} ({shown(v)})", f"超过 {max_int:,} 的数字（{shown(v)}）"
        if t is str and len(v) > max_text:
            return path, f"a text longer than {max_text:,} characters", f"超过 {max_text:,} 个字符的文本"
        if t in (dict, list, tuple):
            if depth >= max_depth:
                return path, f"data nested more than {max_depth} deep", f"嵌套超过 {max_depth} 层的数据"
            items = v.items() if t is dict else enumerate(v)
            for k, x in items:
                if type(k) is str and len(k) > max_text:
                    return path, f"a name longer than {max_text:,} characters", f"超过 {max_text:,} 个字符的名称"
                key = k if type(k) is str and len(k) <= 40 else shown(k, 40)
                got = walk(x, f"{path}.{key}" if path else str(key), depth + 1)
                if got:
                    return got
        return None

    return walk(value, "", 0)


def _name(path: str) -> str:
    return path if len(path) <= NAME_SHOWN else path[:NAME_SHOWN - 1] + "…"


def read_user_file(path: Any, limit: int, what: str = "file", what_zh: str = "文件") -> bytes:
    """The bytes of a file a user named: a regular file only, at most ``limit`` bytes, checked
    before it is read (and read no further than the limit, should it grow meanwhile). Every fault is
    one sentence naming the file (``DataError``, file = the name as given)."""
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    if not isinstance(path, str | os.PathLike):
        raise _refused(what, f"a {what} is named by a path, not {shown(path)}",
                       f"{what_zh}应以路径指明，而不是 {shown(path)}")
    name = _name(os.fspath(path))
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise _refused(name, "no such file", "没有这个文件") from None
    except NotADirectoryError:
        raise _refused(name, "part of the path is a file, not a folder", "路径中有一部分是文件而不是文件夹") from None
    except IsADirectoryError:
        raise _refused(name, f"it is a folder, not a {what}", f"这是一个文件夹，不是{what_zh}") from None
    except PermissionError:
        raise _refused(name, "you may not read this file", "没有读取这个文件的权限") from None
    except (ValueError, OSError) as exc:            # a NUL in the name, a name too long, a loop of links
        if getattr(exc, "errno", None) == errno.ENAMETOOLONG:
            raise _refused(name, "the file's name is too long", "文件名太长") from None
        raise _refused(name, "cannot open this file", "无法打开这个文件") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise _refused(name, f"it is a folder, not a {what}", f"这是一个文件夹，不是{what_zh}")
        if not stat.S_ISREG(st.st_mode):
            raise _refused(name, f"not a regular file (a device, pipe or socket), so not a {what}",
                           f"不是普通文件（而是设备、管道或套接字），所以不是{what_zh}")
        if st.st_size > limit:
            raise _too_large(name, limit, what, what_zh)
        chunks, got = [], 0
        while got <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:
            raise _too_large(name, limit, what, what_zh)
        return b"".join(chunks)
    except OSError:
        raise _refused(name, "cannot read this file", "无法读取这个文件") from None
    finally:
        os.close(fd)


def _too_large(source: str, limit: int, what: str, what_zh: str) -> DataError:
    return _refused(source, f"the file is too large for a {what} (over {limit:,} bytes)",
                    f"文件太大，不是{what_zh}（超过 {limit:,} 字节）")


def decode_user_bytes(data: bytes, limit: int, source: str, what: str = "file", what_zh: str = "文件") -> str:
    """Text from a user's bytes by the one rule: UTF-16 when it starts with its byte-order mark,
    else UTF-8 (a UTF-8 byte-order mark dropped); at most ``limit`` bytes."""
    if not isinstance(data, bytes | bytearray | memoryview):
        raise _refused(source, f"expected the bytes of a {what}, not {shown(data)}",
                       f"应为{what_zh}的字节，而不是 {shown(data)}")
    if len(data) > limit:                          # before any copy is made
        raise _too_large(source, limit, what, what_zh)
    data = bytes(data)
    try:
        if data.startswith((b"\xff\xfe", b"\xfe\xff")):
            return data.decode("utf-16")
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _refused(source, f"not a {what}: the file is not UTF-8 (or UTF-16) text",
                       f"不是{what_zh}：文件不是 UTF-8（或 UTF-16）文本") from None


def load_user_yaml(text: str, source: str, limit: int = MAX_YAML_BYTES) -> Any:
    """A reader's YAML, parsed with the safe loader after three checks made while its events are
    read, before a single node is built: its size (``limit`` characters), no anchor or alias
    (``&a`` / ``*a``: a few of them nested make a "billion laughs" file whose tree is billions of
    nodes, and nothing a reader writes needs them), and nesting at most ``MAX_DEPTH`` deep."""
    import yaml

    if not isinstance(text, str):
        raise _refused(source, f"expected YAML text, not {shown(text)}", f"应为 YAML 文本，而不是 {shown(text)}")
    if len(text) > limit:
        raise _too_large(source, limit, "YAML file", "YAML 文件")
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        depth = 0
        for ev in yaml.parse(text, Loader=loader):
            if isinstance(ev, yaml.AliasEvent) or getattr(ev, "anchor", None) is not None:
                line = ev.start_mark.line + 1 if ev.start_mark is not None else 0
                raise _refused(source, f"YAML anchors and aliases (& and *) are not accepted (line {line})",
                               f"不接受 YAML 锚点和别名（& 与 *）（第 {line} 行）")
            if isinstance(ev, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    raise _refused(source, f"the YAML is nested more than {MAX_DEPTH} deep",
                                   f"YAML 的嵌套超过了 {MAX_DEPTH} 层")
            elif isinstance(ev, yaml.CollectionEndEvent):
                depth -= 1
        return yaml.load(text, Loader=loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where, where_zh = (f" at line {mark.line + 1}, column {mark.column + 1}",
                           f"（第 {mark.line + 1} 行第 {mark.column + 1} 列）") if mark else ("", "")
        problem = shown(str(getattr(exc, "problem", None) or exc), 80).strip("'\"")
        raise _refused(source, f"broken YAML{where}: {problem}", f"YAML 格式有误{where_zh}：{problem}") from None
    except DataError:
        raise
    except (ValueError, RecursionError, OverflowError):
        # a number of more than 4,300 digits, a date out of range: refused as a whole
        raise _refused(source, "the YAML holds a value no rule can use (a number far too long, or a bad date)",
                       "YAML 中有规则无法使用的值（位数过多的数字或错误的日期）") from None
