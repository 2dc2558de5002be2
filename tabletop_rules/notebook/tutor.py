"""The Hint control at the play table (issue 38): the fair search bot's move for the seat that
decides, from that seat's view only (core/tutor.py), with its best candidates, their estimated
chances and playouts, and the clauses of what the move does; after the reader's move, "How did
that go?" (whether it matched the hint, and the bot's estimate of the move made: a probability,
not a grade).

The move is lit on the board by the table's ``show_move(action)`` where the table has one (the
board's click layer); until then the hint names the move in words. The table calls ``moved``
before it applies a reader's move, and ``clear`` when the position changes otherwise.
"""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from ..core.tutor import Hint, follow_up_text, hint
from .i18n import t
from .style import wrap


class TutorPanel:
    """The Hint button and what it found, for a ``PlayTable``."""

    def __init__(self, table: Any):
        self.table = table
        self.button = W.Button(description=t("hint", table.lang), icon="lightbulb-o")
        self.button.add_class("ttr-hint-btn")
        self.out = W.HTML()
        self.out.add_class("ttr-hint")
        self.button.on_click(lambda _b: table._safe(self.show))
        self.widget = W.VBox([self.button, self.out])
        self.given: Hint | None = None
        self._at: int | None = None          # the record length the hint was given at

    def set_lang(self, lang: str) -> None:
        self.button.description = t("hint", lang)
        if self.given is not None:
            self._draw(self.given.lines(self.table.game, lang))

    def show(self) -> None:
        """Ask the fair bot for the seat that decides now (a human seat, its side shown)."""
        table, lang = self.table, self.table.lang
        st = table.state
        if st.is_over:
            self._draw([t("hint_over", lang)])
            return
        if not table.human(st.current_player) or table.hidden_between_turns():
            self._draw([t("hint_not_yours", lang)])
            return
        self.given = hint(st, seed=st.seed * 7919 + len(st.record.actions))
        self._at = len(st.record.actions)
        light = getattr(table, "show_move", None)
        if callable(light):
            light(self.given.action)
        self._draw(self.given.lines(table.game, lang))

    def moved(self, action: Any) -> None:
        """A reader's move, before it is applied: "How did that go?" when a hint was asked here."""
        st = self.table.state
        given, self.given = self.given, None
        if given is None or self._at != len(st.record.actions) or st.current_player != given.seat:
            self.out.value = ""
            return
        self._draw([follow_up_text(self.table.game, st, action, given, self.table.lang,
                                   seed=st.seed * 7919 + len(st.record.actions))])

    def clear(self) -> None:
        self.given = None
        self.out.value = ""

    def _draw(self, lines: list[str]) -> None:
        title = html.escape(t("hint_title", self.table.lang))
        body = "".join(f"<div>{html.escape(line)}</div>" for line in lines)
        self.out.value = wrap(f"<div class='ttr-note'><b>{title}</b>{body}</div>")
