"""The print button: a game's rules reference (``tabletop_rules.reference``), built as HTML and
offered as a download, so a notebook or a Voila app gives the same document as
``tabletop-rules reference GAME`` without any PDF support (the browser prints it: the document's
print CSS sets A4 pages, the turn summary on page 1, the rule book from page 2).

    from tabletop_rules.notebook.reference import print_button
    print_button("vividz", "zh")          # a button; pressed, it offers vividz-reference-zh.html

Nothing is written on the server: the file goes to the reader as a ``data:`` link.
"""
from __future__ import annotations

import base64
from html import escape
from typing import Any

import ipywidgets as widgets

from ..reference import check_langs, reference_html
from .base import WidgetBase
from .i18n import t
from .style import wrap


class PrintButton(WidgetBase):
    """A button that builds the reference in ``lang`` (en, zh or both) and shows a download link."""

    def __init__(self, game: Any, lang: str = "en"):
        if isinstance(game, str):
            import tabletop_rules as tr

            game = tr.load_game(game)
        self.game = game
        self.doc_lang = check_langs(lang)
        self.lang = "zh" if lang == "zh" else "en"          # the button's own words
        self.button = widgets.Button(description=t("ref_print", self.lang), icon="print",
                                     layout=widgets.Layout(width="auto"))
        self.link = widgets.HTML()
        self.error = widgets.HTML()
        self.button.on_click(lambda _b: self._safe(self.build))
        self.widget = widgets.VBox([self.button, self.link, self.error])
        self.html: str | None = None

    @property
    def filename(self) -> str:
        return f"{self.game.id}-reference-{self.doc_lang}.html"

    def build(self) -> str:
        """Build the document (the same as the command line's) and offer it as a download."""
        self.html = reference_html(self.game, self.doc_lang)
        data = base64.b64encode(self.html.encode("utf-8")).decode("ascii")
        name = escape(self.filename)
        self.link.value = wrap(f"<a download='{name}' href='data:text/html;charset=utf-8;base64,{data}'>"
                               f"{escape(t('ref_download', self.lang, name=self.filename))}</a> "
                               f"<span class='ttr-note'>{escape(t('ref_built', self.lang, name=self.filename))}</span>")
        return self.html

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.doc_lang = lang
        self.button.description = t("ref_print", lang)
        self.link.value = ""


def print_button(game: Any, lang: str = "en") -> PrintButton:
    """A Print button for a notebook cell: pressed, it builds the game's rules reference in
    ``lang`` (en, zh or both) as printable HTML and offers it as a download."""
    return PrintButton(game, lang)
