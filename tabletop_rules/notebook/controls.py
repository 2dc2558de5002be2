"""The legal actions as controls, for any game: grouped by kind, multi-part choices built from
the actions' args (card, then area, then target ...), never from game-specific code.

A kind with a few actions gets one button each; a kind with many gets one dropdown per part
(each dropdown lists only values that some legal action still allows) and a "Do it" button.
Whatever is clicked is an Action taken from ``legal_actions()``, so it always applies.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as W

from ..core.actions import Action
from .i18n import pick, readable, t, term

# Args that only help to display another arg (a card's name beside its instance id, where it is).
HELPERS = {"name", "at"}
BUTTONS_UP_TO = 6


def kind_label(game: Any, kind: str, lang: str) -> str:
    """A kind of action's button word, as the game declares it (``game.kind_label``), else the
    kind's name in readable form ("end_main" -> "End main")."""
    declared = game.kind_label(kind, lang) if hasattr(game, "kind_label") else None
    return declared or readable(kind)


def value_label(game: Any, action: Action, key: str, lang: str) -> str:
    """How one arg of an action reads in a dropdown, by generic rules only:

    - ``card`` with a ``name`` helper, or any string that is a card id: the card's name;
    - a ``target`` with an ``at`` helper written ``"<seat>:<place>"``: seat and place;
    - a string that is a glossary id of the game (a zone, "fighter"...): the game's word;
    - a list: its items joined with " + "; yes / no; a ``slot`` index counted from 1.
    """
    args = action.args
    v = args.get(key)
    cards = getattr(game, "cards", {})
    if key == "card" and args.get("name") in cards:
        return pick(cards[args["name"]].name, lang)
    if key == "target":
        at = args.get("at")
        if isinstance(at, str) and ":" in at:
            seat, place = at.split(":", 1)
            return f"{t('seat', lang)} {seat} {_word(game, place, lang)}"
    if isinstance(v, list):
        return " + ".join(_word(game, x, lang) for x in v)
    if key == "slot" and isinstance(v, int) and not isinstance(v, bool):
        return f"#{v + 1}"
    return _word(game, v, lang)


def _word(game: Any, v: Any, lang: str) -> str:
    """One value as words: a card id its card's name, a glossary id the game's word."""
    if isinstance(v, bool):
        return t("yes" if v else "no", lang)
    if isinstance(v, str):
        card = getattr(game, "cards", {}).get(v)
        if card is not None and getattr(card, "name", None) is not None:
            return pick(card.name, lang)
        glossary = getattr(game, "glossary", None)
        if glossary is not None and glossary.get(v) is not None:
            return term(game, v, lang, cap=True)
    return str(v)


def button_text(game: Any, action: Action, lang: str, width: int = 60) -> str:
    """The action's English label, or in another language its kind and parts; cut at a word."""
    if lang == "en" or not action.args:
        text = action.label if lang == "en" else kind_label(game, action.kind, lang)
    else:
        parts = [value_label(game, action, k, lang) for k in part_keys([action])]
        text = f"{kind_label(game, action.kind, lang)}: {' · '.join(parts)}"
    if len(text) <= width:
        return text
    return text[:width].rsplit(" ", 1)[0].rstrip(",;:(") + " …"


def part_keys(actions: Iterable[Action]) -> list[str]:
    keys: list[str] = []
    for a in actions:
        for k in a.args:
            if k not in HELPERS and k not in keys:
                keys.append(k)
    return keys


class ActionPanel:
    """Controls for a list of legal actions; ``on_action(action)`` runs when one is chosen."""

    def __init__(self, game: Any, on_action: Callable[[Action], None], lang: str = "en"):
        self.game = game
        self.on_action = on_action
        self.lang = lang
        self.widget = W.VBox()
        self.buttons: dict[tuple, W.Button] = {}    # action key -> Button (tests and the browser click these)
        self.pickers: dict[str, Picker] = {}        # kind -> Picker

    def show(self, actions: Iterable[Action]) -> None:
        self.buttons, self.pickers = {}, {}
        groups: dict[str, list[Action]] = {}
        for a in actions:
            groups.setdefault(a.kind, []).append(a)
        rows = []
        for kind, acts in groups.items():
            label = W.HTML(f"<b>{kind_label(self.game, kind, self.lang)}</b>", layout=W.Layout(width="130px"))
            if len(acts) <= BUTTONS_UP_TO or not part_keys(acts):
                btns = []
                for a in acts:
                    b = W.Button(description=button_text(self.game, a, self.lang),
                                 tooltip=f"{a.label} [{a.clause or ''}]",
                                 layout=W.Layout(width="auto", max_width="100%"))
                    b.add_class("ttr-action")
                    b.on_click(lambda _b, a=a: self.on_action(a))
                    self.buttons[a.key] = b
                    btns.append(b)
                rows.append(W.HBox([label, W.HBox(btns, layout=W.Layout(flex_flow="row wrap"))]))
            else:
                p = Picker(self.game, kind, acts, self.on_action, self.lang)
                self.pickers[kind] = p
                rows.append(W.HBox([label, p.widget]))
        self.widget.children = rows


class Picker:
    """Cascading dropdowns over one kind's actions: each part narrows the next."""

    def __init__(self, game: Any, kind: str, actions: list[Action], on_action: Callable[[Action], None],
                 lang: str):
        self.game, self.kind, self.actions, self.on_action, self.lang = game, kind, actions, on_action, lang
        self.keys = part_keys(actions)
        self._filling = False
        self.drops = [W.Dropdown(layout=W.Layout(width="auto")) for _ in self.keys]
        self.go = W.Button(description=t("do", lang), button_style="primary", layout=W.Layout(width="auto"))
        self.go.add_class("ttr-do")
        self.go.on_click(lambda _b: self._fire())
        for i, d in enumerate(self.drops):
            d.observe(lambda ch, i=i: None if self._filling else self._refill(i + 1), names="value")
        self.widget = W.HBox([*self.drops, self.go], layout=W.Layout(flex_flow="row wrap"))
        self._refill(0)

    def _matching(self, upto: int) -> list[Action]:
        chosen = {self.keys[i]: self.drops[i].value for i in range(upto)}
        return [a for a in self.actions if all(_key(a.args.get(k)) == v for k, v in chosen.items())]

    def _refill(self, start: int) -> None:
        for i in range(start, len(self.keys)):
            options: list[tuple[str, Any]] = []
            seen: set[Any] = set()
            for a in self._matching(i):
                k = _key(a.args.get(self.keys[i]))
                if k not in seen:
                    seen.add(k)
                    options.append((value_label(self.game, a, self.keys[i], self.lang)
                                    if self.keys[i] in a.args else "—", k))
            d = self.drops[i]
            self._filling = True            # the loop refills the later parts itself
            try:
                d.options = options
                d.value = options[0][1] if options else None
            finally:
                self._filling = False

    def current(self) -> Action | None:
        acts = self._matching(len(self.keys))
        return acts[0] if acts else None

    def choose(self, **values: Any) -> None:
        """Set parts by arg value (tests, scripted demos)."""
        for i, k in enumerate(self.keys):
            if k in values:
                self.drops[i].value = _key(values[k])
                self._refill(i + 1)

    def _fire(self) -> None:
        a = self.current()
        if a is not None:
            self.on_action(a)


def _key(v: Any) -> Any:
    """A dropdown value for an arg (lists become tuples so they compare and hash)."""
    return tuple(v) if isinstance(v, list) else v
