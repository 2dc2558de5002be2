"""Setup after the deal (XJ-2): each player keeps one of two characters in secret, then the
characters are revealed together, HP set to the maximum, and everyone draws 3.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.moves import Refusal
from ...core.state import Choice
from ...core.texts import Say
from . import turn
from .book import BOOK

if TYPE_CHECKING:
    from .state import XianjianState

BOOK.moves.declare("keep_character", None, not_now=("why.keep_character.not_now", "XJ-2.2"),
                   no_such=("why.keep_character", "XJ-2.2"), label="kind.keep_character")


def _keep_label(s: XianjianState, d: Any) -> Say:
    return s.say("keep_character", card=d.id, hp=d.hp, power=d.power)


@BOOK.procedure
def ask_character(s: XianjianState, seat: int) -> None:
    s.ask(seat, "keep_character", "keep_character.ask", "XJ-2.2", seat=seat)


@BOOK.moves.lister("keep_character", name="keep_character", actor="chooser")
def keep_character_answers(s: XianjianState, seat: int) -> Iterator[Action | Refusal]:
    cards = s.cards
    for u in s.p[seat].dealt:
        yield Action("keep_character", seat, {"card": u, "name": cards[u].cid}, _keep_label(s, cards[u].d), "XJ-2.2")


@BOOK.choice("keep_character")
def keep_character(s: XianjianState, choice: Choice, action: Action) -> None:
    seat, uid = choice.ctx["seat"], action.args["card"]
    pl = s.p[seat]
    for u in list(pl.dealt):
        if u != uid:
            s.move(u, "char_out")
    s.move(uid, "character", seat)
    s.emit("keep", "keep", "XJ-2.2", seat=seat, card=s.cards[uid].cid, only=seat, public="keep.public")


@BOOK.procedure
def reveal(s: XianjianState) -> None:
    s.goto("setup.reveal")
    s.revealed = True
    for pl in s.p:
        reveal_seat(s, pl.seat)
    s.goto("setup.hand")
    for pl in s.p:
        s.draw(pl.seat, 3, "XJ-2.6")
    s.goto("opening")
    s.emit("opening", "opening", "XJ-4.1")
    s.later(turn.turn_start, seat=s.cycle[0])


def reveal_seat(s: XianjianState, seat: int) -> None:
    pl = s.p[seat]
    d = s.cdef(seat)
    pl.hp = d.hp
    pl.set_skills(d)
    s.emit("reveal", "reveal", "XJ-2.3", seat=seat, character=d.id, card=d.id, hp=d.hp, power=d.power)
