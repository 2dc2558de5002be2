"""Blood Recall board (duel and story): each player's vessel, life (sideways and upright blood
cards), blood pool, recall points, recallers, play area and hand; the recall piles; in story
mode the Madness, its HP, chapter and next turn's chant. Only what ``view(seat)`` holds is drawn.
"""
from __future__ import annotations

from html import escape

from ..i18n import t
from .common import face_down_hand, notes, row, seat_title, side, tile, zone

WORDS = {
    "en": {"vessel": "Vessel", "recaller": "Blood Recaller", "play": "Play area", "pool": "blood pool",
           "points": "recall points", "lineage": "lineage", "piles": "Recall piles", "awake": "awakened",
           "token": "Blood Covenant token", "attack": "attack", "madness": "Madness", "hp": "HP", "chapter": "chapter",
           "chant": "chant next turn", "deified": "deified", "discard": "discard", "used": "used",
           "self_harm": "self-harm", "hand_size": "hand size"},
    "zh": {"vessel": "人器", "recaller": "血回想起者", "play": "出牌区", "pool": "血池", "points": "血回",
           "lineage": "血继", "piles": "想起牌堆", "awake": "觉醒", "token": "血之盟约", "attack": "攻击",
           "madness": "狂神", "hp": "体力", "chapter": "章节", "chant": "下回合咏唱", "deified": "神化",
           "discard": "弃牌", "used": "已使用", "self_harm": "自伤", "hand_size": "手牌上限"},
}


def w(key: str, lang: str) -> str:
    return WORDS.get(lang, WORDS["en"]).get(key) or WORDS["en"][key]


def card(c: dict | None, lang: str, label: str = "") -> str:
    if c is None or c.get("hidden"):
        return tile(c, lang, label or (c or {}).get("name", ""))
    lines = []
    if c.get("attack") is not None:
        lines.append(f"{w('attack', lang)} {c['attack']}")
    if c.get("cost") is not None:
        lines.append(f"cost {c['cost']}")
    if c.get("stage"):
        lines.append(f"stage {c['stage']}")
    tags = [x for x in (c.get("crest"), "ongoing" if c.get("ongoing") else None,
                        w("used", lang) if c.get("used") else None) if x]
    return tile(c, lang, lines=lines, tags=tags, title=f"{c.get('id', '')} ({c.get('type', '')})")


def vessel(v: dict | None, lang: str) -> str:
    if v is None or v.get("hidden"):
        return tile(v, lang, (v or {}).get("name", "—"))
    lines = [f"{w('hand_size', lang)} {v['hand']} · {w('self_harm', lang)} {v['self_harm']} · "
             f"{w('lineage', lang)} {v['lineage']}", f"era {v['era']}"]
    tags = [v["crest"]] + ([w("awake", lang)] if v.get("awake") else [])
    return tile(v, lang, lines=lines, tags=tags, rested=bool(v.get("rested")))


def player(p: dict, view: dict, lang: str, names: dict) -> str:
    token = " ★" if view.get("token") == p["seat"] else ""
    stats = (f"{t('life', lang)} <b>{p['life']}</b> ({p['sideways']} + {p['upright']}) · {w('pool', lang)} {p['pool']}"
             f" · {w('points', lang)} {p['recall_points']} · {w('lineage', lang)} {p['lineage_used']}/{p['lineage'] or 0}"
             f" · {w('attack', lang)} <b>{p['attack']}</b> · {t('deck', lang)} {p['deck']} · {t('hand', lang)} "
             f"{p['hand_count']}" + (f" · {w('token', lang)}{token}" if token else ""))
    top = [zone(w("vessel", lang), vessel(p["vessel"], lang))]
    top += [zone(w("recaller", lang), card(r, lang)) for r in p["recallers"]]
    rows = [row(top)]
    if p["play"]:
        rows.append(zone(w("play", lang), row(card(c, lang) for c in p["play"])))
    if p["hand"] is not None:
        rows.append(zone(t("hand", lang), row(card(c, lang) for c in p["hand"]) if p["hand"] else "—"))
    elif p["hand_count"]:
        rows.append(zone(t("hand", lang), face_down_hand(p["hand_count"], lang)))
    if p["discard"]:
        rows.append(notes([f"{w('discard', lang)} ({len(p['discard'])})"]))
    return side(seat_title(p["seat"], names, lang), stats, rows, view.get("current_player") == p["seat"])


def madness(s: dict, lang: str) -> str:
    m = s.get("madness")
    if not m:
        return ""
    lines = [f"{w('hp', lang)} {s['hp']} · {w('chapter', lang)}: {s['chapter_name']}",
             f"play {m['play']} · magic {m['magic']} · chant {m['chant']}",
             f"{w('attack', lang)} {s['attack']} · {w('chant', lang)} +{s['chant_next']}"]
    tags = [w("deified", lang)] if m.get("deified") else []
    body = row([tile(m, lang, lines=lines, tags=tags), tile({"name": f"deck {s['deck']}", "id": "madness-deck"},
                                                              lang, lines=[", ".join(s["play"]) or "—"])])
    return side(f"{w('madness', lang)} ({s.get('difficulty') or ''})", f"{w('hp', lang)} <b>{s['hp']}</b>", [body])


def render(game, view: dict, seat: int | None, lang: str, names: dict) -> str:
    players = view["players"]
    parts = []
    if view.get("story"):
        parts.append(madness(view["story"], lang))
    me = seat if seat is not None and seat < len(players) else view.get("turn_player") or 0
    order = [p for p in players if p["seat"] != me] + [p for p in players if p["seat"] == me]
    piles = [zone(pl["crest"], card(pl["top"], lang, "—") + f"<div class='ttr-note'>{pl['count']}</div>")
             for pl in view.get("piles", [])]
    ch = view.get("choice")
    info = [f"{t('decision', lang)} ({t('seat', lang)} {ch['player']}): {escape(ch['prompt'])}"] if ch else []
    for i, p in enumerate(order):
        if i == len(order) - 1:
            parts.append(side(w("piles", lang), "", [row(piles)]) + notes(info))
        parts.append(player(p, view, lang, names))
    return "<div class='ttr-board'>" + "".join(parts) + "</div>"
