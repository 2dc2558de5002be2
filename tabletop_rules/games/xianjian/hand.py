"""The turn player's moves with hand cards (XJ-4.4, XJ-4.5, XJ-7.2 .. XJ-7.6, XJ-7.10): play a
skill card, put equipment into play, pawn, end the skill step; the Underworld Mirror before the
fight decision. Each lister says, card by card, what may be done with it and why not.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from ...core.actions import Action
from ...core.checks import Why
from ...core.moves import Refusal, refuse
from ...core.state import Choice
from ...core.texts import Say
from . import cardplay
from .book import BOOK
from .seats import not_your_turn, seat_words

if TYPE_CHECKING:
    from .cards import Card
    from .state import XianjianState



def targets(s: XianjianState, kind: str, seat: int) -> Sequence[int | None]:
    """The seats a card's use may name (XJ-7.2): ``[None]`` for a card that names none."""
    if kind == "none":
        return [None]
    order = s.order_from(seat)
    if kind == "any":
        return order
    if kind == "any_with_cards":
        return [o for o in order if s.p[o].hand or s.p[o].equipment()]
    others = [o for o in order if o != seat]
    if kind == "other":
        return others
    if kind == "other_with_hand":
        return [o for o in others if s.p[o].hand]
    return [o for o in others if s.p[o].hand or s.p[o].equipment()]


# ----- when a hand card may be played: one check per rule (the sentence names the card) ----------
_EQUIPMENT: Why = ("why.play.equipment", "XJ-4.5")
_WAR: Why = ("why.play.war", "XJ-7.3")
_SPECIAL: Why = ("why.play.special", "XJ-7.4")
_SPECIAL_BEFORE_FIGHT: Why = ("why.play.before_fight", "XJ-7.4")
_SKILL_BEFORE_FIGHT: Why = ("why.play.before_fight", "XJ-7.2")
_NO_TARGET: Why = ("why.play.no_target", "XJ-7.2")


@BOOK.rule("XJ-4.5")
def equipment_not_played(c: Card) -> Why | None:
    """Equipment is put into play (``equip``), never played (XJ-4.5)."""
    return _EQUIPMENT if c.equip else None


@BOOK.rule("XJ-7.3")
def war_card_moment(c: Card, at: str) -> Why | None:
    """A war card is played only in a battle's war-card step (XJ-7.3)."""
    return _WAR if c.type == "war" and at != "war_step" else None


@BOOK.rule("XJ-7.4")
def special_card_moment(c: Card, at: str) -> Why | None:
    """A special card is played only at the moment its text names (XJ-7.4): the Underworld Mirror
    alone before the fight decision (XJ-7.10)."""
    if c.type != "special" or at in c.at:
        return None
    return _SPECIAL_BEFORE_FIGHT if at == "before_fight" else _SPECIAL


@BOOK.rule("XJ-7.2")
def skill_card_use(c: Card, at: str, targets: Sequence[int | None]) -> Why | None:
    """A skill card is played in its player's own skill step, and a card that names a target needs
    one it may name (XJ-7.2)."""
    if at not in c.at:
        return _SKILL_BEFORE_FIGHT if c.type == "skill" else None
    return None if targets else _NO_TARGET


def cannot_play(c: Card, at: str, ts: Sequence[int | None]) -> Why | None:
    """Why card ``c`` cannot be played at moment ``at`` on any of ``ts`` (None: it can). A card
    with a use at this moment can only lack a target (XJ-7.2); any other is refused by its kind's
    rule."""
    if at in c.at:
        return skill_card_use(c, at, ts)
    return (equipment_not_played(c) or war_card_moment(c, at) or special_card_moment(c, at)
            or skill_card_use(c, at, ts))


_NONE: tuple[Action | Refusal, ...] = ()


