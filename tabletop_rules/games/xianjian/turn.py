"""A player's turn outside the battle itself (XJ-4): turn start, the fight decision, drawing,
discarding, the turn end and whose turn comes next; the small procedures effects queue.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.checks import Why
from ...core.moves import Refusal, refuse
from ...core.registry import args_of
from ...core.state import Choice
from ...core.texts import Say
from . import battle, cardplay, events, life, skills
from .book import BOOK, OPS, effect_ctx
from .seats import not_your_turn

if TYPE_CHECKING:
    from .state import XianjianState

Ctx = dict[str, Any]




# ----- whose turn (XJ-1.2, XJ-1.3, XJ-4.11) -------------------------------------------------------
def next_seat(s: XianjianState) -> int:
    """The next seat of the cycle that is still in the game and is not the player who just
    had the turn (while anyone else is left): keeps the order alternating after a death."""
    cur = s.turn_player
    n = len(s.cycle)
    for k in range(1, 2 * n + 1):
        seat = s.cycle[(s.pos + k) % n]
        if s.p[seat].in_game and seat != cur:
            s.pos = (s.pos + k) % n
            return seat
    return cur


@BOOK.procedure
def next_turn(s: XianjianState) -> None:
    if life.monsters_exhausted(s):        # a battle cut short may have taken the last monster
        return
    turn_start(s, next_seat(s))


@BOOK.procedure
def turn_start(s: XianjianState, seat: int) -> None:
    s.goto("turn.start")
    s.turn += 1
    s.turn_player = seat
    s.fought = 0
    s.used = []
    pl = s.p[seat]
    s.emit("turn", "turn", "XJ-4.2", seat=seat, turn=s.turn, label=pl.label, card=s.cdef(seat).id)
    if pl.turned:
        # Turned sideways: this turn is skipped and the character stands again (XJ-4.13).
        pl.turned = False
        s.emit("skip_turn", "skip_turn", "XJ-4.13", seat=seat)
        s.goto("turn.end", "XJ-4.13")
        s.later(next_turn)
        return
    if pl.hooks.get("turn_start"):
        s.later(events.event_phase)
        skills.run_skills(s, "turn_start", seat)
    else:
        events.event_phase(s)


@BOOK.procedure
def op(s: XianjianState, call: dict[str, Any], ctx: Ctx) -> None:
    OPS[call["op"]](s, effect_ctx(ctx), **args_of(call))


# ----- the battle step (XJ-4.6) --------------------------------------------------------------------
@BOOK.moves.kind("fight", not_now=("why.fight.not_now", "XJ-4.6"),
                 label="kind.fight")
def fight(s: XianjianState, action: Action) -> None:
    s.fought += 1
    battle.start_battle(s, action.player)     # its reveal event names the trigger (XJ-3.1)


@BOOK.moves.kind("no_fight", not_now=("why.fight.not_now", "XJ-4.6"),
                 label="kind.no_fight")
def no_fight(s: XianjianState, action: Action) -> None:
    s.goto("battle.skip")
    uid = s.monsters[-1]
    s.move(uid, "monster_discard")
    s.emit("no_fight", "no_fight", "XJ-4.6", seat=action.player, card=s.cards[uid].cid)
    if not life.monsters_exhausted(s):
        s.later(draw_phase)


@BOOK.moves.kind("end_battles", not_now=("why.end_battles.not_now", "XJ-8.1"),
                 label="kind.end_battles")
def end_battles(s: XianjianState, action: Action) -> None:
    s.later(draw_phase)


_FOUGHT: Why = ("why.no_fight.fought", "XJ-4.6")
_FIRST: Why = ("why.end_battles.first", "XJ-4.6")


@BOOK.rule("XJ-4.6")
def fight_answer(s: XianjianState, kind: str) -> Why | None:
    """The answers of the fight decision (XJ-4.6): fight the top monster or leave it; after a first
    battle (only the Wine Sword Immortal gets here again, XJ-8.1) fight a second one or end the
    battle step, and the top monster is no longer left."""
    if s.fought:
        return _FOUGHT if kind == "no_fight" else None
    return _FIRST if kind == "end_battles" else None


# The label and the clause of each answer, before a battle and after one.
_FIGHT_LABELS = {False: (("fight", "fight", "XJ-4.6"), ("no_fight", "no_fight.label", "XJ-4.6"),
                         ("end_battles", "end_battles", "XJ-8.1")),
                 True: (("fight", "fight.second", "XJ-8.1"), ("no_fight", "no_fight.label", "XJ-4.6"),
                        ("end_battles", "end_battles", "XJ-8.1"))}


@BOOK.moves.lister("fight", "no_fight", "end_battles", actor="turn_player", not_yours=not_your_turn)
def battle_choice(s: XianjianState, seat: int) -> list[Action | Refusal]:
    """The fight decision, each answer checked by ``fight_answer`` (XJ-4.6, XJ-8.1)."""
    texts = s.game.texts
    out: list[Action | Refusal] = []
    for kind, label, clause in _FIGHT_LABELS[s.fought > 0]:
        no = fight_answer(s, kind)
        if no is None:
            out.append(Action(kind, seat, {}, Say((texts, label, {})), clause))
        elif s.explaining:          # refusals are built only when they are asked for
            out.append(refuse(no[0], no[1], kind=kind))
    return out


# ----- conceding (XJ-6.3) ---------------------------------------------------------------------------
# A person's choice: bots never take it (core/bots.py), so bot games are played to their end.
@BOOK.moves.kind("concede", not_now=("why.concede.not_now", "XJ-6.3"), label="kind.concede",
                 person=True)
def concede(s: XianjianState, action: Action) -> None:
    team = s.p[action.player].team
    win = "B" if team == "A" else "A"
    s.emit("concede", "concede", "XJ-6.3", seat=action.player, team=team)
    life.end_game(s, tuple(s.team_seats(win)), s.say("result.conceded", team=win, lose=team), "XJ-6.3")


_LEFT: Why = ("why.concede.left", "XJ-5.7")
_SETUP: Why = ("why.concede.setup", "XJ-6.3")
_OTHER_TEAM: Why = ("why.concede.other_team", "XJ-6.3")


@BOOK.rule("XJ-5.7")
def has_left(s: XianjianState, seat: int) -> Why | None:
    """A player who has left the game takes no further part in it (XJ-5.7)."""
    return None if s.p[seat].in_game else _LEFT


@BOOK.rule("XJ-6.3")
def cannot_concede(s: XianjianState, seat: int) -> Why | None:
    """A team concedes during one of its own turns (S §五 3 "中途"), never in setup or on the other
    team's turn (XJ-6.3)."""
    if s.turn == 0:
        return _SETUP
    if s.p[seat].team != s.p[s.turn_player].team:
        return _OTHER_TEAM
    return None


