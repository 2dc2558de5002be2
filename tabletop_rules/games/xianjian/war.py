"""The war-card step of a battle (XJ-3.5 .. XJ-3.8): the sides take turns, each side's players
asked one after the other.

It is a loop of procedures: ``war_turn`` gives a side its turn, ``war_ask`` asks its players
one after the other (the first play ends the side's turn, XJ-3.6); two passes in a row end the
step. What a player may do there (a war card, a pet's burst, a skill) is listed, and refused,
by ``war_offers``.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.checks import Why
from ...core.moves import Refusal, refuse
from ...core.state import Choice
from ...core.texts import Say
from . import battle, cardplay, skills
from .book import BOOK, SKILLS
from .seats import seat_words

if TYPE_CHECKING:
    from .state import XianjianState

OTHER = {"trigger": "monster", "monster": "trigger"}

BOOK.moves.declare("war_card", None, not_now=("why.war_card.not_now", "XJ-7.3"),
                   no_such=("why.war_card", "XJ-7.3"), label="kind.war_card")
BOOK.moves.declare("burst", None, not_now=("why.burst.not_now", "XJ-7.7"), no_such=("why.burst", "XJ-7.7"),
                   label="kind.burst")
BOOK.moves.declare("summon", None, not_now=("why.summon.not_now", "XJ-8.1"),
                   no_such=("why.summon.none", "XJ-8.1"), label="kind.summon")
BOOK.moves.declare("pass", None, not_now=("why.pass.not_now", "XJ-3.6"),
                   label="kind.pass")


@BOOK.procedure
def war(s: XianjianState) -> None:
    s.goto("battle.war")
    b = battle.current(s)
    tp, mp = battle.trigger_power(s), battle.monster_power(s)
    first = "trigger" if tp < mp else "monster"    # a tie counts the monster side as lower (XJ-3.5)
    b["first"] = first
    s.emit("war_start", "war_start.tie" if tp == mp else "war_start", "XJ-3.5", trigger=tp, monster=mp, first=first)
    s.later(war_turn, side=first, passes=0)


@BOOK.procedure
def war_turn(s: XianjianState, side: str, passes: int) -> None:
    b = s.battle
    if b is None or b["escaped"] or passes >= 2:
        return
    b["side"] = side
    s.later(war_ask, side=side, passes=passes, members=battle.side_members(s, side), i=0)


_USED: Why = ("why.war_card.used", "XJ-3.7")
_AURA: Why = ("why.war_card.aura", "XJ-7.9")


@BOOK.rule("XJ-3.7")
def war_card_used(b: battle.Battle, seat: int) -> Why | None:
    """One war card per player per battle (XJ-3.7); Summon the Water Beast counts as one."""
    return _USED if seat in b["war_cards"] else None


@BOOK.rule("XJ-7.9")
def aura_for_trigger(b: battle.Battle, seat: int, use: dict[str, Any]) -> Why | None:
    """"Your power" is what you bring to your side (XJ-7.3): only the trigger brings a base power,
    so Heavenly Battle Aura would double nothing for anyone else (XJ-7.9)."""
    return _AURA if use["op"] == "double_base" and seat != b["trigger"] else None


def war_offers(s: XianjianState, seat: int) -> Iterator[Action | Refusal]:
    """What ``seat`` may do in the war-card step: one war card per battle (XJ-3.7), a pet's
    burst (XJ-7.7), a war-step skill (XJ-8.1); and why not, for the rest. A war card, a side or a
    pet it does not have is refused by the kind's own words (``no_such``)."""
    b = battle.current(s)
    why = s.explaining              # refusals are built only when they are asked for
    used = war_card_used(b, seat)
    if used is not None:
        if why:
            yield refuse(used[0], used[1], kind="war_card")
    else:
        seen = set()
        texts = s.game.texts
        for u in s.p[seat].hand:
            c = s.cards[u]
            use = c.at.get("war_step")
            if use is None or c.cid in seen:
                continue
            no = aura_for_trigger(b, seat, use)
            if no is not None:
                if why:
                    yield refuse(no[0], no[1], kind="war_card", card=u)
                continue
            seen.add(c.cid)
            if use["op"] == "side_power" and use["side"] == "choose":
                for side in ("trigger", "monster"):
                    yield Action("war_card", seat, {"card": u, "name": c.cid, "side": side},
                                 Say((texts, "war_card.side", {"card": c.cid, "side": side, "n": use["n"]})),
                                 "XJ-7.3")
            else:
                yield Action("war_card", seat, {"card": u, "name": c.cid},
                             Say((texts, "play.label", {"card": c.cid})), "XJ-7.3")
    for u in s.p[seat].pets:
        burst = s.cards[u].d.pet_arg("burst_side_power")
        if burst:
            yield Action("burst", seat, {"card": u, "name": s.cards[u].cid},
                         Say((s.game.texts, "burst.label", {"card": s.cards[u].cid, "n": burst["n"]})), "XJ-7.7")
    for fn, args in s.p[seat].hooks.get("war_step", ()):
        yield from SKILLS[fn](s, skills.skill_ctx(seat), **args)


