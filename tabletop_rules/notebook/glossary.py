"""GlossaryTable: the game's terms in Chinese, Japanese and English, searchable in any of them.

The search box filters over the Chinese, Japanese and English words, the id and the note
(``game.glossary.search``); the table's column order and headings follow the language.
"""
from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.rulebook import Term
from .base import WidgetBase
from .i18n import check_lang, t
from .style import wrap

# the glossary's columns (Term fields), the reader's own language first
COLUMNS = {"en": ("en", "zh", "ja", "note"), "zh": ("zh", "ja", "en", "note")}


class GlossaryTable(WidgetBase):
    def __init__(self, game: Any, lang: str = "en"):
        self.game = game
        self.lang = check_lang(lang)
        self.shown = list(game.glossary)
        # which clauses use each term (rules.yaml lists a clause's terms)
        self.cited: dict[str, list[str]] = {}
        for c in game.rules:
            for tid in c.terms:
                self.cited.setdefault(tid, []).append(c.id)
        self.box = widgets.Text(value="", continuous_update=True, layout=widgets.Layout(width="320px"))
        self.count = widgets.Label()
        self.table = widgets.HTML()
        self.error = widgets.HTML()
        self.query: str | None = None
        self.box.observe(self._on_type, names="value")
        self.widget = widgets.VBox([widgets.HBox([self.box, self.count, self.lang_switch()],
                                                 layout=widgets.Layout(align_items="center", flex_flow="row wrap")),
                                    self.error, self.table])
        self.widget.add_class("ttr-glossary")
        self._label()
        self.search("")

    def _on_type(self, change: dict) -> None:
        if change["new"] != self.query:
            self._safe(self.search, change["new"])

    def _label(self) -> None:
        self.box.description = t("search", self.lang)
        self.box.placeholder = t("search_hint", self.lang)

    def set_lang(self, lang: str) -> None:
        self.lang = check_lang(lang)
        self._sync_lang()
        self._label()
        self._render()

    def search(self, text: str) -> list[Term]:
        """Show the terms matching ``text`` (all of them for an empty text); returns them."""
        text = "" if text is None else str(text)
        self.shown = self.game.glossary.search(text)
        self.query = text
        if self.box.value != text:
            self.box.value = text                     # the observer searches again: same result
        self._render()
        return self.shown

    def _render(self) -> None:
        lang = self.lang
        cols = COLUMNS[lang]
        head = "".join(f"<th>{escape(t('col_' + c, lang))}</th>" for c in cols)
        rows = []
        for term in self.shown:
            cells = []
            for c in cols:
                value = getattr(term, c) or ""
                if c == "note":
                    cites = self.cited.get(term.id, [])
                    extra = (f"<div class='ttr-cite'>{escape(t('clauses', lang))}: {escape(', '.join(cites))}</div>"
                             if cites else "")
                    cells.append(f"<td class='ttr-note'>{escape(value)}{extra}</td>")
                else:
                    cells.append(f"<td>{escape(value)}</td>")
            rows.append(f"<tr title='{escape(term.id)}'>{''.join(cells)}</tr>")
        count = t("terms_shown", lang, n=len(self.shown), total=len(self.game.glossary))
        self.count.value = count
        self.table.value = wrap(f"<div class='ttr-stats'>{escape(count)}</div>"
                                f"<table class='ttr-table'><thead><tr>{head}</tr></thead>"
                                f"<tbody>{''.join(rows)}</tbody></table>")
