"""The legal actions as controls, for any game: grouped by kind, multi-part choices built from
the actions' args (card, then area, then target ...), never from game-specific code.

A kind with a few actions gets one button each; a kind with many gets one dropdown per part
(each dropdown lists only values that some legal action still allows) and a "Do it" button.
Whatever is clicked is an Action taken from ``legal_actions()``, so it always applies.
"""
from __future__ import annotations

import ipywidgets as W

from .i18n import pick, t

# Args that only help to display another arg (a card's name beside its instance id).
HELPERS = {"name", "at"}
BUTTONS_UP_TO = 6
KIND_LABEL = {
    "en": {"call": "Call", "equip": "Equip", "cast": "Cast", "act": "[Act]", "attack": "Attack", "charge": "Charge",
           "move": "Move", "pass": "Pass", "pay_gauge": "Pay gauge", "pay_discard": "Discard", "pay_soul": "Pay soul",
           "size_drop": "Drop (size)", "soulguard": "Soulguard", "enter_pay": "Optional cost",
           "counterattack": "Counterattack", "link_critical": "Critical", "end_main": "End main phase",
           "end_attack": "End attacks", "end_turn": "End turn", "skip_charge": "No charge"},
    "zh": {"call": "呼唤", "equip": "装备", "cast": "施放", "act": "起动", "attack": "攻击", "charge": "充能",
           "move": "移动", "pass": "放弃", "pay_gauge": "支付计量", "pay_discard": "丢弃", "pay_soul": "支付灵魂",
           "size_drop": "废弃(体型)", "soulguard": "灵魂护卫", "enter_pay": "可选费用", "counterattack": "反击",
           "link_critical": "打击力", "end_main": "结束主要阶段", "end_attack": "结束攻击", "end_turn": "结束回合",
           "skip_charge": "不充能"},
}


def kind_label(kind: str, lang: str) -> str:
    return KIND_LABEL.get(lang, {}).get(kind) or KIND_LABEL["en"].get(kind) or kind.replace("_", " ").capitalize()


def value_label(game, action, key: str, lang: str) -> str:
    """How one arg of an action reads in a dropdown."""
    args = action.args
    v = args.get(key)
    if key == "card" and args.get("name") in getattr(game, "cards", {}):
        return pick(game.cards[args["name"]].name, lang)
    if key == "target":
        at = args.get("at")
        if isinstance(at, str) and ":" in at:
            seat, area = at.split(":", 1)
            return f"{t('seat', lang)} {seat} {t(area, lang)}"
    if key in ("area", "from", "to") and isinstance(v, str):
        return t(v, lang)
    if key == "attackers" and isinstance(v, list):
        return " + ".join(t(a, lang) for a in v)
    if isinstance(v, bool):
        return {"en": ("yes", "no"), "zh": ("是", "否")}[lang if lang in ("en", "zh") else "en"][0 if v else 1]
    if key == "slot" and isinstance(v, int):
        return f"#{v + 1}"
    if v == "fighter":
        return {"en": "the fighter", "zh": "斗士"}.get(lang, "the fighter")
    return str(v)


def button_text(game, action, lang: str, width: int = 60) -> str:
    """The action's English label, or in another language its kind and parts; cut at a word."""
    if lang == "en" or not action.args:
        text = action.label if lang == "en" else kind_label(action.kind, lang)
    else:
        parts = [value_label(game, action, k, lang) for k in part_keys([action])]
        text = f"{kind_label(action.kind, lang)}: {' · '.join(parts)}"
    if len(text) <= width:
        return text
    return text[:width].rsplit(" ", 1)[0].rstrip(",;:(") + " …"


def part_keys(actions) -> list[str]:
    keys: list[str] = []
    for a in actions:
        for k in a.args:
            if k not in HELPERS and k not in keys:
                keys.append(k)
    return keys


class ActionPanel:
    """Controls for a list of legal actions; ``on_action(action)`` runs when one is chosen."""

    def __init__(self, game, on_action, lang: str = "en"):
        self.game = game
        self.on_action = on_action
        self.lang = lang
        self.widget = W.VBox()
        self.buttons: dict = {}       # action key -> Button (tests and the browser click these)
        self.pickers: dict = {}       # kind -> Picker

    def show(self, actions) -> None:
        self.buttons, self.pickers = {}, {}
        groups: dict[str, list] = {}
        for a in actions:
            groups.setdefault(a.kind, []).append(a)
        rows = []
        for kind, acts in groups.items():
            label = W.HTML(f"<b>{kind_label(kind, self.lang)}</b>", layout=W.Layout(width="130px"))
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

    def __init__(self, game, kind, actions, on_action, lang):
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

    def _matching(self, upto: int):
        chosen = {self.keys[i]: self.drops[i].value for i in range(upto)}
        return [a for a in self.actions if all(_key(a.args.get(k)) == v for k, v in chosen.items())]

    def _refill(self, start: int) -> None:
        for i in range(start, len(self.keys)):
            options, seen = [], set()
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

    def current(self):
        acts = self._matching(len(self.keys))
        return acts[0] if acts else None

    def choose(self, **values) -> None:
        """Set parts by arg value (tests, scripted demos)."""
        for i, k in enumerate(self.keys):
            if k in values:
                self.drops[i].value = _key(values[k])
                self._refill(i + 1)

    def _fire(self) -> None:
        a = self.current()
        if a is not None:
            self.on_action(a)


def _key(v):
    """A dropdown value for an arg (lists become tuples so they compare and hash)."""
    return tuple(v) if isinstance(v, list) else v
