"""What the notebook widgets share: language checks, events and clauses as HTML (card and phase
names in Chinese where the data knows them), error display, and ``WidgetBase``, the one base of
the play table, walkthrough, ruling explorer and glossary (display, language switch, callbacks
that show their errors instead of raising them)."""
from __future__ import annotations

import logging
import traceback
from collections.abc import Callable, Iterable
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.actions import Event, IllegalAction
from ..core.datafile import DataError
from .i18n import LANGS, action_text, check_lang, clause_title, event_text, localize, pick, source_text, t
from .style import wrap

__all__ = ["LANGS", "WidgetBase", "action_text", "check_lang", "clause_html", "error_html", "event_text",
           "events_html", "localize"]

log = logging.getLogger("tabletop_rules.notebook")


# ----- shared HTML helpers ---------------------------------------------------------------------------


def clause_html(game: Any, cid: str | None, lang: str, summary: str = "") -> str:
    """``summary`` followed by the clause id and title; its text folds out (a <details>)."""
    if not cid:
        return f"<div>{summary}</div>"
    cite = f"<span class='ttr-cite'>[{escape(clause_title(game, cid, lang))}]</span>"
    if cid not in game.rules:
        return f"<div>{summary} {cite}</div>"
    c = game.rules.clause(cid)
    decision = ("; 决定" if lang == "zh" else "; decision") if c.decision else ""
    body = escape(pick(c.text, lang)) + f" <i>({escape(source_text(c.source, lang))}{decision})</i>"
    return f"<details><summary>{summary} {cite}</summary><div class='ttr-clause'>{body}</div></details>"


def events_html(game: Any, events: Iterable[Event], seat: int | None, lang: str) -> str:
    rows = [clause_html(game, ev.clause, lang, escape(event_text(game, ev, seat, lang))) for ev in events]
    if not rows:
        return f"<div class='ttr-log'><span class='ttr-note'>{t('no_events', lang)}</span></div>"
    return "<div class='ttr-log'>" + "".join(rows) + "</div>"


# Errors that say what is wrong with the input (an illegal action, a broken file, a bad value):
# their message is enough. Any other exception is a bug and shows where it happened too.
USER_ERRORS = (ValueError, KeyError, TypeError)
# An error is one sentence: a message quoting a 20 MB upload's field is cut (issue 33.6).
MAX_ERROR_CHARS = 400


def input_error_text(exc: BaseException, lang: str) -> str:
    """An input error's message in ``lang``: a refused action's reason and a refused deck's fault
    come from the game's sentences, so they read in Chinese too (with the rule they cite); any
    other message is English."""
    try:
        if isinstance(exc, IllegalAction):
            return exc.message(lang)
        if isinstance(exc, DataError):
            return exc.describe(lang)
    except Exception:                 # a sentence that cannot be written must not hide the error
        log.error("cannot write an error in %s:\n%s", lang, traceback.format_exc())
    return str(exc)


def error_text(exc: BaseException, lang: str, head: str | None = None) -> str:
    """An error as an HTML line (not wrapped): ``head`` (default: "Something went wrong") and a
    sentence. An input error (an illegal action, a broken file) shows its message; any other
    exception is a bug, named by its type only: its traceback goes to the server's log, never
    to the page (a classroom app must not show server paths)."""
    if isinstance(exc, USER_ERRORS):
        text = f"{type(exc).__name__}: {input_error_text(exc, lang)}"
    else:
        log.error("widget callback failed:\n%s", "".join(traceback.format_exception(exc)))
        # An OSError's message names server paths: only its reason is shown.
        msg = (exc.strerror or "") if isinstance(exc, OSError) else str(exc)
        text = f"{t('unexpected', lang)} ({type(exc).__name__}{': ' + msg if msg else ''})"
    text = text.rstrip()
    if len(text) > MAX_ERROR_CHARS:             # a file's value quoted in full must not fill the page
        text = text[:MAX_ERROR_CHARS].rstrip() + " …"
    return f"<div class='ttr-error'>{escape(head or t('error', lang))}: {escape(text)}</div>"



def error_html(exc: BaseException, lang: str, head: str | None = None) -> str:
    return wrap(error_text(exc, lang, head))


class WidgetBase:
    """What every widget shares: notebook display, the English / 中文 switch, and ``_safe``,
    which runs a callback so that an exception is shown in the widget, never raised into the
    notebook; a second call while one runs is ignored (a double click).

    A subclass builds ``widget`` and ``error`` (an HTML box: where errors show), sets ``lang``
    and implements ``set_lang``. It may refine ``_checkpoint`` / ``_rollback`` (what to restore
    when a callback fails half-way) and ``_show_error`` (where the error is drawn)."""

    widget: widgets.Box
    error: widgets.HTML
    lang: str
    lang_btns: widgets.ToggleButtons | None = None
    _busy = False

    def _ipython_display_(self) -> None:
        from IPython.display import display

        if self.static_html():
            display(self._repr_mimebundle_(), raw=True)
        else:
            display(self.widget)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        data = self.widget._repr_mimebundle_(**kwargs)
        html = self.static_html()
        if html and isinstance(data, dict):     # beside the widget: what a static export shows
            data = {**data, "text/html": html}
        return data

    def static_html(self) -> str:
        """The widget's content as plain HTML for a page that runs no kernel ("": none)."""
        return ""

    def set_lang(self, lang: str) -> None:  # pragma: no cover - every widget implements it
        raise NotImplementedError

    def lang_switch(self) -> widgets.ToggleButtons:
        """English / 中文 buttons that call ``set_lang`` (every widget shows one)."""
        btns = widgets.ToggleButtons(options=[("English", "en"), ("中文", "zh")], value=self.lang,
                                     style={"button_width": "70px"}, layout=widgets.Layout(width="auto"))
        btns.observe(lambda ch: self._safe(self.set_lang, ch["new"]), names="value")
        self.lang_btns = btns
        return btns

    def _sync_lang(self) -> None:
        if self.lang_btns is not None and self.lang_btns.value != self.lang:
            self.lang_btns.value = self.lang

    # ----- callbacks --------------------------------------------------------------------------------
    def _checkpoint(self) -> Any:
        """What ``_rollback`` needs to undo a callback that failed half-way (nothing by default)."""
        return None

    def _rollback(self, saved: Any) -> None:
        """Undo what a failed callback changed (nothing by default)."""

    def _show_error(self, exc: BaseException | None) -> None:
        """Show a callback's error (None: clear it)."""
        self.error.value = "" if exc is None else error_html(exc, self.lang)

    def _safe(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run a callback; an exception is shown in the widget, never raised into the notebook."""
        if self._busy:
            return None
        self._busy = True
        saved = self._checkpoint()
        try:
            self._show_error(None)
            return fn(*args)
        except Exception as exc:
            self._rollback(saved)
            self._show_error(exc)
            return None
        finally:
            self._busy = False
