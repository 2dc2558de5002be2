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

import re
from html import escape
from typing import Any

from ...games.mirror_dolls.book import CHAOS_PER_OVERFLOW, WIN_SCORE
from ..cardinfo import per_card, tap, tip
from .common import (
    Words,
    card_name,
    decision_note,
    face_down_hand,
    notes,
    phase_name,
    row,
    seat_title,
    side,
    tile,
    zone,
)


def short(w: Words, tid: str, cap: bool = True) -> str:
    """A glossary term without its gloss: "HP (hit points)" -> "HP", "attack (value); to attack" -> "Attack"."""
    return w(tid, cap).split(" (")[0].split(";")[0].split("（")[0]


def colon(w: Words) -> str:
    """A colon as the language writes it (full-width in Chinese, issue 34)."""
    return "：" if w.lang == "zh" else ": "


def comma(w: Words) -> str:
    return "，" if w.lang == "zh" else ", "


def paren(w: Words, inner: str) -> str:
    """`` (inner)``, with full-width brackets in Chinese."""
    return f"（{inner}）" if w.lang == "zh" else f" ({inner})"


def with_demo(game: Any, c: dict) -> dict:
    """A card of the view marked demo when its definition is (the view's brief cards do not say)."""
    d = game.cards.get(c.get("id"))
    return dict(c, demo=bool(getattr(d, "demo", False)))


def doll(c: dict | None, w: Words, label: str = "") -> str:
    if c is None or c.get("hidden"):
        return tile(c, w.lang, label)
    lines = [f"{short(w, 'form')}{colon(w)}{form_name(w, c['form'])}",
             f"{short(w, 'attack')} {c['attack']} · {short(w, 'hp')} {c['hp']}/{c['max_hp']}"]
    if c.get("shield"):
        lines.append(f"{short(w, 'shield')} {c['shield']}")
    if c.get("damage_kind") and c["damage_kind"] != "normal":
        lines.append(short(w, c["damage_kind"]))
    if c.get("acted"):
        lines.append(f"{short(w, 'doll-action')}{colon(w)}{w.ui('used')}")
    tags = []
    if c.get("out_of_form"):
        tags.append(short(w, "wrong-form", cap=False))       # MD-13.2: halved attack, doubled damage
    if c.get("nullify"):
        tags.append(short(w, "nullify", cap=False))
    return tap(tile(with_demo(w.game, c), w.lang, lines=lines, tags=tags, rested=bool(c.get("acted")),
                title=card_tip(w, c)))


# What a spell's, a doll's cast's or a mirror card's effects do, in our words from the card data: {x} is the
# effect's field x (its value read through VALUES, or as it is), {w:<term>} a glossary word. Only the ops the
# demo cards use.
EFFECTS = {
    "en": {"damage": "deal {n} {kind} to the target", "heal": "the target regains {n} {w:hp}",
           "shield": "the target gets {n} {w:shield}", "buff": "the target gets {w:attack} +{attack}",
           "nullify": "{w:nullify} the next attack on the target",
           "force_move": "{w:forced-move} of the target {to}", "gain": "gain {order} {w:order-point}",
           "score": "{who}: {w:score} +{n}", "draw": "draw {dolls} {w:doll}", "direct_bonus": "{w:direct-attack} +{n}",
           "summon": "{w:summon} a {w:doll} from the {source} to {side}",
           "discount": "dolls from the {source}: {w:cost} -{n}",
           "aura": "{whose} dolls on {side}: {w:attack} +{attack}"},
    "zh": {"damage": "对目标造成{n}点{kind}", "heal": "目标回复{n}点{w:hp}", "shield": "目标获得{n}点{w:shield}",
           "buff": "目标{w:attack}+{attack}", "nullify": "对目标的下一次攻击{w:nullify}",
           "force_move": "目标被{w:forced-move}，{to}", "gain": "获得{order}点{w:order-point}",
           "score": "{who}：{w:score}+{n}", "draw": "抽{dolls}张{w:doll}", "direct_bonus": "{w:direct-attack}+{n}",
           "summon": "从{source}{w:summon}一个{w:doll}到{side}", "discount": "来自{source}的人偶：{w:cost}-{n}",
           "aura": "{whose}位于{side}的人偶：{w:attack}+{attack}"},
}
# effect field values -> glossary terms
VALUES = {"normal": "damage", "armour_break": "armour-break", "true_damage": "true-damage", "real": "real-side",
          "mirror": "mirror-side", "pile": "mirror-pile", "hand": "doll-hand", "deck": "real-deck"}
