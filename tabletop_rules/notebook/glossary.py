"""GlossaryTable: the game's terms in Chinese, Japanese and English, searchable in any of them.

First a short table of the key terms (those the most clauses use), then the full glossary
folded (an accordion): its search box filters over the Chinese, Japanese and English words, the
id and the note (``game.glossary.search``), and ranks exact matches first, then words that begin
with the search, then the rest ("attack" before "item", whose note mentions attacks). The
table's column order and headings follow the language; a game with no Japanese edition (no term
has a Japanese word) says so instead of showing an empty column.
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
# (zh_book: the rule book's own form where it differs from the Simplified zh, issue 34; shown
# only here, and only for a glossary that has such forms)
COLUMNS = {"en": ("en", "zh", "zh_book", "ja", "note"), "zh": ("zh", "zh_book", "ja", "en", "note")}
KEY_TERMS = 12

# Interface words of the glossary (to be moved into i18n.py's catalogue).


def word(key: str, lang: str, **kw: object) -> str:
    return t("gloss_" + key, lang, **kw)


def rank(term: Term, query: str) -> int:
    """0: a word of the term is the query; 1: a word begins with it; 2: a word of the term's
    words begins with it; 3: found inside a word; 4: found only in the note."""
    q = query.strip().lower()
    names = [(x or "").lower() for x in (term.id, term.en, term.zh, term.ja)]
    if q in names:
        return 0
    if any(n.startswith(q) for n in names if n):
        return 1
    if any(w.startswith(q) for n in names for w in n.replace("-", " ").split()):
        return 2
    if any(q in n for n in names):
        return 3
    return 4


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
        self.has_ja = any(term.ja for term in game.glossary)
        self.has_book = any(term.zh_book for term in game.glossary)
        self.box = widgets.Text(value="", continuous_update=True, layout=widgets.Layout(width="320px"))
        self.count = widgets.Label()
        self.table = widgets.HTML()
        self.key_table = widgets.HTML()
        self.error = widgets.HTML()
        self.query: str | None = None
        self.box.observe(self._on_type, names="value")
        full = widgets.VBox([widgets.HBox([self.box, self.count],
                                          layout=widgets.Layout(align_items="center", flex_flow="row wrap")),
                             self.error, self.table])
        self.fold = widgets.Accordion(children=[full], selected_index=None)
        self.widget = widgets.VBox([self.lang_switch(), self.key_table, self.fold])
        self.widget.add_class("ttr-glossary")
        self._label()
        self.search("")

    def _on_type(self, change: dict) -> None:
        if change["new"] != self.query:
            self._safe(self.search, change["new"])

    def _label(self) -> None:
        self.box.description = t("search", self.lang)
        self.box.placeholder = t("search_hint", self.lang)
        self.fold.set_title(0, word("all_terms", self.lang, n=len(self.game.glossary)))

    def key_terms(self) -> list[Term]:
        """The terms the most clauses use (ties: glossary order), in glossary order."""
        order = {term.id: i for i, term in enumerate(self.game.glossary)}
        top = sorted(self.game.glossary, key=lambda x: (-len(self.cited.get(x.id, ())), order[x.id]))[:KEY_TERMS]
        return sorted(top, key=lambda x: order[x.id])

    def columns(self) -> tuple[str, ...]:
        return tuple(c for c in COLUMNS[self.lang] if (c != "ja" or self.has_ja) and (c != "zh_book" or self.has_book))

    def set_lang(self, lang: str) -> None:
        self.lang = check_lang(lang)
        self._sync_lang()
        self._label()
        self._render()

    def search(self, text: str) -> list[Term]:
        """Show the terms matching ``text`` (all of them for an empty text); returns them."""
        text = "" if text is None else str(text)
        found = self.game.glossary.search(text)
        self.shown = sorted(found, key=lambda x: rank(x, text)) if text.strip() else found
        self.query = text
        if self.box.value != text:
            self.box.value = text                     # the observer searches again: same result
        self._render()
        return self.shown

    def _render(self) -> None:
        lang = self.lang
        cols = self.columns()
        head = "".join(f"<th>{escape(t('col_' + c, lang))}</th>" for c in cols)
        rows = []
        for term in self.shown:
            cells = []
            for c in cols:
                value = getattr(term, c) or ""
                if c == "note":
                    value = term.note_zh if lang == "zh" else term.note
                    cites = self.cited.get(term.id, [])
                    extra = (f"<div class='ttr-cite'>{escape(t('clauses', lang))}: {escape(', '.join(cites))}</div>"
                             if cites else "")
                    cells.append(f"<td class='ttr-note'>{escape(value)}{extra}</td>")
                else:
                    cells.append(f"<td>{escape(value) or '—'}</td>")
            rows.append(f"<tr>{''.join(cells)}</tr>")
        count = t("terms_shown", lang, n=len(self.shown), total=len(self.game.glossary))
        self.count.value = count
        no_ja = "" if self.has_ja else f"<div class='ttr-note'>{escape(word('no_ja', lang))}</div>"
        self.table.value = wrap(f"<div class='ttr-stats'>{escape(count)}</div>{no_ja}"
                                f"<table class='ttr-table'><thead><tr>{head}</tr></thead>"
                                f"<tbody>{''.join(rows)}</tbody></table>")
        self._render_key_terms(no_ja)

    def _render_key_terms(self, no_ja: str) -> None:
        lang = self.lang
        cols = [c for c in self.columns() if c not in ("note", "zh_book")]
        head = "".join(f"<th>{escape(t('col_' + c, lang))}</th>" for c in cols)
        head += f"<th>{escape(word('used_by', lang))}</th>"
        rows = ["<tr>" + "".join(f"<td>{escape(getattr(x, c) or '') or '—'}</td>" for c in cols)
                + f"<td>{len(self.cited.get(x.id, ()))}</td></tr>" for x in self.key_terms()]
        self.key_table.value = wrap(f"<h4>{escape(word('key_terms', lang))}</h4>{no_ja}"
                                    f"<table class='ttr-table'><thead><tr>{head}</tr></thead>"
                                    f"<tbody>{''.join(rows)}</tbody></table>")
