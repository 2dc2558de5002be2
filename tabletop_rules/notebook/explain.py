"""Small HTML helpers for notebook prose: events with their clauses, a clause in full, a board.

``display(events_html(game, events))`` in a notebook cell shows what the engine did and, on a
click, the rule that made it happen. Repeated lines are grouped: consecutive events of one kind,
one clause and one player read once, with how many times ("Seat 0 draws a card. (5 times)"), so a
worked example shows its point rather than five lines citing the same rule.
"""
from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

from ..core.actions import Event
from .base import clause_html
from .boards import board_html
from .i18n import event_text, pick, source_text, t
from .style import wrap

MAX_GROUP_LINES = 6      # different sentences of one group shown in full; beyond, "and N more"


def _who(ev: Event) -> Any:
    data = ev.data or {}
    return data.get("seat", data.get("player", data.get("owner")))


def group_events(game: Any, events: Iterable[Event], seat: int | None = None, lang: str = "en",
                 skip: Iterable[str] = ("phase",)) -> list[tuple[list[str], str | None, int]]:
    """Consecutive events of one kind, clause and player as one group: (the distinct sentences in
    order, the clause, how many events). Events of a kind in ``skip`` are left out."""
    skipped = set(skip)
    groups: list[tuple[tuple, list[str], str | None, int]] = []
    for ev in events:
        if ev.kind in skipped:
            continue
        key = (ev.kind, ev.clause, _who(ev))
        text = event_text(game, ev, seat, lang)
        if groups and groups[-1][0] == key:
            k, texts, clause, n = groups[-1]
            if text not in texts:
                texts.append(text)
            groups[-1] = (k, texts, clause, n + 1)
        else:
            groups.append((key, [text], ev.clause, 1))
    return [(texts, clause, n) for _k, texts, clause, n in groups]


def group_text(texts: list[str], n: int, lang: str) -> str:
    """One group's line: the sentence once and the count in words, or the different sentences."""
    if len(texts) == 1:
        return texts[0] + (t("events_times", lang, n=n) if n > 1 else "")
    shown = texts[:MAX_GROUP_LINES]
    more = t("events_more", lang, n=len(texts) - len(shown)) if len(texts) > len(shown) else ""
    return (" " if lang != "zh" else "").join(shown) + more


def events_block(game: Any, events: Iterable[Event], seat: int | None = None, lang: str = "en",
                 skip: Iterable[str] = ("phase",)) -> str:
    """The grouped events as HTML (not wrapped), each group opening its clause."""
    rows = [clause_html(game, clause, lang, html.escape(group_text(texts, n, lang)))
            for texts, clause, n in group_events(game, events, seat, lang, skip)]
    if not rows:
        return f"<div class='ttr-log'><span class='ttr-note'>{t('no_events', lang)}</span></div>"
    return "<div class='ttr-log'>" + "".join(rows) + "</div>"


def events_html(game: Any, events: Iterable[Event], seat: int | None = None, lang: str = "en",
                skip: Iterable[str] = ("phase",)) -> Any:
    """The events (oldest first), repeated lines grouped, each opening its clause; an IPython
    HTML object."""
    from IPython.display import HTML

    return HTML(wrap(events_block(game, events, seat, lang, skip)))


def board(game: Any, state: Any, seat: int | None = None, lang: str = "en") -> Any:
    """A position drawn from ``seat``'s eyes (None: the referee's view)."""
    from IPython.display import HTML

    return HTML(wrap(board_html(game, state.view(seat), seat, lang)))


def rules_table(game: Any, lang: str = "en", ids: Iterable[str] | None = None) -> Any:
    """The rule book as a table; each row carries the anchor ``clause-<ID>`` that "Rules at a
    glance" links to (``glance.anchor``)."""
    from IPython.display import HTML

    from .glance import anchor

    wanted = set(ids) if ids else None
    rows = []
    for c in game.rules:
        if wanted is not None and c.id not in wanted:
            continue
        rows.append(f"<tr id='{anchor(c.id)}'><td class='ttr-cite'>{c.id}</td>"
                    f"<td>{html.escape(pick(c.title, lang))}</td>"
                    f"<td>{html.escape(pick(c.text, lang))}</td><td><i>{html.escape(source_text(c.source, lang))}</i>"
                    f"{(' · 决定' if lang == 'zh' else ' · decision') if c.decision else ''}</td></tr>")
    heads = (("编号", "标题", "规则（我们的表述）", "出处") if lang == "zh" else
             ("id", "title", "rule (our words)", "source"))
    return HTML(wrap("<table class='ttr-table'><tr>" + "".join(f"<th>{h}</th>" for h in heads) +
                     f"</tr>{''.join(rows)}</table>"))
