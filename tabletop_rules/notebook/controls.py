"""The legal actions as controls, for any game: grouped by kind, multi-part choices built from
the actions' args (card, then area, then target ...), never from game-specific code.

A kind with a few actions gets one button each; a kind with many gets one dropdown per part
(each dropdown lists only values that some legal action still allows) and a "Do it" button.
Whatever is clicked is an Action taken from ``legal_actions()``, so it always applies.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape
from typing import Any

import ipywidgets as W

from ..core.actions import Action
from .i18n import has_word, pick, readable, t, term

# Args that only help to display another arg (a card's name beside its instance id, where it is).
HELPERS = {"name", "at"}
# Action args that name a card instance (the engines' conventions); "attackers" is a list.
CARD_KEYS = ("card", "recaller", "vessel", "attackers")
BUTTONS_UP_TO = 6


def kind_label(game: Any, kind: str, lang: str) -> str:
    """A kind of action's button word, as the game declares it (``game.kind_label``), else the
    kind's name in readable form ("end_main" -> "End main")."""
    declared = game.kind_label(kind, lang) if hasattr(game, "kind_label") else None
    return declared or readable(kind)


def value_label(game: Any, action: Action, key: str, lang: str, state: Any = None) -> str:
    """How one arg of an action reads in a dropdown, by generic rules only:

    - ``card`` with a ``name`` helper, or any string that is a card id: the card's name;
    - a card instance number (an arg of ``CARD_KEYS``) with the live ``state``: its card's name;
    - a whole number the game's texts name (``arg.<key>``, given ``n``: the value counted from 1,
      and ``seat``): a lane, a seat, a gauge card, in the game's words;
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
    if key in CARD_KEYS and state is not None:
        named = [card_name(game, state, x, lang) for x in (v if isinstance(v, list) else [v])]
        if all(named):
            return " + ".join(str(x) for x in named)
    if isinstance(v, int) and not isinstance(v, bool):
        texts = getattr(game, "texts", None)
        if texts is not None and f"arg.{key}" in texts:
            return str(texts.word(f"arg.{key}", lang, n=v + 1, seat=v))
    if isinstance(v, list):
        return " + ".join(_word(game, x, lang) for x in v)
    if key == "slot" and isinstance(v, int) and not isinstance(v, bool):
        return f"#{v + 1}"
    return _word(game, v, lang)


def card_name(game: Any, state: Any, uid: Any, lang: str) -> str | None:
    """A card instance's name in the live state (None: ``uid`` is no card of it)."""
    cards = getattr(state, "cards", None)
    if type(uid) is not int or cards is None or not 0 <= uid < len(cards):
        return None
    texts = getattr(game, "texts", None)
    cid = cards[uid].cid
    return str(texts.card(cid, lang)) if texts is not None else str(cid)


def card_place(game: Any, state: Any, uid: Any, lang: str) -> str | None:
    """Where a card instance lies, told apart from the copies of the same card beside it, in the
    zone's order as the board draws it: "left of two in hand", "card 2 of 3 in hand" / "手牌两张中左边的
    那张" (None: not a card of ``state``, or alone there)."""
    if card_name(game, state, uid, lang) is None:
        return None
    card = state.cards[uid]
    zones = getattr(state, "zones", None)
    here = getattr(zones, "lists", {}).get(card.zone) if zones is not None else None
    if not here or uid not in here:
        return None
    same = [u for u in here if state.cards[u].cid == card.cid]
    if len(same) < 2:
        return None
    zone = zone_word(game, str(card.zone).rsplit(".", 1)[-1], lang)
    i, n = same.index(uid) + 1, len(same)
    if n == 2:
        side = t("place_left" if i == 1 else "place_right", lang)
        return t("place_of_two", lang, side=side, zone=zone) if zone else t("place_of_two_here", lang, side=side)
    return t("place_of_n", lang, i=i, n=n, zone=zone) if zone else t("place_of_n_here", lang, i=i, n=n)


