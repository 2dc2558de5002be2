"""Card effects named in the data (``op``), ongoing spells and their durations (MD-11.x, MD-12.3/12.4).

Each effect lives in ``BOOK.effects`` and is called in the one shape of core/effects.py,
``fn(state, ctx: EffectCtx, **params)`` (play.run_effect builds the context): ``ctx.seat`` casts,
``ctx.card`` is the spell card or the casting doll, ``ctx.target`` what it aims at, ``ctx.clause`` the
rule it is cast under; ``ctx.data`` holds ``spell`` (the cast's name as a sentence field), ``src`` (its
ongoing spell, None for a one-off) and ``caster`` (the doll that cast it, or None). Effects marked
``lasting`` (auras, discounts) do nothing when cast: while their ongoing spell or mirror card is in
place they are read where they matter (attack values, summon costs, direct attacks).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import modifiers
from ...core.actions import Action
from ...core.checks import Why
from ...core.effects import EffectCtx
from ...core.moves import refuse
from ...core.texts import Say
from . import board
from .book import BOOK, DAMAGE_KINDS, SIDES, ZONE, other_side
from .checks import FORCED_SLOT, forced_slot, side_full

if TYPE_CHECKING:
    from .state import MirrorDollsState as S

fx = BOOK.effects
TARGETED = {"target": True}
LASTING = {"lasting": True}


def spell_text(cid: str) -> dict[str, Any]:
    """A spell card's name as a sentence field (``{spell:text}``): JSON data, written when read."""
    return {"key": "name.spell", "data": {"card": cid}}


def cast_text(cid: str) -> dict[str, Any]:
    """A doll's cast named after the doll (``{spell:text}``: "Velvet Oracle's cast")."""
    return {"key": "name.cast", "data": {"card": cid}}


def english(s: S, text: dict[str, Any], lang: str = "en") -> str:
    """A ``spell_text`` / ``cast_text`` in ``lang`` (the view's name of an ongoing spell)."""
    return s.game.texts.render(text["key"], text["data"], lang)


def _seat(ctx: EffectCtx) -> int:
    """The seat that casts (every cast has one, play.begin_cast)."""
    seat = ctx.seat
    assert seat is not None
    return seat


def _target(s: S, ctx: EffectCtx) -> int | None:
    t = ctx.target
    return t if isinstance(t, int) and board.on_field(s, t) else None


def _mod(s: S, ctx: EffectCtx, uid: int, until_turn: bool = False, **change: Any) -> None:
    """A lasting change to a doll, in core/modifiers.py's shape (``attack``, ``shield`` or ``nullify``).
    An ongoing spell's changes last while it does (``src``: its id; ``end_ongoing`` drops them, MD-11.7);
    a one-off buff lasts until the end of this turn (``until``: the turn number, MD-4.7); other one-off
    changes stay while the doll does (leaving the field or changing form clears them, MD-13.4)."""
    src = ctx.data.get("src")
    modifiers.lasting(s.cards[uid].mods, s.turn if until_turn and src is None else None, src=src, **change)


@fx("damage", meta=TARGETED, n=int, kind=DAMAGE_KINDS)
def damage(s: S, ctx: EffectCtx, n: int, kind: str) -> None:
    """Spell damage: not an attack, nothing is dealt back (MD-9.9)."""
    t = _target(s, ctx)
    if t is not None:
        board.deal(s, t, n, kind, "why.spell_damage", "MD-9.9", spell=ctx.data["spell"])
        board.check_deaths(s)


@fx("heal", meta=TARGETED, n=int)
def heal(s: S, ctx: EffectCtx, n: int) -> None:
    t = _target(s, ctx)
    if t is not None:
        c = s.cards[t]
        healed = min(n, c.damage)
        c.damage -= healed
        s.emit("heal", "heal", "MD-11.1", uid=t, amount=healed, card=c.cid, spell=ctx.data["spell"],
               left=board.hp(s, t))


@fx("shield", meta=TARGETED, n=int)
def shield(s: S, ctx: EffectCtx, n: int) -> None:
    t = _target(s, ctx)
    if t is not None:
        _mod(s, ctx, t, shield=n)
        s.emit("shield", "shield", "MD-10.1", uid=t, amount=n, card=s.cards[t].cid, spell=ctx.data["spell"],
               total=board.shield(s, t))


@fx("buff", meta=TARGETED, attack=int)
def buff(s: S, ctx: EffectCtx, attack: int) -> None:
    t = _target(s, ctx)
    if t is not None:
        _mod(s, ctx, t, attack=attack, until_turn=True)
        s.emit("buff", "buff", "MD-11.1", uid=t, amount=attack, card=s.cards[t].cid, spell=ctx.data["spell"])


