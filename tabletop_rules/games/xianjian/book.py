"""The game's Book: every procedure, decision, move, rule check and named function of the game.

Everything is registered in ``BOOK`` (core's named registries): the state stores names as data, and
an unknown name is an error. Card files say *what* happens as data (``{op: hurt, who: enemy_team,
n: 2}``); each name is a small Python function in one of the Book's tables, registered with the
parameters it accepts (core's ``Registry.check``): monster, card and event effects in
``BOOK.effects``, pet effects, equipment traits and character skills in ``BOOK.registry("pet")``,
``("trait")`` and ``("skill")``. Loading a card whose data names an unknown function or parameter is
a DataError naming file, card and field.
"""
from __future__ import annotations

from typing import Any

from ...core.effects import EffectCtx
from ...core.state import Book

BOOK = Book("xianjian")

# Who an effect touches (XJ-7.11, XJ-3.15): read relative to the effect's user ("you").
WHO = ("you", "target", "our_team", "enemy_team", "all", "others", "supporters", "hinderers",
       "you_and_supporters", "non_participants")
ELEMENTS = ("water", "fire", "thunder", "wind", "earth")
SIDES = ("own", "choose")

OPS = BOOK.effects                  # monster, card and event effects: fn(s, ctx, **args)
PET = BOOK.registry("pet")          # what a pet does while owned (read by the engine, never run)
TRAITS = BOOK.registry("trait")     # what equipment does besides power (read by the engine)
SKILLS = BOOK.registry("skill")     # character skills: meta['hook'] says when they act


# A resolution waiting in a queued procedure is plain data (a clone copies it, a replay rebuilds it):
# {"by": the user's seat, "card", "target", "clause", and "source", "why", "damage", ...}. An effect
# named by card data is handed core's EffectCtx built from it, and hands it on as plain data again.
def effect_ctx(d: dict[str, Any]) -> EffectCtx:
    """The stored resolution ``d`` as the context an effect is called with (``fn(s, ctx, **params)``)."""
    data = d.copy()
    ctx = EffectCtx(data.pop("by"), data.pop("card", None), data.pop("target", None), data.pop("clause", None))
    ctx.data = data
    return ctx


def stored(ctx: EffectCtx) -> dict[str, Any]:
    """An effect's context as the plain data a queued procedure keeps (``effect_ctx`` undone)."""
    return {"by": ctx.seat, "card": ctx.card, "target": ctx.target, "clause": ctx.clause, **ctx.data}


def user(ctx: EffectCtx) -> int:
    """The seat using an effect ("you"): every resolution of this game has one."""
    seat = ctx.seat
    if seat is None:
        raise RuntimeError("engine bug: an effect without a user")
    return seat


def cite(ctx: EffectCtx) -> str:
    """The clause an effect's events cite: every resolution of this game names one."""
    clause = ctx.clause
    if clause is None:
        raise RuntimeError("engine bug: an effect without a clause")
    return clause


def rules_word(cid: str, part: str | None = None) -> str:
    """A card's rules text as a ``{x:word}`` value of the game's texts (cards.py puts every hand
    card's, event's and monster effect's text there as ``word.rules.<id>[.<part>]``): the log
    quotes it in the language it is read in."""
    return f"rules.{cid}" if part is None else f"rules.{cid}.{part}"
