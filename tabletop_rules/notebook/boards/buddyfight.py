"""Buddyfight board: each fighter's flag, buddy, item, three monster areas, set spells, hand,
gauge, deck and drop zone, as card tiles (names in English and Chinese, numbers, keywords,
rested cards turned, hidden cards face down). Only what ``view(seat)`` contains is drawn; zones,
numbers and keywords are named with the game's glossary terms.
"""
from __future__ import annotations

from html import escape
from typing import Any

from ..cardinfo import legend, per_card, tap, tip
from ..i18n import pick, term
from .common import Words, card_name, decision_note, face_down_hand, notes, row, seat_title, side, tile, zone

# the glossary terms of a tile's numbers; each shows as its word's first letter (S P D C) or, in
# Chinese, first character (体 攻 防 打), with a legend, so the short marks follow the glossary
NUMBERS = ("size", "power", "defense", "critical")


def marks(game: Any, lang: str) -> list[tuple[str, str]]:
    """(short mark, term id) of each number: S = size ... / 体 = 体型 ..."""
    return [(term(game, tid, lang)[:1].upper(), tid) for tid in NUMBERS]


def colon(lang: str) -> str:
    return "：" if lang == "zh" else ": "


def world_name(game: Any, world: str | None, lang: str) -> str:
    """A card's world by the name of its flag ("danger" -> "Danger World"), Generic for generic."""
    if not world:
        return ""
    flag = game.cards.get(f"{world}-world")
    if flag is not None:
        return pick(flag.name, lang)
    return term(game, world, lang, cap=True)


@per_card
def card_tip(w: Words, c: dict) -> str:
    """What the card does: names, type and world, its full text, and the legend of its numbers."""
    game, lang = w.game, w.lang
    d = game.cards.get(c.get("id"))
    if d is None:
        return card_name(c, lang)[0]
    shown = [(m, tid) for m, tid in marks(game, lang) if getattr(d, tid, None) is not None]
    kind = [term(game, d.type, lang, cap=True), world_name(game, getattr(d, "world", None), lang)]
    return tip(game, d, lang, kind=kind, texts=[d.text], numbers=legend(game, shown, lang))


def card(c: dict | None, w: Words, label: str = "") -> str:
    if c is None or c.get("hidden"):
        return tile(c, w.lang, label)
    nums = [f"{short}{c[k]}" for short, k in marks(w.game, w.lang) if c.get(k) is not None]
    extra = [f"{w('soul', cap=False)} {c['soul']}"] if c.get("soul") else []
    if c.get("rested"):
        extra.append(w.ui("rested"))
    tags = [w(k) for k in c.get("keywords") or []]
    return tap(tile(c, w.lang, lines=[" ".join(nums), ", ".join(extra)], tags=tags, rested=bool(c.get("rested")),
                title=card_tip(w, c)))


def fighter(p: dict, view: dict, w: Words, names: dict) -> str:
    stats = (f"{w('life')} <b>{p['life']}</b> · {w('deck')} {p['deck']} · {w('gauge')} "
             f"{p['gauge']} · {w('hand')} {p['hand_count']}")
    f = p["field"]
    buddy = p["buddy"] if p["buddy"].get("hidden") else dict(p["buddy"], rested=p["buddy_called"])
    el = f"area:{p['seat']}:"
    areas = [zone(w(a), card(f[a], w, "—"), el + a) for a in ("left", "center", "right")]
    areas += [zone(w("flag"), card(p["flag"], w)), zone(w("buddy"), card(buddy, w)),
              zone(w("item"), card(f["item"], w, "—"), el + "item")]
    rows = [row(areas)]
    if p["set"]:
        rows.append(zone(w("set-area"), row(card(c, w) for c in p["set"])))
    if p["hand"] is not None:
        rows.append(zone(w("hand"), row(card(c, w) for c in p["hand"])))
    elif p["hand_count"]:
        rows.append(zone(w("hand"), face_down_hand(p["hand_count"], w.lang)))
    if p["drop"]:
        last = ", ".join(card_name(c, w.lang)[0] for c in p["drop"][-4:])
        count = f"（{len(p['drop'])}）" if w.lang == "zh" else f" ({len(p['drop'])})"
        rows.append(notes([f"{w('drop-zone')}{count}{colon(w.lang)}… {escape(last)}"]))
    return side(seat_title(p["seat"], names, w.lang), stats, rows, view.get("current_player") == p["seat"], p["seat"])


def render(game: Any, view: dict, seat: int | None, lang: str, names: dict) -> str:
    w = Words(game, lang)
    players = view["players"]
    me = seat if seat is not None else view.get("turn_player", 0)
    info = []
    b = view.get("battle")
    if b:
        zh = lang == "zh"
        link = (f"（{w('link-attack')}）" if zh else f" ({w('link-attack', cap=False)})") if b.get("link") else ""
        # the target is a place of the defending fighter's field, or the fighter: named by the glossary
        target = escape(w(str(b["target"]), cap=False))
        info.append(f"{w('battle')}{colon(lang)}{w.ui('seat')} {b['attacker']} → {target}"
                    f"{'，' if zh else ', '}{w('power', cap=False)} {b['power']}{link}"
                    + (f" — {w('nullify', cap=False)}" if b.get("nullified") else ""))
    if view.get("chain"):
        chain = ", ".join(pick(game.cards[c["card"]].name, lang) for c in view["chain"])
        info.append(f"{w.ui('chain')}{colon(lang)}{escape(chain)}")
    info += decision_note(view, lang)
    info.append(escape(legend(game, marks(game, lang), lang)))      # what the tiles' short numbers mean
    # the opponent on top, the seat that looks below
    return (f"<div class='ttr-board'>{fighter(players[1 - me], view, w, names)}{notes(info)}"
            f"{fighter(players[me], view, w, names)}</div>")