def zone_word(game: Any, name: str, lang: str) -> str | None:
    """A zone's name in the reader's words: the game's texts (``zone.<name>``), the kit's word
    (``zone_<name>``: the hand), the game's glossary (``mirror_pile`` as ``mirror-pile``); None
    when nothing names it (the place is then told without the zone)."""
    texts = getattr(game, "texts", None)
    if texts is not None and f"zone.{name}" in texts:
        return str(texts.word(f"zone.{name}", lang))
    if has_word(f"zone_{name}"):
        return t(f"zone_{name}", lang)
    glossary = getattr(game, "glossary", None)
    for gid in (name, name.replace("_", "-")):
        if glossary is not None and glossary.get(gid) is not None:
            return term(game, gid, lang)
    return None


def _word(game: Any, v: Any, lang: str) -> str:
    """One value as words: a card id its card's name, a glossary id the game's word, else the
    game's own word for it (``word.<value>`` of its texts.yaml: a slot, a side), never an engine id."""
    if isinstance(v, bool):
        return t("yes" if v else "no", lang)
    if isinstance(v, str):
        card = getattr(game, "cards", {}).get(v)
        if card is not None and getattr(card, "name", None) is not None:
            return pick(card.name, lang)
        glossary = getattr(game, "glossary", None)
        if glossary is not None and glossary.get(v) is not None:
            return term(game, v, lang, cap=True)
        texts = getattr(game, "texts", None)        # a place or value the game's texts name (word.<v>)
        if texts is not None and f"word.{v}" in texts:
            return str(texts.word(f"word.{v}", lang))
    return str(v)


def full_text(game: Any, action: Action, lang: str) -> str:
    """The action's label in ``lang``: the game's sentence (``game.describe``: a template's
    Chinese, or its kind and parts), the English label in English."""
    if getattr(action, "says", None) is not None and hasattr(game, "describe"):
        return str(game.describe(action, lang))
    if lang == "en":
        return action.label
    if not action.args:
        return kind_label(game, action.kind, lang)
    parts = [value_label(game, action, k, lang) for k in part_keys([action])]
    return f"{kind_label(game, action.kind, lang)}: {' · '.join(parts)}"


def cut(text: str, width: int) -> str:
    if len(text) <= width:
        return text
    return text[:width].rsplit(" ", 1)[0].rstrip(",;:(") + " …"


def button_text(game: Any, action: Action, lang: str, width: int = 60) -> str:
    """The action's label in ``lang``, cut at a word."""
    return cut(full_text(game, action, lang), width)


def part_word(game: Any, action: Action, key: str, lang: str, state: Any = None) -> str:
    """One part of an action as a tail that tells it from a like one: a card instance by where it
    lies ("left of two in hand"), any other part as its dropdown label."""
    if key in CARD_KEYS and state is not None:
        place = card_place(game, state, action.args.get(key), lang)
        if place is not None:
            return place
    return value_label(game, action, key, lang, state)


def button_texts(game: Any, actions: list[Action], lang: str, width: int = 60, state: Any = None) -> list[str]:
    """Each action's button text, no two alike: where cutting made two the same, each says at
    its end the parts in which they differ ("… → Fighter", two copies of a card by where they
    lie in the live ``state``: "… → left of two in hand"); then, if two still read alike, all
    their parts; last, a number."""
    texts = [button_text(game, a, lang, width) for a in actions]

    def tails(every: bool) -> None:
        groups: dict[str, list[int]] = {}
        for i, x in enumerate(texts):
            groups.setdefault(x, []).append(i)
        for same in groups.values():
            if len(same) < 2:
                continue
            acts = [actions[i] for i in same]
            keys = [k for k in part_keys(acts) if every or len({repr(a.args.get(k)) for a in acts}) > 1]
            for i in same:
                tail = " · ".join(part_word(game, actions[i], k, lang, state) for k in keys)
                texts[i] = cut(full_text(game, actions[i], lang), max(12, width - len(tail) - 3)) + f" → {tail}"

    tails(False)
    tails(True)
    seen: dict[str, int] = {}
    for i, x in enumerate(texts):
        seen[x] = seen.get(x, 0) + 1
        if seen[x] > 1 or texts.count(x) > 1:
            texts[i] = f"{x} #{seen[x]}"
    return texts


