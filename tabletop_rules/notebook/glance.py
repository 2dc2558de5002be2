"""Rules at a glance: a game's rules on one screen, from ``data/<game>/glance.yaml``.

Five sections in a fixed order (the aim and how to win and lose, the table, setup, the turn in
order, the limits); each line in the project's own words, English and Chinese, citing the
clauses it sums up. Every clause id links to its row of the rule table (``explain.rules_table``
gives each row the anchor ``clause-<ID>``), so a reader goes from the summary to the rule.
A broken glance.yaml raises ``DataError`` naming the file, the entry and the field.
"""
from __future__ import annotations

import functools
from html import escape
from pathlib import Path
from typing import Any

from pydantic import Field

from ..core.datafile import DataError, read_yaml, validate
from ..core.pmodels import Strict
from .i18n import check_lang, clause_title, t
from .style import wrap

SECTIONS = ("aim", "table", "setup", "turn", "limits")


class Line(Strict):
    en: str = Field(min_length=1, max_length=400)
    zh: str = Field(min_length=1, max_length=200)
    clauses: list[str] = Field(min_length=1, max_length=8)


class Section(Strict):
    id: str
    lines: list[Line] = Field(min_length=1, max_length=12)


class Glance(Strict):
    sections: list[Section] = Field(min_length=len(SECTIONS), max_length=len(SECTIONS))


def anchor(cid: str) -> str:
    """The HTML id of a clause's row in the rule table."""
    return "clause-" + "".join(ch if ch.isalnum() or ch in "-_." else "-" for ch in cid)


@functools.lru_cache(maxsize=16)
def _read(path: str, stamp: float) -> Glance:
    return validate(Glance, read_yaml(path), path, entry="glance")


def load_glance(game: Any, path: str | Path | None = None) -> Glance:
    """The game's glance.yaml (or ``path``), checked: the five sections in order, both languages,
    every clause in the game's rule book."""
    p = Path(path) if path is not None else game.dir / "glance.yaml"
    if not p.is_file():
        raise DataError(p, "file not found")
    glance = _read(str(p), p.stat().st_mtime)
    ids = [s.id for s in glance.sections]
    if ids != list(SECTIONS):
        raise DataError(p, f"the sections must be {', '.join(SECTIONS)}, in this order (found {', '.join(ids)})",
                        entry="glance", field="sections")
    for s in glance.sections:
        for i, line in enumerate(s.lines):
            for cid in line.clauses:
                if cid not in game.rules:
                    raise DataError(p, f"unknown clause {cid!r}", entry=f"section '{s.id}'",
                                    field=f"lines.{i}.clauses")
    return glance


def glance_html(game: Any, lang: str = "en", path: str | Path | None = None) -> str:
    """The glance as HTML (wrapped in the kit's style)."""
    check_lang(lang)
    glance = load_glance(game, path)
    parts = [f"<h3>{escape(t('glance_title', lang))}</h3>"]
    for s in glance.sections:
        items = []
        for line in s.lines:
            links = ", ".join(f"<a class='ttr-cite' href='#{anchor(c)}' title='{escape(clause_title(game, c, lang))}'>"
                              f"{escape(c)}</a>" for c in line.clauses)
            text = line.zh if lang == "zh" else line.en
            items.append(f"<li>{escape(text)} <span class='ttr-cite'>[{links}]</span></li>")
        parts.append(f"<h4>{escape(t('glance_' + s.id, lang))}</h4><ul>{''.join(items)}</ul>")
    # the rule-table row a link leads to is outlined, so the eye finds it after the jump
    target = ("<style>.ttr tr[id^='clause-']:target { outline: 2px solid var(--jp-brand-color1, #1976d2); "
              "outline-offset: -2px; }</style>")
    return wrap(f"{target}<div class='ttr-glance'>" + "".join(parts) + "</div>")


def rules_at_a_glance(game: Any, lang: str = "en") -> Any:
    """"Rules at a glance" for a notebook cell: an IPython HTML object."""
    from IPython.display import HTML

    return HTML(glance_html(game, lang))