def _plays(s: XianjianState, seat: int, uid: int, c: Card, at: str,
           cache: dict[str, Sequence[int | None]]) -> Sequence[Action | Refusal]:
    """A card's plays at moment ``at``, one per possible target (another target is refused by
    ``no_such``), or why it cannot be played then (``cannot_play``). A card without a use at this
    moment offers no target, so nothing is listed; its refusal is built only while explaining."""
    use = c.at.get(at)
    if use is None:
        if not s.explaining:
            return _NONE
        ts: Sequence[int | None] = ()
    else:
        target = use.get("target", "none")
        got = cache.get(target)
        if got is None:
            got = cache[target] = targets(s, target, seat)
        ts = got
    no = cannot_play(c, at, ts)
    if no is not None:
        return (refuse(s.say(no[0], name=c.cid), no[1], kind="play", card=uid),) if s.explaining else _NONE
    clause = cardplay.SKILL_CLAUSE[c.type or "skill"] if at == "skill_step" else "XJ-7.10"
    texts = s.game.texts
    out: list[Action | Refusal] = []
    for t in ts:
        if t is None:
            out.append(Action("play", seat, {"card": uid, "name": c.cid},
                              Say((texts, "play.label", {"card": c.cid})), clause))
        else:
            out.append(Action("play", seat, {"card": uid, "name": c.cid, "target": t},
                              Say((texts, "play.label.on", {"card": c.cid, "target": t, "label": s.p[t].label})),
                              clause))
    return out


# ----- the skill step (XJ-4.4) -------------------------------------------------------------------------
@BOOK.moves.lister("play", "equip", "pawn", actor="turn_player", not_yours=not_your_turn)
def skill_cards(s: XianjianState, seat: int) -> list[Action | Refusal]:
    """In your skill step: play a card usable there (per target), put equipment into play,
    pawn a card with a pawn ability (from the hand, or the Demon Sword in play). One copy of
    each card is offered; anything else is refused by the kinds' own words (``no_such``).
    A list, not a generator: it is the skill step's lister, run at every decision there."""
    pl = s.p[seat]
    cards = s.cards
    texts = s.game.texts
    seen = set()
    cache: dict[str, Sequence[int | None]] = {}
    out: list[Action | Refusal] = []
    for u in pl.hand:
        c = cards[u]
        if c.cid in seen:
            continue
        seen.add(c.cid)
        out += _plays(s, seat, u, c, "skill_step", cache)
        if c.equip:
            old = pl.in_slot(c.type or "weapon")
            out.append(Action("equip", seat, {"card": u, "name": c.cid},
                              Say((texts, "equip.label", {"card": c.cid})) if old is None else
                              Say((texts, "equip.label.replace", {"card": c.cid, "old": cards[old].cid})),
                              "XJ-4.5"))
        if c.pawn:
            out.append(Action("pawn", seat, {"card": u, "name": c.cid},
                              Say((texts, "pawn.label", {"card": c.cid, "n": c.pawn})), "XJ-7.6"))
    for u in pl.equipment():
        c = cards[u]
        if c.pawn:
            out.append(Action("pawn", seat, {"card": u, "name": c.cid},
                              Say((texts, "pawn.label.in_play", {"card": c.cid, "n": c.pawn})), "XJ-7.6"))
    return out


@BOOK.moves.lister("end_skill", actor="turn_player", not_yours=not_your_turn)
def skill_end(s: XianjianState, seat: int) -> list[Action | Refusal]:
    return [Action("end_skill", seat, {}, Say((s.game.texts, "end_skill", {})), "XJ-4.4")]


@BOOK.moves.kind("play", not_now=("why.play.not_now", "XJ-7.2"), no_such=("why.play.no_such", "XJ-7.2"),
                 label="kind.play")
def play(s: XianjianState, action: Action) -> None:
    seat, uid = action.player, action.args["card"]
    target = action.args.get("target")
    d = s.cards[uid].d
    at = "skill_step" if s.phase == "skill" else "before_fight"
    how = cardplay.why("how.on", target=target) if target is not None else ""
    cardplay.play_card(s, seat, uid, cardplay.card_use,
                       {"cid": d.id, "at": at, "ctx": cardplay.card_ctx(s, seat, uid, target)},
                       cardplay.SKILL_CLAUSE[d.type] if at == "skill_step" else "XJ-7.10", how)


@BOOK.moves.kind("equip", not_now=("why.equip.not_now", "XJ-4.5"), no_such=("why.equip.no_such", "XJ-4.5"),
                 label="kind.equip")