def part_keys(actions: Iterable[Action]) -> list[str]:
    keys: list[str] = []
    for a in actions:
        for k in a.args:
            if k not in HELPERS and k not in keys:
                keys.append(k)
    return keys


class ActionPanel:
    """Controls for a list of legal actions; ``on_action(action)`` runs when one is chosen.

    ``show`` reuses the controls of the last call (issue 15: a redraw that rebuilt every button
    cost most of a click): a button whose action key is listed again keeps its place, other
    buttons are rebound, rows and pickers are kept per kind (a new kind takes over those of a
    kind not shown now, so a long game holds no more than its fullest panel). The one control
    that is *never* reused is the one just clicked: it is closed at the next ``show``, so the
    second click of a double click lands on a control that no longer exists and does nothing (as
    a control of a panel already replaced always did)."""

    def __init__(self, game: Any, on_action: Callable[[Action], None], lang: str = "en"):
        self.game = game
        self.on_action = on_action
        self.lang = lang
        self.state: Any = None                      # the live state: names card instances
        self.widget = W.VBox()
        self.buttons: dict[tuple, W.Button] = {}    # action key -> Button (tests and the browser click these)
        self.pickers: dict[str, Picker] = {}        # kind -> Picker
        self._bound: dict[int, Action] = {}         # id(button) -> the action it takes now
        self._free: list[W.Button] = []             # buttons not shown, ready to be rebound
        self._spent: list[W.Button] = []            # clicked: closed at the next show
        self._rows: dict[tuple[str, bool], tuple[W.HBox, W.HTML, Any]] = {}
        self._kept: dict[str, Picker] = {}          # kind -> its picker, shown or not
        self._shows = 0
        # Shared by every button and row: a layout per widget is most of a widget's cost.
        self._btn_layout = W.Layout(width="auto", max_width="100%")
        self._btn_style = W.ButtonStyle()
        self._label_layout = W.Layout(width="130px")
        self._wrap_layout = W.Layout(flex_flow="row wrap")

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        for p in self._kept.values():
            p.lang = lang

    def _new_button(self) -> W.Button:
        b = W.Button(layout=self._btn_layout, style=self._btn_style)
        b.add_class("ttr-action")
        b.on_click(self._clicked)
        return b

    def _clicked(self, b: W.Button) -> None:
        a = self._bound.pop(id(b), None)
        if a is None:
            return                              # a button of a panel already redrawn
        shows = self._shows
        self._spent.append(b)
        self.on_action(a)
        if self._shows == shows and id(b) not in self._bound:
            self._spent.remove(b)               # nothing redrew the panel: the button stays usable
            self._bound[id(b)] = a

    def _tooltip(self, a: Action) -> str:
        return f"{full_text(self.game, a, self.lang)} [{a.clause or ''}]"

    def show(self, actions: Iterable[Action], state: Any = None) -> None:
        """Show ``actions``; ``state`` (the live game) names the card instances they use."""
        self.state = state
        self._shows += 1
        old = self.buttons
        for b in self._spent:
            b.close()                           # its comm is gone: a late second click cannot arrive
        spent = {id(b) for b in self._spent}
        self._spent = []
        self._bound = {}
        groups: dict[str, list[Action]] = {}
        for a in actions:
            groups.setdefault(a.kind, []).append(a)
        as_buttons = {kind: len(acts) <= BUTTONS_UP_TO or not part_keys(acts) for kind, acts in groups.items()}
        keys = {a.key for kind, acts in groups.items() if as_buttons[kind] for a in acts}
        # buttons shown last time and not clicked: kept in place when their action is listed again
        self._free += [b for k, b in old.items() if k not in keys and id(b) not in spent]
        self.buttons, self.pickers = {}, {}
        rows = []
        wanted = {(kind, as_buttons[kind]) for kind in groups}
        for kind, acts in groups.items():
            row, label, body = self._row(kind, as_buttons[kind], wanted)
            text = f"<b>{kind_label(self.game, kind, self.lang)}</b>"
            if label.value != text:
                label.value = text
            if as_buttons[kind]:
                btns = []
                descs = button_texts(self.game, acts, self.lang, state=state)
                for a, desc in zip(acts, descs):
                    b = old.get(a.key)
                    if b is None or id(b) in spent:
                        b = self._free.pop() if self._free else self._new_button()
                    tip = self._tooltip(a)
                    if b.description != desc:
                        b.description = desc
                    if b.tooltip != tip:
                        b.tooltip = tip
                    self._bound[id(b)] = a
                    self.buttons[a.key] = b
                    btns.append(b)
                if list(body.children) != btns:
                    body.children = btns
            else:
                p = self._kept[kind]
                p.reset(acts, self.lang, state)
                self.pickers[kind] = p
                if body.children != (p.widget,):
                    body.children = (p.widget,)
            rows.append(row)
        if list(self.widget.children) != rows:
            self.widget.children = rows
        # Spare buttons beyond a row's worth are closed (their layout and style are shared, so
        # nothing of theirs outlives them): one crowded position must not be kept for the game.
        while len(self._free) > BUTTONS_UP_TO:
            self._free.pop().close()

    def _row(self, kind: str, buttons: bool, wanted: set[tuple[str, bool]]) -> tuple[W.HBox, W.HTML, Any]:
        """The row of one kind (its label and a box for its buttons or its picker). A kind seen
        before keeps its row; a new kind takes over the row (and picker) of a kind not shown
        now, so a long game holds as many rows as it ever shows at once, not one per kind it
        ever met (issue 33: 200 random clicks grew the kernel by 50-150 widgets)."""
        key = (kind, buttons)
        if key not in self._rows:
            idle = [k for k in self._rows if k not in wanted]
            self._rows[key] = self._rows.pop(idle[0]) if idle else self._new_row()
        if not buttons and kind not in self._kept:
            spare = [k for k in self._kept if (k, False) not in wanted]
            if spare:
                p = self._kept[kind] = self._kept.pop(spare[0])
                p.kind = kind
            else:
                self._kept[kind] = Picker(self.game, kind, [], self.on_action, self.lang)
        return self._rows[key]

    def _new_row(self) -> tuple[W.HBox, W.HTML, Any]:
        label = W.HTML(layout=self._label_layout)
        body = W.HBox(layout=self._wrap_layout)
        return W.HBox([label, body]), label, body