@BOOK.procedure
def war_ask(s: XianjianState, side: str, passes: int, members: list[int], i: int) -> None:
    for j in range(i, len(members)):
        seat = members[j]
        if not s.p[seat].in_game:
            continue
        if any(type(o) is Action for o in war_offers(s, seat)):
            s.ask(seat, "war", "war.ask", "XJ-3.6", side=side, passes=passes, members=members, j=j, seat=seat)
            return
    # Nobody on this side plays: the side has passed (XJ-3.6).
    s.emit("side_pass", "side_pass", "XJ-3.6", side=side)
    s.later(war_turn, side=OTHER[side], passes=passes + 1)


@BOOK.rule("XJ-3.6")
def not_your_war_turn(s: XianjianState) -> Refusal:
    """What another seat is told in the war-card step (XJ-3.6): the sides take turns and their
    players are asked one at a time, in seat order; the player asked is named as the board does."""
    return Refusal(s.say("why.war.other_seat", **seat_words(s, s.choices[-1].player)), "XJ-3.6")


@BOOK.moves.lister("war_card", "burst", "summon", "pass", name="war", actor="chooser", not_yours=not_your_war_turn)
def war_answers(s: XianjianState, seat: int) -> Iterator[Action | Refusal]:
    yield from war_offers(s, seat)
    yield Action("pass", seat, {}, Say((s.game.texts, "war.pass", {})), "XJ-3.6")


@BOOK.choice("war")
def answer_war(s: XianjianState, choice: Choice, action: Action) -> None:
    c = choice.ctx
    seat = action.player
    if action.kind == "pass":
        s.later(war_ask, side=c["side"], passes=c["passes"], members=c["members"], i=c["j"] + 1)
        return
    b = battle.current(s)
    if seat not in b["played"]:
        b["played"].append(seat)               # taking part: a supporter or a hinderer (XJ-3.15)
    s.later(war_turn, side=OTHER[c["side"]], passes=0)
    side = battle.side_of(s, seat)
    if action.kind == "war_card":
        uid = action.args["card"]
        b["war_cards"].append(seat)
        chosen = action.args.get("side", side)
        how = cardplay.why("how.side", side=chosen) if "side" in action.args else ""
        cardplay.play_card(s, seat, uid, cardplay.card_use,
                           {"cid": s.cards[uid].cid, "at": "war_step",
                            "ctx": cardplay.card_ctx(s, seat, uid, side=chosen)}, "XJ-7.3", how)
    elif action.kind == "burst":
        uid = action.args["card"]
        n = s.cards[uid].d.pet_arg("burst_side_power")["n"]
        s.emit("burst", "burst.side", "XJ-7.7", seat=seat, card=s.cards[uid].cid, side=side, n=n)
        s.discard_card(uid)
        b["bonus"][side] += n
    else:   # summon: Moon Worship Master's Summon the Water Beast
        args = s.skill(seat, "summon_beast")
        assert args is not None
        b["war_cards"].append(seat)            # no war card after it
        s.emit("skill", "skill.summon", "XJ-8.1", seat=seat, side=side, n=args["n"])
        b["bonus"][side] += args["n"]
        cardplay.discard_later(s, seat, args["discard"], "XJ-8.1", cardplay.why("why.summon"))
