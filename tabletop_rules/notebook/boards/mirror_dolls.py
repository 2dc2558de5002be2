"""Mirror-doll duel board: for each player the real side, the threshold and the mirror side
(each side a front row with the back row behind it, MD-1.5), every doll with its form, attack,
HP, shield and whether it has acted (MD-8.1); the three point counters with their caps and the
overflow wait (MD-5.x); the score; hand sizes; the piles; the spell slot; and, between the two
players, the shared mirror card (MD-4.3) and the ongoing spells.

Only what ``view(seat)`` holds is drawn: the other player's hands and mirror deck are face down
(counts only); the mirror pile is public. Every card is demo data (MD-1.6) and says so. Zones and
numbers are named with the game's glossary terms.
"""
from __future__ import annotations

from html import escape
from typing import Any

from ...games.mirror_dolls.book import CHAOS_PER_OVERFLOW, WIN_SCORE
from .common import Words, card_name, decision_note, face_down_hand, notes, row, seat_title, side, tile, zone


def short(w: Words, tid: str, cap: bool = True) -> str:
    """A glossary term without its gloss: "HP (hit points)" -> "HP", "attack (value); to attack" -> "Attack"."""
    return w(tid, cap).split(" (")[0].split(";")[0].split("（")[0]


def with_demo(game: Any, c: dict) -> dict:
    """A card of the view marked demo when its definition is (the view's brief cards do not say)."""
    d = game.cards.get(c.get("id"))
    return dict(c, demo=bool(getattr(d, "demo", False)))


def doll(c: dict | None, w: Words, label: str = "") -> str:
    if c is None or c.get("hidden"):
        return tile(c, w.lang, label)
    lines = [f"{short(w, 'form')}: {short(w, c['form'])}",
             f"{short(w, 'attack')} {c['attack']} · {short(w, 'hp')} {c['hp']}/{c['max_hp']}"]
    if c.get("shield"):
        lines.append(f"{short(w, 'shield')} {c['shield']}")
    if c.get("damage_kind") and c["damage_kind"] != "normal":
        lines.append(short(w, c["damage_kind"]))
    if c.get("acted"):
        lines.append(f"{short(w, 'doll-action')}: {w.ui('used')}")
    tags = []
    if c.get("out_of_form"):
        tags.append(short(w, "wrong-form", cap=False))       # MD-13.2: halved attack, doubled damage
    if c.get("nullify"):
        tags.append(short(w, "nullify", cap=False))
    return tile(with_demo(w.game, c), w.lang, lines=lines, tags=tags, rested=bool(c.get("acted")),
                title=f"{c.get('id', '')} ({'/'.join(c.get('forms') or [])})")


def cost_text(w: Words, cost: Any) -> str:
    parts = [f"{short(w, k + '-point', cap=False)} {getattr(cost, k)}" for k in ("order", "chaos", "overflow")
             if getattr(cost, k)]
    return ", ".join(parts) or "0"


def card(c: dict | None, w: Words, label: str = "") -> str:
    """A card off the field (hand, mirror slot, spell slot, mirror deck): its names, type and the
    printed numbers of its definition (a doll's summon cost and forms, a spell's cost)."""
    if c is None or c.get("hidden"):
        return tile(c, w.lang, label)
    kind = {"doll": "doll", "spell": "spell", "mirror": "mirror-card"}.get(c.get("type", ""), c.get("type", ""))
    lines = [short(w, kind)]
    d = w.game.cards.get(c.get("id"))
    if d is not None and d.type == "doll":
        lines[0] += f" · {short(w, 'cost', cap=False)} {d.cost}"
        lines += [f"{short(w, f)}: {v.attack}/{v.hp}" + (f" +{v.shield}" if v.shield else "")
                  for f, v in d.forms.items()]
    elif d is not None and d.type == "spell" and d.spell is not None:
        lines.append(f"{short(w, 'cost')}: {cost_text(w, d.spell.cost)}")
    tip = (d.text.zh if w.lang == "zh" and d.text.zh else d.text.en) if d is not None and d.text else c.get("id", "")
    return tile(with_demo(w.game, c), w.lang, lines=lines, title=tip)


def half(field: dict, sname: str, w: Words) -> str:
    """One side: the front row, then the back row (back slot n stands behind front slot n, MD-1.5)."""
    front = row(doll(field[f"{sname}_f{i}"], w, "—") for i in range(3))
    back = row(doll(field[f"{sname}_b{i}"], w, "—") for i in range(3))
    inner = (f"<div class='ttr-zone-label'>{escape(short(w, 'front-row'))}</div>{front}"
             f"<div class='ttr-zone-label'>{escape(short(w, 'back-row'))}</div>{back}")
    return zone(short(w, f"{sname}-side"), inner)


