"""Sword-and-Fairy board: the two teams side by side, each seat with its character (HP, power),
weapon, armour, pets and hand; the monster being fought, with both sides' power; the decks.
Seats that left the game are greyed out. Only what ``view(seat)`` holds is drawn.
"""
from __future__ import annotations

from html import escape

from ..i18n import t
from .common import face_down_hand, notes, row, seat_title, side, tile, zone

WORDS = {
    "en": {"team": "Team", "character": "Character", "weapon": "Weapon", "armour": "Armour", "pets": "Pets",
           "hp": "HP", "power": "power", "left": "left the game", "monster": "Monster", "trigger": "fighting",
           "monster_side": "monster side", "decks": "Decks", "monsters": "monsters", "events": "events",
           "hand_cards": "hand cards", "pet_power": "pet power", "level": "level", "evade": "evade", "hit": "hit"},
    "zh": {"team": "队伍", "character": "角色", "weapon": "武器", "armour": "防具", "pets": "宠物", "hp": "体力",
           "power": "战力", "left": "已离场", "monster": "怪物", "trigger": "战斗中", "monster_side": "怪物方",
           "decks": "牌堆", "monsters": "怪物", "events": "事件", "hand_cards": "手牌", "pet_power": "宠物战力",
           "level": "等级", "evade": "闪避", "hit": "命中"},
}
ELEMENT = {"water": ("water", "水"), "fire": ("fire", "火"), "thunder": ("thunder", "雷"), "wind": ("wind", "风"),
           "earth": ("earth", "土")}


def w(key, lang):
    return WORDS.get(lang, WORDS["en"]).get(key) or WORDS["en"][key]


def card(c, lang, label=""):
    if c is None or c.get("hidden"):
        return tile(c, lang, label)
    lines, tags = [], []
    if c.get("kind") == "monster":
        lines.append(f"{w('power', lang)} {c['power']} · {w('level', lang)} {c['level']}")
        el = ELEMENT.get(c.get("element"), (c.get("element"), c.get("element")))
        tags.append(el[1 if lang == "zh" else 0])
        if c.get("pet_power") is not None and c.get("pet_power") != c.get("power"):
            lines.append(f"{w('pet_power', lang)} {c['pet_power']}")
    elif c.get("kind") == "character":
        lines.append(f"{w('hp', lang)} {c['hp_max']} · {w('power', lang)} {c['power']} · {w('hit', lang)} {c['hit']}")
        tags += [s["name_zh"] if lang == "zh" and s.get("name_zh") else s["name"] for s in c.get("skills", [])]
    elif c.get("kind") == "hand":
        tags.append(c.get("type", ""))
        if c.get("power") is not None:
            lines.append(f"{w('power', lang)} {c['power']}")
    return tile(c, lang, lines=lines, tags=[x for x in tags if x], title=c.get("text") or c.get("id", ""))


def seat_box(s: dict, view: dict, lang: str, names: dict) -> str:
    gone = f" — {w('left', lang)}" if s.get("left") else ""
    title = seat_title(s["seat"], names, lang, f" · {w('team', lang)} {s['team']}{gone}")
    hp = "?" if s.get("hp") is None else f"<b>{s['hp']}</b>/{s['hp_max']}"
    stats = (f"{w('hp', lang)} {hp} · {w('power', lang)} {s.get('power') if s.get('power') is not None else '?'} · "
             f"{t('hand', lang)} {s['hand_count']} · {w('pet_power', lang)} {s['pet_power']}")
    chars = zone(w("character", lang), card(s["character"], lang, "?" if s["chosen"] else "—"))
    gear = [zone(w("weapon", lang), card(s["weapon"], lang, "—")), zone(w("armour", lang), card(s["armour"], lang, "—"))]
    rows = [row([chars, *gear])]
    if s["pets"]:
        rows.append(zone(w("pets", lang), row(card(p, lang) for p in s["pets"])))
    if s.get("dealt"):
        rows.append(zone("dealt", row(card(c, lang) for c in s["dealt"])))
    if s["hand"] is not None:
        rows.append(zone(t("hand", lang), row(card(c, lang) for c in s["hand"]) if s["hand"] else "—"))
    elif s["hand_count"]:
        rows.append(zone(t("hand", lang), face_down_hand(s["hand_count"], lang)))
    box = side(title, stats, rows, view.get("current_player") == s["seat"])
    return box.replace("class='ttr-side", "style='opacity:.55' class='ttr-side", 1) if s.get("left") else box


def render(game, view: dict, seat: int | None, lang: str, names: dict) -> str:
    parts = []
    b = view.get("battle")
    if b:
        mon = card(b["monster"], lang)
        info = (f"{w('trigger', lang)}: {t('seat', lang)} {b['trigger']} — {w('power', lang)} "
                f"<b>{b['trigger_power']}</b> vs {w('monster_side', lang)} <b>{b['monster_power']}</b>")
        parts.append(side(w("monster", lang), info, [row([mon])]))
    piles = view.get("piles", {})
    parts.append(notes([f"{w('decks', lang)}: {w('hand_cards', lang)} {piles.get('deck')} · {w('monsters', lang)} "
                        f"{piles.get('monsters')} · {w('events', lang)} {piles.get('events')} · "
                        + " · ".join(f"{w('team', lang)} {k} {w('pet_power', lang)} {v}"
                                     for k, v in (view.get("team_pet_power") or {}).items())]))
    teams = []
    for team in ("A", "B"):
        seats = [s for s in view["players"] if s["team"] == team]
        col = "".join(seat_box(s, view, lang, names) for s in seats)
        teams.append(f"<div style='flex:1 1 360px; display:flex; flex-direction:column; gap:6px'>"
                     f"<b>{w('team', lang)} {team}</b>{col}</div>")
    parts.append(f"<div style='display:flex; flex-wrap:wrap; gap:8px'>{''.join(teams)}</div>")
    ch = view.get("choice")
    if ch:
        parts.append(notes([f"{t('decision', lang)} ({t('seat', lang)} {ch['player']}): {escape(ch['prompt'])}"]))
    return "<div class='ttr-board'>" + "".join(parts) + "</div>"