@fx("nullify", meta=TARGETED)
def nullify(s: S, ctx: EffectCtx) -> None:
    t = _target(s, ctx)
    if t is not None:
        _mod(s, ctx, t, nullify=True)
        s.emit("veil", "veil", "MD-9.8", uid=t, card=s.cards[t].cid, spell=ctx.data["spell"])


@fx("force_move", meta=TARGETED, to=("other", "threshold"))
def force_move(s: S, ctx: EffectCtx, to: str) -> None:
    """A forced move is free (MD-12.3). With no empty slot on the target side the doll stays and its ongoing
    casts end (MD-12.4); one that would give its player two dolls of one name on a side is void (MD-12.6,
    the check of MD-7.5); else it takes the matching slot if empty, the only empty slot, or the empty slot
    its owner picks (MD-12.5)."""
    t = _target(s, ctx)
    if t is None:
        return
    c = s.cards[t]
    seat = c.owner or 0
    frm = board.slot_of(s, t) or "threshold"
    taken = board.occupied(s, seat)
    side: str | None
    if to == "threshold":
        side = "threshold"
        empty = [] if "threshold" in taken else ["threshold"]
    elif frm == "threshold":
        side, empty = None, []           # the threshold has no other side (MD-12.4)
    else:
        side = other_side(board.PLACE[frm][0])
        empty = board.empty_in(taken, side)
    if not empty:
        s.emit("no_room", NO_ROOM[side], "MD-12.4", uid=t, card=c.cid, spell=ctx.data["spell"], side=side)
        end_ongoing_of(s, t, "MD-12.4")
        return
    twin = board.twin_at(s, seat, t, empty[0])          # every empty slot of a side gives the same sides
    if twin is not None:
        s.emit("forced_void", "forced_void", "MD-12.6", uid=t, card=c.cid, spell=ctx.data["spell"], side=twin)
        return
    match = board.MATCHING[frm]
    dest = match if match in empty else (empty[0] if len(empty) == 1 else None)
    if dest is None:
        s.ask(seat, "forced_slot", "ask.forced_slot", "MD-12.5", listers=(forced_slot_options,), seat=seat,
              uid=t, card=c.cid, side=side, spell=ctx.data["spell"])
        return
    s.emit("forced", "forced", "MD-12.3", uid=t, to=dest, card=c.cid, spell=ctx.data["spell"])
    board.move_to(s, t, dest)


# The sentence of a forced move that finds no empty slot, by the target side (None: from the threshold).
NO_ROOM = {None: "no_room.threshold", "threshold": "no_room.taken", "real": "no_room.full", "mirror": "no_room.full"}


BOOK.moves.declare("forced_slot", None, not_now=("why.not_now.forced_slot", "MD-12.5"),
                   no_such=("why.no_such.forced_slot", "MD-12.5"), label="kind.forced_slot")


@BOOK.moves.lister("forced_slot", actor="chooser")
def forced_slot_options(s: S, seat: int) -> list:
    """The owner's pick of an empty slot for a doll forced to its other side (MD-12.5: ``forced_slot``)."""
    ch = s.choices[-1]
    if ch.kind != "forced_slot":
        return []
    uid, cid, side = ch.ctx["uid"], ch.ctx["card"], ch.ctx["side"]
    texts = s.game.texts
    ex = s.explaining
    taken = board.occupied(s, seat)
    out: list = []
    for to in board.SIDE_SLOTS[side]:
        no = forced_slot(to, taken)
        if no is None:
            out.append(Action("forced_slot", seat, {"card": uid, "name": cid, "to": to},
                              Say((texts, "act.forced_slot", {"card": cid, "to": to})), "MD-12.5"))
        elif ex:
            out.append(refuse(Say((texts, no[0], {"card": cid, "side": side})), no[1], "forced_slot", to=to))
    if ex:
        out.append(refuse(Say((texts, FORCED_SLOT[0], {"card": cid, "side": side})), FORCED_SLOT[1], "forced_slot"))
    return out


@BOOK.choice("forced_slot")
def answer_forced_slot(s: S, choice, action: Action) -> None:
    uid, to = action.args["card"], action.args["to"]
    s.emit("forced", "forced.pick", "MD-12.5", uid=uid, to=to, card=s.cards[uid].cid, spell=choice.ctx["spell"],
           seat=action.player)
    board.move_to(s, uid, to)


