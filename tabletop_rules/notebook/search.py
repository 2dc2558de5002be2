"""RulesSearch: one search box over the clauses, rulings and glossary terms of every game.

Type in English, Chinese or Japanese; the hits (best first, see ``core/search.py``) are buttons,
and clicking one opens what it names: a clause's full text, a ruling's question and answer (with
its clauses), or a term in all three languages.
"""
from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.search import Hit, search
from .base import WidgetBase, clause_html
from .i18n import check_lang, pick, t
from .style import wrap


def w(key: str, lang: str, **kw: Any) -> str:
    return t("finder_" + key, lang, **kw)


class RulesSearch(WidgetBase):
    """``RulesSearch()`` searches every registered game; ``games=[...]`` (loaded games) narrows it."""

    def __init__(self, games: list[Any] | None = None, lang: str = "en", limit: int = 15):
        if games is None:
            import tabletop_rules

            games = [tabletop_rules.load_game(g) for g in tabletop_rules.list_games()]
        self.games = {g.id: g for g in games}
        self.lang = check_lang(lang)
        self.limit = limit
        self.hits: list[Hit] = []
        self.opened: Hit | None = None
        self.box = widgets.Text(value="", continuous_update=True, layout=widgets.Layout(width="340px"))
        self.game_pick = widgets.Dropdown(layout=widgets.Layout(width="200px"))
        self.count = widgets.Label()
        self.results = widgets.VBox()
        self.detail = widgets.HTML()
        self.error = widgets.HTML()
        self.buttons: list[widgets.Button] = []
        self.box.observe(lambda ch: self._safe(self.search, ch["new"]), names="value")
        self.game_pick.observe(lambda ch: self._safe(self.search, self.box.value), names="value")
        self.widget = widgets.VBox([
            widgets.HBox([self.box, self.game_pick, self.count, self.lang_switch()],
                         layout=widgets.Layout(align_items="center", flex_flow="row wrap")),
            self.error, self.results, self.detail])
        self.widget.add_class("ttr-search")
        self._label()

    def _label(self) -> None:
        self.box.description = w("search", self.lang)
        self.box.style = {"description_width": "initial"}
        self.box.placeholder = w("hint", self.lang)
        value = self.game_pick.value
        self.game_pick.options = [(w("all", self.lang), "")] + [(pick(g.title, self.lang), gid)
                                                                   for gid, g in self.games.items()]
        self.game_pick.value = value if value is not None else ""

    def set_lang(self, lang: str) -> None:
        self.lang = check_lang(lang)
        self._sync_lang()
        self._label()
        self._render()
        if self.opened is not None:
            self.open(self.hits.index(self.opened) if self.opened in self.hits else self.opened)

    def search(self, text: str) -> list[Hit]:
        """Show the hits for ``text``; returns them."""
        text = "" if text is None else str(text)
        if self.box.value != text:
            self.box.value = text                 # the observer searches again: same result
            return self.hits
        games = [self.games[self.game_pick.value]] if self.game_pick.value else list(self.games.values())
        self.hits = search(text, games, limit=self.limit)
        self.opened = None
        self.detail.value = ""
        self._render()
        return self.hits

    def _render(self) -> None:
        lang = self.lang
        self.buttons = []
        rows = []
        for i, h in enumerate(self.hits):
            b = widgets.Button(description=f"{h.title}"[:80], tooltip=f"{h.game} · {h.kind} · {h.id}: {h.snippet}",
                               layout=widgets.Layout(width="auto", max_width="100%"))
            b.add_class("ttr-hit")
            b.on_click(lambda _b, i=i: self._safe(self.open, i))
            tag = widgets.HTML(f"<span class='ttr-cite'>{escape(h.game)} · {escape(w(h.kind, lang))}</span>",
                               layout=widgets.Layout(width="190px"))
            self.buttons.append(b)
            rows.append(widgets.HBox([tag, b]))
        self.results.children = rows
        q = self.box.value.strip()
        self.count.value = "" if not q else (w("hits", lang, n=len(self.hits)) if self.hits else w("none", lang))

    def open(self, which: int | Hit) -> Any:
        """Open a hit (by index or Hit): show its clause, ruling or term; returns that object."""
        hit = self.hits[which] if isinstance(which, int) else which
        game = self.games[hit.game]
        obj = hit.open(game)
        self.opened = hit
        self.detail.value = wrap(detail_html(game, hit, obj, self.lang))
        return obj


def detail_html(game: Any, hit: Hit, obj: Any, lang: str) -> str:
    head = f"<h4>{escape(pick(game.title, lang))} · {escape(w(hit.kind, lang))} <code>{escape(hit.id)}</code></h4>"
    if hit.kind == "clause":
        return head + clause_html(game, obj.id, lang, escape(pick(obj.text, lang))).replace("<details>",
                                                                                         "<details open>")
    if hit.kind == "ruling":
        clauses = "".join(clause_html(game, cid, lang) for cid in obj.clauses)
        return (head + f"<div><b>{w('question', lang)}</b>: {escape(pick(obj.question, lang))}</div>"
                f"<div><b>{w('answer', lang)}</b>: {escape(pick(obj.answer, lang))}</div>"
                f"<div><b>{w('clauses', lang)}</b>:</div><div class='ttr-log'>{clauses}</div>")
    cites = [c for c in game.rules if obj.id in c.terms]
    note = (obj.note_zh or obj.note) if lang == "zh" else obj.note       # the glossary note in the reader's language
    rows = "".join(f"<tr><th>{k}</th><td>{escape(getattr(obj, k) or '—')}</td></tr>" for k in ("zh", "ja", "en"))
    body = f"<table class='ttr-table'>{rows}</table><div class='ttr-note'>{w('note', lang)}: {escape(note)}</div>"
    if cites:
        body += "<div class='ttr-log'>" + "".join(clause_html(game, c.id, lang) for c in cites) + "</div>"
    return head + body
