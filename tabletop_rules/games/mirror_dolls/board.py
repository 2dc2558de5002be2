"""The board: where dolls stand, what side they count on, their numbers, forms, damage and 0 HP.

MD-1.5 (slots), MD-9.3 (back row), MD-9.7 / MD-13.5 (threshold), MD-10.x (shields, armour-break, true
damage, 0 HP), MD-13.x (forms). Functions take the state as their first argument.
"""
from __future__ import annotations

from itertools import compress
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from ...core.checks import Why
from ...core.modifiers import total
from .book import BOOK, FIELD, SLOTS, ZONE, other_side, place_of

if TYPE_CHECKING:
    from .state import MirrorDollsState as S

# zone name -> (seat, slot) for the field zones
FIELD_ZONES: dict[str, tuple[int, str]] = {f"{seat}.{slot}": (seat, slot) for seat in (0, 1) for slot in FIELD}
PLACE = {slot: place_of(slot) for slot in FIELD}
ZONE_NAMES = {seat: tuple(f"{seat}.{slot}" for slot in FIELD) for seat in (0, 1)}


BOTH = ("real", "mirror")
# a back-row slot -> the front slot before it (MD-9.3)
FRONT_OF = {slot: f"{PLACE[slot][0]}_f{PLACE[slot][2]}" for slot in SLOTS if PLACE[slot][1] == "b"}
SEAT_FIELD = {seat: tuple(zip(FIELD, ZONE_NAMES[seat])) for seat in (0, 1)}
# A seat's field zone lists in slot order, fetched from ``Zones.lists`` in one call.
FIELD_LISTS = {seat: itemgetter(*ZONE_NAMES[seat]) for seat in (0, 1)}
_first = itemgetter(0)


def field_dolls(s: S, seat: int) -> list[int]:
    """The dolls of ``seat`` on the field, in slot order (the first card of each taken slot zone)."""
    return list(map(_first, filter(None, FIELD_LISTS[seat](s.zones.lists))))


def occupied(s: S, seat: int) -> dict[str, int]:
    """Each taken field slot of ``seat`` and the doll in it, in slot order (not to be changed: while
    the legal actions are listed, one answer per seat is shared by the listers, ``State.memo``)."""
    memo = s.memo
    if memo is not None:
        got = memo.get(seat)             # memo keys: the seat for occupied, 2 + seat for spots
        if got is not None:
            return got
    lsts = FIELD_LISTS[seat](s.zones.lists)
    out = dict(zip(compress(FIELD, lsts), map(_first, filter(None, lsts))))
    if memo is not None:
        memo[seat] = out
    return out


def slot_of(s: S, uid: int) -> str | None:
    where = FIELD_ZONES.get(s.cards[uid].zone)
    return where[1] if where else None


def on_field(s: S, uid: int) -> bool:
    return s.cards[uid].zone in FIELD_ZONES


def place_form(slot: str) -> str:
    """The form that belongs to a slot's side: real, mirror, or critical on the threshold."""
    side = PLACE[slot][0]
    return "critical" if side == "threshold" else side


def sides_at(slot: str, form_: str | None) -> tuple[str, ...]:
    """The sides a doll in ``slot`` with ``form_`` counts on (MD-9.7, MD-13.5): its own side; on the
    threshold both sides in critical form, none in any other form."""
    side = PLACE[slot][0]
    if side != "threshold":
        return (side,)
    return BOTH if form_ == "critical" else ()


# place_form and sides_at for every slot (and form), looked up on the hot paths.
PLACE_FORM = {slot: place_form(slot) for slot in FIELD}
# sides_at for every slot and form (None: a doll not yet given a form), looked up by the listers.
SIDES_AT = {(slot, f): sides_at(slot, f) for slot in FIELD for f in (None, "real", "mirror", "critical")}


def behind(slot: str, taken: dict[str, int]) -> bool:
    """A back-row slot whose front slot is taken (MD-9.3); ``taken``: the player's ``occupied``."""
    front = FRONT_OF.get(slot)
    return front is not None and front in taken


def counts_on(s: S, uid: int) -> tuple[str, ...]:
    """The sides a doll on the field counts as on (MD-9.7, MD-13.5)."""
    slot = slot_of(s, uid)
    return () if slot is None else sides_at(slot, s.cards[uid].form)


_OUT_OF_FORM: Why = ("why.cast_out_of_form", "MD-13.2")