@fx("summon", source=("hand", "deck"), side=SIDES)
def summon(s: S, ctx: EffectCtx, source: str, side: str) -> None:
    """A summon by a spell: the caster picks a doll and a slot; no summon cost (MD-7.4). With no doll
    it may summon, the summon fails and says why (the first doll's reason: MD-7.6 or MD-7.5)."""
    seat = _seat(ctx)
    _, found = summon_candidates(s, seat, source, side)
    if all(no is not None for _, _, no in found):
        why: dict[str, Any] = {"key": "why.no_doll", "data": {}}
        clause = "MD-7.4"
        if found:
            _, cid, no = found[0]
            assert no is not None
            why, clause = {"key": no[0], "data": {"side": side, "doll": cid}}, no[1]
        s.emit("summon_fails", "summon_fails", clause, seat=seat, spell=ctx.data["spell"], why=why)
        return
    s.ask(seat, "spell_summon", "ask.spell_summon", "MD-7.4", listers=(spell_summon_options,), seat=seat,
          source=source, side=side, spell=ctx.data["spell"])


#: What a spell summon beside a doll of its name is told (the check is board.twin_side, MD-7.5).
SPELL_TWIN: Why = ("why.same_name", "MD-7.5")


def summon_candidates(s: S, seat: int, source: str, side: str) -> tuple[list[str], list[tuple[int, str, Why | None]]]:
    """A spell summon's candidates: the empty slots of ``side``, and each doll name in the hand or deck
    (its first copy: uid, card id) with why it may not go there (a full side, MD-7.6; a doll of its
    name there, MD-7.5), or None."""
    pile = s.pile(seat, "dolls" if source == "hand" else "real_deck")
    empty = board.empty_slots(s, seat, side)
    full = side_full(empty, by_spell=True)
    seen: set[str] = set()
    out: list[tuple[int, str, Why | None]] = []
    for uid in pile:
        c = s.cards[uid]
        if c.cid in seen:
            continue
        seen.add(c.cid)
        no = full
        if no is None and board.twin_side(s, seat, c.d.name.en, (side,)) is not None:
            no = SPELL_TWIN
        out.append((uid, c.cid, no))
    return empty, out


BOOK.moves.declare("spell_summon", None, not_now=("why.not_now.spell_summon", "MD-7.4"),
                   no_such=("why.no_such.spell_summon", "MD-7.4"),
                   label="kind.spell_summon")


@BOOK.moves.lister("spell_summon", actor="chooser")
def spell_summon_options(s: S, seat: int) -> list:
    """The caster's pick of a doll and a slot for a summon by a spell (MD-7.4)."""
    ch = s.choices[-1]
    if ch.kind != "spell_summon":
        return []
    side = ch.ctx["side"]
    empty, found = summon_candidates(s, seat, ch.ctx["source"], side)
    texts = s.game.texts
    out: list = []
    for uid, cid, no in found:
        if no is None:
            out += [Action("spell_summon", seat, {"card": uid, "name": cid, "slot": slot},
                           Say((texts, "act.spell_summon", {"card": cid, "slot": slot})), "MD-7.4") for slot in empty]
        elif s.explaining:
            out.append(refuse(Say((texts, no[0], {"side": side, "doll": cid})), no[1], card=uid))
    return out


@BOOK.choice("spell_summon")
def answer_spell_summon(s: S, choice, action: Action) -> None:
    seat, uid, slot = action.player, action.args["card"], action.args["slot"]
    source = choice.ctx["source"]
    s.zones.take(uid)
    s.emit("summon", "summon.spell", "MD-7.4", seat=seat, card=s.cards[uid].cid, uid=uid, slot=slot, by="spell",
           source=source, spell=choice.ctx["spell"])
    board.enter(s, uid, seat, slot, summoned=True)
    if source == "deck":
        s.shuffle(seat, "real_deck")


@fx("draw", optional=("dolls", "spells"), dolls=int, spells=int)
def draw(s: S, ctx: EffectCtx, dolls: int = 0, spells: int = 0) -> None:
    from . import turn

    for _ in range(dolls):
        turn.draw_doll(s, _seat(ctx), "MD-11.1")
    for _ in range(spells):
        turn.draw_spell(s, _seat(ctx), "MD-11.1")
    turn.hand_limits(s, _seat(ctx))


