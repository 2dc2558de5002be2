"""Playing hand cards, the Ice Heart window, and the choices effects hand to a player.

Every skill, war or special card goes through ``play_card``: it lies on the table while the
other players holding the Ice Heart Mantra are asked, in seat order, whether to cancel it
(XJ-7.5); then it is discarded and, unless cancelled, its use runs (``card_use``). A Mantra is
played the same way, so a Mantra can be cancelled by another one.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, TypedDict

from ...core.actions import Action
from ...core.moves import Refusal
from ...core.registry import args_of
from ...core.state import Choice, Procedure
from ...core.texts import Say
from .book import BOOK, OPS, effect_ctx

if TYPE_CHECKING:
    from .state import XianjianState

Ctx = dict[str, Any]
# Why something happens, as a sentence of texts.yaml to nest in another ({why:text}): a
# ``{"key": ..., "data": ...}`` mapping (plain data, so it can wait in a procedure's arguments),
# or "" for no reason given.
Why = str | dict[str, Any]
SKILL_CLAUSE = {"skill": "XJ-7.2", "war": "XJ-7.3", "special": "XJ-7.4"}


class Play(TypedDict):
    """A card lying on the table while the others may cancel it. ``card`` is None for a use
    "as if" a card were played (an event's), named by ``name``."""

    seat: int
    card: int | None
    name: str
    nullified: bool


# An answer no lister offers is refused by the kind's own ``no_such`` sentence and clause: a pick is
# the user's among the candidates the effect names (an event's, XJ-8.2), a card of a hidden hand is a
# random one (XJ-7.8), a discard comes from your own hand (XJ-4.8).
BOOK.moves.declare("nullify", None, not_now=("why.nullify.not_now", "XJ-7.5"), no_such=("why.nullify", "XJ-7.5"),
                   label="kind.nullify")
BOOK.moves.declare("pick_player", None, not_now=("why.pick_player.not_now", "XJ-8.2"),
                   no_such=("why.pick_player", "XJ-8.2"), label="kind.pick_player")
BOOK.moves.declare("pick_card", None, not_now=("why.pick_card.not_now", "XJ-7.8"),
                   no_such=("why.pick_card", "XJ-7.8"), label="kind.pick_card")
BOOK.moves.declare("discard", None, not_now=("why.discard.not_now", "XJ-4.8"), no_such=("why.discard", "XJ-4.8"),
                   label="kind.discard")


# ----- the Ice Heart window (XJ-7.5) ------------------------------------------------------------
def why(key: str, **data: Any) -> dict[str, Any]:
    """A reason to nest in a sentence (``Why``): a template key of texts.yaml and its data."""
    return {"key": key, "data": data}


def play_card(s: XianjianState, seat: int, uid: int, proc: Procedure, kw: dict[str, Any], clause: str,
              how: Why = "", as_what: str | None = None) -> int:
    """``how``: on whom or for what the card is played (a ``why`` of the "how." sentences);
    ``as_what``: the card id it counts as (any card under the Vestment as Hidden Gu)."""
    d = s.cards[uid].d
    s.move(uid, "table")
    if as_what and d.use_at("damage") is None:
        how = why("how.as", as_card=as_what)
    return _on_table(s, seat, uid, d.id, "play", how, proc, kw, clause)


def play_as(s: XianjianState, seat: int, cid: str, proc: Procedure, kw: dict[str, Any], clause: str,
            how: Why = "") -> int:
    """An effect that works "as if" ``seat`` played card ``cid`` (no card moves): it can be
    cancelled like the real card (XJ-7.5)."""
    return _on_table(s, seat, None, cid, "play.as_if", how, proc, kw, clause)


def _on_table(s: XianjianState, seat: int, uid: int | None, cid: str, key: str, how: Why, proc: Procedure,
              kw: dict[str, Any], clause: str) -> int:
    pid = s.play_seq
    s.play_seq += 1
    s.plays[pid] = {"seat": seat, "card": uid, "name": cid, "nullified": False}
    s.emit("play", key, clause, seat=seat, card=cid, pid=pid, how=how,
           **({} if uid is not None else {"virtual": True}))
    # Any player may cancel it, its own player too (TP01 "任意玩家"): the others in seat order
    # after the player, then the player (XJ-7.5).
    order = [o for o in s.order_from(seat) if o != seat] + [seat]
    s.then((respond, {"pid": pid, "order": order}),
           (resolve_play, {"pid": pid, "proc": BOOK.procedures.name_of(proc), "kw": kw}))
    return pid


def _nullify_offers(s: XianjianState, seat: int, pid: int) -> Iterator[Action]:
    seen = set()
    cards = s.cards
    for u in s.p[seat].hand:
        c = cards[u]
        if "respond" in c.at and c.cid not in seen:
            seen.add(c.cid)
            yield Action("nullify", seat, {"card": u, "name": c.cid, "pid": pid},
                         Say((s.game.texts, "nullify", {"card": c.cid, **_what(s, pid)})), "XJ-7.5")


def _what(s: XianjianState, pid: int) -> dict[str, Any]:
    """The card on the table, as sentence data: whose (``owner``) and which (``against``, a card id)."""
    play = s.plays[pid]
    return {"owner": play["seat"], "against": play["name"]}


@BOOK.procedure
def respond(s: XianjianState, pid: int, order: list[int]) -> None:
    play = s.plays.get(pid)
    if play is None or play["nullified"]:
        return
    for j, seat in enumerate(order):
        if s.p[seat].in_game and next(_nullify_offers(s, seat, pid), None) is not None:
            s.ask(seat, "respond", "respond.ask", "XJ-7.5", pid=pid, rest=order[j + 1:], seat=seat,
                  **_what(s, pid))
            return


@BOOK.moves.lister("nullify", "pass", name="respond", actor="chooser")
def respond_answers(s: XianjianState, seat: int) -> Iterator[Action | Refusal]:
    pid = s.choices[-1].ctx["pid"]
    yield from _nullify_offers(s, seat, pid)
    yield Action("pass", seat, {}, Say((s.game.texts, "respond.pass", {**_what(s, pid)})), "XJ-7.5")


@BOOK.choice("respond")
def answer_respond(s: XianjianState, choice: Choice, action: Action) -> None:
    pid = choice.ctx["pid"]
    s.later(respond, pid=pid, order=choice.ctx["rest"])
    if action.kind == "nullify":
        play_card(s, action.player, action.args["card"], nullify, {"pid": pid}, "XJ-7.5",
                  why("how.against", **_what(s, pid)))


@BOOK.procedure
def nullify(s: XianjianState, pid: int) -> None:
    play = s.plays.get(pid)
    if play is not None:
        play["nullified"] = True


@BOOK.procedure
def resolve_play(s: XianjianState, pid: int, proc: str, kw: dict[str, Any]) -> None:
    play = s.plays.pop(pid)
    uid = play["card"]
    if uid is not None and s.place(uid) == "table":
        s.discard_card(uid)
    if play["nullified"]:
        s.emit("cancelled", "cancelled", "XJ-7.5", seat=play["seat"], card=play["name"])
        return
    s.later(proc, **kw)


@BOOK.procedure
def card_use(s: XianjianState, cid: str, at: str, ctx: Ctx) -> None:
    use = s.game.cards[cid].use_at(at)
    OPS[use["op"]](s, effect_ctx(ctx), **args_of(use, extra=("at", "target")))


def card_ctx(s: XianjianState, seat: int, uid: int, target: int | None = None, **more: Any) -> Ctx:
    d = s.cards[uid].d
    ctx = {"by": seat, "target": target, "source": "card", "card": d.id, "why": why("why.card", card=d.id),
           "clause": SKILL_CLAUSE.get(d.type, "XJ-7.4"), "damage": "skill_card" if d.type == "skill" else "effect"}
    ctx.update(more)
    return ctx


# ----- effects that need a choice by their user -----------------------------------------------------------
def pick_player(s: XianjianState, chooser: int, seats: list[int] | tuple[int, ...], proc: Procedure,
                kw: dict[str, Any], prompt: Say, clause: str, optional: bool = False) -> None:
    """``chooser`` names one of ``seats``; then ``proc(seat=..., **kw)`` runs.
    A single candidate is taken without asking (unless the pick is optional)."""
    seats = [o for o in seats if s.p[o].in_game]
    if not seats:
        return
    if len(seats) == 1 and not optional:
        s.later(proc, seat=seats[0], **kw)
        return
    s.ask(chooser, "pick_player", prompt, clause, seats=seats, optional=optional,
          proc=BOOK.procedures.name_of(proc), kw=kw)


@BOOK.moves.lister("pick_player", name="pick_player", actor="chooser")
def pick_player_answers(s: XianjianState, seat: int) -> Iterator[Action | Refusal]:
    ch = s.choices[-1]
    for o in ch.ctx["seats"]:
        yield Action("pick_player", seat, {"seat": o},
                     Say((s.game.texts, "pick_player", {"seat": o, "label": s.p[o].label})), ch.clause)
    if ch.ctx["optional"]:
        yield Action("pick_player", seat, {"seat": None}, Say((s.game.texts, "pick_player.nobody", {})), ch.clause)


@BOOK.choice("pick_player")
def answer_pick_player(s: XianjianState, choice: Choice, action: Action) -> None:
    o = action.args["seat"]
    if o is not None:
        s.later(choice.ctx["proc"], seat=o, **choice.ctx["kw"])


def _pick_card_offers(s: XianjianState, owner: int, chooser: int, clause: str | None, hand: bool,
                      equipment: bool) -> Iterator[Action]:
    pl = s.p[owner]
    if equipment:
        for u in pl.equipment():
            yield Action("pick_card", chooser, {"card": u, "name": s.cards[u].cid},
                         Say((s.game.texts, "pick_card.in_play", {"card": s.cards[u].cid})), clause)
    if hand and pl.hand and owner == chooser:
        # Your own hand is not hidden from you: you pick the card (XJ-7.8 is about other hands).
        seen = set()
        for u in pl.hand:
            if s.cards[u].cid not in seen:
                seen.add(s.cards[u].cid)
                yield Action("pick_card", chooser, {"card": u, "name": s.cards[u].cid},
                             Say((s.game.texts, "pick_card.own_hand", {"card": s.cards[u].cid})), clause)
    elif hand and pl.hand:
        yield Action("pick_card", chooser, {"card": "hand"},
                     Say((s.game.texts, "pick_card.random", {"owner": owner, "n": len(pl.hand)})),
                     clause)


def lose_card(s: XianjianState, owner: int, chooser: int, proc: Procedure, kw: dict[str, Any], prompt: Say,
              clause: str, hand: bool = True, equipment: bool = True) -> None:
    """``chooser`` picks one of ``owner``'s equipment or (a random) hand card; then
    ``proc(card=uid, **kw)``. One possibility is taken without asking."""
    opts = list(_pick_card_offers(s, owner, chooser, clause, hand, equipment))
    if not opts:
        return
    if len(opts) == 1:
        s.later(proc, card=_resolve_pick(s, owner, opts[0].args["card"]), **kw)
        return
    s.ask(chooser, "pick_card", prompt, clause, owner=owner, proc=BOOK.procedures.name_of(proc), kw=kw,
          hand=hand, equipment=equipment)


@BOOK.moves.lister("pick_card", name="pick_card", actor="chooser")
def pick_card_answers(s: XianjianState, seat: int) -> Iterator[Action | Refusal]:
    ch = s.choices[-1]
    c = ch.ctx
    yield from _pick_card_offers(s, c["owner"], seat, ch.clause, c["hand"], c["equipment"])


def _resolve_pick(s: XianjianState, owner: int, card: int | str) -> int:
    if card == "hand":
        return s.rng.choice(s.p[owner].hand)        # XJ-7.8
    assert isinstance(card, int)
    return card


@BOOK.choice("pick_card")
def answer_pick_card(s: XianjianState, choice: Choice, action: Action) -> None:
    c = choice.ctx
    s.later(c["proc"], card=_resolve_pick(s, c["owner"], action.args["card"]), **c["kw"])


@BOOK.procedure
def discard_chosen(s: XianjianState, card: int, seat: int, clause: str, why: Why = "") -> None:
    owner = s.cards[card].owner
    s.emit("discard", "discard", clause, seat=owner, card=s.cards[card].cid, why=why)
    s.discard_card(card)


@BOOK.procedure
def take_chosen(s: XianjianState, card: int, seat: int, clause: str, why: Why = "") -> None:
    """``seat`` takes ``card`` into hand (from another player's hand or equipment)."""
    owner = s.cards[card].owner
    from_hand = s.place(card) == "hand"
    s.move(card, "hand", seat)
    if from_hand:
        s.emit("take", "take.hand", clause, seat=seat, source=owner, card=s.cards[card].cid, why=why, only=seat,
               public="take.hand.public")
    else:
        s.emit("take", "take.equipment", clause, seat=seat, source=owner, card=s.cards[card].cid, why=why)


# ----- discarding by choice ------------------------------------------------------------------------------
def discard_later(s: XianjianState, seat: int, n: int, clause: str, why: Why = "") -> None:
    """``seat`` discards ``n`` hand cards of their choice, one at a time (all if they hold fewer)."""
    s.later(discard_some, seat=seat, n=n, clause=clause, why=why)


@BOOK.procedure
def discard_some(s: XianjianState, seat: int, n: int, clause: str, why: Why = "") -> None:
    pl = s.p[seat]
    if n <= 0 or not pl.hand or not pl.in_game:
        return
    if n >= len(pl.hand):
        names = [s.cards[u].cid for u in pl.hand]
        for u in list(pl.hand):
            s.discard_card(u)
        s.emit("discard", "discard.all", clause, seat=seat, cards=names, why=why)
        return
    s.ask(seat, "discard", "discard.ask", clause, seat=seat, n=n, why=why)


@BOOK.moves.lister("discard", name="discard", actor="chooser")
def discard_answers(s: XianjianState, seat: int) -> list[Action | Refusal]:
    clause = s.choices[-1].clause
    cards, texts = s.cards, s.game.texts
    seen = set()
    out: list[Action | Refusal] = []
    for u in s.p[seat].hand:
        c = cards[u]
        if c.cid not in seen:
            seen.add(c.cid)
            out.append(Action("discard", seat, {"card": u, "name": c.cid},
                              Say((texts, "discard.one", {"card": c.cid})), clause))
    return out


@BOOK.choice("discard")
def answer_discard(s: XianjianState, choice: Choice, action: Action) -> None:
    c = choice.ctx
    uid = action.args["card"]
    s.emit("discard", "discard", choice.clause, seat=c["seat"], card=s.cards[uid].cid, why=c["why"])
    s.discard_card(uid)
    s.later(discard_some, seat=c["seat"], n=c["n"] - 1, clause=choice.clause, why=c["why"])
