"""HP, damage, death, revival, leaving the game, and the end of the game (XJ-2.4, XJ-5, XJ-6).

Damage is a small sequence of procedures: armour first, then each character about to be hurt is
asked (in seat order) whether to cancel it with Hidden Gu, then all of it lands at once; the
characters left at 0 HP die one after the other in seat order from the turn player (XJ-5.3),
each with its own revival question (XJ-5.6); then the game checks for a team that is gone.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, TypedDict

from ...core.actions import Action
from ...core.checks import Why as NoBecause
from ...core.moves import Refusal, refuse
from ...core.state import Choice
from ...core.texts import Say
from . import cardplay, turn
from .book import BOOK
from .cardplay import Why
from .seats import seat_words

if TYPE_CHECKING:
    from .state import XianjianState

Ctx = dict[str, Any]


class Hurting(TypedDict):
    """Damage about to land: [seat, amount] pairs (an amount set to 0 when cancelled)."""

    amounts: list[list[int]]
    ctx: Ctx


BOOK.moves.declare("cancel_damage", None, not_now=("why.cancel_damage.not_now", "XJ-5.10"),
                   no_such=("why.cancel_damage", "XJ-5.10"), label="kind.cancel_damage")
BOOK.moves.declare("revive", None, not_now=("why.revive.not_now", "XJ-5.4"), no_such=("why.revive", "XJ-5.4"),
                   label="kind.revive")
BOOK.moves.declare("pick_drawer", None, not_now=("why.pick_drawer.not_now", "XJ-5.8"),
                   no_such=("why.pick_drawer", "XJ-5.8"), label="kind.pick_drawer")


# ----- recovering and losing HP ----------------------------------------------------------------
def heal(s: XianjianState, seat: int, n: int, clause: str, why: Why = "") -> None:
    """Recover HP, never above the maximum (XJ-2.4); the Heaven Serpent Staff adds 1."""
    pl = s.p[seat]
    if not pl.in_game or n <= 0:
        return
    weapon = pl.weapon
    if weapon is not None and s.weapons_work(seat):
        bonus = s.cards[weapon].d.trait("heal_bonus")
        if bonus:
            n += bonus["n"]
    mx = s.cdef(seat).hp
    before = pl.hp
    pl.hp = min(mx, pl.hp + n)
    lost = before + n - pl.hp
    s.emit("heal", "heal.capped" if lost else "heal", clause, seat=seat, amount=pl.hp - before, hp=pl.hp,
           max=mx, capped=lost, why=why)


def lose_hp(s: XianjianState, seat: int, n: int, clause: str, why: Why = "") -> None:
    """HP lost that is not damage (a character's own skill, XJ-5.10): cannot be cancelled."""
    pl = s.p[seat]
    if not pl.in_game or n <= 0:
        return
    pl.hp = max(0, pl.hp - n)
    s.emit("hp_loss", "hp_loss", clause, seat=seat, amount=n, hp=pl.hp, why=why)
    if pl.hp == 0:
        s.later(deaths, seats=[seat])


def set_hp(s: XianjianState, seat: int, hp: int, clause: str, why: Why = "") -> None:
    s.p[seat].hp = hp
    s.emit("hp_set", "hp_set", clause, seat=seat, hp=hp, why=why)


# ----- damage (XJ-5.10, XJ-5.2, XJ-5.3) ----------------------------------------------------------------
def hurt(s: XianjianState, pairs: Iterable[tuple[int, int]], ctx: Ctx) -> None:
    """Queue damage: ``pairs`` of (seat, amount) landing together."""
    todo = [[seat, n] for seat, n in pairs if n > 0 and s.p[seat].in_game]
    if todo:
        s.later(armour_step, pairs=todo, ctx=ctx)


@BOOK.procedure
def armour_step(s: XianjianState, pairs: list[list[int]], ctx: Ctx) -> None:
    skill_card = ctx.get("damage") == "skill_card"
    amounts = []
    for seat, n in pairs:
        pl = s.p[seat]
        if not pl.in_game:
            continue
        if pl.armour is not None:
            armour = s.cards[pl.armour].d
            if skill_card and armour.trait("immune_skill_card_damage") is not None:
                s.emit("immune", "immune", "XJ-5.10", seat=seat, card=armour.id)
                continue
            red = armour.trait("reduce_damage")
            if red:
                n = max(0, n - red["n"])
                s.emit("reduce", "reduce", "XJ-5.10", seat=seat, amount=n, card=armour.id, off=red["n"])
        if n > 0:
            amounts.append([seat, n])
    if not amounts:
        return
    s.hurting = {"amounts": amounts, "ctx": ctx}
    s.then((hurt_ask, {"i": 0}), (hurt_land, {}))


def _gu_offers(s: XianjianState, seat: int) -> Iterator[Action]:
    """Cards that can cancel this seat's damage: Hidden Gu, or any card under the Vestment."""
    pl = s.p[seat]
    any_card = pl.armour is not None and s.cards[pl.armour].d.trait("any_card_as_gu") is not None
    seen = set()
    for u in pl.hand:
        c = s.cards[u]
        gu = "damage" in c.at
        if c.cid in seen or not (any_card or gu):
            continue
        seen.add(c.cid)
        yield Action("cancel_damage", seat, {"card": u, "name": c.cid},
                     Say((s.game.texts, "cancel_damage" if gu else "cancel_damage.as_gu", {"card": c.cid})), "XJ-5.10")


def _hurting(s: XianjianState) -> Hurting:
    if s.hurting is None:
        raise RuntimeError("engine bug: no damage is about to land")
    return s.hurting


@BOOK.procedure
def hurt_ask(s: XianjianState, i: int) -> None:
    amounts = _hurting(s)["amounts"]
    while i < len(amounts):
        seat, n = amounts[i]
        if n > 0 and s.p[seat].in_game and next(_gu_offers(s, seat), None) is not None:
            s.ask(seat, "cancel_damage", "cancel_damage.ask", "XJ-5.10", i=i, seat=seat, n=n)
            return
        i += 1


@BOOK.moves.lister("cancel_damage", "pass", name="cancel_damage", actor="chooser")
def cancel_damage_answers(s: XianjianState, seat: int) -> Iterator[Action | Refusal]:
    ch = s.choices[-1]
    yield from _gu_offers(s, seat)
    yield Action("pass", seat, {},
                 Say((s.game.texts, "take_damage", {"n": _hurting(s)["amounts"][ch.ctx["i"]][1]})), "XJ-5.10")


@BOOK.choice("cancel_damage")
def answer_cancel_damage(s: XianjianState, choice: Choice, action: Action) -> None:
    i = choice.ctx["i"]
    s.later(hurt_ask, i=i + 1)
    if action.kind == "cancel_damage":
        cardplay.play_card(s, action.player, action.args["card"], cancel_damage, {"i": i}, "XJ-5.10",
                           as_what="hidden-gu")


@BOOK.procedure
def cancel_damage(s: XianjianState, i: int) -> None:
    amounts = _hurting(s)["amounts"]
    seat, n = amounts[i]
    amounts[i][1] = 0
    s.emit("cancelled_damage", "cancelled_damage", "XJ-5.10", seat=seat, amount=n)


@BOOK.procedure
def hurt_land(s: XianjianState) -> None:
    h, s.hurting = _hurting(s), None
    why = h["ctx"].get("why", "")
    clause = h["ctx"].get("clause") or "XJ-5.10"
    dead = []
    for seat, n in h["amounts"]:
        pl = s.p[seat]
        if n <= 0 or not pl.in_game:
            continue
        before = pl.hp
        pl.hp = max(0, pl.hp - n)          # never below 0 (XJ-5.2)
        over = n - before if n > before else 0
        s.emit("damage", "damage.floor" if over else "damage", clause, seat=seat, amount=n, hp=pl.hp, overflow=over,
               why=why)
        if pl.hp == 0:
            dead.append(seat)
    if dead:
        s.later(deaths, seats=dead)


# ----- death (XJ-5.1, XJ-5.3 .. XJ-5.8) ----------------------------------------------------------------
@BOOK.procedure
def deaths(s: XianjianState, seats: list[int]) -> None:
    tp = s.turn_player
    n = s.players
    ordered = sorted(seats, key=lambda o: (o - tp) % n)
    if len(ordered) > 1:
        s.emit("deaths", "deaths", "XJ-5.3", seats=ordered)
    s.then(*[(dying, {"seat": o}) for o in ordered], (after_deaths, {}))


@BOOK.procedure
def dying(s: XianjianState, seat: int) -> None:
    pl = s.p[seat]
    if not pl.in_game or pl.hp > 0:
        return
    s.emit("dying", "dying", "XJ-5.1", seat=seat)
    s.later(revive_ask, seat=seat, i=0)


def _revive_offers(s: XianjianState, seat: int, dying: int) -> Iterator[Action]:
    pl = s.p[seat]
    seen = set()
    for u in pl.hand:
        c = s.cards[u]
        use = c.at.get("revive")
        if use and c.cid not in seen:
            seen.add(c.cid)
            yield Action("revive", seat, {"card": u, "name": c.cid, "seat": dying},
                         Say((s.game.texts, "revive.play", {"card": c.cid, "dying": dying, "n": use["n"]})), "XJ-5.4")
    armour = pl.armour
    if seat == dying and armour is not None:
        t = s.cards[armour].d.trait("revive_burst")
        if t:
            yield Action("revive", seat, {"card": armour, "name": s.cards[armour].cid, "seat": dying},
                         Say((s.game.texts, "revive.robe", {"card": s.cards[armour].cid, "dying": dying,
                                                           "n": t["n"]})), "XJ-5.5")
    for u in pl.pets:
        if s.cards[u].d.pet_arg("burst_revive") is not None:
            yield Action("revive", seat, {"card": u, "name": s.cards[u].cid, "seat": dying},
                         Say((s.game.texts, "revive.pet", {"card": s.cards[u].cid, "dying": dying})), "XJ-7.7")


@BOOK.procedure
def revive_ask(s: XianjianState, seat: int, i: int) -> None:
    if not s.p[seat].in_game or s.p[seat].hp > 0:
        return
    askers = s.order_from(seat)       # the dying player first, then seat order (XJ-5.6)
    for j in range(i, len(askers)):
        if next(_revive_offers(s, askers[j], seat), None) is not None:
            s.ask(askers[j], "revive", "revive.ask", "XJ-5.6", seat=seat, j=j)
            return
    s.later(leave_game, seat=seat)


@BOOK.moves.lister("revive", "pass", name="revive", actor="chooser")
def revive_answers(s: XianjianState, seat: int) -> Iterator[Action | Refusal]:
    yield from _revive_offers(s, seat, s.choices[-1].ctx["seat"])
    yield Action("pass", seat, {}, Say((s.game.texts, "revive.pass", {})), "XJ-5.6")


@BOOK.choice("revive")
def answer_revive(s: XianjianState, choice: Choice, action: Action) -> None:
    seat, j = choice.ctx["seat"], choice.ctx["j"]
    if action.kind == "pass":
        s.later(revive_ask, seat=seat, i=j + 1)
        return
    uid = action.args["card"]
    c = s.cards[uid]
    where = s.place(uid)
    if where == "hand":
        # A card played: it can be cancelled, and then the question starts again (XJ-5.6).
        s.later(revive_check, seat=seat)
        cardplay.play_card(s, action.player, uid, revive, {"seat": seat, "n": c.d.use_at("revive")["n"]}, "XJ-5.4")
    elif where == "armour":
        s.emit("burst", "burst.robe", "XJ-5.5", seat=action.player, card=c.cid)
        s.discard_card(uid)
        revive(s, seat, c.d.trait("revive_burst")["n"])
    else:
        s.emit("burst", "burst.pet", "XJ-7.7", seat=action.player, card=c.cid)
        s.discard_card(uid)
        revive(s, seat, s.cdef(seat).hp)


@BOOK.procedure
def revive(s: XianjianState, seat: int, n: int) -> None:
    """A revival sets HP to ``n`` (within the maximum): it is not a recovery, so the Heaven
    Serpent Staff adds nothing to it (XJ-5.4)."""
    pl = s.p[seat]
    if not pl.in_game or pl.hp > 0:
        return
    pl.hp = min(n, s.cdef(seat).hp)
    s.emit("revive", "revive", "XJ-5.4", seat=seat, hp=pl.hp)


@BOOK.procedure
def revive_check(s: XianjianState, seat: int) -> None:
    if s.p[seat].in_game and s.p[seat].hp == 0:
        s.later(revive_ask, seat=seat, i=0)


@BOOK.procedure
def leave_game(s: XianjianState, seat: int) -> None:
    """Not revived: discard everything and leave (XJ-5.7), then give 2 cards away (XJ-5.8)."""
    pl = s.p[seat]
    gone = [s.cards[u].cid for u in pl.hand + pl.equipment() + pl.pets]
    for u in list(pl.hand) + pl.equipment() + list(pl.pets):
        s.discard_card(u)
    pl.in_game = False
    pl.turned = False
    s.seats_changed()
    s.emit("leave", "leave" if gone else "leave.nothing", "XJ-5.7", seat=seat, label=pl.label, team=pl.team,
           cards=gone)
    if _drawers(s, seat):
        s.ask(seat, "pick_drawer", "pick_drawer.ask", "XJ-5.8", seat=seat)


_DYING: NoBecause = ("why.pick_drawer.dying", "XJ-5.8")


@BOOK.rule("XJ-5.8")
def dying_drawer(s: XianjianState, o: int) -> NoBecause | None:
    """Who a leaving player may not name (XJ-5.8): a player at 0 HP, whose own death is about to be
    dealt with (XJ-5.3). (Players who have left are not in ``order_from``.)"""
    return _DYING if s.p[o].hp <= 0 else None


def _drawers(s: XianjianState, seat: int) -> list[int]:
    """Who a leaving player may name (XJ-5.8): the other players still in the game, each checked by
    ``dying_drawer``."""
    return [o for o in s.order_from(seat) if o != seat and dying_drawer(s, o) is None]


@BOOK.moves.lister("pick_drawer", name="pick_drawer", actor="chooser")
def pick_drawer_answers(s: XianjianState, seat: int) -> Iterator[Action | Refusal]:
    for o in s.order_from(seat):
        if o == seat:
            continue
        no = dying_drawer(s, o)
        if no is None:
            yield Action("pick_drawer", seat, {"seat": o},
                         Say((s.game.texts, "pick_drawer", {"seat": o, "label": s.p[o].label})), "XJ-5.8")
        elif s.explaining:
            yield refuse(s.say(no[0], **seat_words(s, o)), no[1], kind="pick_drawer", seat=o)
    # Naming someone is allowed, not required (S §四 "可以").
    yield Action("pick_drawer", seat, {"seat": None}, Say((s.game.texts, "pick_drawer.nobody", {})), "XJ-5.8")


@BOOK.choice("pick_drawer")
def pick_drawer(s: XianjianState, choice: Choice, action: Action) -> None:
    o = action.args["seat"]
    if o is None:
        s.emit("gift", "gift.nobody", "XJ-5.8", seat=None, by=action.player)
        return
    s.emit("gift", "gift.given", "XJ-5.8", seat=o, by=action.player)
    s.draw(o, 2, "XJ-5.8")


@BOOK.procedure
def after_deaths(s: XianjianState) -> None:
    alive = {t: [pl.seat for pl in s.p if pl.team == t and pl.in_game] for t in ("A", "B")}
    if not alive["A"] and not alive["B"]:
        end_game(s, (), s.say("result.all_left"), "XJ-6.4")
    elif not alive["A"] or not alive["B"]:
        win = "A" if alive["A"] else "B"
        lose = "B" if win == "A" else "A"
        end_game(s, tuple(s.team_seats(win)), s.say("result.eliminated", team=win, lose=lose), "XJ-6.1")
    elif not s.p[s.turn_player].in_game:
        abort_turn(s)


def abort_turn(s: XianjianState) -> None:
    """The turn player left on their own turn: the rest of the turn is skipped (XJ-4.12)."""
    s.todo.clear()
    s.hurting = None
    if s.battle is not None:
        # The trigger's death ends the battle at once, in the debut step or later (XJ-3.4).
        debut = s.phase == "battle.debut"
        s.emit("battle_stopped", "battle_stopped.debut" if debut else "battle_stopped",
               "XJ-3.4" if debut else "XJ-3.17", seat=s.turn_player)
    clear_table(s)
    s.emit("turn_lost", "turn_lost", "XJ-4.12", seat=s.turn_player)
    s.goto("turn.end", "XJ-4.12")
    s.later(turn.next_turn)


def clear_table(s: XianjianState) -> None:
    """Cards lying in play (a battle's monster, an event, revealed or played cards) are discarded."""
    s.battle = None
    for u in list(s.table):
        s.discard_card(u)
    s.plays = {}
    s.trial = None


# ----- the end (XJ-6) -----------------------------------------------------------------------------------
def end_game(s: XianjianState, winners: tuple[int, ...], result: Say, clause: str) -> None:
    if s.is_over:
        return
    s.goto("game-over", clause)
    s.finish(winners, result, clause)


def monsters_exhausted(s: XianjianState) -> bool:
    """The monster deck is used up: compare the teams' pet power (XJ-6.2). True if it ended."""
    if s.monsters or s.is_over:
        return False
    a, b = s.team_pet_power("A"), s.team_pet_power("B")
    if a == b:
        end_game(s, (), s.say("result.pets_draw", a=a, b=b), "XJ-6.2")
    else:
        win = "A" if a > b else "B"
        end_game(s, tuple(s.team_seats(win)), s.say("result.pets", team=win, a=a, b=b), "XJ-6.2")
    return True
