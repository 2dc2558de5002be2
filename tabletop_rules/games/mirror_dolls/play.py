"""The action step's moves: summon, cast a spell, end an ongoing spell, and each doll's one action
(attack, cast, move). Each lister yields the legal actions and the refusals of the rest, so the rule
that lists an action is the rule that explains why another is refused (MD-7.x, MD-8.1, MD-9.x,
MD-11.x, MD-12.x)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.checks import Why
from ...core.effects import EffectCtx
from ...core.moves import refuse
from ...core.registry import args_of
from ...core.texts import Say
from . import board
from .book import BOOK, SIDES, ZONE
from .checks import (
    FROM_THRESHOLD,
    MOVE_WHERE,
    REACH,
    SUMMON_SLOT,
    TARGET,
    acted,
    aim,
    back_row,
    hand_summon,
    must_target,
    no_cast,
    no_ongoing,
    onto_threshold,
    other_side,
    out_of_reach,
    pile_summon,
    side_full,
    sideless,
)
from .effects import cast_text, end_ongoing, lasting, spell_text, start_ongoing
from .points import cannot_pay, cost_words, pay, pay_cost
from .turn import not_your_turn

if TYPE_CHECKING:
    from .cards import Cast
    from .state import MirrorDollsState as S

# Summon sources: the pile, the side it enters, the point it costs and the check of its clause (MD-7.1, MD-7.2).
SOURCES = (("hand", "dolls", "real", "order", hand_summon), ("pile", "mirror_pile", "mirror", "chaos", pile_summon))

def discount(s: S, source: str) -> int:
    found = lasting(s, "discount")
    return sum([c["n"] for _, c in found if c["source"] == source]) if found else 0


def summon_cost(s: S, uid: int, source: str) -> int:
    """The printed summon cost less any discount in place for that source (never below 0)."""
    return cost_after(s.cards[uid].d.cost or 0, discount(s, source))


def cost_after(printed: int, off: int) -> int:
    """A printed summon cost less a discount, never below 0: apply (``summon_cost``) and the lister
    (which works the discount out once per source) both ask this."""
    return printed - off if printed > off else 0


def distinct(s: S, pile: list[int]) -> list[tuple[int, str, str, int]]:
    """The first doll of each card id in ``pile``, in pile order, as (uid, card id, English name, printed
    cost): summons are listed once per name. Kept per pile content on the state (``State.firsts``),
    as piles change far less often than the actions are listed."""
    key = tuple(pile)
    cache = s.firsts
    got = cache.get(key)
    if got is None:
        cards = s.cards
        seen: set[str] = set()
        got = []
        for uid in pile:
            c = cards[uid]
            if c.cid not in seen:
                seen.add(c.cid)
                got.append((uid, c.cid, c.d.name.en, c.d.cost or 0))
        if len(cache) >= 64:
            cache.clear()
        cache[key] = got
    return got


# ----- summons (MD-7.1 .. MD-7.6) ---------------------------------------------------------------------
# Listers build a list (no generators: Moves.legal and Moves.explain take any iterable), refusals only
# while explaining (State._refusal); the conditions stay the same either way.
@BOOK.moves.lister("summon", actor="turn_player", not_yours=not_your_turn)
def summon_actions(s: S, seat: int) -> list:
    """Each doll name in the hand or the mirror pile into each empty slot of its side, checked by the
    source's cost (MD-7.1 / MD-7.2), a full side (MD-7.6) and twin names (MD-7.5)."""
    out: list = []
    ex = s.explaining
    p = s.ps[seat]
    lists = s.zones.lists
    zone = ZONE[seat]
    taken_slots: dict[str, int] | None = None
    texts = s.game.texts
    for source, pile, side, point, unpaid in SOURCES:
        cards = lists[zone[pile]]
        if not cards:
            continue
        if taken_slots is None:
            taken_slots = board.occupied(s, seat)
        empty = board.empty_in(taken_slots, side)
        full = side_full(empty)
        sides = (side,)
        off = discount(s, source)
        for uid, cid, name, printed in distinct(s, cards):
            cost = cost_after(printed, off)
            no = unpaid(s, seat, cost) or full
            if no is None and board.twin_side(s, seat, name, sides) is not None:
                no = SUMMON_TWIN
            if no is not None:
                if ex:
                    out.append(refuse(Say((texts, no[0], {"card": cid, "source": source, "cost": cost, "point": point,
                                                          "who": seat, "side": side,
                                                          "have": p.order if point == "order" else p.chaos})),
                                      no[1], card=uid))
                continue
            out += [Action("summon", seat, {"card": uid, "name": cid, "slot": slot},
                           Say((texts, "act.summon", {"card": cid, "source": source, "slot": slot,
                                                     "cost": cost, "point": point})), SUMMON_SLOT[source][1])
                    for slot in empty]
            if ex:
                why = SUMMON_SLOT[source]
                out.append(refuse(Say((texts, why[0], {"card": cid, "source": source, "side": side})), why[1],
                                  card=uid))
    return out


