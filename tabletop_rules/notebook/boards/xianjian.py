"""Sword-and-Fairy board: the two teams side by side, each seat with its character (HP, power),
weapon, armour, pets and hand; the monster being fought, with both sides' power; the decks.
Seats that left the game are greyed out. Only what ``view(seat)`` holds is drawn; zones,
numbers and elements are named with the game's glossary terms.
"""
from __future__ import annotations

from typing import Any

from ..cardinfo import per_card, tap, text_in, tip
from ..i18n import pick
from .common import Words, decision_note, face_down_hand, notes, row, seat_title, side, tile, zone


def card(c: dict | None, w: Words, label: str = "") -> str:
    if c is None or c.get("hidden"):
        return tile(c, w.lang, label)
    lines, tags = [], []
    if c.get("kind") == "monster":
        lines.append(f"{w('power', cap=False)} {c['power']} · {w('level', cap=False)} {c['level']}")
        if c.get("element"):
            tags.append(w(c["element"], cap=False))
        if c.get("pet_power") is not None and c.get("pet_power") != c.get("power"):
            lines.append(f"{pet_power(w)} {c['pet_power']}")
    elif c.get("kind") == "character":
        lines.append(f"{w('hp')} {c['hp_max']} · {w('power', cap=False)} {c['power']} · "
                     f"{w('hit', cap=False)} {c['hit']}")
        tags += [s["name_zh"] if w.lang == "zh" and s.get("name_zh") else s["name"] for s in c.get("skills", [])]
    elif c.get("kind") == "hand":
        tags.append(w(HAND_TYPES.get(c.get("type", ""), c.get("type", "")), cap=False) if c.get("type") else "")
        if c.get("power") is not None:
            lines.append(f"{w('power', cap=False)} {c['power']}")
    return tap(tile(c, w.lang, lines=lines, tags=[x for x in tags if x], title=card_tip(w, c)))


# hand-card types -> the glossary terms that name them
HAND_TYPES = {"war": "war-card", "skill": "skill-card", "special": "special-card"}
KINDS = {"character": "character-card", "monster": "monster-card", "hand": "hand-card", "event": "event-card"}


def colon(w: Words) -> str:
    """A colon as the language writes it (full-width in Chinese)."""
    return "：" if w.lang == "zh" else ": "


def team_name(w: Words, team: str) -> str:
    """A team as the log names it ("Team A", "A 队": core.team of the texts)."""
    return w.game.texts.word("core.team", w.lang, n=team)


@per_card
def card_tip(w: Words, c: dict) -> str:
    """What the card does: names and kind; a character's skills, a monster's element and its
    debut, pet, win and lose effects, a hand card's type and text."""
    d = w.game.cards.get(c.get("id"))
    if d is None:
        return str(c.get("name", ""))
    kind = [w(KINDS.get(d.kind, d.kind))]
    texts: list[str] = []
    if d.kind == "character":
        texts = [f"{pick(k.name, w.lang)}{colon(w)}{text_in(k.text, w.lang)}" for k in d.skills]
    elif d.kind == "monster":
        kind.append(w(d.element) if d.element else "")
        texts = [f"{w(f'{part}-effect')}{colon(w)}{text_in(getattr(d.text, part), w.lang)}"
                 for part in ("debut", "pet", "win", "lose") if getattr(d.text, part, None) is not None]
    else:
        if getattr(d, "type", None):
            kind.append(w(HAND_TYPES.get(d.type, d.type)))
        texts = [text_in(d.text, w.lang)] if d.text is not None else []
    return tip(w.game, d, w.lang, kind=kind, texts=texts)


def pet_power(w: Words) -> str:
    return f"{w('pet')}{'' if w.lang == 'zh' else ' '}{w('power', cap=False)}"


def seat_box(s: dict, view: dict, w: Words, names: dict) -> str:
    gone = f" — {w('leave-game', cap=False)}" if s.get("left") else ""
    title = seat_title(s["seat"], names, w.lang, f" · {team_name(w, s['team'])}{gone}")
    hp = "?" if s.get("hp") is None else f"<b>{s['hp']}</b>/{s['hp_max']}"
    stats = (f"{w('hp')} {hp} · {w('power')} {s.get('power') if s.get('power') is not None else '?'} · "
             f"{w('hand')} {s['hand_count']} · {pet_power(w)} {s['pet_power']}")
    chars = zone(w("character-card"), card(s["character"], w, "?" if s["chosen"] else "—"))
    gear = [zone(w("weapon"), card(s["weapon"], w, "—")), zone(w("armour"), card(s["armour"], w, "—"))]
    rows = [row([chars, *gear])]
    if s["pets"]:
        rows.append(zone(w("pet"), row(card(p, w) for p in s["pets"])))
    if s.get("dealt"):
        rows.append(zone(w.game.texts.word("word.dealt", w.lang), row(card(c, w) for c in s["dealt"])))
    if s["hand"] is not None:
        rows.append(zone(w("hand"), row(card(c, w) for c in s["hand"]) if s["hand"] else "—"))
    elif s["hand_count"]:
        rows.append(zone(w("hand"), face_down_hand(s["hand_count"], w.lang)))
    box = side(title, stats, rows, view.get("current_player") == s["seat"], s["seat"])
    return box.replace("class='ttr-side", "style='opacity:.55' class='ttr-side", 1) if s.get("left") else box


def render(game: Any, view: dict, seat: int | None, lang: str, names: dict) -> str:
    w = Words(game, lang)
    parts = []
    b = view.get("battle")
    if b:
        mon = card(b["monster"], w)
        versus = " 对 " if lang == "zh" else " vs "
        info = (f"{w('trigger')}{colon(w)}{w.ui('seat')} {b['trigger']} — {w('power', cap=False)} "
                f"<b>{b['trigger_power']}</b>{versus}{w('monster-side', cap=False)} <b>{b['monster_power']}</b>")
        parts.append(side(w("monster-card"), info, [row([mon])]))
    piles = view.get("piles", {})
    parts.append(notes([f"{w.ui('piles')}{colon(w)}{w('hand-deck', cap=False)} {piles.get('deck')} · "
                        f"{w('monster-deck', cap=False)} {piles.get('monsters')} · "
                        f"{w('event-deck', cap=False)} {piles.get('events')} · "
                        + " · ".join(f"{team_name(w, k)} {pet_power(w)} {v}"
                                     for k, v in (view.get("team_pet_power") or {}).items())]))
    teams = []
    for team in ("A", "B"):
        seats = [s for s in view["players"] if s["team"] == team]
        col = "".join(seat_box(s, view, w, names) for s in seats)
        teams.append(f"<div style='flex:1 1 360px; display:flex; flex-direction:column; gap:6px'>"
                     f"<b>{team_name(w, team)}</b>{col}</div>")
    parts.append(f"<div style='display:flex; flex-wrap:wrap; gap:8px'>{''.join(teams)}</div>")
    parts.append(notes(decision_note(view, lang)))
    return "<div class='ttr-board'>" + "".join(parts) + "</div>"