@BOOK.rule("MD-13.2")
def wrong_form(slot: str, c: Any) -> Why | None:
    """A doll (card instance ``c``) in ``slot`` has no form for that side (MD-13.2): it cannot cast
    there (the reason), its attack is halved (``attack``) and the damage it takes doubled (``deal``)."""
    return _OUT_OF_FORM if PLACE_FORM[slot] not in c.d.forms else None


def out_of_form(s: S, uid: int) -> bool:
    """On a side (or the threshold) it has no form for (MD-13.2)."""
    slot = slot_of(s, uid)
    return slot is not None and wrong_form(slot, s.cards[uid]) is not None


def blocked(s: S, uid: int) -> bool:
    """A back-row doll with a doll of its player in front of it (MD-9.3)."""
    slot = slot_of(s, uid)
    return slot is not None and behind(slot, occupied(s, s.cards[uid].owner or 0))


def spots(s: S, seat: int, taken: dict[str, int] | None = None) -> list[tuple[int, str, tuple[str, ...], bool]]:
    """Each doll of ``seat`` on the field as (uid, slot, sides it counts on, blocked), in slot order:
    the board facts a listing needs, worked out once per listing rather than once per candidate
    (shared by the listers through ``State.memo``). ``taken``: the seat's ``occupied`` slots, when the
    caller has them already. Sides as ``sides_at``, blocked as ``behind`` (MD-9.3, MD-9.7, MD-13.5)."""
    memo = s.memo
    if memo is not None:
        got = memo.get(2 + seat)
        if got is not None:
            return got
    if taken is None:
        taken = occupied(s, seat)
    cards = s.cards
    front = FRONT_OF.get
    out = [(uid, slot, SIDES_AT[slot, cards[uid].form], front(slot) in taken) for slot, uid in taken.items()]
    if memo is not None:
        memo[2 + seat] = out
    return out


def side_names(s: S, seat: int) -> dict[str, dict[str, list[int]]]:
    """For each side, the names of ``seat``'s dolls counting on it and the dolls bearing each name (a critical
    doll on the threshold under both sides, MD-9.7; one off the threshold only under its own, MD-13.6).
    Shared by the listers while one listing runs (``State.memo``, key 6 + seat)."""
    memo = s.memo
    if memo is not None:
        got = memo.get(6 + seat)
        if got is not None:
            return got
    cards = s.cards
    out: dict[str, dict[str, list[int]]] = {"real": {}, "mirror": {}}
    for uid, _, sides, _ in spots(s, seat):
        name = cards[uid].d.name.en
        for side in sides:
            out[side].setdefault(name, []).append(uid)
    if memo is not None:
        memo[6 + seat] = out
    return out


@BOOK.rule("MD-7.5")
def twin_side(s: S, seat: int, name: str, sides: tuple[str, ...], skip: int | None = None) -> str | None:
    """The one check of MD-7.5 (no two dolls of one name on one side of a player), for summons, spell
    summons, moves, threshold moves and forced moves alike: the first of ``sides`` on which ``seat``
    already has a doll named ``name`` other than ``skip`` (the doll being moved), or None."""
    by_side = side_names(s, seat)
    for side in sides:
        for u in by_side[side].get(name, ()):
            if u != skip:
                return side
    return None


def arrival_sides(slot: str, c: Any) -> tuple[str, ...]:
    """The sides doll ``c`` would count on in ``slot``: it takes the slot's form if it has it (MD-13.1),
    else keeps its form (a doll not yet on the field: its first printed form, MD-7.7)."""
    want = PLACE_FORM[slot]
    return SIDES_AT[slot, want if want in c.d.forms else (c.form or c.d.first_form)]


def twin_at(s: S, seat: int, uid: int, slot: str) -> str | None:
    """The side on which doll ``uid`` entering ``slot`` would stand beside a doll of its name (MD-7.5)."""
    c = s.cards[uid]
    return twin_side(s, seat, c.d.name.en, arrival_sides(slot, c), uid)


def form(s: S, uid: int):
    """The doll's form now: the one it has taken, else its first printed form (MD-13.1)."""
    return form_of(s.cards[uid])


def form_of(c: Any):
    """``form`` of a card instance a caller already holds."""
    d = c.d
    return d.forms[c.form or d.first_form]