# What a summon that would stand beside a doll of its name is told (the check is board.twin_side, MD-7.5).
SUMMON_TWIN = ("why.summon_same_name", "MD-7.5")


@BOOK.moves.kind("summon", not_now=("why.not_now.summon", "MD-4.6"),
                 no_such=("why.no_such.summon", "MD-7.1"),
                 label="kind.summon")
def summon(s: S, action: Action) -> None:
    seat, uid, slot = action.player, action.args["card"], action.args["slot"]
    source = "hand" if s.cards[uid].zone == ZONE[seat]["dolls"] else "pile"
    cost = summon_cost(s, uid, source)
    s.zones.take(uid)
    cid = s.cards[uid].cid
    if source == "hand":
        pay(s, seat, order=cost, why="why.summon", card=cid)
    else:
        pay(s, seat, chaos=cost, why="why.summon_pile", card=cid)
    s.emit("summon", "summon", "MD-7.1" if source == "hand" else "MD-7.2", seat=seat, card=cid, uid=uid, slot=slot,
           by=source, source=source)
    board.enter(s, uid, seat, slot, summoned=True)


# ----- casting (MD-11.x) ------------------------------------------------------------------------------
TARGET_SEATS = {"enemy_doll": (1,), "own_doll": (0,), "any_doll": (0, 1)}   # 0: the caster's seat


def target_dolls(s: S, seat: int) -> list[tuple[int, str, str]]:
    """The dolls of ``seat`` a cast may target, as (uid, card id, ``seat:slot``), in slot order; shared by
    the listers while one listing runs (``State.memo``, key 4 + seat)."""
    memo = s.memo
    if memo is not None:
        got = memo.get(4 + seat)
        if got is not None:
            return got
    cards = s.cards
    at = board.AT
    out = [(u, cards[u].cid, at[seat, slot]) for slot, u in board.occupied(s, seat).items()]
    if memo is not None:
        memo[4 + seat] = out
    return out


def targets_of(s: S, seat: int, target: str) -> list[tuple[int, str, str]]:
    """What a cast of ``seat`` with ``target`` (enemy_doll, own_doll or any) may aim at, own dolls first."""
    seats = TARGET_SEATS.get(target, (0, 1))
    if len(seats) == 1:
        return target_dolls(s, seat if seats[0] == 0 else 1 - seat)
    return target_dolls(s, seat) + target_dolls(s, 1 - seat)


def where(s: S, uid: int) -> str:
    """A doll's place as ``seat:slot`` (``1:real_f0``): how rulings and scripts name a target."""
    return f"{s.cards[uid].owner}:{board.slot_of(s, uid)}"


