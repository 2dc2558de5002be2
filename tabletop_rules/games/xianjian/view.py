"""What a seat may see (``view(seat)``), as JSON: what a play table needs to draw the game.

Hidden from a seat: the other seats' hands (a count only), the order of the three decks, and
the characters dealt and kept by others until they are revealed together (XJ-2.1, XJ-2.2).
The referee's view (``seat=None``) shows everything, deck orders included.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.elements import Element
from ...core.elements import card as el_card
from ...core.elements import seat as el_seat
from ...core.view import header
from . import battle

if TYPE_CHECKING:
    from .state import XianjianState


def card_view(s: XianjianState, uid: int) -> dict[str, Any]:
    d = s.cards[uid].d
    out = {"uid": uid, "id": d.id, "name": d.name.en, "name_zh": d.name.zh, "kind": d.kind, "demo": d.demo}
    if d.kind == "hand":
        out.update(type=d.type, text=d.text.en, text_zh=d.text.zh)
        if d.equipment:
            out["power"] = d.power
    elif d.kind == "monster":
        out.update(element=d.element, power=d.power, evade=d.evade, level=d.level)
    elif d.kind == "character":
        out.update(gender=d.gender, hp_max=d.hp, power=d.power, hit=d.hit,
                   skills=[{"id": k.id, "name": k.name.en, "name_zh": k.name.zh, "text": k.text.en,
                           "text_zh": k.text.zh} for k in d.skills])
    elif d.kind == "event":
        out.update(text=d.text.en, text_zh=d.text.zh)
    return out


def seat_view(s: XianjianState, o: int, seat: int | None) -> dict[str, Any]:
    pl = s.p[o]
    mine = seat is None or seat == o
    shown = s.revealed or mine
    d = s.cdef(o) if shown and pl.character is not None else None
    weapon, armour = pl.weapon, pl.armour
    return {
        "seat": o, "label": pl.label, "team": pl.team, "in_game": pl.in_game, "left": not pl.in_game,
        "character": card_view(s, pl.character) if d is not None and pl.character is not None else None,
        "chosen": pl.character is not None,
        "hp": pl.hp if s.revealed else None,
        "hp_max": d.hp if d is not None else None,
        # The HP card is turned over at 6 or less (XJ-2.5).
        "hp_card": (None if not s.revealed else "back" if pl.hp <= 6 else "front"),
        "power": s.power(o) if s.revealed and pl.in_game else None,
        "hand_count": len(pl.hand),
        "hand": [card_view(s, u) for u in pl.hand] if mine else None,
        "hand_limit": s.hand_limit(o) if s.revealed else None,
        "weapon": card_view(s, weapon) if weapon is not None else None,
        "armour": card_view(s, armour) if armour is not None else None,
        "weapons_work": s.weapons_work(o),
        "pets": [dict(card_view(s, u), pet_power=s.pet_power(o, u)) for u in pl.pets],
        "pet_power": sum(s.pet_power(o, u, final=True) for u in pl.pets),
        "turned": pl.turned,
        "dealt_count": len(pl.dealt),
        "dealt": [card_view(s, u) for u in pl.dealt] if mine else None,
    }


def view(s: XianjianState, seat: int | None = None) -> dict[str, Any]:
    b = s.battle
    fight = None
    if b is not None:
        fight = {
            "monster": card_view(s, b["monster"]), "trigger": b["trigger"],
            "trigger_power": battle.trigger_power(s), "monster_power": battle.monster_power(s),
            "bonus": dict(b["bonus"]), "dice": b["dice"], "double": b["double"], "first": b["first"],
            "side_to_play": b["side"], "took_part": list(b["played"]), "war_cards": list(b["war_cards"]),
            "escaped": b["escaped"], "result": b["result"],
        }
    v = {
        **header(s), "player_count": s.players,
        "teams": {t: s.team_seats(t) for t in ("A", "B")},
        "turn_order": list(s.cycle),
        "revealed": s.revealed, "fought": s.fought,
        "players": [seat_view(s, o, seat) for o in range(s.players)],
        "piles": {
            "deck": len(s.deck), "discard": [card_view(s, u) for u in s.discard],
            "monsters": len(s.monsters), "monster_discard": [card_view(s, u) for u in s.monster_discard],
            "events": len(s.events), "event_discard": [card_view(s, u) for u in s.event_discard],
            "characters_unused": len(s.char_pile) + len(s.char_out),
        },
        "table": [card_view(s, u) for u in s.table],
        "team_pet_power": {t: s.team_pet_power(t) for t in ("A", "B")},
        "battle": fight,
    }
    if seat is None:
        v["referee"] = {
            "deck_order": [s.cards[u].cid for u in s.deck],
            "monster_order": [s.cards[u].cid for u in s.monsters],
            "event_order": [s.cards[u].cid for u in s.events],
            "characters_unused": [s.cards[u].cid for u in s.char_pile + s.char_out],
        }
    return v


def elements(s: XianjianState, action: Any) -> tuple[Element, ...]:
    """The board elements of an action (core/elements.py): the card it uses (one the acting seat
    sees: its hand, what lies in play); the seat it aims at (a card played on a player, XJ-7.4; a
    player picked, XJ-5.8, XJ-7.8; revived, XJ-5.6) or gives a card to (XJ-8.1, XJ-8.3)."""
    a = action.args
    out: list[Element] = []
    uid = a.get("card")
    if isinstance(uid, int) and not isinstance(uid, bool) and uid in s.named_cards(action.player) + _in_play(s):
        out.append(el_card(uid))
    for key, role in (("target", "target"), ("seat", "target"), ("to", "to")):
        v = a.get(key)
        if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < s.players:
            out.append(el_seat(v, role))
    return tuple(out)


def _in_play(s: XianjianState) -> list[int]:
    """Every seat's equipment and pets: face up on the board for all to see."""
    return [u for pl in s.p for u in pl.equipment() + pl.pets]
