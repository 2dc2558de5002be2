"""What the notebook widgets share: interface words of their own, language checks, events and
clauses as HTML (card and phase names in Chinese where the data knows them), error display."""
from __future__ import annotations

import re
from html import escape

import ipywidgets as widgets

from ..core.actions import Event
from .i18n import LANGS, clause_title, pick, t
from .style import wrap

WORDS = {
    "en": {"setup": "Setup", "setup_note": "The position after setup: no action has been taken yet.",
           "by": "Seat {seat}", "no_dot": "No graphviz program (dot or graphviz-pure) was found: the phase graph "
           "is shown as DOT source.", "over": "Game over", "now": "Now", "to_act": "seat {seat} to act",
           "no_events": "(no events)", "hidden": "(hidden)"},
    "zh": {"setup": "准备", "setup_note": "准备完成后的局面：还没有任何行动。", "by": "座位 {seat}",
           "no_dot": "未找到 graphviz 程序（dot 或 graphviz-pure）：阶段流程图以 DOT 源码显示。",
           "over": "对战结束", "now": "当前", "to_act": "轮到座位 {seat}", "no_events": "（没有事件）",
           "hidden": "（隐藏）"},
}


def word(key: str, lang: str, **kw) -> str:
    text = WORDS.get(lang, WORDS["en"]).get(key) or WORDS["en"][key]
    return text.format(**kw) if kw else text


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGS)})")
    return lang


# ----- shared HTML helpers (the ruling explorer uses them too) ---------------------------------------
_NAMES: dict[str, tuple] = {}


def localize(game, text: str, lang: str) -> str:
    """English engine text with card names put in Chinese where the card data knows them."""
    if lang != "zh" or not text:
        return text
    if game.id not in _NAMES:
        pairs = {}
        for c in game.cards.values():
            name = getattr(c, "name", None)
            zh = getattr(name, "zh", None)
            if zh and getattr(name, "en", None):
                pairs[name.en] = zh
        names = sorted(pairs, key=len, reverse=True)
        rx = re.compile("|".join(re.escape(n) for n in names)) if names else None
        _NAMES[game.id] = (rx, pairs)
    rx, pairs = _NAMES[game.id]
    return rx.sub(lambda m: pairs[m.group(0)], text) if rx else text


def clause_html(game, cid: str | None, lang: str, summary: str = "") -> str:
    """``summary`` followed by the clause id and title; its text folds out (a <details>)."""
    if not cid:
        return f"<div>{summary}</div>"
    cite = f"<span class='ttr-cite'>[{escape(clause_title(game, cid, lang))}]</span>"
    if cid not in game.rules:
        return f"<div>{summary} {cite}</div>"
    c = game.rules.clause(cid)
    body = escape(pick(c.text, lang)) + f" <i>({escape(c.source)}{'; decision' if c.decision else ''})</i>"
    return f"<details><summary>{summary} {cite}</summary><div class='ttr-clause'>{body}</div></details>"


def event_text(game, ev: Event, seat: int | None, lang: str) -> str:
    if ev.kind == "phase" and {"from", "to"} <= set(ev.data) and lang != "en":
        try:
            return f"{game.flow.label(ev.data['from'], lang)} → {game.flow.label(ev.data['to'], lang)}"
        except KeyError:
            pass
    return localize(game, ev.text_for(seat), lang)


def events_html(game, events, seat: int | None, lang: str) -> str:
    if not events:
        return f"<div class='ttr-log'><span class='ttr-note'>{word('no_events', lang)}</span></div>"
    rows = [clause_html(game, ev.clause, lang, escape(event_text(game, ev, seat, lang))) for ev in events]
    return "<div class='ttr-log'>" + "".join(rows) + "</div>"


def error_html(exc: BaseException, lang: str) -> str:
    return wrap(f"<div class='ttr-error'>{escape(t('error', lang))}: {escape(type(exc).__name__)}: "
                f"{escape(str(exc))}</div>")


class WidgetBase:
    """What the three widgets share: notebook display and error capture."""

    widget: widgets.Box
    error: widgets.HTML
    lang: str

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    def lang_switch(self) -> widgets.ToggleButtons:
        """English / 中文 buttons that call ``set_lang`` (every widget shows one)."""
        self.lang_btns = widgets.ToggleButtons(options=[("English", "en"), ("中文", "zh")], value=self.lang,
                                               style={"button_width": "70px"}, layout=widgets.Layout(width="auto"))
        self.lang_btns.observe(lambda ch: self._safe(self.set_lang, ch["new"]), names="value")
        return self.lang_btns

    def _sync_lang(self) -> None:
        btns = getattr(self, "lang_btns", None)
        if btns is not None and btns.value != self.lang:
            btns.value = self.lang

    def _safe(self, fn, *args):
        """Run a callback; an exception is shown in the widget, never raised into the notebook."""
        try:
            out = fn(*args)
        except Exception as exc:
            self.error.value = error_html(exc, self.lang)
            return None
        self.error.value = ""
        return out