@BOOK.moves.lister("concede", name="concede")
def concession(s: XianjianState, seat: int) -> list[Action | Refusal]:
    """Giving up midway, at any decision a player of the turn player's team takes during that
    team's turn, in any step (XJ-6.3). Every decision lists it (``XianjianState.ask``), and the
    skill and battle steps too. Refusals are built only when asked for (``s.explaining``)."""
    no = has_left(s, seat) or cannot_concede(s, seat)
    if no is None:
        return [Action("concede", seat, {}, Say((s.game.texts, "concede.label", {"team": s.p[seat].team})),
                       "XJ-6.3")]
    if s.explaining:
        return [refuse(s.say(no[0], turn_team=s.p[s.turn_player].team), no[1], kind="concede")]
    return []


# ----- draw, discard, end (XJ-4.7 .. XJ-4.9) ---------------------------------------------------------
@BOOK.procedure
def draw_phase(s: XianjianState) -> None:
    s.goto("draw")
    seat = s.turn_player
    if s.p[seat].hooks.get("draw_start"):
        s.then((draw_cards, {}), (discard_phase, {}))
        skills.run_skills(s, "draw_start", seat)      # e.g. A'nu's Gu Swarm, before the draw
    else:
        draw_cards(s)
        discard_phase(s)


@BOOK.procedure
def draw_cards(s: XianjianState) -> None:
    seat = s.turn_player
    n = 2 if s.fought else 1
    extra = s.skill(seat, "two_battles")
    key = "draw_step.fought" if s.fought else "draw_step"
    if extra and s.fought == 1:
        n += extra["n"]
        key = "draw_step.moon_step"
    s.emit("draw_step", key, "XJ-4.7", seat=seat, n=n)
    s.draw(seat, n, "XJ-4.7")


