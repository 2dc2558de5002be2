"""Why a card is not offered: the engine's own refusals for a card that no legal action uses.

The reasons come from the game's move listers (core/moves.py): the same generators that list
the legal actions also yield a ``Refusal`` (reason and clause) for each candidate the rules
forbid, while ``state.explaining`` is True. Here they are run for one seat and the refusals
that name the card are kept, so the reader reads the rule that decided, never a second
derivation. When no lister names the card, the engine is asked outright: an action using the card
(one per kind listed now) is applied to a clone of the game, and its refusal, reason and clause,
is what the reader reads (another seat decides, a decision comes first, this step's rule).
"""
from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as W

from ..core.actions import Action, IllegalAction
from ..core.moves import Refusal
from .base import clause_html
from .controls import CARD_KEYS, kind_label
from .i18n import pick, t

# Where a view lists a seat's own cards, for a game whose state names none (named_cards).
VIEW_KEYS = ("hand", "play", "recallers", "vessel", "field", "set", "pets", "dealt", "dolls", "spells")

def word(key: str, lang: str, **kw: Any) -> str:
    return t(key, lang, **kw)


def _names(value: Any, uid: int) -> bool:
    return value == uid or (isinstance(value, list) and uid in value)


def used_cards(actions: list) -> set[int]:
    """Card instances some listed action names."""
    out: set[int] = set()
    for a in actions:
        for k in CARD_KEYS:
            v = a.args.get(k)
            if isinstance(v, int) and not isinstance(v, bool):
                out.add(v)
            elif isinstance(v, list):
                out.update(x for x in v if isinstance(x, int))
    return out


def own_cards(state: Any, seat: int) -> list[int]:
    """The seat's cards it could name in an action: ``named_cards`` (hand, cards in play), else
    the cards its own view lists in hand and in play."""
    found = list(state.named_cards(seat))
    if found:
        return found
    view = state.view(seat)
    mine: dict = next((p for p in view.get("players", []) if p.get("seat") == seat), {})
    out: list[int] = []

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            if isinstance(x.get("uid"), int) and x.get("id"):
                out.append(x["uid"])
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    for k in VIEW_KEYS:
        walk(mine.get(k))
    return list(dict.fromkeys(out))


def idle_cards(state: Any, seat: int) -> list[int]:
    """The seat's cards that no legal action uses now."""
    if state.is_over:
        return []
    used = used_cards(state.legal_actions())
    return [u for u in own_cards(state, seat) if u not in used]


def refusals(state: Any, seat: int, uid: int) -> list[Refusal]:
    """The engine's refusals that name card ``uid`` for ``seat`` at this point of the game, one
    per distinct reason, in the order the listers give them."""
    out: dict[tuple, Refusal] = {}
    for o in state.refusals(seat):           # the engine's own reasons (core/state.py)
        if any(_names(o.args.get(k), uid) for k in CARD_KEYS):
            out.setdefault((o.kind, state.describe_refusal(o), o.clause), o)
    # The kinds that use cards of this card's type now come first (a monster's "call" before
    # its "equip": not an item), else the listers' order.
    kinds: dict[str, set] = {}
    for a in state.legal_actions():
        for u in used_cards([a]):
            kinds.setdefault(a.kind, set()).add(_type(state, u))
    mine = _type(state, uid)
    return sorted(out.values(), key=lambda r: 0 if mine in kinds.get(r.kind or "", ()) else 1)


def _type(state: Any, uid: int) -> Any:
    cards = state.cards
    if not (isinstance(uid, int) and 0 <= uid < len(cards)):
        return None
    d = getattr(cards[uid], "d", None)
    return getattr(d, "type", None) or getattr(d, "kind", None)


def probes(state: Any, seat: int, uid: int) -> list[Action]:
    """Actions that would use card ``uid`` for ``seat``, one per kind the engine lists now: the
    kind's own card arg (the one its listed actions name a card with) set to the card. When no
    listed kind takes a card, each listed kind is asked with the card as its ``card``. They are
    never applied to the game: ``engine_reasons`` hands them to a clone, whose refusal is the
    engine's reason."""
    out: list[Action] = []
    acts = state.legal_actions()
    keys: dict[str, str | None] = {}
    for a in acts:
        key = next((k for k in CARD_KEYS if k in a.args), None)
        if keys.get(a.kind) is None:
            keys[a.kind] = key
    carded = any(k is not None for k in keys.values())
    for kind, key in keys.items():
        if key is None and carded:
            continue
        k = key or "card"
        out.append(Action(kind, seat, {k: [uid] if k == "attackers" else uid}, kind))
    return out


