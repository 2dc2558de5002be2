"""A battle against a monster (XJ-3): reveal, battle start, debut effect, the result, win and lose
effects, the pet, and the battle end (the war-card step in between is war.py).

Monster effects run as lists of ops with the trigger as "you" (XJ-7.11).
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, TypedDict

from ...core.actions import Action
from ...core.moves import Refusal
from ...core.state import Choice
from ...core.texts import Say
from . import cardplay, hand, life, skills, turn, war
from .book import BOOK, rules_word

if TYPE_CHECKING:
    from .state import XianjianState

Ctx = dict[str, Any]


class Battle(TypedDict):
    """The battle being fought: its monster, the trigger, and what the war cards changed."""

    monster: int
    trigger: int
    bonus: dict[str, int]          # side -> power added in this battle
    dice: int
    double: bool                   # the trigger's base power counts twice (XJ-7.9)
    played: list[int]              # seats that took part by playing (XJ-3.15)
    war_cards: list[int]           # seats that played their war card (XJ-3.7)
    escaped: bool
    result: str | None
    side: str | None               # the side whose turn it is in the war-card step
    first: str | None


def current(s: XianjianState) -> Battle:
    if s.battle is None:
        raise RuntimeError("engine bug: no battle is being fought")
    return s.battle


# ----- powers (XJ-3.5, XJ-3.9) ----------------------------------------------------------------------
def trigger_power(s: XianjianState) -> int:
    b = current(s)
    t = b["trigger"]
    base = s.power(t)
    total = base * (2 if b["double"] else 1) + b["dice"] + b["bonus"]["trigger"]
    eb = s.skill(t, "element_bonus")
    if eb and s.cards[b["monster"]].d.element in eb["elements"]:
        total += eb["n"]
    return total


def monster_power(s: XianjianState) -> int:
    b = current(s)
    n: int = s.cards[b["monster"]].d.power
    return n + b["bonus"]["monster"]


def side_of(s: XianjianState, seat: int) -> str:
    return "trigger" if s.p[seat].team == s.p[current(s)["trigger"]].team else "monster"


def side_members(s: XianjianState, side: str) -> list[int]:
    """A side's players in the order they are asked: the trigger first on its side, the enemy
    team in seat order after the trigger (XJ-3.6, XJ-3.8)."""
    t = current(s)["trigger"]
    tteam = s.p[t].team
    return [seat for seat in s.order_from(t) if (s.p[seat].team == tteam) == (side == "trigger")]


# ----- the battle, step by step ------------------------------------------------------------------------
def start_battle(s: XianjianState, seat: int) -> None:
    s.goto("battle.reveal")
    uid = s.monsters[-1]
    s.move(uid, "table")
    d = s.cards[uid].d
    s.battle = {"monster": uid, "trigger": seat, "bonus": {"trigger": 0, "monster": 0}, "dice": 0,
                "double": False, "played": [], "war_cards": [], "escaped": False, "result": None,
                "side": None, "first": None}
    s.emit("reveal_monster", "reveal_monster", "XJ-3.2", seat=seat, card=d.id, power=d.power, element=d.element,
           level=d.level)
    s.then((battle_start, {}), (debut, {}), (war.war, {}), (resolve, {}), (battle_end, {}))


def monster_ctx(s: XianjianState, part: str) -> Ctx:
    b = current(s)
    d = s.cards[b["monster"]].d
    clause = {"debut": "XJ-3.4", "win": "XJ-3.10", "lose": "XJ-3.11"}[part]
    return {"by": b["trigger"], "target": None, "source": "monster", "card": d.id, "clause": clause,
            "why": cardplay.why("why.monster", card=d.id, part=part), "damage": "effect"}


@BOOK.procedure
def battle_start(s: XianjianState) -> None:
    s.goto("battle.start")
    skills.run_skills(s, "battle_start", current(s)["trigger"])


@BOOK.procedure
def debut(s: XianjianState) -> None:
    s.goto("battle.debut")
    d = s.cards[current(s)["monster"]].d
    if not d.debut:
        s.emit("debut", "debut.none", "XJ-3.4", card=d.id)
        return
    s.emit("debut", "debut", "XJ-3.4", card=d.id, rules=rules_word(d.id, "debut"))
    ctx = monster_ctx(s, "debut")
    s.then(*[(turn.op, {"call": op, "ctx": ctx}) for op in d.debut])


@BOOK.procedure
def resolve(s: XianjianState) -> None:
    b = s.battle
    if b is None or b["escaped"]:
        return
    s.goto("battle.resolve")
    tp, mp = trigger_power(s), monster_power(s)
    d = s.cards[b["monster"]].d
    win = tp >= mp                                  # the trigger side wins ties (XJ-3.9)
    b["result"] = "win" if win else "lose"
    s.emit("result", "result.tie" if tp == mp else "result.win" if win else "result.lose", "XJ-3.9", trigger=tp,
           monster=mp,
           result=b["result"], seat=b["trigger"])
    part = "win" if win else "lose"
    s.goto("battle." + part)
    ops = d.win if win else d.lose
    key = {(True, True): "effect.win", (True, False): "effect.none.win", (False, True): "effect.lose",
           (False, False): "effect.none.lose"}[(win, bool(ops))]
    s.emit(part + "_effect", key, "XJ-3.10" if win else "XJ-3.11", card=d.id,
           rules=rules_word(d.id, part) if ops else None)
    ctx = monster_ctx(s, part)
    s.then(*[(turn.op, {"call": op, "ctx": ctx}) for op in ops], (take_pet if win else monster_away, {}))


# ----- the pet (XJ-3.10, XJ-3.12) ------------------------------------------------------------------------
BOOK.moves.declare("keep_pet", None, not_now=("why.keep_pet.not_now", "XJ-3.12"),
                   no_such=("why.keep_pet", "XJ-3.12"), label="kind.keep_pet")


@BOOK.procedure
def take_pet(s: XianjianState) -> None:
    b = current(s)
    t = b["trigger"]
    s.goto("battle.pet")
    uid = b["monster"]
    d = s.cards[uid].d
    s.move(uid, "pets", t)
    s.emit("pet", "pet", "XJ-3.10", seat=t, card=d.id, element=d.element)
    s.later(pet_gained, seat=t)
    if sum(1 for u in s.p[t].pets if s.cards[u].d.element == d.element) > 1:
        s.ask(t, "keep_pet", "keep_pet.ask", "XJ-3.12", seat=t, element=d.element)


@BOOK.moves.lister("keep_pet", name="keep_pet", actor="chooser")
def keep_pet_answers(s: XianjianState, seat: int) -> Iterator[Action | Refusal]:
    ch = s.choices[-1]
    for u in s.p[seat].pets:
        c = s.cards[u]
        if c.d.element == ch.ctx["element"]:
            yield Action("keep_pet", seat, {"card": u, "name": c.cid},
                         Say((s.game.texts, "keep_pet", {"card": c.cid, "power": c.d.power})),
                         "XJ-3.12")


@BOOK.choice("keep_pet")
def keep_pet(s: XianjianState, choice: Choice, action: Action) -> None:
    seat, keep = choice.ctx["seat"], action.args["card"]
    el = s.cards[keep].d.element
    for u in list(s.p[seat].pets):
        if u != keep and s.cards[u].d.element == el:
            s.emit("drop_pet", "drop_pet", "XJ-3.12", seat=seat, card=s.cards[u].cid, kept=s.cards[keep].cid)
            s.discard_card(u)


@BOOK.procedure
def pet_gained(s: XianjianState, seat: int) -> None:
    for o in reversed(s.order_from(seat)):      # queued: they act in seat order
        if s.p[o].team == s.p[seat].team:
            skills.run_skills(s, "pet_gained", o)


# ----- the end of the battle (XJ-3.11, XJ-3.14, XJ-3.17) -------------------------------------------------
@BOOK.procedure
def monster_away(s: XianjianState) -> None:
    b = s.battle
    if b is not None and s.place(b["monster"]) == "table":
        s.emit("monster_away", "monster_away", "XJ-3.11", card=s.cards[b["monster"]].cid)
        s.discard_card(b["monster"])


@BOOK.procedure
def battle_end(s: XianjianState) -> None:
    b = current(s)
    s.goto("battle.end")
    if s.place(b["monster"]) == "table":
        s.emit("monster_away", "monster_away.no_result", "XJ-3.17", card=s.cards[b["monster"]].cid)
        s.discard_card(b["monster"])
    s.later(after_battle)
    for seat in s.order_from(b["trigger"]):
        skills.run_skills(s, "battle_end", seat)


@BOOK.procedure
def after_battle(s: XianjianState) -> None:
    t = current(s)["trigger"]
    s.battle = None
    if life.monsters_exhausted(s):
        return
    if s.skill(t, "two_battles") is not None and s.fought == 1:
        hand.battle_step(s, "XJ-8.1")          # the Wine Sword Immortal may fight again
    else:
        turn.draw_phase(s)


# ----- monster-effect procedures -------------------------------------------------------------------------
@BOOK.procedure
def strip_most(s: XianjianState, n: int, ctx: Ctx) -> None:
    order = s.order_from(ctx["by"])
    count = {seat: len(s.p[seat].equipment()) for seat in order}
    most = max(count.values(), default=0)
    if most == 0:
        return
    for seat in reversed(order):               # queued, so they run in seat order
        if count[seat] == most:
            cardplay.lose_card(s, seat, seat, cardplay.discard_chosen,
                               {"seat": seat, "clause": ctx["clause"], "why": ctx["why"]},
                               s.say("lose_equipment.ask", seat=seat), ctx["clause"], hand=False)


# Poison Lady's win effect asks (XJ-3.10): a wrong pick cites the win effect's rule.
BOOK.moves.declare("discard_for_hp", None, not_now=("why.discard_for_hp.not_now", "XJ-3.10"),
                   no_such=("why.discard_for_hp", "XJ-3.10"), label="kind.discard_for_hp")
BOOK.moves.declare("stop", None, not_now=("why.stop.not_now", "XJ-3.10"),
                   label="kind.stop")


def _for_hp(s: XianjianState, seat: int, n: int, clause: str) -> Iterator[Action]:
    seen = set()
    for u in s.p[seat].hand + s.p[seat].equipment():
        key = (s.cards[u].cid, s.place(u))
        if key not in seen:
            seen.add(key)
            label = "discard_for_hp" if key[1] == "hand" else "discard_for_hp.in_play"
            yield Action("discard_for_hp", seat, {"card": u, "name": key[0]},
                         Say((s.game.texts, label, {"card": key[0], "n": n})), clause)


@BOOK.procedure
def discard_for_hp(s: XianjianState, seat: int, n: int, ctx: Ctx) -> None:
    if not s.p[seat].in_game or next(_for_hp(s, seat, n, ctx["clause"]), None) is None:
        return
    s.ask(seat, "discard_for_hp", "discard_for_hp.ask", ctx["clause"], n=n, ctx=ctx, seat=seat)


@BOOK.moves.lister("discard_for_hp", "stop", name="discard_for_hp", actor="chooser")
def discard_for_hp_answers(s: XianjianState, seat: int) -> Iterator[Action | Refusal]:
    ch = s.choices[-1]
    clause = ch.ctx["ctx"]["clause"]
    yield from _for_hp(s, seat, ch.ctx["n"], clause)
    yield Action("stop", seat, {}, Say((s.game.texts, "discard_for_hp.stop", {})), clause)


@BOOK.choice("discard_for_hp")
def answer_discard_for_hp(s: XianjianState, choice: Choice, action: Action) -> None:
    if action.kind == "stop":
        return
    c = choice.ctx
    uid = action.args["card"]
    s.emit("discard", "discard", c["ctx"]["clause"], seat=action.player, card=s.cards[uid].cid, why="")
    s.discard_card(uid)
    life.heal(s, action.player, c["n"], c["ctx"]["clause"], c["ctx"]["why"])
    s.later(discard_for_hp, seat=action.player, n=c["n"], ctx=c["ctx"])


@BOOK.procedure
def take_from(s: XianjianState, seat: int, ctx: Ctx) -> None:
    you = ctx["by"]
    cardplay.lose_card(s, seat, you, cardplay.take_chosen, {"seat": you, "clause": ctx["clause"], "why": ctx["why"]},
                       s.say("take_from.ask", owner=seat), ctx["clause"])


# Heaven Ghost Emperor's lose effect asks (XJ-3.11): a wrong pick cites the lose effect's rule.
BOOK.moves.declare("swap_pet", None, not_now=("why.swap_pet.not_now", "XJ-3.11"),
                   no_such=("why.swap_pet", "XJ-3.11"), label="kind.swap_pet")


def _earth_pet(s: XianjianState, seat: int) -> int | None:
    if s.p[seat].in_game:
        for u in s.p[seat].pets:
            if s.cards[u].d.element == "earth":
                return u
    return None


@BOOK.procedure
def earth_swap(s: XianjianState, seats: list[int], ctx: Ctx) -> None:
    b = s.battle
    if b is None or s.place(b["monster"]) != "table":
        return
    for k, seat in enumerate(seats):
        if _earth_pet(s, seat) is not None:
            s.ask(seat, "earth_swap", "earth_swap.ask", ctx["clause"], rest=seats[k + 1:], ctx=ctx, seat=seat,
                  card=s.cards[b["monster"]].cid)
            return


@BOOK.moves.lister("swap_pet", "pass", name="earth_swap", actor="chooser")
def earth_swap_answers(s: XianjianState, seat: int) -> Iterator[Action | Refusal]:
    ch = s.choices[-1]
    old = _earth_pet(s, seat)
    if old is None:
        return
    monster = current(s)["monster"]
    yield Action("swap_pet", seat, {"card": old, "name": s.cards[old].cid},
                 Say((s.game.texts, "swap_pet", {"card": s.cards[old].cid, "monster": s.cards[monster].cid})),
                 ch.clause)
    yield Action("pass", seat, {}, Say((s.game.texts, "swap_pet.keep", {"card": s.cards[old].cid})), ch.clause)


@BOOK.choice("earth_swap")
def answer_earth_swap(s: XianjianState, choice: Choice, action: Action) -> None:
    if action.kind == "pass":
        s.later(earth_swap, seats=choice.ctx["rest"], ctx=choice.ctx["ctx"])
        return
    seat, old = action.player, action.args["card"]
    new = current(s)["monster"]
    s.emit("swap_pet", "swap_pet.done", choice.clause, seat=seat, card=s.cards[new].cid, old=s.cards[old].cid)
    s.discard_card(old)
    s.move(new, "pets", seat)
    s.later(pet_gained, seat=seat)         # a pet gained from a monster (Loving Care)
