"""The board as the controller (issue 35): the play table's board drawn by an anywidget that
sends clicks on board elements (``data-el``, core/elements.py) to the kernel.

What a click means is decided in Python by ``boardclick.Selection`` (no game code here); the
browser only marks the elements it is told to: ``selected``, ``lit`` (each with its label), the
``ready`` move of a card with one move, and the ``choices`` where the board cannot tell two moves
apart. ``value`` is the board's HTML, the same the plain board drew, so a static export (and any
code that reads ``table.board.value``) sees the board as before. anywidget runs in JupyterLab,
Voila, VS Code and Colab.
"""
from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import anywidget
import traitlets

from ..core.actions import Action
from .boardclick import Selection
from .controls import cut, full_text, kind_label
from .i18n import t
from .style import LIT_RINGS, SELECTED_RINGS, wrap
from .whynot import explain_html

LABEL_WIDTH = 46

_ESM = r"""
function render({ model, el }) {
  const root = document.createElement("div");
  const bar = document.createElement("div");
  bar.className = "ttr ttr-choices";
  const note = document.createElement("div");
  el.classList.add("ttr-boardview");
  el.append(root, bar, note);
  const decorate = () => {
    const sel = new Set(model.get("selected"));
    const lit = model.get("lit");
    const play = new Set(model.get("playable"));
    const ready = model.get("ready");
    root.querySelectorAll("[data-el]").forEach((n) => {
      const ref = n.dataset.el;
      n.classList.toggle("ttr-sel", sel.has(ref));
      n.classList.toggle("ttr-lit", ref in lit || ref === ready);
      n.classList.toggle("ttr-play", play.has(ref));
      let badge = n.querySelector(":scope > .ttr-litlabel");
      const label = ref === ready ? model.get("ready_label") : (lit[ref] || "");
      if (label) {
        if (!badge) { badge = document.createElement("div"); badge.className = "ttr-litlabel"; n.appendChild(badge); }
        badge.textContent = label;
        badge.title = label;
      } else if (badge) { badge.remove(); }
    });
    bar.replaceChildren();
    const choices = model.get("choices");
    if (choices.length) {
      const head = document.createElement("span");
      head.textContent = model.get("choose_word") + " ";
      bar.appendChild(head);
    }
    choices.forEach((c, i) => {
      const b = document.createElement("button");
      b.className = "ttr-choice jupyter-button";
      b.textContent = c;
      b.onclick = (e) => { e.stopPropagation(); model.send({ choice: i }); };
      bar.appendChild(b);
    });
    const said = model.get("note");
    if (said) { note.innerHTML = said; } else { note.textContent = model.get("hint"); }
    note.className = said ? "" : "ttr-boardhint";
  };
  const draw = () => { root.innerHTML = model.get("value"); decorate(); };
  root.addEventListener("click", (e) => {
    // the innermost element clicked, unless one around it is lit (a lane holding a card: the
    // lane is where the selected card may go)
    let n = e.target.closest("[data-el]");
    for (let m = n; m && root.contains(m); m = m.parentElement && m.parentElement.closest("[data-el]")) {
      if (m.classList.contains("ttr-lit")) { n = m; break; }
    }
    if (n && root.contains(n)) { model.send({ click: n.dataset.el }); }
    else { model.send({ clear: true }); }
  });
  const onKey = (e) => { if (e.key === "Escape") model.send({ clear: true }); };
  document.addEventListener("keydown", onKey);
  model.on("change:value", draw);
  for (const k of ["selected", "lit", "playable", "ready", "ready_label", "choices", "note", "hint"]) {
    model.on("change:" + k, decorate);
  }
  draw();
  return () => document.removeEventListener("keydown", onKey);
}
export default { render };
"""

# Lit and selected elements keep their own rings (style.LIT_RINGS, SELECTED_RINGS), which read
# on the light and the dark theme alike; the label badge's colours are style.COLOURS' (a pale
# tint with its own dark text).
_CSS = """
.ttr-boardview .ttr-play { cursor: pointer; }
.ttr-boardview .ttr [data-el].ttr-lit { outline: 3px solid LIT0; outline-offset: 1px; box-shadow: inset 0 0 0 2px LIT1;
  cursor: pointer; }
.ttr-boardview .ttr [data-el].ttr-sel { outline: 3px solid SEL0; outline-offset: 1px; }
/* a tap on a card that plays selects it: its text stays in the title (hover), not over the targets */
.ttr-boardview .ttr-tip { pointer-events: none; }
.ttr-boardview .ttr .ttr-card.ttr-play:focus .ttr-tip { display: none; }
.ttr-boardview .ttr-litlabel { font-size: 10px; font-style: normal; font-weight: bold; line-height: 1.2;
  border-radius: 3px; padding: 1px 3px; margin-top: 2px;
  max-width: 180px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.ttr-boardview .ttr-choices { margin: 4px 0; display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
.ttr-boardview .ttr-choice { height: auto; padding: 2px 8px; }
.ttr-boardview .ttr-boardhint { font-size: 12px; font-style: italic; opacity: .8; margin: 2px 0; }
""".replace("LIT0", LIT_RINGS[0]).replace("LIT1", LIT_RINGS[1]).replace("SEL0", SELECTED_RINGS[0])


