"""Buddyfight board: each fighter's flag, buddy, item, three monster areas, set spells, hand,
gauge, deck and drop zone, as card tiles (names in English and Chinese, numbers, keywords,
rested cards turned, hidden cards face down). Only what ``view(seat)`` contains is drawn.
"""
from __future__ import annotations

from html import escape

from ..i18n import t
from .common import card_name, face_down_hand, notes, row, seat_title, side, tile, zone

KW = {"penetrate": ("Penetrate", "贯通"), "soulguard": ("Soulguard", "灵魂护卫"),
      "counterattack": ("Counterattack", "反击"), "double_attack": ("Double Attack", "2次攻击"),
      "move": ("Move", "移动"), "counter": ("Counter", "对抗"), "set": ("Set", "设置")}


def card(c: dict | None, lang: str, label: str = "") -> str:
    if c is None or c.get("hidden"):
        return tile(c, lang, label)
    nums = [f"S{c['size']}"] if c.get("size") is not None else []
    nums += [f"{short}{c[k]}" for k, short in (("power", "P"), ("defense", "D"), ("critical", "C"))
             if c.get(k) is not None]
    extra = [f"{t('soul', lang)} {c['soul']}"] if c.get("soul") else []
    if c.get("rested"):
        extra.append(t("rested", lang))
    tags = [KW.get(k, (k, k))[1 if lang == "zh" else 0] for k in c.get("keywords") or []]
    return tile(c, lang, lines=[" ".join(nums), ", ".join(extra)], tags=tags, rested=bool(c.get("rested")),
                title=f"{c.get('id', '')} ({c.get('type', '')})")


def fighter(p: dict, view: dict, lang: str, names: dict) -> str:
    stats = (f"{t('life', lang)} <b>{p['life']}</b> · {t('deck', lang)} {p['deck']} · {t('gauge', lang)} "
             f"{p['gauge']} · {t('hand', lang)} {p['hand_count']}")
    f = p["field"]
    buddy = p["buddy"] if p["buddy"].get("hidden") else dict(p["buddy"], rested=p["buddy_called"])
    areas = [zone(t(a, lang), card(f[a], lang, "—")) for a in ("left", "center", "right")]
    areas += [zone(t("flag", lang), card(p["flag"], lang)), zone(t("buddy", lang), card(buddy, lang)),
              zone(t("item", lang), card(f["item"], lang, "—"))]
    rows = [row(areas)]
    if p["set"]:
        rows.append(zone(t("set", lang), row(card(c, lang) for c in p["set"])))
    if p["hand"] is not None:
        rows.append(zone(t("hand", lang), row(card(c, lang) for c in p["hand"])))
    elif p["hand_count"]:
        rows.append(zone(t("hand", lang), face_down_hand(p["hand_count"], lang)))
    if p["drop"]:
        last = ", ".join(card_name(c, lang)[0] for c in p["drop"][-4:])
        rows.append(notes([f"{t('drop', lang)} ({len(p['drop'])}): … {escape(last)}"]))
    return side(seat_title(p["seat"], names, lang), stats, rows, view.get("current_player") == p["seat"])


def render(game, view: dict, seat: int | None, lang: str, names: dict) -> str:
    players = view["players"]
    me = seat if seat is not None else view.get("turn_player", 0)
    info = []
    b = view.get("battle")
    if b:
        link = " (link)" if b.get("link") else ""
        info.append(f"{t('battle', lang)}: {t('seat', lang)} {b['attacker']} → {escape(str(b['target']))}, "
                    f"power {b['power']}{link}" + (" — nullified" if b.get("nullified") else ""))
    if view.get("chain"):
        info.append(f"{t('chain', lang)}: " + ", ".join(escape(game.cards[c["card"]].name.en) for c in view["chain"]))
    ch = view.get("choice")
    if ch:
        info.append(f"{t('decision', lang)} ({t('seat', lang)} {ch['player']}): {escape(ch['prompt'])}")
    # the opponent on top, the seat that looks below
    return (f"<div class='ttr-board'>{fighter(players[1 - me], view, lang, names)}{notes(info)}"
            f"{fighter(players[me], view, lang, names)}</div>")