def _aura(s: S, uid: int) -> int:
    """Attack from lasting effects: ongoing casts and the face-up mirror card (its auras by op,
    ``CardDef.lasting_static``). The sides the doll counts on are looked up only when asked."""
    cards = s.cards
    m = s.zones.lists["table.mirror"]
    sources: list[tuple[int, Any]] = [(o["seat"], o["lasting"]) for o in s.ongoing] if s.ongoing else []
    if m:
        mc = cards[m[0]]
        auras = mc.d.lasting_static.get("aura")
        if auras:
            sources.append((mc.owner or 0, auras))
    if not sources:
        return 0
    c = cards[uid]
    total = 0
    sides: tuple[str, ...] | None = None
    for owner, calls in sources:
        for call in calls:
            if call["op"] != "aura":
                continue
            whose = call["whose"]
            if whose == "own" and c.owner != owner or whose == "enemy" and c.owner == owner:
                continue
            side = call["side"]
            if side != "any":
                if sides is None:
                    sides = counts_on(s, uid)
                if side not in sides:
                    continue
            total += call["attack"]
    return total


def attack(s: S, uid: int) -> int:
    """Printed attack of its form, plus effects; halved (rounded down) when out of form (MD-13.2)."""
    c = s.cards[uid]
    d = c.d
    a = d.forms[c.form or d.first_form].attack + _aura(s, uid)          # form(s, uid)
    if c.mods:
        a += total(c.mods, "attack")
    where = FIELD_ZONES.get(c.zone)
    if where is not None and wrong_form(where[1], c):
        a //= 2
    return max(0, a)


def max_hp(s: S, uid: int) -> int:
    return int(form(s, uid).hp)


def hp(s: S, uid: int) -> int:
    return max_hp(s, uid) - s.cards[uid].damage


def shield(s: S, uid: int) -> int:
    c = s.cards[uid]
    return max(0, form(s, uid).shield - c.shield_dmg) + total(c.mods, "shield")


def damage_kind(s: S, uid: int) -> str:
    return str(form(s, uid).damage)


# The sentence of a defeat by the side the doll stood on (MD-10.4).
DEFEAT_TEXT = {"real": "defeat.real", "mirror": "defeat.mirror", "threshold": "defeat.threshold"}


def _label(slot: str) -> str:
    side, row, i = PLACE[slot]
    if side == "threshold":
        return "the threshold"
    return f"{side} {'front' if row == 'f' else 'back'} {i + 1}"


SLOT_LABELS = {slot: _label(slot) for slot in FIELD}


def slot_label(slot: str) -> str:
    return SLOT_LABELS[slot]