def cast_offers(s: S, seat: int, kind: str, uid: int, cast: Cast, what: dict[str, Any], clause: str,
                out: list, frm: str | None = None) -> None:
    """Append the actions (one per target) of a cast that can be paid, or why it cannot, to ``out``:
    its cost (MD-5.1, MD-5.6: ``cannot_pay``) and its target (MD-11.1: ``aim``). ``frm``: the casting
    doll's slot (a doll's cast). ``what``: the cast's name as a sentence field (effects.spell_text /
    cast_text), for refusals; ``clause``: the clause the cast is made under (MD-11.1 or MD-11.5)."""
    ex = s.explaining
    cost = cast.cost
    no = cannot_pay(s, seat, cost.order, cost.chaos, cost.overflow)
    texts = s.game.texts
    if no is not None:
        if ex:
            problem = cost_words(s, seat, no[0], cost.order, cost.chaos)
            out.append(refuse(Say((texts, "why.cast_cost", {"spell": what, "problem": problem})), no[1], kind,
                              card=uid))
        return
    cid = s.cards[uid].cid
    doll = kind == "ability"
    if cast.target == "none":
        if doll:
            out.append(Action(kind, seat, {"card": uid, "name": cid, "from": frm},
                              Say((texts, "act.ability", {"card": cid})), clause))
        else:
            out.append(Action(kind, seat, {"card": uid, "name": cid}, Say((texts, "act.cast", {"card": cid})), clause))
        return
    found = targets_of(s, seat, cast.target)
    no = aim(found)
    if no is not None and ex:
        out.append(refuse(Say((texts, no[0], {"spell": what})), no[1], kind, card=uid))
    if doll:
        out += [Action(kind, seat, {"card": uid, "name": cid, "from": frm, "target": t, "at": at},
                       Say((texts, "act.ability_on", {"card": cid, "foe": foe})), clause) for t, foe, at in found]
    else:
        out += [Action(kind, seat, {"card": uid, "name": cid, "target": t, "at": at},
                       Say((texts, "act.cast_on", {"card": cid, "foe": foe})), clause) for t, foe, at in found]
    if ex:
        out.append(refuse(Say((texts, TARGET[0], {"spell": what, "target": cast.target})), TARGET[1], kind, card=uid))


@BOOK.moves.lister("cast", "end_spell", actor="turn_player", not_yours=not_your_turn)
def spell_actions(s: S, seat: int) -> list:
    """Cast a spell from your hand (MD-11.1), or end the ongoing spell in your spell slot (MD-11.4)."""
    out: list = []
    ex = s.explaining
    lists = s.zones.lists
    zone = ZONE[seat]
    hand = lists[zone["spells"]]
    if hand:
        seen: set[str] = set()
        cards = s.cards
        for uid in hand:
            c = cards[uid]
            if c.cid in seen or c.d.spell is None:
                continue
            seen.add(c.cid)
            # The cast's name is only for refusals, so it is written only while explaining.
            cast_offers(s, seat, "cast", uid, c.d.spell, spell_text(c.cid) if ex else {}, "MD-11.1", out)
    slot = lists[zone["spell_slot"]]
    no = no_ongoing(slot)
    if no is None:
        out.append(Action("end_spell", seat, {}, Say((s.game.texts, "act.end_spell", {"card": s.cards[slot[0]].cid})),
                          "MD-11.4"))
    elif ex:
        out.append(refuse(no[0], no[1], "end_spell"))
    return out


def begin_cast(s: S, seat: int, spell: dict[str, Any], cast: Cast, card: int | None, caster: int | None,
               target: int | None) -> None:
    """Pay, settle the spell slot, start the duration, then run the effects in order (MD-11.1 .. MD-11.6).
    ``spell``: the cast's name as a sentence field (effects.spell_text / cast_text)."""
    if card is not None:
        s.zones.move(card, ZONE[seat]["casting"])
    pay_cost(s, seat, cast.cost, "why.cast", spell=spell)
    cards = s.cards
    about: dict[str, Any] = {"on": cards[target].cid} if target is not None else {}
    if caster is None:
        text = "cast.seat" if target is None else "cast.seat_on"
    else:
        text = "cast.doll" if target is None else "cast.doll_on"
        about["caster"] = cards[caster].cid
    s.emit("cast", text, "MD-11.1" if caster is None else "MD-11.5", seat=seat, target=target, spell=spell, **about)
    src = None
    if cast.duration:
        if card is not None:
            old = s.pile(seat, "spell_slot")
            for o in [o for o in s.ongoing if old and o["card"] == old[0]]:
                end_ongoing(s, o["id"], "MD-11.3", {"key": "why.replaced", "data": {"new": spell}})
        src = start_ongoing(s, seat, spell, card, caster, cast.duration, cast.do)
    # What the effects are resolved with, stored as plain data in the queue (clones copy it); run_effect
    # hands each effect an EffectCtx built from it.
    ctx: dict[str, Any] = {"seat": seat, "card": caster if card is None else card, "target": target,
                           "clause": "MD-11.1" if caster is None else "MD-11.5", "src": src, "caster": caster,
                           "spell": spell}
    steps: list[tuple[Any, dict]] = [(run_effect, {"ctx": ctx, "call": dict(call)}) for call in cast.do]
    steps.append((finish_cast, {"seat": seat, "card": card, "ongoing": bool(cast.duration)}))
    s.then(*steps)