class Picker:
    """Cascading dropdowns over one kind's actions: each part narrows the next. ``reset`` gives
    it a new list of actions (the dropdowns are kept; a "Do it" button once pressed is replaced,
    so a double click's second press does nothing)."""

    def __init__(self, game: Any, kind: str, actions: list[Action], on_action: Callable[[Action], None],
                 lang: str):
        self.game, self.kind, self.actions, self.on_action, self.lang = game, kind, actions, on_action, lang
        self.state: Any = None
        self.keys: list[str] = []
        self.drops: list[W.Dropdown] = []
        self._filling = False
        self._fired = False
        self._resets = 0
        # Shared by every "Do it" button this picker makes: a pressed button is replaced (and
        # closed), and a layout or style of its own would outlive it in the kernel.
        self._go_layout = W.Layout(width="auto")
        self._go_style = W.ButtonStyle()
        self._pool: list[W.Dropdown] = []   # dropdowns made so far, reused when the parts change
        self.go = self._go()
        # The action the dropdowns make, in full: its label says what it costs or drops
        # ("Call Scout Wyvern to left (drops Great Citadel Dragon)"), so nothing is lost unread.
        self.preview = W.HTML()
        self.preview.add_class("ttr-preview")
        self.widget = W.HBox([self.go, self.preview], layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.reset(actions, lang)

    def _go(self) -> W.Button:
        go = W.Button(description=t("do", self.lang), button_style="primary", layout=self._go_layout,
                      style=self._go_style)
        go.add_class("ttr-do")
        go.on_click(lambda b: self._fire(b))
        return go

    def reset(self, actions: list[Action], lang: str | None = None, state: Any = None) -> None:
        """Show ``actions`` (``state``: the live game, which names their card instances):
        dropdowns are kept while the parts are the same."""
        self._resets += 1
        self.state = state
        self.lang = lang or self.lang
        self.actions = actions
        keys = part_keys(actions)
        if self._fired:                     # pressed: a new button (the old one is closed)
            self.go.close()
            self.go = self._go()
            self._fired = False
        elif self.go.description != t("do", self.lang):
            self.go.description = t("do", self.lang)
        if keys != self.keys:
            # Kept, not closed: a closed dropdown's layout and style stayed alive in the kernel.
            while len(self._pool) < len(keys):
                i = len(self._pool)
                d = W.Dropdown(layout=self._go_layout)
                d.observe(lambda ch, i=i: None if self._filling else self._refill(i + 1), names="value")
                self._pool.append(d)
            self.keys = keys
            self.drops = self._pool[:len(keys)]
        children = (*self.drops, self.go, self.preview)
        if self.widget.children != children:
            self.widget.children = children
        self._refill(0)

    def _matching(self, upto: int) -> list[Action]:
        chosen = {self.keys[i]: self.drops[i].value for i in range(upto)}
        return [a for a in self.actions if all(_key(a.args.get(k)) == v for k, v in chosen.items())]

    def _refill(self, start: int) -> None:
        for i in range(start, len(self.keys)):
            options: list[tuple[str, Any]] = []
            seen: set[Any] = set()
            key, state = self.keys[i], self.state
            for a in self._matching(i):
                k = _key(a.args.get(key))
                if k not in seen:
                    seen.add(k)
                    options.append((value_label(self.game, a, key, self.lang, state) if key in a.args else "—", k))
            labels = [label for label, _ in options]
            if state is not None and len(set(labels)) < len(labels):   # two copies of a card: where each lies
                options = [(f"{label}{t('aside', self.lang, text=place)}"
                            if labels.count(label) > 1 and (place := card_place(self.game, state, k, self.lang))
                            else label, k) for label, k in options]
            d = self.drops[i]
            self._filling = True            # the loop refills the later parts itself
            try:
                if list(d.options) != options:
                    d.options = options
                d.value = options[0][1] if options else None
            finally:
                self._filling = False
        self._preview()

    def _preview(self) -> None:
        a = self.current()
        text = f"<i>{escape(full_text(self.game, a, self.lang))}</i>" if a is not None else ""
        if self.preview.value != text:
            self.preview.value = text
            self.go.tooltip = full_text(self.game, a, self.lang) if a is not None else ""
    def current(self) -> Action | None:
        acts = self._matching(len(self.keys))
        return acts[0] if acts else None

    def choose(self, **values: Any) -> None:
        """Set parts by arg value (tests, scripted demos)."""
        for i, k in enumerate(self.keys):
            if k in values:
                self.drops[i].value = _key(values[k])
                self._refill(i + 1)

    def _fire(self, button: Any = None) -> None:
        if button is not None and button is not self.go:
            return                          # the button of a list already replaced
        if self._fired:
            return                          # the second press of a double click
        a = self.current()
        if a is not None:
            self._fired = True
            resets = self._resets
            self.on_action(a)
            if self._resets == resets:
                self._fired = False         # nothing redrew the picker: it stays usable


def _key(v: Any) -> Any:
    """A dropdown value for an arg (lists become tuples so they compare and hash)."""
    return tuple(v) if isinstance(v, list) else v
