"""Reading the YAML data files safely and turning validation failures into clear errors.

Every error names the file, the entry (e.g. ``clause BF-3.4`` or ``card dragoenergy``) and the
field, because the people who edit these files are rules enthusiasts, not Python programmers.
"""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError


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
    """Parse a YAML file with ``yaml.safe_load`` (never the unsafe loader)."""
    path = Path(path)
    try:
        if text is None:
            text = path.read_text(encoding="utf-8")
        # CSafeLoader is the C build of the *safe* loader: same rules, several times faster.
        return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except FileNotFoundError:
        raise DataError(path, "file not found") from None
    except UnicodeDecodeError as exc:
        raise DataError(path, f"not UTF-8 text ({exc.reason})") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise DataError(path, f"broken YAML{where}: {problem}") from None


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
