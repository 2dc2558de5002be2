"""Buddyfight board: each fighter's flag, buddy, item, three monster areas, set spells, hand,
gauge, deck and drop zone, as card tiles (names in English and Chinese, numbers, keywords,
rested cards turned, hidden cards face down). Only what ``view(seat)`` contains is drawn.
"""
from __future__ import annotations

from html import escape

from ..i18n import t

KW = {"penetrate": ("Penetrate", "贯通"), "soulguard": ("Soulguard", "灵魂护卫"),
      "counterattack": ("Counterattack", "反击"), "double_attack": ("Double Attack", "2次攻击"),
      "move": ("Move", "移动"), "counter": ("Counter", "对抗"), "set": ("Set", "设置")}


def card_name(c: dict, lang: str) -> tuple[str, str]:
    """(main name, second name) in the reader's language first."""
    en, zh = c.get("name") or c.get("id", "?"), c.get("name_zh")
    if lang == "zh" and zh:
        return zh, en
    return en, zh or ""


def tile(c: dict | None, lang: str, label: str = "") -> str:
    if c is None:
        return f"<div class='ttr-card ttr-empty'>{escape(label)}</div>"
    if c.get("hidden"):
        return f"<div class='ttr-card ttr-down'>{escape(label or t('face_down', lang))}</div>"
    main, second = card_name(c, lang)
    bits = [f"<b>{escape(main)}</b>"]
    if second:
        bits.append(f"<div class='ttr-zh'>{escape(second)}</div>")
    nums = []
    if c.get("size") is not None:
        nums.append(f"S{c['size']}")
    for key, short in (("power", "P"), ("defense", "D"), ("critical", "C")):
        if c.get(key) is not None:
            nums.append(f"{short}{c[key]}")
    if nums:
        bits.append(f"<div>{' '.join(nums)}</div>")
    kws = "".join(f"<span class='ttr-kw'>{escape(KW.get(k, (k, k))[1 if lang == 'zh' else 0])}</span>"
                  for k in c.get("keywords") or [])
    if kws:
        bits.append(f"<div>{kws}</div>")
    extra = []
    if c.get("soul"):
        extra.append(f"{t('soul', lang)} {c['soul']}")
    if c.get("rested"):
        extra.append(t("rested", lang))
    if extra:
        bits.append(f"<div>{escape(', '.join(extra))}</div>")
    if c.get("demo"):
        bits.append(f"<span class='ttr-demo'>{t('demo', lang)}</span>")
    cls = "ttr-card ttr-rested" if c.get("rested") else "ttr-card"
    title = escape(f"{c.get('id', '')} ({c.get('type', '')})")
    return f"<div class='{cls}' title='{title}'>{''.join(bits)}</div>"


def zone(label: str, inner: str) -> str:
    return f"<div class='ttr-zone'><div class='ttr-zone-label'>{escape(label)}</div>{inner}</div>"


def side(p: dict, seat: int | None, view: dict, lang: str, names: dict) -> str:
    s = p["seat"]
    who = names.get(s, "")
    active = " ttr-active" if view.get("current_player") == s else ""
    head = f"{t('seat', lang)} {s}" + (f" ({escape(who)})" if who else "")
    stats = (f"{t('life', lang)} <b>{p['life']}</b> · {t('deck', lang)} {p['deck']} · {t('gauge', lang)} "
             f"{p['gauge']} · {t('hand', lang)} {p['hand_count']}")
    f = p["field"]
    top = "".join([
        zone(t("flag", lang), tile(p["flag"], lang)),
        zone(t("buddy", lang), tile(dict(p["buddy"], rested=p["buddy_called"]) if not p["buddy"].get("hidden")
                                    else p["buddy"], lang)),
        zone(t("item", lang), tile(f["item"], lang, "—")),
    ])
    areas = "".join(zone(t(a, lang), tile(f[a], lang, "—")) for a in ("left", "center", "right"))
    rows = [f"<h4>{head}</h4><div class='ttr-stats'>{stats}</div>",
            f"<div class='ttr-row'>{areas}{top}</div>"]
    if p["set"]:
        rows.append(zone(t("set", lang), "<div class='ttr-row'>" + "".join(tile(c, lang) for c in p["set"]) + "</div>"))
    if p["hand"] is not None:
        rows.append(zone(t("hand", lang), "<div class='ttr-row'>" + "".join(tile(c, lang) for c in p["hand"]) + "</div>"))
    elif p["hand_count"]:
        downs = "".join(tile({"hidden": True}, lang, "?") for _ in range(min(p["hand_count"], 10)))
        rows.append(zone(t("hand", lang), f"<div class='ttr-row'>{downs}</div>"))
    if p["drop"]:
        last = ", ".join(card_name(c, lang)[0] for c in p["drop"][-4:])
        rows.append(f"<div class='ttr-note'>{t('drop', lang)} ({len(p['drop'])}): … {escape(last)}</div>")
    return f"<div class='ttr-side{active}'>{''.join(rows)}</div>"


def render(game, view: dict, seat: int | None, lang: str, names: dict) -> str:
    players = view["players"]
    me = seat if seat is not None else view.get("turn_player", 0)
    order = [players[1 - me], players[me]]          # the opponent on top, the seat that looks below
    info = []
    b = view.get("battle")
    if b:
        link = " (link)" if b.get("link") else ""
        info.append(f"{t('battle', lang)}: {t('seat', lang)} {b['attacker']} → {escape(str(b['target']))}, "
                    f"power {b['power']}{link}" + (" — nullified" if b.get("nullified") else ""))
    if view.get("chain"):
        names_on_chain = ", ".join(escape(game.cards[c["card"]].name.en) for c in view["chain"])
        info.append(f"{t('chain', lang)}: {names_on_chain}")
    ch = view.get("choice")
    if ch:
        info.append(f"{t('decision', lang)} ({t('seat', lang)} {ch['player']}): {escape(ch['prompt'])}")
    middle = "".join(f"<div class='ttr-note'>{x}</div>" for x in info)
    return f"<div class='ttr-board'>{side(order[0], seat, view, lang, names)}{middle}" \
           f"{side(order[1], seat, view, lang, names)}</div>"