def engine_reasons(state: Any, seat: int, uid: int) -> list[tuple[str, IllegalAction]]:
    """The engine's refusals of ``probes`` (each applied to a clone, never to the game): the kind
    asked and the IllegalAction it raised, its reason and clause the rule that decided for this
    turn and step (issue 35, D6: the first turn's clause is not cited on turn 22)."""
    out: list[tuple[str, IllegalAction]] = []
    seen: set[tuple] = set()
    trial = state.clone()
    for probe in probes(state, seat, uid):
        try:
            trial.apply(probe)
        except IllegalAction as exc:
            key = (exc.reason, exc.clause)
            if key not in seen:
                seen.add(key)
                out.append((probe.kind, exc))
            continue
        trial = state.clone()           # a probe the rules allowed changed the clone: a fresh one
    return out


def seat_word(game: Any, n: int | None, lang: str) -> str:
    """"Seat 0" / "座位 0", as the game's sentences write it (core texts)."""
    texts = getattr(game, "texts", None)
    if texts is not None:
        return str(texts.seat(n, lang))
    return f"{'座位' if lang == 'zh' else 'Seat'} {n}"


def card_label(state: Any, uid: int, lang: str) -> str:
    d = state.game.cards.get(state.cards[uid].cid)
    return pick(d.name, lang) if d is not None else str(state.cards[uid].cid)


def explain_html(state: Any, seat: int, uid: int, lang: str) -> str:
    """The reasons as HTML lines: the action's kind, the engine's reason, the clause (its text
    folds out)."""
    game = state.game
    rows = []
    for r in refusals(state, seat, uid):
        head = f"{escape(kind_label(game, r.kind, lang))}: " if r.kind else ""
        rows.append(clause_html(game, r.clause, lang, head + escape(state.describe_refusal(r, lang))))
    if not rows:                        # no lister names the card: the engine's refusal of using it
        for kind, exc in engine_reasons(state, seat, uid):
            head = f"{escape(kind_label(game, kind, lang))}: "
            rows.append(clause_html(game, exc.clause, lang, head + escape(exc.describe(lang))))
    title = escape(word("why_head", lang, card=card_label(state, uid, lang)))
    return f"<div class='ttr-log'><b>{title}</b>{''.join(rows)}</div>"


class WhyNot:
    """A card picker and a "Why not?" button: the seat's cards no button uses, and, on a click,
    the engine's reasons. Built once; ``update`` refills it for the position shown."""

    def __init__(self, lang: str = "en"):
        self.lang = lang
        self.state: Any = None
        self.seat: int | None = None
        self.pick = W.Dropdown(options=[], layout=W.Layout(width="220px"))
        self.button = W.Button(description=word("why_not", lang), icon="question", layout=W.Layout(width="auto"))
        self.button.add_class("ttr-why")
        self.out = W.HTML()
        self.button.on_click(lambda _b: self.explain())
        self.widget = W.VBox([W.HBox([self.pick, self.button]), self.out])
        self._options: tuple = ()
        self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.button.description = word("why_not", lang)
        self.button.tooltip = word("why_tip", lang)
        self.pick.description = word("why_card", lang)
        self._options = ()

    def update(self, state: Any, seat: int | None) -> bool:
        """Refill for ``seat`` at ``state``; False when the seat has no idle card to ask about."""
        self.state, self.seat = state, seat
        self.out.value = ""
        cards = idle_cards(state, seat) if seat is not None else []
        options = tuple((card_label(state, u, self.lang), u) for u in cards)
        if options != self._options:
            self.pick.options = options
            self._options = options
        return bool(options)

    def explain(self) -> str:
        """Show (and return) the reasons for the picked card."""
        from .style import wrap

        if self.state is None or self.seat is None or self.pick.value is None:
            return ""
        self.out.value = wrap(explain_html(self.state, self.seat, self.pick.value, self.lang))
        return self.out.value
