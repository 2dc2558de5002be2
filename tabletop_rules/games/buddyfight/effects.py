"""Named effect functions that card data refers to (``do: [{op: draw, n: 1}]``), registered in
``BOOK.effects`` with the parameters each accepts, and the named conditions (``condition:``),
registered in ``BOOK.registry("condition")``: every function card data names lives in the Book.

Every one is called in core's one shape (core/effects.py), ``fn(state, ctx, **params)``: ``ctx``
(an EffectCtx) says who uses the effect (``seat``), from which card (``card``), at what
(``target``, checked again on resolution: BF-7.4) and under which clause (``clause``); ``params``
are the op's own fields (``n``, ``power``...). A condition is a predicate of the state and the
user (``ctx.seat``). Adding a card mechanic means adding a function here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.effects import EffectCtx
from . import field
from .book import BOOK

if TYPE_CHECKING:
    from .state import BuddyfightState

KEYWORDS = ("penetrate", "soulguard", "counterattack", "double_attack", "move", "counter", "set")

CONDITIONS = BOOK.registry("condition")
effect = BOOK.effects

# What an op's parameters may be: a count, a number (a modifier may be negative; the card model
# checks it is whole), keywords to grant, and how long a modifier lasts.
COUNT: dict[str, Any] = {"n": int}
BUFF: dict[str, Any] = {"power": None, "defense": None, "critical": None, "grant": ("list", KEYWORDS),
        "until": ("turn", "battle", "always")}


def user(ctx: EffectCtx) -> int:
    """The fighter using the effect: every Buddyfight effect has one."""
    seat = ctx.seat
    assert seat is not None
    return seat


# ----- conditions --------------------------------------------------------------------------------
@CONDITIONS("opponent_attacking")
def opponent_attacking(s: BuddyfightState, ctx: EffectCtx) -> bool:
    """An attack by the other fighter is under way."""
    seat = user(ctx)
    b = s.battle
    if not b:
        return False
    return b["attacker"] != seat and not b["nullified"] and bool(b["attackers"])


@CONDITIONS("own_center_empty")
def own_center_empty(s: BuddyfightState, ctx: EffectCtx) -> bool:
    return s.fighters[user(ctx)].at("center") is None


@CONDITIONS("opponent_center_empty")
def opponent_center_empty(s: BuddyfightState, ctx: EffectCtx) -> bool:
    return s.fighters[1 - user(ctx)].at("center") is None


@CONDITIONS("attack_on_own_monster")
def attack_on_own_monster(s: BuddyfightState, ctx: EffectCtx) -> bool:
    return opponent_attacking(s, ctx) and s.battle is not None and s.battle["target"] != "fighter"


# ----- ops ---------------------------------------------------------------------------------------------
@effect("draw", optional=COUNT, **COUNT)
def draw(s: BuddyfightState, ctx: EffectCtx, n: int = 1) -> None:
    field.draw(s, user(ctx), n, clause="BF-5.6")


@effect("gain_life", optional=COUNT, **COUNT)
def gain_life(s: BuddyfightState, ctx: EffectCtx, n: int = 1) -> None:
    field.gain_life(s, user(ctx), n, clause="BF-1.3")


@effect("damage", optional=COUNT, **COUNT)
def damage(s: BuddyfightState, ctx: EffectCtx, n: int = 1) -> None:
    field.deal_damage(s, 1 - user(ctx), n, clause="BF-8.1")


@effect("charge", optional=COUNT, **COUNT)
def charge(s: BuddyfightState, ctx: EffectCtx, n: int = 1) -> None:
    """Top cards of the user's deck go to the gauge face down."""
    field.deck_to_gauge(s, user(ctx), n, clause="BF-5.10")


@effect("destroy")
def destroy(s: BuddyfightState, ctx: EffectCtx) -> None:
    if ctx.target is not None:
        s.later(field.destroy, uid=ctx.target, clause=ctx.clause or "BF-7.4", why="why.effect")


@effect("return_to_hand")
def return_to_hand(s: BuddyfightState, ctx: EffectCtx) -> None:
    if ctx.target is not None:
        s.later(field.bounce, uid=ctx.target, clause=ctx.clause or "BF-7.4")


@effect("return_to_deck")
def return_to_deck(s: BuddyfightState, ctx: EffectCtx) -> None:
    """The target goes to the bottom of its owner's deck; Soulguard may keep it (BF-9.3)."""
    if ctx.target is not None:
        s.later(field.bounce, uid=ctx.target, to="deck", clause=ctx.clause or "BF-7.4")


@effect("buff", optional=BUFF, **BUFF)
def buff(s: BuddyfightState, ctx: EffectCtx, power: int = 0, defense: int = 0, critical: int = 0,
         grant: tuple[str, ...] = (), until: str = "turn") -> None:
    """The target (or, with none, the card itself) changes until ``until`` (BF-8.2, BF-6.14)."""
    uid: int = ctx.target if ctx.target is not None else ctx.card
    field.add_mod(s, uid, power=power, defense=defense, critical=critical, grant=grant, until=until)


@effect("nullify")
def nullify(s: BuddyfightState, ctx: EffectCtx) -> None:
    if s.battle:
        s.battle["nullified"] = True
        s.emit("nullify", "nullify", "BF-6.11")


@effect("soul_from_deck", optional=COUNT, **COUNT)
def soul_from_deck(s: BuddyfightState, ctx: EffectCtx, n: int = 1) -> None:
    field.deck_to_soul(s, user(ctx), ctx.card, n)


@effect("damage_each", optional=COUNT, **COUNT)
def damage_each(s: BuddyfightState, ctx: EffectCtx, n: int = 1) -> None:
    """Both fighters take damage at the same moment: both at 0 is a draw (BF-1.6)."""
    for f in s.fighters:
        f.life -= n
        s.emit("damage", "damage", "BF-8.1", seat=f.seat, amount=n, left=f.life)
    field.check_life(s)