@fx("score", n=int, who=("self", "both"))
def score(s: S, ctx: EffectCtx, n: int, who: str) -> None:
    seats = (0, 1) if who == "both" else (_seat(ctx),)
    for seat in seats:
        s.ps[seat].score += n
        s.emit("score", "score", "MD-1.2", seat=seat, amount=n, score=s.ps[seat].score, spell=ctx.data["spell"])


@fx("gain", order=int)
def gain(s: S, ctx: EffectCtx, order: int) -> None:
    from .points import gain_order

    gain_order(s, _seat(ctx), order, "MD-11.1")


@fx("aura", meta=LASTING, attack=int, side=("real", "mirror", "any"), whose=("own", "enemy", "all"))
def aura(s: S, ctx: EffectCtx, **_: Any) -> None:
    """Lasting: read by board.attack while its source is in place."""


@fx("discount", meta=LASTING, n=int, source=("hand", "pile"))
def discount(s: S, ctx: EffectCtx, **_: Any) -> None:
    """Lasting: read by summon costs while its source is in place."""


@fx("direct_bonus", meta=LASTING, n=int)
def direct_bonus(s: S, ctx: EffectCtx, **_: Any) -> None:
    """Lasting: read by direct attacks while its source is in place."""


def lasting(s: S, op: str) -> list[tuple[int, dict]]:
    """(owner, call) of every lasting effect ``op`` in place: ongoing casts, then the mirror card
    (its static effects by op, ``CardDef.lasting_static``)."""
    out = [(o["seat"], c) for o in s.ongoing for c in o["lasting"] if c["op"] == op] if s.ongoing else []
    m = s.zones.lists["table.mirror"]
    if m:
        mc = s.cards[m[0]]
        calls = mc.d.lasting_static.get(op)
        if calls:
            owner = mc.owner or 0
            out += [(owner, c) for c in calls]
    return out


# ----- ongoing spells (MD-11.3 .. MD-11.7) -------------------------------------------------------------
def start_ongoing(s: S, seat: int, spell: dict[str, Any], card: int | None, caster: int | None, duration: int,
                  calls: tuple[dict, ...]) -> int:
    """``spell``: its name as a sentence field (``spell_text`` / ``cast_text``)."""
    oid = s.next_ongoing
    s.next_ongoing += 1
    last = s.turn + duration - 1
    s.ongoing.append({"id": oid, "seat": seat, "spell": spell, "card": card, "caster": caster, "until": last,
                      "lasting": [dict(c) for c in calls if fx.meta[c["op"]].get("lasting")]})
    s.emit("ongoing", "ongoing", "MD-11.6", seat=seat, id=oid, until=last, spell=spell, duration=duration)
    return oid


def end_ongoing(s: S, oid: int, clause: str, why: dict[str, Any]) -> None:
    """An ongoing spell ends: its effects stop (damage stays); a spell card goes home (MD-11.7).
    ``why``: a ``why.*`` sentence with its data (``{"key": ..., "data": ...}``)."""
    o = next((o for o in s.ongoing if o["id"] == oid), None)
    if o is None:
        return
    s.ongoing.remove(o)
    modifiers.drop_from(field_cards(s), oid)
    s.emit("ongoing_end", "ongoing_end", clause, seat=o["seat"], id=oid, spell=o["spell"], why=why)
    if o["card"] is not None:
        seat = o["seat"]
        s.zones.move(o["card"], ZONE[seat]["spell_deck"])
        s.shuffle(seat, "spell_deck")
        s.emit("spell_home", "spell_home.ended", "MD-11.3", seat=seat, spell=o["spell"])


def end_ongoing_of(s: S, doll: int, clause: str) -> None:
    """End the ongoing casts a doll made (form change, leaving the field, a forced move without room)."""
    for o in [o for o in s.ongoing if o["caster"] == doll]:
        end_ongoing(s, o["id"], clause, {"key": "why.caster_gone", "data": {"caster": s.cards[doll].cid}})


def expire(s: S) -> None:
    """At the end of a turn: ongoing spells in their last turn end, turn-long effects end (MD-4.7, MD-11.6)."""
    # An ongoing spell's ``until`` is its last turn, in the shape of core/modifiers.py (``ends``).
    for o in [o for o in s.ongoing if modifiers.ends(o, s.turn)]:
        end_ongoing(s, o["id"], "MD-11.6", {"key": "why.last_turn", "data": {"until": o["until"]}})
    modifiers.expire(field_cards(s), s.turn)


def field_cards(s: S) -> list:
    """The dolls on the field, both players' (the cards that carry lasting changes)."""
    cards = s.cards
    return [cards[u] for seat in (0, 1) for u in board.field_dolls(s, seat)]
