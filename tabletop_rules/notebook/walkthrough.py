"""Walkthrough: step through a recorded or scripted game with Back / Next and a slider.

Each step shows the board after it (as a seat sees it, or the referee's view), the action taken
with the clause that allows it, the events it caused with their clauses (the clause text folds
out), and the phase graph with the current node lit. Step 0 is the position after setup.

The game is replayed once when the widget is built: every step's action, events and view are
kept, so moving back and forth only redraws. A full ``State`` for a step is rebuilt on demand
(``.state``) with ``game.replay(record, upto=i)``. Phase-graph SVGs are cached by
(phase, last edge, language).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from html import escape
from typing import Any

import ipywidgets as widgets

from ..core.actions import Action, Event
from ..core.datafile import DataError
from ..core.records import Record
from ..core.state import find_action
from . import graph
from .base import WidgetBase, action_text, clause_html, event_text
from .boards import board_html
from .explain import events_block
from .i18n import check_lang, t
from .style import wrap


# ----- the walkthrough ----------------------------------------------------------------------------------
@dataclass
class Step:
    action: dict | None              # kind, player, args, label, clause (None for step 0)
    events: list = field(default_factory=list)
    view: dict = field(default_factory=dict)
    phase: str = ""
    last_edge: tuple | None = None
    current_player: int | None = None
    result: str | None = None
    result_zh: str | None = None     # the ending in Chinese (state.describe_result)
    act: Action | None = None        # the action itself: its label in either language


class _Position:
    """What ``phase_graph`` reads from a state: the phase and the phase events (only the last)."""

    def __init__(self, phase: str, last_edge: tuple | None):
        self.phase = phase
        self.log = [] if last_edge is None else [Event("phase", "", None, {"from": last_edge[0], "to": last_edge[1]})]


def record_from_script(game: Any, script: Iterable[Any], seed: int = 0, players: int | None = None,
                       options: dict | None = None) -> Record:
    """Play ``script`` (action specs {kind, args subset, player?}) from ``game.new_game(seed)``."""
    state = game.new_game(seed, players, options)
    for i, spec in enumerate(script, 1):
        if isinstance(spec, Action):
            spec = spec.to_dict()
        if not isinstance(spec, dict) or not isinstance(spec.get("kind"), str):
            raise ValueError(f"script step {i}: expected a mapping with a 'kind', got {spec!r}")
        if state.is_over:
            raise ValueError(f"script step {i} ({spec}): the game is already over ({state.result})")
        legal = state.legal_actions()
        act = find_action(legal, spec["kind"], spec.get("args") or {}, spec.get("player"))
        if act is None:
            kinds = ", ".join(sorted({a.kind for a in legal}))
            raise ValueError(f"script step {i} ({spec}) matches no legal action in phase {state.phase} "
                             f"(seat {state.current_player} to act; legal kinds: {kinds})")
        state.apply(act)
    return state.record


class Walkthrough(WidgetBase):
    """Step through a game: ``record`` (Record, JSON text or dict) or ``script`` (action specs)."""

    def __init__(self, game: Any, record: Any = None, script: Iterable[Any] | None = None, seed: int = 0,
                 lang: str = "en", seat: int | None = None):
        self.game = game
        self.lang = check_lang(lang)
        self.seat = seat
        if record is not None and script is not None:
            raise ValueError("give a record or a script, not both")
        if script is not None:
            record = record_from_script(game, script, seed)
        elif record is None:
            record = game.new_game(seed).record
        self.record = game.record_of(record)          # the one way in for records (core/game.py)
        self.steps: list[Step] = []
        self._final = self._play()
        self.n_steps = len(self.steps) - 1
        self.index = 0
        self._state_cache: tuple[int, object] | None = (self.n_steps, self._final)
        self._svg: dict[tuple, str] = {}
        self._build()
        self._show(0)

    # ----- replay once, keeping what each step needs ------------------------------------------------
    def _play(self) -> Any:
        rec = self.record
        state = self.game.new_game(rec.seed, rec.players, rec.options)
        last = None
        for ev in state.log:
            if ev.kind == "phase":
                last = (ev.data.get("from"), ev.data.get("to"))
        self.steps.append(Step(None, list(state.log), state.view(self.seat), state.phase, last,
                               state.current_player, state.result, state.describe_result("zh")))
        for i, raw in enumerate(rec.actions, 1):
            want = Action.from_dict(raw)
            act = next((a for a in state.legal_actions() if a == want), None)
            if act is None:
                raise DataError("record", f"action cannot be replayed in phase {state.phase}: {raw}",
                                entry=f"action #{i}")
            events = state.apply(act)
            for ev in events:
                if ev.kind == "phase":
                    last = (ev.data.get("from"), ev.data.get("to"))
            info = {"kind": act.kind, "player": act.player, "args": act.args, "label": act.label, "clause": act.clause}
            self.steps.append(Step(info, list(events), state.view(self.seat), state.phase, last,
                                   state.current_player, state.result, state.describe_result("zh"), act))
        return state

    @property
    def state(self) -> Any:
        """The full State after the current step (rebuilt by replaying the record's first actions)."""
        if self._state_cache is None or self._state_cache[0] != self.index:
            self._state_cache = (self.index, self.game.replay(self.record, upto=self.index))
        return self._state_cache[1]

    # ----- widgets -------------------------------------------------------------------------------------
    def _build(self) -> None:
        self.back_button = widgets.Button(icon="arrow-left", layout=widgets.Layout(width="110px"))
        self.next_button = widgets.Button(icon="arrow-right", layout=widgets.Layout(width="110px"))
        self.slider = widgets.IntSlider(value=0, min=0, max=max(self.n_steps, 0), step=1, readout=False,
                                        continuous_update=True, layout=widgets.Layout(width="320px"))
        self.label = widgets.Label()
        self.error = widgets.HTML()
        self.action_html = widgets.HTML()
        self.events_html = widgets.HTML()
        self.board = widgets.HTML()
        self.graph = widgets.HTML()
        self.back_button.on_click(lambda _b: self._safe(self.back))
        self.next_button.on_click(lambda _b: self._safe(self.next))
        self.slider.observe(self._on_slider, names="value")
        controls = widgets.HBox([self.back_button, self.next_button, self.slider, self.label],
                                layout=widgets.Layout(align_items="center", flex_flow="row wrap"))
        left = widgets.VBox([self.action_html, self.events_html], layout=widgets.Layout(flex="1 1 340px"))
        right = widgets.VBox([self.board], layout=widgets.Layout(flex="2 1 480px"))
        controls.children = (*controls.children, self.lang_switch())
        self.widget = widgets.VBox([controls, self.error, widgets.HBox([left, right], layout=widgets.Layout(
            flex_flow="row wrap")), self.graph])
        self.widget.add_class("ttr-walkthrough")
        self._label_buttons()

    def _label_buttons(self) -> None:
        self.back_button.description = t("back", self.lang)
        self.next_button.description = t("next", self.lang)
        self.slider.description = t("step", self.lang)

    def _on_slider(self, change: dict) -> None:
        if change["new"] != self.index:
            self._safe(self.go, change["new"])

    # ----- navigation --------------------------------------------------------------------------------
    def next(self) -> None:
        if self.index < self.n_steps:
            self.go(self.index + 1)

    def back(self) -> None:
        if self.index > 0:
            self.go(self.index - 1)

    def go(self, i: int) -> None:
        if isinstance(i, bool) or not isinstance(i, int):
            raise TypeError(f"a step number must be an integer, got {i!r}")
        if not 0 <= i <= self.n_steps:
            raise ValueError(f"step {i} is outside 0..{self.n_steps}")
        self._show(i)

    def set_lang(self, lang: str) -> None:
        self.lang = check_lang(lang)
        self._sync_lang()
        self._label_buttons()
        self._show(self.index)

    # ----- drawing -------------------------------------------------------------------------------------
    def _show(self, i: int) -> None:
        step = self.steps[i]
        # everything is drawn first, then shown: a failure leaves the previous step on screen
        parts = (self._action_part(step), self._events_part(step), self._board_part(step), self._graph_part(step))
        self.action_html.value, self.events_html.value, self.board.value, self.graph.value = parts
        self.index = i
        self.label.value = f"{t('step', self.lang)} {i} / {self.n_steps}"
        self.back_button.disabled = i == 0
        self.next_button.disabled = i == self.n_steps
        if self.slider.value != i:
            self.slider.value = i

    def _action_part(self, step: Step) -> str:
        lang, game = self.lang, self.game
        phase = escape(game.flow.label(step.phase, lang)) if step.phase in game.flow.nodes else escape(step.phase)
        if step.result:
            result = (step.result_zh or step.result) if lang == "zh" else step.result
            now = f"<b>{t('game_over', lang)}</b>: {escape(result)}"
        else:
            who = "" if step.current_player is None else f" · {t('to_act', lang, seat=step.current_player)}"
            now = f"{t('phase', lang)}: <b>{phase}</b>{who}"
        if step.action is None:
            head = (f"<h4>{t('setup', lang)}</h4><div class='ttr-note'>{t('setup_note', lang)}</div>")
        else:
            a = step.action
            label = action_text(game, step.act, lang) if step.act is not None else str(a["label"])
            if self.seat is not None and a["player"] != self.seat:
                # the action's own event is private to its player: show that event's public text
                own = next((e for e in step.events
                            if e.kind == a["kind"] and e.data.get("only") not in (None, self.seat)), None)
                if own is not None:
                    label = event_text(game, own, self.seat, lang)
            who = t("by", lang, seat=a["player"])
            summary = f"<b>{escape(t('action', lang))}</b> — {who}: {escape(label)}"
            head = clause_html(game, a["clause"], lang, summary)
        return wrap(f"{head}<div class='ttr-stats'>{t('now', lang)}: {now}</div>")

    def _events_part(self, step: Step) -> str:
        # repeated lines grouped ("draws a card (5 times)"): the step's point, not five equal lines
        return wrap(f"<b>{escape(t('events', self.lang))}</b>"
                    + events_block(self.game, step.events, self.seat, self.lang, skip=()))

    def _board_part(self, step: Step) -> str:
        return wrap(board_html(self.game, step.view, self.seat, self.lang))

    def _graph_part(self, step: Step) -> str:
        key = (step.phase, step.last_edge, self.lang)
        if key not in self._svg:
            self._svg[key] = graph.graph_html(self.game, _Position(step.phase, step.last_edge), self.lang)
        return self._svg[key]