@BOOK.procedure
def run_effect(s: S, ctx: dict, call: dict) -> None:
    """One effect of a cast, called in the one shape of core/effects.py: ``fn(state, EffectCtx, **params)``
    (``ctx.data``: ``spell``, the cast's name as a sentence field; ``src``, its ongoing spell or None;
    ``caster``, the doll that cast it or None)."""
    data = {k: v for k, v in ctx.items() if k not in _CTX_FIELDS}
    BOOK.effects[call["op"]](s, EffectCtx(ctx["seat"], ctx.get("card"), ctx.get("target"), ctx.get("clause"), **data),
                             **args_of(call))


_CTX_FIELDS = frozenset(("seat", "card", "target", "clause"))


@BOOK.procedure
def finish_cast(s: S, seat: int, card: int | None, ongoing: bool) -> None:
    if card is None or s.cards[card].zone != ZONE[seat]["casting"]:
        return
    if ongoing:
        s.zones.move(card, ZONE[seat]["spell_slot"])
        s.emit("spell_slot", "spell_slot", "MD-11.3", seat=seat, card=s.cards[card].cid)
    else:
        s.zones.move(card, ZONE[seat]["spell_deck"])
        s.shuffle(seat, "spell_deck")
        s.emit("spell_home", "spell_home.used", "MD-11.2", seat=seat, card=s.cards[card].cid)


@BOOK.moves.kind("cast", not_now=("why.not_now.cast", "MD-11.1"),
                 no_such=("why.no_such.cast", "MD-11.1"), label="kind.cast")
def cast(s: S, action: Action) -> None:
    uid = action.args["card"]
    sp = s.cards[uid].d.spell
    assert sp is not None
    begin_cast(s, action.player, spell_text(s.cards[uid].cid), sp, uid, None, action.args.get("target"))


@BOOK.moves.kind("end_spell", not_now=("why.not_now.end_spell", "MD-11.4"),
                 label="kind.end_spell")
def end_spell(s: S, action: Action) -> None:
    card = s.pile(action.player, "spell_slot")[0]
    for o in [o for o in s.ongoing if o["card"] == card]:
        end_ongoing(s, o["id"], "MD-11.4", {"key": "why.owner_ends", "data": {}})


# ----- each doll's one action (MD-8.1): attack, cast, move ---------------------------------------------------
Spot = "tuple[int, str, tuple[str, ...], bool]"      # board.spots: uid, slot, sides, blocked
# An opposing doll: uid, sides, its sideless and back_row answers, card id, seat:slot
Foe = "tuple[int, tuple[str, ...], Why | None, Why | None, str, str]"


