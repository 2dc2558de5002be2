"""Named effect functions that card data refers to (``do: [{op: draw, n: 1}]``), registered in
``BOOK.effects`` with the parameters each accepts, and the named conditions (``condition:``).

Each op takes ``(state, ctx, op)``: ``ctx`` says who uses the effect (``by``), from which card
(``card``) and at what (``target``, checked again on resolution: BF-7.4). Conditions are named
predicates ``(state, seat) -> bool``. Adding a card mechanic means adding a function here.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core.registry import Registry
from . import field
from .book import BOOK

if TYPE_CHECKING:
    from .cards import Op
    from .state import BuddyfightState

KEYWORDS = ("penetrate", "soulguard", "counterattack", "double_attack", "move", "counter", "set")

Condition = Callable[["BuddyfightState", int], bool]
CONDITIONS: Registry[Condition] = Registry("buddyfight condition")
effect = BOOK.effects

# What an op's parameters may be: a count, a number (a modifier may be negative; the card model
# checks it is whole), keywords to grant, and how long a modifier lasts.
COUNT: dict[str, Any] = {"n": int}
BUFF: dict[str, Any] = {"power": None, "defense": None, "critical": None, "grant": ("list", KEYWORDS),
        "until": ("turn", "battle", "always")}


# ----- conditions --------------------------------------------------------------------------------
@CONDITIONS("opponent_attacking")
def opponent_attacking(s: BuddyfightState, seat: int) -> bool:
    """An attack by the other fighter is under way."""
    b = s.battle
    if not b:
        return False
    return b["attacker"] != seat and not b["nullified"] and bool(b["attackers"])


@CONDITIONS("own_center_empty")
def own_center_empty(s: BuddyfightState, seat: int) -> bool:
    return s.fighters[seat].at("center") is None


@CONDITIONS("opponent_center_empty")
def opponent_center_empty(s: BuddyfightState, seat: int) -> bool:
    return s.fighters[1 - seat].at("center") is None


@CONDITIONS("attack_on_own_monster")
def attack_on_own_monster(s: BuddyfightState, seat: int) -> bool:
    return opponent_attacking(s, seat) and s.battle is not None and s.battle["target"] != "fighter"


# ----- ops ---------------------------------------------------------------------------------------------
Ctx = dict[str, Any]


@effect("draw", optional=COUNT, **COUNT)
def draw(s: BuddyfightState, ctx: Ctx, o: Op) -> None:
    field.draw(s, ctx["by"], o.n, clause="BF-5.6")


@effect("gain_life", optional=COUNT, **COUNT)
def gain_life(s: BuddyfightState, ctx: Ctx, o: Op) -> None:
    field.gain_life(s, ctx["by"], o.n, clause="BF-1.3")


@effect("damage", optional=COUNT, **COUNT)
def damage(s: BuddyfightState, ctx: Ctx, o: Op) -> None:
    field.deal_damage(s, 1 - ctx["by"], o.n, clause="BF-8.1")


@effect("charge", optional=COUNT, **COUNT)
def charge(s: BuddyfightState, ctx: Ctx, o: Op) -> None:
    """Top cards of the user's deck go to the gauge face down."""
    field.deck_to_gauge(s, ctx["by"], o.n, clause="BF-5.10")


@effect("destroy")
def destroy(s: BuddyfightState, ctx: Ctx, o: Op) -> None:
    if ctx.get("target") is not None:
        s.later(field.destroy, uid=ctx["target"], clause=ctx.get("clause", "BF-7.4"), why="why.effect")


@effect("return_to_hand")
def return_to_hand(s: BuddyfightState, ctx: Ctx, o: Op) -> None:
    if ctx.get("target") is not None:
        s.later(field.bounce, uid=ctx["target"], clause=ctx.get("clause", "BF-7.4"))


@effect("return_to_deck")
def return_to_deck(s: BuddyfightState, ctx: Ctx, o: Op) -> None:
    """The target goes to the bottom of its owner's deck; Soulguard may keep it (BF-9.3)."""
    if ctx.get("target") is not None:
        s.later(field.bounce, uid=ctx["target"], to="deck", clause=ctx.get("clause", "BF-7.4"))


@effect("buff", optional=BUFF, **BUFF)
def buff(s: BuddyfightState, ctx: Ctx, o: Op) -> None:
    target = ctx.get("target")
    uid: int = target if target is not None else ctx["card"]
    field.add_mod(s, uid, power=o.power, defense=o.defense, critical=o.critical, grant=o.grant, until=o.until)


@effect("nullify")
def nullify(s: BuddyfightState, ctx: Ctx, o: Op) -> None:
    if s.battle:
        s.battle["nullified"] = True
        s.emit("nullify", "nullify", "BF-6.11")


@effect("soul_from_deck", optional=COUNT, **COUNT)
def soul_from_deck(s: BuddyfightState, ctx: Ctx, o: Op) -> None:
    field.deck_to_soul(s, ctx["by"], ctx["card"], o.n)


@effect("damage_each", optional=COUNT, **COUNT)
def damage_each(s: BuddyfightState, ctx: Ctx, o: Op) -> None:
    """Both fighters take damage at the same moment: both at 0 is a draw (BF-1.6)."""
    for f in s.fighters:
        f.life -= o.n
        s.emit("damage", "damage", "BF-8.1", seat=f.seat, amount=o.n, left=f.life)
    field.check_life(s)
