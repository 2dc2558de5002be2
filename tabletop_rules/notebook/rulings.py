"""RulingExplorer: pick a ruling, read it, change its numbers and see whether the engine agrees.

A ruling (``rulings.yaml``) is a question, an answer, the clauses it rests on, a position, some
actions and the checks the outcome must pass. Declared parameters (power, defense, life...)
become sliders; moving one rebuilds the position, re-runs the ruling and re-states what is
expected for those numbers (checks may depend on them: ``when: {ge: [$power, $defense]}``).
"""
from __future__ import annotations

import time
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.rulings import Ruling, RulingResult, condition, run_ruling, substitute
from .base import WidgetBase, clause_html, error_html, events_html
from .boards import board_html
from .i18n import check_lang, clause_title, pick, source_text, t
from .ruling_words import check_words, step_words
from .style import wrap


def _note(step: Any, lang: str) -> str:
    said = step.get("note_zh" if lang == "zh" else "note") if isinstance(step, dict) else None
    return f" <span class='ttr-note'>({escape(said)})</span>" if said else ""


class RulingExplorer(WidgetBase):
    """Browse a game's rulings; ``rulings`` replaces the list (e.g. to try a ruling of your own)."""

    def __init__(self, game: Any, lang: str = "en", rulings: list[Ruling] | None = None):
        self.game = game
        self.lang = check_lang(lang)
        self.rulings: list[Ruling] = list(game.rulings if rulings is None else rulings)
        if not self.rulings:
            raise ValueError(f"{game.id} has no rulings to explore")
        self.current: Ruling = self.rulings[0]      # select() below draws it
        self.result: RulingResult | None = None
        self.runs = 0                               # Run's counter: a press always changes the line
        self.took = 0.0                             # seconds the last run took
        self.sliders: dict[str, widgets.IntSlider] = {}
        self._selecting = False
        self.dropdown = widgets.Dropdown(options=self._options(), layout=widgets.Layout(width="95%"))
        self.run_button = widgets.Button(icon="play", button_style="primary")
        self.error = widgets.HTML()
        self.info = widgets.HTML()
        self.position = widgets.HTML()
        self.param_box = widgets.VBox()
        self.expected = widgets.HTML()
        self.outcome = widgets.HTML()
        self.events = widgets.HTML()
        self.dropdown.observe(self._on_pick, names="value")
        self.run_button.on_click(lambda _b: self._safe(self.run))
        self.widget = widgets.VBox([
            widgets.HBox([self.dropdown, self.lang_switch()], layout=widgets.Layout(flex_flow="row wrap")),
            self.error, self.info,
            widgets.HBox([self.param_box, self.run_button], layout=widgets.Layout(align_items="center",
                                                                                 flex_flow="row wrap")),
            self.expected, self.outcome, self.events, self.position])
        self.widget.add_class("ttr-rulings")
        self._label()
        self.select(self.rulings[0].id)

    # ----- labels ----------------------------------------------------------------------------------------
    def _options(self) -> list[tuple[str, str]]:
        """Each ruling by its question first, its id after (what a reader cites it by, issue 35.5)."""
        return [(t("ruling_option", self.lang, question=pick(r.question, self.lang), id=r.id), r.id)
                for r in self.rulings]

    def _label(self) -> None:
        self.dropdown.description = t("ruling", self.lang)
        self.run_button.description = t("run", self.lang)
        for name, s in self.sliders.items():
            s.description = self._param_label(name)

    def _param_label(self, name: str) -> str:
        p = self.current.params[name]
        return pick(p.label, self.lang) if p.label else name

    def set_lang(self, lang: str) -> None:
        self.lang = check_lang(lang)
        self._sync_lang()
        self._selecting = True
        try:
            value = self.dropdown.value
            self.dropdown.options = self._options()
            self.dropdown.value = value
        finally:
            self._selecting = False
        self._label()
        self._render_info()
        self._render_position()
        self._render_expected()
        self._render_outcome(self.result)

    # ----- choosing a ruling and its numbers -------------------------------------------------------------
    def _on_pick(self, change: dict) -> None:
        if not self._selecting and change["new"] is not None:
            self._safe(self.select, change["new"])

    def select(self, ruling_id: str) -> Ruling:
        ruling = next((r for r in self.rulings if r.id == ruling_id), None)
        if ruling is None:
            raise KeyError(f"no ruling {ruling_id!r} (known: {', '.join(r.id for r in self.rulings)})")
        for s in self.sliders.values():
            s.unobserve(self._on_slider, names="value")
        self.current = ruling
        self.sliders = {}
        for name, p in ruling.params.items():
            s = widgets.IntSlider(value=p.default, min=p.min, max=p.max, step=p.step,
                                  description=self._param_label(name), style={"description_width": "initial"},
                                  layout=widgets.Layout(width="420px"))
            s.observe(self._on_slider, names="value")
            self.sliders[name] = s
        note = [] if self.sliders else [widgets.HTML(wrap(f"<span class='ttr-note'>{t('no_params', self.lang)}"
                                                          "</span>"))]
        self.param_box.children = tuple(self.sliders.values()) or tuple(note)
        if self.dropdown.value != ruling.id:
            self._selecting = True
            try:
                self.dropdown.value = ruling.id
            finally:
                self._selecting = False
        self._render_info()
        self.run()
        return ruling

    def _on_slider(self, change: dict) -> None:
        self._safe(self.run)

    def set_param(self, name: str, value: int) -> RulingResult | None:
        if name not in self.sliders:
            known = ", ".join(self.sliders) or "none"
            raise KeyError(f"ruling {self.current.id} has no parameter {name!r} (its parameters: {known})")
        s = self.sliders[name]
        if not s.min <= value <= s.max:
            raise ValueError(f"{name} must lie between {s.min} and {s.max}, got {value}")
        if s.value == value:
            self.run()
        else:
            s.value = value                           # the observer runs the ruling
        return self.result

    @property
    def params(self) -> dict:
        return {name: s.value for name, s in self.sliders.items()}

    # ----- running ----------------------------------------------------------------------------------------
    def run(self) -> RulingResult:
        """Run the current ruling with the sliders' values; an error is reported, not raised."""
        params = self.params
        t0 = time.perf_counter()
        try:
            result = run_ruling(self.game, self.current, params)
        except Exception as exc:
            msg = f"{type(exc).__name__}: {exc}"
            result = RulingResult(False, f"error: {msg}", None, [], [msg], params, error=exc)
        self.took = time.perf_counter() - t0
        self.runs += 1
        self.result = result
        self._render_position()
        self._render_expected()
        self._render_outcome(result)
        return result

    # ----- drawing ------------------------------------------------------------------------------------------
    def _render_info(self) -> None:
        r, lang = self.current, self.lang
        clauses = "".join(clause_html(self.game, cid, lang) for cid in r.clauses)
        answer = pick(r.answer, lang)
        self.info.value = wrap(
            f"<h4><code>{escape(r.id)}</code></h4>"
            f"<div><b>{t('question', lang)}</b>: {escape(pick(r.question, lang))}</div>"
            f"<div><b>{t('answer', lang)}</b>: {escape(answer)}</div>"
            f"<div><b>{t('clauses', lang)}</b>:</div><div class='ttr-log'>{clauses}</div>"
            f"<div class='ttr-note'>{t('source', lang)}: {escape(source_text(r.source, lang))}</div>")

    def _render_position(self) -> None:
        lang = self.lang
        try:
            spec = substitute(self.current.scenario, self.params)
            state = self.game.scenario(spec, source=f"ruling '{self.current.id}'")
            board = board_html(self.game, state.view(None), None, lang)
        except Exception as exc:
            board = f"<div class='ttr-error'>{escape(type(exc).__name__)}: {escape(str(exc))}</div>"
        steps = "".join(f"<li>{step_words(self.game, substitute(st, self.params), lang)}{_note(st, lang)}</li>"
                        for st in self.current.steps)
        steps = f"<div><b>{t('steps', lang)}</b>:</div><ol>{steps}</ol>" if steps else ""
        self.position.value = wrap(f"<b>{t('before', lang)}</b>{board}{steps}")

    def _render_expected(self) -> None:
        lang, rows, skipped = self.lang, [], 0
        res = self.result
        view = res.state.view(None) if res is not None and res.state is not None else None
        events = list(res.events) if res is not None else []
        # a ruling may bring its own decks (scenario options): named as the ruling names them
        options = getattr(res.state, "options", None) if res is not None else None
        own = options.get("decks") if isinstance(options, dict) else None
        decks = {d["id"]: d["name"] for d in own if isinstance(d, dict) and "id" in d and "name" in d} \
            if isinstance(own, list) else {}
        try:
            for raw in self.current.expect:
                ck = substitute(raw, self.params)
                if "when" in ck and not condition(ck["when"]):
                    skipped += 1
                    continue
                said = ck.get("note_zh") if lang == "zh" else ck.get("note")
                note = f" <span class='ttr-note'>({escape(said)})</span>" if said else ""
                rows.append(f"<li>{check_words(self.game, ck, lang, view, events, decks)}{note}</li>")
        except Exception as exc:
            rows.append(f"<li class='ttr-error'>{escape(type(exc).__name__)}: {escape(str(exc))}</li>")
        more = f"<div class='ttr-note'>{t('skipped', lang, n=skipped)}</div>" if skipped else ""
        # The clauses the ruling rests on, with the outcome they decide (issue 35.5).
        cites = " ".join(f"<span class='ttr-cite'>[{escape(clause_title(self.game, c, lang))}]</span>"
                         for c in self.current.clauses)
        by = f"<div>{t('expected_by', lang)}{t('colon', lang)}{cites}</div>" if cites else ""
        self.expected.value = wrap(f"<b>{t('expected', lang)}</b>{by}<ul>{''.join(rows)}</ul>{more}")

    def _render_outcome(self, result: RulingResult | None) -> None:
        lang = self.lang
        if result is None:
            self.outcome.value = self.events.value = ""
            return
        ran = (f"<div class='ttr-note ttr-ran'>"
               f"{escape(t('ran', lang, n=self.runs, ms=max(1, round(self.took * 1000))))}</div>")
        if result.error is not None:
            self.outcome.value = error_html(result.error, lang, head=t("error_run", lang)) + wrap(ran)
            self.events.value = ""
            return
        if result.ok:
            head = f"<span class='ttr-ok'>✓ {escape(t('ok', lang))}</span>"
        else:
            items = "".join(f"<li>{escape(f)}</li>" for f in result.failures)
            head = (f"<span class='ttr-fail'>✗ {escape(t('fail', lang))}</span>"
                    f"<div>{t('failures', lang)}:</div><ul class='ttr-fail'>{items}</ul>")
        shown = ", ".join(f"{escape(self._param_label(k))} = {v}" for k, v in result.params.items())
        params = f" <span class='ttr-note'>({shown})</span>" if shown else ""
        self.outcome.value = wrap(f"<b>{t('outcome', lang)}</b>: {head}{params}{ran}")
        self.events.value = wrap(f"<b>{escape(t('events', lang))}</b>"
                                 + events_html(self.game, result.events, None, lang))