@BOOK.moves.lister("attack", "ability", "move", actor="turn_player", not_yours=not_your_turn)
def doll_actions(s: S, seat: int) -> list:
    """Each doll's one action (MD-8.1): its attacks (MD-9.x), its cast (MD-11.5) and its moves (MD-12.x),
    doll by doll in slot order, each candidate checked by the checks of its rules (checks.py; a move
    beside a doll of its name by board.twin_at / twin_side, MD-7.5). One loop, no helper per doll:
    this runs for every listing of the action step."""
    out: list = []
    taken = board.occupied(s, seat)
    if not taken:
        return out
    ex = s.explaining
    mine = board.spots(s, seat, taken)
    cards = s.cards
    texts = s.game.texts
    opp: list = []
    thr: Why | None = None               # onto_threshold, the same for every doll of the seat (MD-12.2)
    first = True
    for uid, frm, sides, blocked in mine:
        c = cards[uid]
        cid = c.cid
        no = acted(c)
        if no is not None:
            if ex:
                out.append(refuse(s.say(no[0], card=cid), no[1], card=uid))
            continue
        if first:                        # worked out when a doll may still act
            first = False
            at = board.AT
            # Each opposing doll (``Foe``) with the sides it counts on and why it may not be attacked
            # from any side (MD-13.5) or at all (MD-9.3): the same for every attacker of this listing.
            opp = [(t, t_sides, sideless(t_sides, True), back_row(t_blocked, True), cards[t].cid, at[1 - seat, t_slot])
                   for t, t_slot, t_sides, t_blocked in board.spots(s, 1 - seat)]
            thr = onto_threshold(s, seat, taken)
        # ----- attacks (MD-9.x, MD-13.5): at each opposing doll within reach, else at the player
        no = sideless(sides) or back_row(blocked)
        if no is not None:
            if ex:
                out.append(refuse(Say((texts, no[0], {"card": cid})), no[1], "attack", card=uid))
        else:
            facing = False
            for t, t_sides, no, blocked_no, t_cid, t_at in opp:
                if no is None:
                    if out_of_reach(sides, t_sides):
                        continue                 # the other side: the closing refusal below covers it
                    facing = True
                    no = blocked_no
                if no is None:
                    out.append(Action("attack", seat, {"card": uid, "name": cid, "from": frm, "target": t, "at": t_at},
                                      Say((texts, "act.attack", {"card": cid, "foe": t_cid})), "MD-9.5"))
                elif ex:
                    out.append(refuse(Say((texts, no[0], {"card": t_cid})), no[1], "attack", card=uid, target=t))
            no = must_target(facing)
            if no is None:
                out.append(Action("attack", seat, {"card": uid, "name": cid, "from": frm, "target": "player"},
                                  Say((texts, "act.direct", {"card": cid, "points": direct_points(s, uid)[0]})),
                                  "MD-9.4"))
            elif ex:
                out.append(refuse(Say((texts, no[0], {"card": cid})), no[1], "attack", card=uid, target="player"))
            if ex:
                out.append(refuse(Say((texts, REACH[0], {"card": cid, "sides": sides})), REACH[1], "attack", card=uid))
        # ----- its cast (MD-11.5, MD-13.2)
        form_ = board.form_of(c)
        no = no_cast(form_) or board.wrong_form(frm, c)
        if no is not None:
            if ex:
                out.append(refuse(s.say(no[0], card=cid, form=c.form or c.d.first_form), no[1], "ability", card=uid))
        else:
            cast_offers(s, seat, "ability", uid, form_.cast, cast_text(cid) if ex else {}, "MD-11.5", out, frm)
        # ----- moves (MD-12.1, MD-12.2), none beside a doll of its name (MD-7.5)
        if frm == "threshold":
            for side in SIDES:
                empty = board.empty_in(taken, side)
                if not empty:
                    continue
                twin = board.twin_at(s, seat, uid, empty[0])        # every empty slot of a side: the same sides
                if twin is None:
                    out += [Action("move", seat, {"card": uid, "name": cid, "from": frm, "to": to},
                                   Say((texts, "act.move", {"card": cid, "to": to})), "MD-12.2") for to in empty]
                elif ex:
                    out += [refuse(Say((texts, "why.move_twin", {"card": cid, "to": to, "side": twin})), "MD-7.5",
                                   "move", card=uid, to=to) for to in empty]
            if ex:
                out.append(refuse(Say((texts, FROM_THRESHOLD[0], {"card": cid})), FROM_THRESHOLD[1], "move",
                                  card=uid))
            continue
        match = board.MATCHING[frm]
        assert match is not None
        no = other_side(match, taken)
        if no is None:
            twin = board.twin_at(s, seat, uid, match)
            if twin is None:
                out.append(Action("move", seat, {"card": uid, "name": cid, "from": frm, "to": match},
                                  Say((texts, "act.move", {"card": cid, "to": match})), "MD-12.1"))
            elif ex:
                out.append(refuse(Say((texts, "why.move_twin", {"card": cid, "to": match, "side": twin})), "MD-7.5",
                                  "move", card=uid, to=match))
        elif ex:
            out.append(refuse(Say((texts, no[0], {"card": cid, "to": match})), no[1], "move", card=uid, to=match))
        if thr is None:
            twin = board.twin_at(s, seat, uid, "threshold")
            if twin is None:
                out.append(Action("move", seat, {"card": uid, "name": cid, "from": frm, "to": "threshold"},
                                  Say((texts, "act.threshold", {"card": cid})), "MD-12.2"))
            elif ex:
                out.append(refuse(Say((texts, "why.move_twin", {"card": cid, "to": "threshold", "side": twin})),
                                  "MD-7.5", "move", card=uid, to="threshold"))
        elif ex:
            why = thr[0] if thr[0] == "why.threshold_taken" else \
                Say((texts, "why.threshold_cost", {"problem": cost_words(s, seat, thr[0])}))
            out.append(refuse(why, thr[1], "move", card=uid, to="threshold"))
        if ex:
            out.append(refuse(Say((texts, MOVE_WHERE[0], {"card": cid})), MOVE_WHERE[1], "move", card=uid))
    return out