def equip(s: XianjianState, action: Action) -> None:
    seat, uid = action.player, action.args["card"]
    d = s.cards[uid].d
    slot = d.type
    old = s.p[seat].in_slot(slot)
    if old is not None:
        s.emit("replace", "replace", "XJ-4.5", seat=seat, card=s.cards[old].cid)
        s.discard_card(old)
    s.move(uid, slot, seat)
    s.emit("equip", "equip.weapon" if slot == "weapon" else "equip.armour", "XJ-4.5", seat=seat, card=d.id)


@BOOK.moves.kind("pawn", not_now=("why.pawn.not_now", "XJ-7.6"), no_such=("why.pawn.no_such", "XJ-7.6"),
                 label="kind.pawn")
def pawn(s: XianjianState, action: Action) -> None:
    seat, uid = action.player, action.args["card"]
    d = s.cards[uid].d
    s.emit("pawn", "pawn", "XJ-7.6", seat=seat, card=d.id, n=d.pawn)
    s.discard_card(uid)
    s.draw(seat, d.pawn, "XJ-7.6")


@BOOK.moves.kind("end_skill", not_now=("why.end_skill.not_now", "XJ-4.4"),
                 label="kind.end_skill")
def end_skill(s: XianjianState, action: Action) -> None:
    battle_step(s)


# ----- before the fight decision (XJ-7.10) ----------------------------------------------------------------
@BOOK.procedure
def battle_step(s: XianjianState, clause: str | None = None) -> None:
    """The battle step's decision (XJ-4.6), after a first battle too (XJ-8.1): before the turn
    player decides, every other player holding the Underworld Mirror is asked in seat order
    whether to use it (its text lets any player use it then); the turn player may use it at the
    decision itself."""
    s.goto("battle.choose", clause)           # the phase event reports it
    tp = s.turn_player
    mirror_window(s, [o for o in s.order_from(tp) if o != tp])


def _mirror_plays(s: XianjianState, seat: int) -> Iterator[Action | Refusal]:
    """The cards ``seat`` may play before the fight decision (the Underworld Mirror), per target."""
    cards = s.cards
    seen = set()
    cache: dict[str, Sequence[int | None]] = {}
    for u in s.p[seat].hand:
        c = cards[u]
        if c.cid in seen:
            continue
        seen.add(c.cid)
        yield from _plays(s, seat, u, c, "before_fight", cache)


@BOOK.procedure
def mirror_window(s: XianjianState, order: list[int]) -> None:
    for j, seat in enumerate(order):
        if s.p[seat].in_game and any(type(o) is Action for o in _mirror_plays(s, seat)):
            s.ask(seat, "mirror", "mirror.ask", "XJ-7.10", rest=order[j + 1:], seat=seat,
                  turn_player=s.turn_player, card="underworld-mirror")
            return


@BOOK.moves.lister("play", "pass", name="mirror", actor="chooser")
def mirror_answers(s: XianjianState, seat: int) -> Iterator[Action | Refusal]:
    yield from _mirror_plays(s, seat)
    yield Action("pass", seat, {}, Say((s.game.texts, "mirror.pass", {})), "XJ-7.10")


@BOOK.choice("mirror")
def answer_mirror(s: XianjianState, choice: Choice, action: Action) -> None:
    s.later(mirror_window, order=choice.ctx["rest"])
    if action.kind == "play":
        play(s, action)           # the same play as the turn player's (XJ-7.10), cancellable (XJ-7.5)


@BOOK.rule("XJ-7.10")
def mirror_asked_first(s: XianjianState) -> Refusal:
    """What another seat is told when it plays the Underworld Mirror at the turn player's own fight
    decision (XJ-7.10): the others were asked in seat order just before (``mirror_window``)."""
    return Refusal(s.say("why.play.mirror_first", **seat_words(s, s.turn_player)), "XJ-7.10", kind="play")


@BOOK.moves.lister("play", name="before_fight", actor="turn_player", not_yours=mirror_asked_first)
def before_fight(s: XianjianState, seat: int) -> Iterator[Action | Refusal]:
    """At the turn player's own fight decision: the Underworld Mirror (the others were asked
    just before, ``mirror_window``)."""
    yield from _mirror_plays(s, seat)
