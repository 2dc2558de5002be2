"""What a seat may see (``view(seat)``), as JSON: hands and deck order stay hidden.

The opponent's hand is a count; both gauges are counts (gauge cards lie face down, decision
15); soul cards are face up and listed for every seat (BF-9.2); before the flag is raised the
flag and buddy are face down (BF-3.1, BF-3.2).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.elements import Element
from ...core.elements import area as el_area
from ...core.elements import card as el_card
from ...core.elements import seat as el_seat
from ...core.view import header
from .effects import KEYWORDS
from .zones import FIELD, PLAYING

if TYPE_CHECKING:
    from .state import BuddyfightState


def card_view(s: BuddyfightState, uid: int, full: bool = True) -> dict[str, Any]:
    c = s.cards[uid]
    d = c.d
    out: dict[str, Any] = {"uid": uid, "id": d.id, "name": d.name.en, "name_zh": d.name.zh, "type": d.type,
                           "world": d.world, "demo": d.demo}
    if not full:
        return out
    if d.type == "monster":
        out.update(size=d.size, power=s.power(uid), defense=s.defense(uid), critical=s.critical(uid))
    elif d.type == "item":
        out.update(power=s.power(uid), critical=s.critical(uid))
    # Soul cards lie face up under the monster (BF-9.2): every seat sees which cards they are.
    out.update(keywords=[k for k in KEYWORDS if s.has_kw(uid, k)], rested=c.rested, soul=len(c.soul),
               soul_cards=[card_view(s, u, full=False) for u in c.soul], attributes=list(d.attributes))
    return out


def _face_down(s: BuddyfightState, uid: int, what: str, mine: bool) -> dict[str, Any]:
    if s.cards[uid].face_up or mine:
        return card_view(s, uid, full=False)
    return {"hidden": True, "name": what}


def view_of(s: BuddyfightState, seat: int | None = None) -> dict[str, Any]:
    players = []
    for f in s.fighters:
        mine = seat is None or seat == f.seat
        p: dict[str, Any] = {
            "seat": f.seat, "life": f.life, "deck": len(f.deck), "gauge": len(f.gauge),
            "hand_count": len(f.hand),
            "hand": [card_view(s, u) for u in f.hand] if mine else None,
            "drop": [card_view(s, u, full=False) for u in f.drop],
            "set": [card_view(s, u) for u in f.set],
            "field": {a: (card_view(s, u) if (u := f.at(a)) is not None else None) for a in FIELD},
            "size": s.size_total(f.seat),
            "flag": _face_down(s, f.flag, "flag", mine),
            "buddy": _face_down(s, f.buddy, "buddy", mine),
            "buddy_called": f.buddy_called, "world": f.world, "deck_id": f.deck_id,
        }
        if seat is None:
            p["deck_order"] = [s.cards[u].cid for u in f.deck]
            p["gauge_cards"] = [s.cards[u].cid for u in f.gauge]
        players.append(p)
    b = s.battle
    battle = None
    if b:
        battle = {"attacker": b["attacker"], "attackers": [s.cards[u].place for u in b["attackers"]],
                  "target": b["target_area"], "link": b["link"], "nullified": b["nullified"],
                  "power": sum(s.power(u) for u in b["attackers"] if s.on_field(u))}
    return {
        **header(s), "players": players, "battle": battle,
        # A call or cast being paid for (BF-9.2's "playing" zone) is announced, so every seat sees it.
        "playing": [card_view(s, u) for u in s.zones[PLAYING]],
        "chain": [{"by": it["by"], "kind": it["kind"], "card": s.cards[it["card"]].cid} for it in s.chain],
        "attacks": s.attacks,
    }


def elements(s: BuddyfightState, action: Any) -> tuple[Element, ...]:
    """The board elements of an action (core/elements.py): the card it uses; the field area a
    call, a move or a size drop names (the acting fighter's own, BF-5.4, BF-5.11); an attack's
    attackers (the cards in the named areas, BF-6.2) and its target, a monster of the other
    fighter or the fighter itself."""
    a, seat = action.args, action.player
    out: list[Element] = []
    if isinstance(a.get("card"), int) and not isinstance(a.get("card"), bool):
        out.append(el_card(a["card"]))
    if action.kind == "attack":
        f = s.fighters[seat]
        out += [el_card(u) for g in a.get("attackers", ()) if (u := f.at(g)) is not None]
        target = a.get("target")
        if target == "fighter":
            out.append(el_seat(1 - seat))
        elif isinstance(target, str) and (u := s.fighters[1 - seat].at(target)) is not None:
            out.append(el_card(u, "target"))
    # a size drop names the area the dropped monster stands in; a call, the area it enters
    areas = (("area", "from"),) if action.kind == "size_drop" else (("area", "to"), ("to", "to"))
    for key, role in areas:
        if isinstance(a.get(key), str):
            out.append(el_area(seat, a[key], role=role))
    return tuple(out)