# ----- damage and 0 HP (MD-10.x) ------------------------------------------------------------------------
def deal(s: S, uid: int, n: int, kind: str, why: str, clause: str, **about: Any) -> None:
    """Damage ``n`` of ``kind`` to a doll: doubled when out of form, then shields (MD-10.1 .. MD-10.3).
    ``why``: a ``why.*`` sentence of texts.yaml (where the damage comes from), ``about`` its data."""
    c = s.cards[uid]
    where = FIELD_ZONES.get(c.zone)
    if where is None or n <= 0:                                     # not on the field
        return
    if wrong_form(where[1], c):
        n *= 2
    shield_loss = 0
    if kind == "true_damage":
        hp_loss = n
    else:
        per = 2 if kind == "armour_break" else 1
        have = shield(s, uid)
        if n * per <= have:
            shield_loss, hp_loss = n * per, 0
        else:
            used = -(-have // per)
            shield_loss, hp_loss = have, n - used
        _take_shield(s, uid, shield_loss)
    c.damage += hp_loss
    cites = {"true_damage": "MD-10.3", "armour_break": "MD-10.2"}.get(kind, "MD-10.1") if shield_loss or \
        kind == "true_damage" else clause
    s.emit("damage", "damage", cites, uid=uid, card=c.cid, amount=n, damage_kind=kind, shield=shield_loss,
           hp=hp_loss, taken=shield_loss + hp_loss, why=why, left=max(0, hp(s, uid)), **about)


def _take_shield(s: S, uid: int, n: int) -> None:
    """Granted shields go first, then the form's printed shield."""
    c = s.cards[uid]
    for m in c.mods:
        if n <= 0:
            break
        have = m.get("shield")
        if have:
            take = min(n, have)
            m["shield"] = have - take
            n -= take
    c.shield_dmg += n


def check_deaths(s: S) -> None:
    """Every doll at 0 HP leaves the field for its side's destination (MD-10.4)."""
    from .effects import end_ongoing_of

    cards = s.cards
    for seat in (0, 1):
        for uid in field_dolls(s, seat):
            c = cards[uid]
            if not c.damage:                 # undamaged: hp is the form's, at least 1 (cards.Form)
                continue
            d = c.d
            if d.forms[c.form or d.first_form].hp - c.damage > 0:     # hp(s, uid)
                continue
            side = PLACE[slot_of(s, uid) or "threshold"][0]
            end_ongoing_of(s, uid, "MD-10.4")
            if not on_field(s, uid):
                continue
            leave_field(s, uid)
            if side == "mirror":
                s.zones.put(uid, ZONE[seat]["real_deck"])
                s.shuffle(seat, "real_deck")
            else:
                s.zones.put(uid, ZONE[seat]["mirror_pile"])
            s.emit("defeat", DEFEAT_TEXT[side], "MD-10.4", uid=uid, card=s.cards[uid].cid, seat=seat, side=side)


def leave_field(s: S, uid: int) -> None:
    """Lift a doll off the field and forget what it carried there."""
    c = s.zones.take(uid)
    c.form = None
    c.damage = c.shield_dmg = 0
    c.mods = []
    c.acted = False


# ----- entering a slot, forms (MD-7.7, MD-13.x) ------------------------------------------------------------
def enter(s: S, uid: int, seat: int, slot: str, summoned: bool) -> None:
    """Put a lifted doll into ``slot``: it takes the slot's form if it has it (MD-13.1, MD-7.7)."""
    c = s.cards[uid]
    s.zones.put(uid, ZONE[seat][slot])
    want = PLACE_FORM[slot]
    if summoned:
        c.form = want if want in c.d.forms else c.d.first_form
        if c.form != want:
            s.emit("out_of_form", "out_of_form.arrive", "MD-7.7", uid=uid, card=c.cid, form=c.form, want=want)
        return
    if want in c.d.forms and c.form != want:
        change_form(s, uid, want)
    elif want not in c.d.forms:
        s.emit("out_of_form", "out_of_form.stay", "MD-13.2", uid=uid, card=c.cid, form=c.form, want=want)


def change_form(s: S, uid: int, new: str) -> None:
    """Not a new entry: damage and acted stay, lost printed shield does not; effects clear; its ongoing casts
    end (MD-13.3, MD-13.4)."""
    from .effects import end_ongoing_of

    c = s.cards[uid]
    old = c.form
    c.form = new
    # Only the HP gap carries over (MD-13.3): printed shield the old form lost does not, so the new form
    # starts with its own printed shield in full; shields granted by effects go with the effects (MD-13.4).
    c.shield_dmg = 0
    had = bool(c.mods)
    c.mods = []
    s.emit("form", "form", "MD-13.3", uid=uid, card=c.cid, old=old, new=new, damage=c.damage, left=hp(s, uid))
    if had:
        s.emit("clear", "clear", "MD-13.4", uid=uid, card=c.cid)
    end_ongoing_of(s, uid, "MD-13.4")
    check_deaths(s)


def move_to(s: S, uid: int, slot: str) -> None:
    """Move a doll of its owner to an empty ``slot`` (the form rules follow)."""
    seat = s.cards[uid].owner or 0
    frm = slot_of(s, uid)
    s.zones.take(uid)
    s.emit("move", "move", "MD-12.1", uid=uid, card=s.cards[uid].cid, to=slot, frm=frm, from_slot=frm or "threshold")
    enter(s, uid, seat, slot, summoned=False)


def _matching(slot: str) -> str | None:
    side, row, i = PLACE[slot]
    if side == "threshold":
        return None
    return f"{other_side(side)}_{row}{i}"


MATCHING = {slot: _matching(slot) for slot in FIELD}
# How rulings and scripts name a doll's place, ``seat:slot`` (play.where), for every place.
AT = {(seat, slot): f"{seat}:{slot}" for seat in (0, 1) for slot in FIELD}


def matching_slot(slot: str) -> str | None:
    """The same slot on the other side (MD-12.1); None for the threshold."""
    return MATCHING[slot]


SIDE_SLOTS = {side: tuple(slot for slot in SLOTS if slot.startswith(side)) for side in ("real", "mirror")}


def empty_in(taken: dict[str, int], side: str) -> list[str]:
    """The empty slots of ``side`` given a player's ``occupied`` slots."""
    return [slot for slot in SIDE_SLOTS[side] if slot not in taken]


def empty_slots(s: S, seat: int, side: str) -> list[str]:
    return empty_in(occupied(s, seat), side)