def names_of(cards: list[dict], lang: str) -> str:
    return ", ".join(card_name(c, lang)[0] for c in cards)


def player(p: dict, view: dict, w: Words, names: dict) -> str:
    pt = p["points"]
    wait = pt.get("overflow_wait") or 0
    overflow = f"{short(w, 'overflow-point')} <b>{pt['overflow']}</b>/{pt['overflow_cap']}"
    # MD-5.6: once spent, the overflow point waits five own turns (the view counts what is left);
    # MD-5.5: the next five chaos spent add nothing towards a new one
    if wait:
        overflow += f" ({w.ui('turns_to_wait', n=wait)})"
    if pt.get("no_overflow_for"):
        overflow += f" ({w.ui('no_overflow_for', n=pt['no_overflow_for'])})"
    stats = (f"{short(w, 'score')} <b>{p['score']}</b>/{WIN_SCORE} · "
             f"{short(w, 'order-point')} <b>{pt['order']}</b>/{pt['order_cap']} · "
             f"{short(w, 'chaos-point')} <b>{pt['chaos']}</b>/{pt['chaos_cap']} "
             f"({pt['chaos_count']}/{CHAOS_PER_OVERFLOW} → "
             f"{short(w, 'overflow-point', cap=False)})"
             f" · {overflow}<br>"
             f"{short(w, 'doll-hand')} {p['doll_hand_count']} · {short(w, 'spell-hand')} {p['spell_hand_count']} · "
             f"{short(w, 'real-deck')} {p['real_deck']} · {short(w, 'spell-deck')} {p['spell_deck']} · "
             f"{short(w, 'mirror-deck')} {p['mirror_deck_count']} · {short(w, 'mirror-pile')} {len(p['mirror_pile'])}")
    f = p["field"]
    rows = [row([half(f, "real", w), zone(short(w, "threshold"), doll(f["threshold"], w, "—")),
                 half(f, "mirror", w), zone(short(w, "spell-slot"), card(p["spell_slot"], w, "—"))])]
    for key, count, tid in (("dolls", "doll_hand_count", "doll-hand"), ("spells", "spell_hand_count", "spell-hand")):
        if p[key] is not None:
            rows.append(zone(short(w, tid), row(card(c, w) for c in p[key]) if p[key] else "—"))
        elif p[count]:
            rows.append(zone(short(w, tid), face_down_hand(p[count], w.lang)))
    if p.get("mirror_deck"):
        rows.append(zone(short(w, "mirror-deck"), row(card(c, w) for c in p["mirror_deck"])))
    if p["mirror_pile"]:
        rows.append(notes([f"{short(w, 'mirror-pile')} ({len(p['mirror_pile'])}): "
                           f"{escape(names_of(p['mirror_pile'][-5:], w.lang))}"]))
    first = f" · {short(w, 'first-player', cap=False)}" if view.get("first_player") == p["seat"] else ""
    return side(seat_title(p["seat"], names, w.lang, first), stats, rows, view.get("current_player") == p["seat"])


def phase_name(game: Any, view: dict, lang: str) -> str:
    phase = view.get("phase")
    return game.flow.label(phase, lang) if phase in game.flow.nodes else str(view.get("phase_label") or phase)


def render(game: Any, view: dict, seat: int | None, lang: str, names: dict) -> str:
    w = Words(game, lang)
    players = view["players"]
    me = seat if seat is not None else view.get("turn_player", 0)
    info = [f"{w.ui('phase')}: {escape(phase_name(game, view, lang))} · "
            f"{short(w, 'turn')} {view.get('turn')} · {short(w, 'attacker')}: {w.ui('seat')} {view.get('turn_player')}"]
    for o in view.get("ongoing") or []:
        d = game.cards.get(o.get("id"))
        name = (d.name.zh if lang == "zh" and d.name.zh else d.name.en) if d is not None else o.get("name", "")
        info.append(f"{short(w, 'ongoing-spell')}: {escape(str(name))} ({w.ui('seat')} {o['seat']})")
    info += decision_note(view, lang)
    m = view.get("mirror")
    mirror = zone(f"{short(w, 'mirror-slot')}" + (f" ({w.ui('seat')} {m['owner']})" if m else ""), card(m, w, "—"))
    middle = f"<div class='ttr-row'>{mirror}<div style='flex:1'>{notes(info)}</div></div>"
    return (f"<div class='ttr-board'>{player(players[1 - me], view, w, names)}{middle}"
            f"{player(players[me], view, w, names)}</div>")