@BOOK.procedure
def discard_phase(s: XianjianState) -> None:
    s.goto("discard")
    seat = s.turn_player
    over = len(s.p[seat].hand) - s.hand_limit(seat)
    if over > 0:
        s.later(turn_end)
        cardplay.discard_later(s, seat, over, "XJ-4.8", cardplay.why("why.hand_limit", n=s.hand_limit(seat)))
    else:
        turn_end(s)


@BOOK.procedure
def turn_end(s: XianjianState) -> None:
    s.goto("turn.end")
    if s.p[s.turn_player].hooks.get("turn_end"):
        s.later(next_turn)
        skills.run_skills(s, "turn_end", s.turn_player)     # e.g. the Demon Lord's Collapse
    else:
        next_turn(s)


# ----- small procedures the effects use ---------------------------------------------------------------
@BOOK.procedure
def hurt_one(s: XianjianState, seat: int, n: int, ctx: Ctx) -> None:
    life.hurt(s, [(seat, n)], ctx)


@BOOK.procedure
def heal_one(s: XianjianState, seat: int, n: int, ctx: Ctx) -> None:
    life.heal(s, seat, n, ctx["clause"], ctx.get("why", ""))


@BOOK.procedure
def draw_one(s: XianjianState, seat: int, n: int, ctx: Ctx) -> None:
    s.draw(seat, n, ctx["clause"])


BOOK.moves.declare("peek_order", None, not_now=("why.peek_order.not_now", "XJ-7.2"),
                   no_such=("why.peek_order.no_such", "XJ-7.2"),
                   label="kind.peek_order")


@BOOK.procedure
def peek_monsters(s: XianjianState, seat: int, n: int) -> None:
    top = s.monsters[-n:][::-1]
    if not top:
        return
    s.emit("peek", "peek", "XJ-7.2", seat=seat, cards=[s.cards[u].cid for u in top], n=len(top), only=seat,
           public="peek.public")
    s.zones.learn(seat, top)       # and it knows their order after putting them back: it chose it
    if len(top) >= 2:
        s.ask(seat, "peek_order", "peek_order.ask", "XJ-7.2", n=n)


@BOOK.moves.lister("peek_order", name="peek_order", actor="chooser")
def peek_order_answers(s: XianjianState, seat: int) -> Iterator[Action | Refusal]:
    ch = s.choices[-1]
    top = s.monsters[-ch.ctx["n"]:][::-1]
    yield Action("peek_order", seat, {"swap": False},
                 Say((s.game.texts, "peek_order.keep", {"cards": [s.cards[u].cid for u in top]})),
                 "XJ-7.2")
    yield Action("peek_order", seat, {"swap": True},
                 Say((s.game.texts, "peek_order.swap", {"card": s.cards[top[1]].cid})), "XJ-7.2")


@BOOK.choice("peek_order")
def peek_order(s: XianjianState, choice: Choice, action: Action) -> None:
    if action.args["swap"]:
        s.monsters[-1], s.monsters[-2] = s.monsters[-2], s.monsters[-1]
    s.emit("peek_order", "peek_order.swapped" if action.args["swap"] else "peek_order.same", "XJ-7.2",
           seat=action.player, only=action.player, public="peek_order.public")