def direct_points(s: S, uid: int) -> tuple[int, int]:
    """What a direct attack by doll ``uid`` scores (MD-9.4), and the part of it that is a direct-attack
    bonus in place (a lasting effect): the action's label shows it and the attack scores it."""
    bonus = sum(c["n"] for _, c in lasting(s, "direct_bonus"))
    return board.attack(s, uid) + bonus, bonus


@BOOK.moves.kind("attack", not_now=("why.not_now.attack", "MD-9.1"),
                 no_such=("why.no_such.doll", "MD-9.1"), label="kind.attack")
def attack(s: S, action: Action) -> None:
    seat, uid, target = action.player, action.args["card"], action.args["target"]
    s.cards[uid].acted = True
    if target == "player":
        n, bonus = direct_points(s, uid)
        p = s.ps[seat]
        p.score += n
        s.emit("direct", "direct", "MD-9.4", seat=seat, uid=uid, amount=n, score=p.score, bonus=bonus,
               card=s.cards[uid].cid, defender=1 - seat)
        return
    t = s.cards[target]
    veil = next((m for m in t.mods if m.get("nullify")), None)
    cid = s.cards[uid].cid
    s.emit("attack", "attack", "MD-9.5", seat=seat, uid=uid, target=target, card=cid, foe=t.cid)
    if veil is not None:
        t.mods.remove(veil)
        s.emit("nullified", "nullified", "MD-9.8", uid=uid, target=target, foe=t.cid)
        return
    a, b = board.attack(s, uid), board.attack(s, target)
    ka, kb = board.damage_kind(s, uid), board.damage_kind(s, target)
    board.deal(s, target, a, ka, "why.attack", "MD-9.5", by=cid)
    board.deal(s, uid, b, kb, "why.strike_back", "MD-9.5", by=t.cid)
    board.check_deaths(s)


@BOOK.moves.kind("ability", not_now=("why.not_now.ability", "MD-11.5"),
                 no_such=("why.no_such.doll", "MD-11.5"),
                 label="kind.ability")
def ability(s: S, action: Action) -> None:
    uid = action.args["card"]
    s.cards[uid].acted = True
    cast_ = board.form(s, uid).cast
    assert cast_ is not None
    begin_cast(s, action.player, cast_text(s.cards[uid].cid), cast_, None, uid, action.args.get("target"))


@BOOK.moves.kind("move", not_now=("why.not_now.move", "MD-12.1"),
                 no_such=("why.no_such.doll", "MD-12.1"), label="kind.move")
def move(s: S, action: Action) -> None:
    seat, uid, to = action.player, action.args["card"], action.args["to"]
    s.cards[uid].acted = True
    if to == "threshold":
        s.emit("threshold", "threshold", "MD-12.2", uid=uid, seat=seat, card=s.cards[uid].cid)
        pay(s, seat, overflow=1, why="why.threshold")
    board.move_to(s, uid, to)