# effect field values the glossary has no term for, in our words (by field and value)
PHRASES = {
    "en": {("to", "other"): "to the same slot on its other side", ("to", "threshold"): "onto the threshold",
           ("who", "self"): "you", ("who", "both"): "both players", ("whose", "own"): "your",
           ("whose", "enemy"): "the opponent's", ("whose", "all"): "all", ("side", "any"): "either side",
           ("side", "real"): "the real side", ("side", "mirror"): "the mirror side"},
    "zh": {("to", "other"): "移到另一侧的同一位置", ("to", "threshold"): "移上临界线", ("who", "self"): "你",
           ("who", "both"): "双方", ("whose", "own"): "己方", ("whose", "enemy"): "对方", ("whose", "all"): "双方",
           ("side", "any"): "任意一侧"},
}
# what a cast targets (MD-11.1)
TARGETS = {"en": {"enemy_doll": "target: an enemy doll", "own_doll": "target: one of your dolls",
                  "any_doll": "target: any doll"},
           "zh": {"enemy_doll": "目标：对方的一个人偶", "own_doll": "目标：自己的一个人偶",
                  "any_doll": "目标：任意一个人偶"}}
LASTS = {"en": "lasts {n} turn(s), this one counted first", "zh": "持续 {n} 个回合（当前回合算第一个）"}
CAST = {"en": "Cast", "zh": "施法"}
FORM = {"en": "{name} form", "zh": "{name}形态"}
FIELD = re.compile(r"\{(w:)?([a-z_-]+)\}")


def effect_text(w: Words, op: dict) -> str:
    """One effect of the card data in words (an op the table does not know reads as its name)."""
    pattern = EFFECTS.get(w.lang, EFFECTS["en"]).get(str(op.get("op")))
    if pattern is None:
        return str(op.get("op", "")).replace("_", " ")
    phrases = PHRASES.get(w.lang, PHRASES["en"])

    def field(m: re.Match) -> str:
        if m.group(1):
            return short(w, m.group(2), cap=False)
        key = m.group(2)
        value = op.get(key, "")
        if isinstance(value, str) and (key, value) in phrases:
            return phrases[key, value]
        if isinstance(value, str) and value in VALUES:
            return short(w, VALUES[value], cap=False)
        return str(value)

    return FIELD.sub(field, pattern)


def form_name(w: Words, f: str) -> str:
    """A form's name (real, mirror, critical: MD-13.1) in the reader's language."""
    texts = w.game.texts
    word = texts.render(f"word.{f}", {}, w.lang) if f"word.{f}" in texts else short(w, f, cap=False)
    return word[:1].upper() + word[1:]


def cast_text(w: Words, cast: Any) -> list[str]:
    """A cast's cost, target and duration, then its effects."""
    head = f"{short(w, 'cost')}{colon(w)}{cost_text(w, cast.cost)}"
    if cast.target in TARGETS["en"]:
        head += ("；" if w.lang == "zh" else "; ") + TARGETS.get(w.lang, TARGETS["en"])[cast.target]
    if cast.duration:
        head += ("；" if w.lang == "zh" else "; ") + LASTS.get(w.lang, LASTS["en"]).format(n=cast.duration)
    return [head] + [effect_text(w, op) for op in cast.do if isinstance(op, dict)]


