"""What a seat may see (``view(seat)``), as JSON: the other hand and every deck order stay hidden.

Each player's real and mirror sides (front and back rows) and threshold with every doll's form, attack,
HP, shield and whether it acted; the three point counters with caps and the overflow wait; the mirror
card; scores; hand sizes; pile sizes; the ongoing spells. The other player's hands, mirror deck and every
deck order are hidden (the mirror pile is public: its dolls fell in play). ``view(None)`` is the referee's.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.elements import Element
from ...core.elements import area as el_area
from ...core.elements import card as el_card
from ...core.elements import seat as el_seat
from ...core.view import header
from . import board
from .book import CAP_CHAOS, CAP_ORDER, CAP_OVERFLOW, FIELD
from .effects import english
from .points import overflow_wait

if TYPE_CHECKING:
    from .state import MirrorDollsState as S


def card_brief(s: S, uid: int) -> dict[str, Any]:
    c = s.cards[uid]
    return {"uid": uid, "id": c.cid, "name": c.d.name.en, "name_zh": c.d.name.zh, "type": c.d.type}


def doll_view(s: S, uid: int) -> dict[str, Any]:
    c = s.cards[uid]
    out = card_brief(s, uid)
    out.update(form=c.form, forms=list(c.d.forms), attack=board.attack(s, uid), hp=board.hp(s, uid),
               max_hp=board.max_hp(s, uid), damage=c.damage, shield=board.shield(s, uid),
               damage_kind=board.damage_kind(s, uid), acted=c.acted, out_of_form=board.out_of_form(s, uid),
               blocked=board.blocked(s, uid), sides=list(board.counts_on(s, uid)),
               nullify=any(m.get("nullify") for m in c.mods))
    return out


def view(s: S, seat: int | None = None) -> dict[str, Any]:
    players = []
    for p in s.ps:
        mine = seat is None or seat == p.seat
        lists = s.zones.lists
        field = {slot: (doll_view(s, lists[f"{p.seat}.{slot}"][0]) if lists[f"{p.seat}.{slot}"] else None)
                 for slot in FIELD}
        slot = s.pile(p.seat, "spell_slot")
        pv: dict[str, Any] = {
            "seat": p.seat, "score": p.score, "deck_id": p.deck_id,
            "points": {"order": p.order, "order_cap": CAP_ORDER, "chaos": p.chaos, "chaos_cap": CAP_CHAOS,
                       "overflow": p.overflow, "overflow_cap": CAP_OVERFLOW, "chaos_count": p.chaos_count,
                       "no_overflow_for": p.suppress, "overflow_wait": overflow_wait(s, p.seat),
                       "own_turns": p.own_turns},
            "doll_hand_count": len(s.pile(p.seat, "dolls")), "spell_hand_count": len(s.pile(p.seat, "spells")),
            "dolls": [card_brief(s, u) for u in s.pile(p.seat, "dolls")] if mine else None,
            "spells": [card_brief(s, u) for u in s.pile(p.seat, "spells")] if mine else None,
            "real_deck": len(s.pile(p.seat, "real_deck")), "spell_deck": len(s.pile(p.seat, "spell_deck")),
            "mirror_deck": [card_brief(s, u) for u in s.pile(p.seat, "mirror_deck")] if mine else None,
            "mirror_deck_count": len(s.pile(p.seat, "mirror_deck")),
            "mirror_pile": [card_brief(s, u) for u in s.pile(p.seat, "mirror_pile")],
            "field": field,
            "spell_slot": card_brief(s, slot[0]) if slot else None,
        }
        if seat is None:
            pv["deck_order"] = [s.cards[u].cid for u in s.pile(p.seat, "real_deck")]
            pv["spell_deck_order"] = [s.cards[u].cid for u in s.pile(p.seat, "spell_deck")]
        players.append(pv)
    m = s.zones.lists["table.mirror"]
    mirror = None
    if m:
        mirror = card_brief(s, m[0])
        mirror["owner"] = s.cards[m[0]].owner
    return {
        **header(s), "players": players, "mirror": mirror, "mirror_replaced": s.mirror_done,
        "ongoing": [{"id": o["id"], "seat": o["seat"], "name": english(s, o["spell"]),
                     "name_zh": english(s, o["spell"], "zh"), "until": o["until"], "caster": o["caster"]}
                    for o in s.ongoing],
    }


def elements(s: S, action: Any) -> tuple[Element, ...]:
    """The board elements of an action (core/elements.py): the card it uses; the slot a doll is
    summoned to (MD-7.1) or moves to (MD-12.2); an attack's target, the doll it aims at (MD-9.5) or
    the other player (a direct attack, MD-9.4)."""
    a, seat = action.args, action.player
    out: list[Element] = []
    uid = a.get("card")
    # a spell may summon a doll from the deck (MD-7.4): that card is not on the board, its slot is
    hidden = ("real_deck", "spell_deck")
    if isinstance(uid, int) and not isinstance(uid, bool) and not s.cards[uid].zone.endswith(hidden):
        out.append(el_card(uid))
    for key in ("slot", "to"):
        if isinstance(a.get(key), str):
            out.append(el_area(seat, a[key]))
    if action.kind == "attack":
        t = a.get("target")
        if t == "player":
            out.append(el_seat(1 - seat))
        elif isinstance(t, int) and not isinstance(t, bool):
            out.append(el_card(t, "target"))
    return tuple(out)
