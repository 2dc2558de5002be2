"""What a seat may see (``view(seat)``), as JSON: the other hand and every deck order stay hidden.

The board: three lanes, each with both players' missions (standing, rested = checked, face
down = cleared) and characters with their EXP stacks and damage this turn; energy counts,
the energy cards (face up, VV-4.6), the keep zone, the hand. Demo cards say so (VV-1.5).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.elements import Element
from ...core.elements import area as el_area
from ...core.elements import card as el_card
from ...core.view import header
from .conditions import as_data, describe

if TYPE_CHECKING:
    from .state import VividzState


def card_view(s: VividzState, uid: int) -> dict[str, Any]:
    c = s.cards[uid]
    d = c.d
    out: dict[str, Any] = {"uid": uid, "id": d.id, "name": d.name.en, "name_zh": d.name.zh, "type": d.type,
                           "cost": d.cost, "demo": d.demo, "rested": c.rested}
    if d.type == "character":
        out.update(power=s.power(uid) if s.lane_of(uid) is not None else d.power, damage=c.damage,
                   symbols=list(d.symbols))
    return out


def mission_view(s: VividzState, uid: int, seat: int | None) -> dict[str, Any]:
    c = s.cards[uid]
    state = "cleared" if not c.face_up and s.phase not in _SETUP else ("checked" if c.rested else "standing")
    out: dict[str, Any] = {"uid": uid, "state": state, "face_up": c.face_up, "rested": c.rested}
    # face down at setup: only its owner knows it; once revealed (VV-5.7) a mission stays known
    known = c.face_up or seat is None or seat == c.owner or s.phase not in _SETUP

    if known and c.d.check is not None and c.d.clear is not None:
        texts = s.game.texts
        out.update(id=c.d.id, name=c.d.name.en, name_zh=c.d.name.zh, demo=c.d.demo,
                   check=describe(c.d.check, texts), clear=describe(c.d.clear, texts),
                   check_zh=describe(c.d.check, texts, "zh"), clear_zh=describe(c.d.clear, texts, "zh"),
                   check_data=as_data(c.d.check), clear_data=as_data(c.d.clear))
    return out


def placed_view(s: VividzState, uid: int, mine: bool) -> dict[str, Any]:
    """A mission placed face down at setup: its owner (and the referee) know which it is (VV-5.2);
    the other seat sees a face-down card and nothing that tells one mission from another."""
    out = mission_view(s, uid, None if mine else -1)
    if not mine:
        out.pop("uid")
    return out


_SETUP = ("setup.decks", "setup.shuffle", "setup.place", "setup.first", "setup.hand", "setup.energy", "setup.reveal")


def view(s: VividzState, seat: int | None = None) -> dict[str, Any]:
    players = []
    for p in (0, 1):
        mine = seat is None or seat == p
        lanes = []
        for lane in range(3):
            stack = s.zones.lists[f"{p}.area{lane}"]
            ch = card_view(s, stack[-1]) if stack else None
            if ch is not None:
                ch["exp"] = [s.cards[u].cid for u in stack[:-1]]
            mission = s.zones.lists[f"{p}.mission{lane}"]
            if mission:
                mv: dict[str, Any] | None = mission_view(s, mission[0], seat)
            elif lane < s.placed[p]:            # placed face down at setup, not yet turned up (VV-5.2)
                mv = placed_view(s, s.zones.lists[f"{p}.missions"][lane], mine)
            else:
                mv = None
            lanes.append({"mission": mv, "character": ch})
        hand = s.hand(p)
        keep = s.zones.lists[f"{p}.keep"]
        pv: dict[str, Any] = {
            "seat": p, "deck": len(s.zones.lists[f"{p}.deck"]), "deck_id": s.deck_ids[p],
            "energy": s.energy(p), "hand_count": len(hand),
            # energy lies face up: every seat sees which cards it is, oldest first (VV-4.6)
            "energy_cards": [s.cards[u].cid for u in s.zones.lists[f"{p}.energy"]],
            "hand": [card_view(s, u) for u in hand] if mine else None,
            "keep": card_view(s, keep[0]) if keep else None,
            "drop": [s.cards[u].cid for u in s.zones.lists[f"{p}.drop"]],
            "removed": [s.cards[u].cid for u in s.zones.lists[f"{p}.removed"]],
            "revealed": [card_view(s, u) for u in s.zones.lists[f"{p}.reveal"]],
            "account": card_view(s, s.account(p)),
            "lanes": lanes,
            "cleared": sum(1 for u in s.missions(p) if not s.cards[u].face_up) if s.phase not in _SETUP else 0,
        }
        pile = s.zones.lists[f"{p}.missions"]
        if pile:                                # setup: the missions still to be placed (VV-5.2)
            pv["to_place"] = [s.cards[u].cid for u in pile[s.placed[p]:]] if mine else len(pile) - s.placed[p]
            if mine:                            # ... as cards its owner picks on the board
                pv["to_place_cards"] = [mission_view(s, u, seat) for u in pile[s.placed[p]:]]
        if seat is None:
            pv["deck_order"] = [s.cards[u].cid for u in s.zones.lists[f"{p}.deck"]]
        players.append(pv)
    a = s.attack
    return {
        **header(s), "players": players,
        "attack": None if a is None else {"seat": a["seat"], "lane": a["lane"], "card": a["card"],
                                          "battle": a["battle"]},
    }


def elements(s: VividzState, action: Any) -> tuple[Element, ...]:
    """The board elements of an action (core/elements.py): the card it uses; the lane a
    character enters or slides to (VV-7.3, VV-8.4) or a mission is placed in (VV-5.2); an attack's
    attacker, the character in the lane it names, and the other seat's character area of that lane
    (VV-8.1); a payment's energy (VV-7.4: the cards lie there face up)."""
    a, seat = action.args, action.player
    out: list[Element] = []
    if action.kind == "pay":
        return (el_area(seat, "energy", role="from"),)
    uid = a.get("card")
    if isinstance(uid, int) and not isinstance(uid, bool):
        out.append(el_card(uid))
    lane = a.get("lane")
    if isinstance(lane, int) and not isinstance(lane, bool):
        if action.kind == "place_mission":
            out.append(el_area(seat, "mission", lane))
        elif action.kind == "attack":
            out += [el_card(u) for u in s.characters(seat) if s.lane_of(u) == lane]
            out.append(el_area(1 - seat, "lane", lane, role="target"))
        else:
            out.append(el_area(seat, "lane", lane))
    if action.kind == "slide" and isinstance(a.get("to"), int):
        out.append(el_area(seat, "lane", a["to"]))
    return tuple(out)