@per_card
def card_tip(w: Words, c: dict) -> str:
    """What the card does: names and type; a doll's summon cost and both forms, a spell's cost
    and effects, a mirror card's lasting effects; then the card's own text where it has one."""
    d = w.game.cards.get(c.get("id"))
    if d is None:
        return card_name(c, w.lang)[0]
    kind = {"doll": "doll", "spell": "spell", "mirror": "mirror-card"}.get(d.type, d.type)
    texts: list[Any] = []
    sep = "：" if w.lang == "zh" else ": "
    if d.type == "doll":
        texts.append(f"{short(w, 'summon-cost')} {d.cost}")
        atk, hp, shield = (short(w, k, cap=False) for k in ("attack", "hp", "shield"))
        for f, v in d.forms.items():
            label = FORM.get(w.lang, FORM["en"]).format(name=form_name(w, f))
            texts.append(f"{label}{colon(w)}{atk} {v.attack}{comma(w)}{hp} {v.hp}"
                         + (f"{comma(w)}{shield} {v.shield}" if v.shield else ""))
            if v.cast is not None:
                texts += [f"  {CAST.get(w.lang, CAST['en'])}{sep}" + "，".join(cast_text(w, v.cast))
                          if w.lang == "zh" else f"  {CAST['en']}: " + "; ".join(cast_text(w, v.cast))]
    elif d.type == "spell" and d.spell is not None:
        texts += cast_text(w, d.spell)
    texts += [effect_text(w, op) for op in d.static if isinstance(op, dict)]
    if d.text is not None:
        texts.append(d.text)
    return tip(w.game, d, w.lang, kind=[short(w, kind)], texts=texts)


def cost_text(w: Words, cost: Any) -> str:
    parts = [f"{short(w, k + '-point', cap=False)} {getattr(cost, k)}" for k in ("order", "chaos", "overflow")
             if getattr(cost, k)]
    return comma(w).join(parts) or "0"


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
        lines += [f"{form_name(w, f)}{colon(w)}{v.attack}/{v.hp}" + (f" +{v.shield}" if v.shield else "")
                  for f, v in d.forms.items()]
    elif d is not None and d.type == "spell" and d.spell is not None:
        lines.append(f"{short(w, 'cost')}{colon(w)}{cost_text(w, d.spell.cost)}")
    return tap(tile(with_demo(w.game, c), w.lang, lines=lines, title=card_tip(w, c)))


def slot(field: dict, name: str, w: Words, seat: int) -> str:
    """A doll slot, the board element ``area:<seat>:<slot>`` (a summon or a move goes there)."""
    return f"<div class='ttr-slot' data-el='area:{seat}:{name}'>{doll(field[name], w, '—')}</div>"


def half(field: dict, sname: str, w: Words, seat: int) -> str:
    """One side: the front row, then the back row (back slot n stands behind front slot n, MD-1.5)."""
    front = row(slot(field, f"{sname}_f{i}", w, seat) for i in range(3))
    back = row(slot(field, f"{sname}_b{i}", w, seat) for i in range(3))
    inner = (f"<div class='ttr-zone-label'>{escape(short(w, 'front-row'))}</div>{front}"
             f"<div class='ttr-zone-label'>{escape(short(w, 'back-row'))}</div>{back}")
    return zone(short(w, f"{sname}-side"), inner)


def names_of(cards: list[dict], lang: str) -> str:
    return ("、" if lang == "zh" else ", ").join(card_name(c, lang)[0] for c in cards)


