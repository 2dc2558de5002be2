"""Play on the board (issue 35): what a click on a board element does, for any game.

The game declares each action's board elements (``State.elements``, core/elements.py); this
module knows no game, it only matches clicked refs with those elements:

- A click on an element selects it: the actions that involve it are the candidates, and the other
  elements of the candidates light up, each with the label of a move it completes.
- A click on a lit element adds it to the selection. When exactly one candidate then has all its
  elements selected, that move is made; when several do (they differ in what the board does not
  show: an ability, a side), they are offered as choices.
- A card with exactly one move is lit itself ("ready"); one more click on it makes the move, so
  a move is never made by the first click.
- A click on an element that no legal action involves says why (``explain``: the engine's own
  refusal, the reason "Why not?" gives); Escape or a click elsewhere clears the selection.

``Selection`` holds no widget; the board widget (``boardview.py``) draws what it reports.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.actions import Action
from ..core.elements import elements


@dataclass
class Outcome:
    """What a click did: ``apply`` an action, or a new selection to draw, or a ``why`` to tell."""

    apply: Action | None = None
    why: str | None = None


@dataclass
class Selection:
    """The selection on one position's board: ``reset(state, actions)`` for each new position."""

    actions: list[Action] = field(default_factory=list)
    refs: dict[int, tuple[str, ...]] = field(default_factory=dict)   # action index -> its element refs
    selected: tuple[str, ...] = ()
    state: Any = None

    def reset(self, state: Any, actions: list[Action]) -> None:
        self.state, self.actions, self.selected = state, list(actions), ()
        self.refs = {i: tuple(e.ref for e in elements(state, a)) for i, a in enumerate(self.actions)}

    # ----- what the board shows -------------------------------------------------------------------
    def on_board(self) -> set[str]:
        """Every ref some listed action involves (the board marks them as playable)."""
        return {r for refs in self.refs.values() for r in refs}

    def candidates(self, sel: tuple[str, ...] | None = None) -> list[int]:
        sel = self.selected if sel is None else sel
        return [i for i, refs in self.refs.items() if sel and all(r in refs for r in sel)]

    def complete(self, sel: tuple[str, ...] | None = None) -> list[int]:
        """Candidates whose every element is selected: one more click, or a choice, makes them."""
        sel = self.selected if sel is None else sel
        return [i for i in self.candidates(sel) if set(self.refs[i]) <= set(sel)]

    def lit(self) -> dict[str, list[int]]:
        """Each element a candidate still needs -> the candidates it leads to."""
        out: dict[str, list[int]] = {}
        for i in self.candidates():
            for r in self.refs[i]:
                if r not in self.selected:
                    out.setdefault(r, []).append(i)
        return out

    def ready(self) -> Action | None:
        """The one move the selection makes on one more click (a card with exactly one move)."""
        cands, done = self.candidates(), self.complete()
        return self.actions[done[0]] if len(cands) == 1 and len(done) == 1 else None

    def choices(self) -> list[Action]:
        """Moves the selection completes, offered as choices where one click cannot tell them apart."""
        done = self.complete()
        return [] if self.ready() is not None else [self.actions[i] for i in done]

    # ----- a click --------------------------------------------------------------------------------
    def click(self, ref: str) -> Outcome:
        if ref in self.selected:                    # the selected element again: its one move, else off
            move = self.ready()
            self.selected = ()
            return Outcome(apply=move)
        if self.selected and ref in self.lit():
            sel = (*self.selected, ref)
            done = self.complete(sel)
            if len(done) == 1:
                self.selected = ()
                return Outcome(apply=self.actions[done[0]])
            self.selected = sel
            return Outcome()
        if self.candidates((ref,)):
            self.selected = (ref,)
            return Outcome()
        self.selected = ()
        return Outcome(why=ref)

    def clear(self) -> None:
        self.selected = ()

    def refs_of(self, action: Action) -> tuple[str, ...]:
        """The element refs of a listed action (() for one not listed now)."""
        for i, a in enumerate(self.actions):
            if a is action or a.key == action.key:
                return self.refs[i]
        return ()

    def card_uid(self, ref: str) -> int | None:
        """The card instance of a ``card:<uid>`` ref (for "why not?"), else None."""
        kind, _, rest = ref.partition(":")
        return int(rest) if kind == "card" and rest.isdigit() else None