class BoardView(anywidget.AnyWidget):
    """The board; ``value`` its HTML. ``reset`` gives it the position's legal actions (none: a
    board that only shows), ``on_move(action)`` is called with the move a click makes."""

    _esm = _ESM
    _css = _CSS
    value = traitlets.Unicode("").tag(sync=True)
    selected = traitlets.List(traitlets.Unicode()).tag(sync=True)
    lit = traitlets.Dict().tag(sync=True)
    playable = traitlets.List(traitlets.Unicode()).tag(sync=True)
    ready = traitlets.Unicode("").tag(sync=True)
    ready_label = traitlets.Unicode("").tag(sync=True)
    choices = traitlets.List(traitlets.Unicode()).tag(sync=True)
    choose_word = traitlets.Unicode("").tag(sync=True)
    note = traitlets.Unicode("").tag(sync=True)
    hint = traitlets.Unicode("").tag(sync=True)     # how to play on the board, while nothing else is said

    def __init__(self, game: Any, on_move: Callable[[Action], None], lang: str = "en", **kw: Any):
        super().__init__(**kw)
        self.game, self.on_move, self.lang = game, on_move, lang
        self.sel = Selection()
        self.seat: int | None = None
        self._choices: list[Action] = []
        self._hint: dict[str, str] = {}          # show_move: the refs lit for a hint, with its label
        self.on_msg(self._msg)
        # an HTML box as before to the page's readers (its text is the board's; tests read it so)
        self.add_class("widget-html")

    # ----- the position ---------------------------------------------------------------------------
    def show(self, html: str, state: Any, seat: int | None, actions: list[Action], lang: str) -> None:
        """The board's HTML and its marks for a new position, sent to the page in one message (a
        page never sees the new board with the last position's marks)."""
        with self.hold_sync():
            self.value = html
            self.reset(state, seat, actions, lang)

    def reset(self, state: Any, seat: int | None, actions: list[Action], lang: str) -> None:
        """A new position: ``actions`` the moves ``seat`` may make now (empty: nothing to click)."""
        self.lang, self.seat = lang, seat
        self.sel.reset(state, actions)
        self._hint = {}
        self.choose_word = t("board_choose", lang)
        self.hint = t("board_hint", lang) if actions and any(self.sel.refs.values()) else ""
        self.note = ""
        self._draw()

    def mark_list(self, panel: Any) -> None:
        """Mark the list view's controls of actions that belong to no card (class ``ttr-offboard``):
        what the board cannot do, a reader (or a test) finds among the buttons."""
        off = {a.key for i, a in enumerate(self.sel.actions) if not self.sel.refs[i]}
        for key, b in panel.buttons.items():
            _mark(b, key in off)
        for kind, picker in panel.pickers.items():
            _mark(picker.go, all(a.key in off for a in self.sel.actions if a.kind == kind))

    def _label(self, idx: list[int]) -> str:
        acts = [self.sel.actions[i] for i in idx]
        if len(acts) == 1:
            return cut(full_text(self.game, acts[0], self.lang), LABEL_WIDTH)
        kinds = {a.kind for a in acts}
        if len(kinds) == 1:
            return f"{kind_label(self.game, acts[0].kind, self.lang)} ×{len(acts)}"
        return t("board_moves", self.lang, n=len(acts))

    def _draw(self) -> None:
        s = self.sel
        ready = s.ready()
        with self.hold_sync():
            self.playable = sorted(s.on_board())
            self.selected = list(s.selected)
            self.lit = ({} if ready is not None else {r: self._label(i) for r, i in s.lit().items()}
                        if s.selected else dict(self._hint))
            self.ready = s.selected[0] if ready is not None and s.selected else ""
            self.ready_label = cut(full_text(self.game, ready, self.lang), LABEL_WIDTH) if ready is not None else ""
            self._choices = s.choices()
            self.choices = [cut(full_text(self.game, a, self.lang), 70) for a in self._choices]

    # ----- clicks ---------------------------------------------------------------------------------
    def _msg(self, _w: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if content.get("clear"):
            self.clear()
        elif isinstance(content.get("click"), str):
            self.click(content["click"][:80])
        elif isinstance(content.get("choice"), int):
            self.choose(content["choice"])

    def click(self, ref: str) -> None:
        """What a click on the board element ``ref`` does (the browser sends it; tests call it)."""
        if not self.sel.actions:
            return
        self._hint = {}
        out = self.sel.click(ref)
        self.note = self._why(out.why) if out.why else ""
        if out.apply is not None:
            self.on_move(out.apply)
            return
        self._draw()

    def choose(self, i: int) -> None:
        if 0 <= i < len(self._choices):
            action = self._choices[i]
            self.sel.clear()
            self.on_move(action)

    def clear(self) -> None:
        if self.sel.selected or self.note or self._hint:
            self._hint = {}
            self.sel.clear()
            self.note = ""
            self._draw()

    def show_move(self, action: Action) -> tuple[str, ...]:
        """Light ``action``'s elements on the board (a hint), each with the move's label; its refs,
        () where it has none or is not legal now. A click then plays as usual."""
        refs = self.sel.refs_of(action)
        self.sel.clear()
        label = cut(full_text(self.game, action, self.lang), LABEL_WIDTH)
        self._hint = dict.fromkeys(refs, label)
        self.note = ""
        self._draw()
        return refs

    def _why(self, ref: str) -> str:
        """Why the element clicked is in no legal move: a card's is the engine's refusal (the one
        "Why not?" gives); a place says that no move uses it now."""
        uid = self.sel.card_uid(ref)
        state = self.sel.state
        if uid is not None and self.seat is not None and state is not None and 0 <= uid < len(state.cards):
            return wrap(explain_html(state, self.seat, uid, self.lang))
        if ref.startswith("area:"):
            return wrap(f"<div class='ttr-note'>{escape(t('board_nothing_here', self.lang))}</div>")
        return ""


def _mark(widget: Any, on: bool) -> None:
    if on != ("ttr-offboard" in widget._dom_classes):
        (widget.add_class if on else widget.remove_class)("ttr-offboard")