def player(p: dict, view: dict, w: Words, names: dict) -> str:
    pt = p["points"]
    wait = pt.get("overflow_wait") or 0
    overflow = f"{short(w, 'overflow-point')} <b>{pt['overflow']}</b>/{pt['overflow_cap']}"
    # MD-5.6: once spent, the overflow point waits five own turns (the view counts what is left);
    # MD-5.5: the next five chaos spent add nothing towards a new one
    if wait:
        overflow += paren(w, w.ui('turns_to_wait', n=wait))
    if pt.get("no_overflow_for"):
        overflow += paren(w, w.ui('no_overflow_for', n=pt['no_overflow_for']))
    stats = (f"{short(w, 'score')} <b>{p['score']}</b>/{WIN_SCORE} · "
             f"{short(w, 'order-point')} <b>{pt['order']}</b>/{pt['order_cap']} · "
             f"{short(w, 'chaos-point')} <b>{pt['chaos']}</b>/{pt['chaos_cap']}"
             + paren(w, f"{pt['chaos_count']}/{CHAOS_PER_OVERFLOW} → {short(w, 'overflow-point', cap=False)}") +
             f" · {overflow}<br>"
             f"{short(w, 'doll-hand')} {p['doll_hand_count']} · {short(w, 'spell-hand')} {p['spell_hand_count']} · "
             f"{short(w, 'real-deck')} {p['real_deck']} · {short(w, 'spell-deck')} {p['spell_deck']} · "
             f"{short(w, 'mirror-deck')} {p['mirror_deck_count']} · {short(w, 'mirror-pile')} {len(p['mirror_pile'])}")
    f = p["field"]
    me = p["seat"]
    threshold = zone(short(w, "threshold"), doll(f["threshold"], w, "—"), f"area:{me}:threshold")
    rows = [row([half(f, "real", w, me), threshold,
                 half(f, "mirror", w, me), zone(short(w, "spell-slot"), card(p["spell_slot"], w, "—"))])]
    for key, count, tid in (("dolls", "doll_hand_count", "doll-hand"), ("spells", "spell_hand_count", "spell-hand")):
        if p[key] is not None:
            rows.append(zone(short(w, tid), row(card(c, w) for c in p[key]) if p[key] else "—"))
        elif p[count]:
            rows.append(zone(short(w, tid), face_down_hand(p[count], w.lang)))
    if p.get("mirror_deck"):
        rows.append(zone(short(w, "mirror-deck"), row(card(c, w) for c in p["mirror_deck"])))
    if p["mirror_pile"]:        # face up, and a doll may be summoned from it: its cards as tiles
        rows.append(zone(f"{short(w, 'mirror-pile')}{paren(w, str(len(p['mirror_pile'])))}",
                         row(card(c, w) for c in p["mirror_pile"])))
    first = f" · {short(w, 'first-player', cap=False)}" if view.get("first_player") == p["seat"] else ""
    return side(seat_title(p["seat"], names, w.lang, first), stats, rows, view.get("current_player") == p["seat"],
                p["seat"])


def render(game: Any, view: dict, seat: int | None, lang: str, names: dict) -> str:
    w = Words(game, lang)
    players = view["players"]
    me = seat if seat is not None else view.get("turn_player", 0)
    info = [f"{w.ui('phase')}{colon(w)}{escape(phase_name(game, view, lang))} · "
            f"{short(w, 'turn')} {view.get('turn')} · "
            f"{short(w, 'attacker')}{colon(w)}{w.ui('seat')} {view.get('turn_player')}"]
    for o in view.get("ongoing") or []:
        name = (o.get("name_zh") if lang == "zh" else None) or o.get("name", "")      # the view names it
        whose = paren(w, f"{w.ui('seat')} {o['seat']}")
        info.append(f"{short(w, 'ongoing-spell')}{colon(w)}{escape(str(name))}{whose}")
    info += decision_note(view, lang)
    m = view.get("mirror")
    owner = paren(w, f"{w.ui('seat')} {m['owner']}") if m else ""
    mirror = zone(f"{short(w, 'mirror-slot')}{owner}", card(m, w, "—"))
    middle = f"<div class='ttr-row'>{mirror}<div style='flex:1'>{notes(info)}</div></div>"
    return (f"<div class='ttr-board'>{player(players[1 - me], view, w, names)}{middle}"
            f"{player(players[me], view, w, names)}</div>")
