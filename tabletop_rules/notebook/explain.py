"""Small HTML helpers for notebook prose: events with their clauses, a clause in full, a board.

``display(events_html(game, events))`` in a notebook cell shows what the engine did and, on a
click, the rule that made it happen.
"""
from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

from ..core.actions import Event
from . import base
from .boards import board_html
from .i18n import pick, source_text
from .style import wrap


def events_html(game: Any, events: Iterable[Event], seat: int | None = None, lang: str = "en",
                skip: Iterable[str] = ("phase",)) -> Any:
    """The events (oldest first), each opening its clause; returns an IPython HTML object."""
    from IPython.display import HTML

    skip = set(skip)
    return HTML(wrap(base.events_html(game, [e for e in events if e.kind not in skip], seat, lang)))


def board(game: Any, state: Any, seat: int | None = None, lang: str = "en") -> Any:
    """A position drawn from ``seat``'s eyes (None: the referee's view)."""
    from IPython.display import HTML

    return HTML(wrap(board_html(game, state.view(seat), seat, lang)))


def rules_table(game: Any, lang: str = "en", ids: Iterable[str] | None = None) -> Any:
    from IPython.display import HTML

    rows = []
    for c in game.rules:
        if ids and c.id not in ids:
            continue
        rows.append(f"<tr><td class='ttr-cite'>{c.id}</td><td>{html.escape(pick(c.title, lang))}</td>"
                    f"<td>{html.escape(pick(c.text, lang))}</td><td><i>{html.escape(source_text(c.source, lang))}</i>"
                    f"{(' · 决定' if lang == 'zh' else ' · decision') if c.decision else ''}</td></tr>")
    heads = (("编号", "标题", "规则（我们的表述）", "出处") if lang == "zh" else
             ("id", "title", "rule (our words)", "source"))
    return HTML(wrap("<table class='ttr-table'><tr>" + "".join(f"<th>{h}</th>" for h in heads) +
                     f"</tr>{''.join(rows)}</table>"))
