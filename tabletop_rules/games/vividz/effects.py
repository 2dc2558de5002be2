"""Card effects, targets and [Valid] conditions: small functions registered by name.

Card data names them (``do: [{op: draw, n: 1}]``, ``valid: [standing]``): the effects live in
``BOOK.effects``, the [Valid] conditions in ``BOOK.registry("valid")``, and both are called as every
game calls them, ``fn(state, ctx: EffectCtx, **params)`` (core/effects.py: ``ctx.seat`` uses the
ability, ``ctx.card`` is its card). A power change lasts in core's shape (core/modifiers.py,
``{"power": n, "until": "mission" | "always"}``, VV-9.5). The loader checks every
name and parameter against these tables, so an unknown one is a DataError naming file, card and
field. Effects run as procedures, one op at a time, so an op that needs a decision (a search)
is answered before the next op runs (VV-12.7).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.checks import Why
from ...core.effects import EffectCtx
from ...core.modifiers import lasting
from .book import BOOK

if TYPE_CHECKING:
    from .state import VividzState

TARGETS = ("self", "lane_opponent", "attacker", "defender", "all_own", "all_opponent", "others_own", "account")
CONTINUOUS_TARGETS = ("self", "others_own", "all_own", "all_opponent")
UNTIL = ("mission", "always")

effect = BOOK.effects


# ----- [Valid] conditions (VV-12.5) --------------------------------------------------------------------
#: The [Valid] conditions card data names (``valid: [standing]``), in the Book: ``fn(state, ctx)``,
#: ``ctx.seat`` the ability's owner and ``ctx.card`` its card.
VALID = BOOK.registry("valid")


@VALID("standing")
def _standing(s: VividzState, ctx: EffectCtx) -> bool:
    return not s.cards[ctx.card].rested


@VALID("own_turn")
def _own_turn(s: VividzState, ctx: EffectCtx) -> bool:
    return s.turn_player == ctx.seat


@VALID("opp_turn")
def _opp_turn(s: VividzState, ctx: EffectCtx) -> bool:
    return s.turn_player != ctx.seat


@VALID("has_exp")
def _has_exp(s: VividzState, ctx: EffectCtx) -> bool:
    z = s.cards[ctx.card].zone
    return z.split(".")[1].startswith("area") and len(s.zones[z]) > 1


_NOT_VALID: Why = ("why.act.valid", "VV-12.5")


@BOOK.rule("VV-12.5")
def not_valid(s: VividzState, conds: tuple[str, ...], seat: int, uid: int) -> Why | None:
    """An ability is used or works only while every [Valid] condition of it holds (VV-12.5)."""
    if not conds:                       # most abilities have no [Valid]
        return None
    ctx = EffectCtx(seat, uid, clause="VV-12.5")
    fns = VALID.fns
    for c in conds:
        if not fns[c](s, ctx):
            return _NOT_VALID
    return None


def valid(s: VividzState, conds: tuple[str, ...], seat: int, uid: int) -> bool:
    """Whether ``not_valid`` allows it (the power of [Continuous] abilities asks this, VV-12.5)."""
    return not conds or not_valid(s, conds, seat, uid) is None


# ----- targets ------------------------------------------------------------------------------------------
def targets(s: VividzState, target: str, seat: int, uid: int | None) -> list[int]:
    """The cards an effect of ``uid`` (owned by ``seat``) reaches; characters on the field only,
    or the account. An effect with no card to reach does nothing."""
    lane = s.lane_of(uid) if uid is not None else None
    if target == "self":
        return [uid] if lane is not None and uid is not None else []
    if target == "lane_opponent":
        u = s.character(1 - seat, lane) if lane is not None else None
        return [u] if u is not None else []
    if target in ("attacker", "defender"):
        a = s.attack
        if a is None:
            return []
        if target == "attacker":
            return [a["uid"]] if s.lane_of(a["uid"]) is not None else []
        u = s.character(1 - a["seat"], a["lane"])
        return [u] if u is not None and s.cards[u].owner == seat else []
    if target == "all_own":
        return s.characters(seat)
    if target == "others_own":
        return [u for u in s.characters(seat) if u != uid]
    if target == "all_opponent":
        return s.characters(1 - seat)
    if target == "account":
        return [s.zones[f"{seat}.account"][0]]
    raise KeyError(target)  # pragma: no cover - validated when loaded


def _seat(ctx: EffectCtx) -> int:
    """The seat using the effect: every Vividz ability has one (its card's owner or user)."""
    seat = ctx.seat
    assert seat is not None, "engine bug: an effect with no seat"
    return seat


# ----- effect ops -------------------------------------------------------------------------------------------
@effect("draw", n=int)
def draw(s: VividzState, ctx: EffectCtx, n: int) -> None:
    s.draw(_seat(ctx), n, "VV-12.7")


@effect("accelerate", n=int)
def accelerate(s: VividzState, ctx: EffectCtx, n: int) -> None:
    """[Acceleration] N: the top N cards of the deck into the energy zone (VV-12.17)."""
    seat = _seat(ctx)
    for _ in range(n):
        top = s.zones.top(f"{seat}.deck")
        if top is None:
            s.emit("accelerate", "accelerate.none", "VV-12.17", seat=seat)
            return
        s.move(top, f"{seat}.energy")
        s.emit("accelerate", "accelerate", "VV-12.17", seat=seat, card=s.cards[top].cid)


@effect("search")
def search(s: VividzState, ctx: EffectCtx) -> None:
    """[Search]: one search by the ability's owner (VV-12.18)."""
    s.later("search_reveal", seats=[ctx.seat], clause="VV-12.18")    # attack.py's procedure, by its registered name


@effect("reload")
def reload(s: VividzState, ctx: EffectCtx) -> None:
    """[Reload]: every character in the drop zone back into the deck, shuffled (VV-12.20)."""
    seat = _seat(ctx)
    drop = s.zones[f"{seat}.drop"]
    back = [u for u in drop if s.cards[u].d.type == "character"]
    for u in back:
        s.move(u, f"{seat}.deck")
        s.cards[u].face_up = False
    s.rng.shuffle(s.zones[f"{seat}.deck"])
    s.emit("reload", "reload", "VV-12.20", seat=seat, n=len(back))


@effect("rest", target=TARGETS)
def rest(s: VividzState, ctx: EffectCtx, target: str) -> None:
    for u in targets(s, target, _seat(ctx), ctx.card):
        if not s.cards[u].rested:
            s.cards[u].rested = True
            s.emit("rest", "rest", "VV-12.14", card=s.cards[u].cid, uid=u)


@effect("stand", target=TARGETS)
def stand(s: VividzState, ctx: EffectCtx, target: str) -> None:
    for u in targets(s, target, _seat(ctx), ctx.card):
        if s.cards[u].rested:
            s.cards[u].rested = False
            s.emit("stand", "stand", "VV-12.15", card=s.cards[u].cid, uid=u)


@effect("power", n=None, target=TARGETS, until=UNTIL, optional=("until",))
def power(s: VividzState, ctx: EffectCtx, n: int, target: str, until: str = "mission") -> None:
    """Power +n / -n, lasting until the end of the mission phase (VV-9.5) unless ``always``."""
    for u in targets(s, target, _seat(ctx), ctx.card):
        lasting(s.cards[u].mods, until, power=n)
        s.emit("power", "power", "VV-9.5", card=s.cards[u].cid, uid=u, n=n, power=s.power(u),
               span="power.span" if until == "mission" else "")


@effect("damage", n=int, target=TARGETS)
def damage(s: VividzState, ctx: EffectCtx, n: int, target: str) -> None:
    for u in targets(s, target, _seat(ctx), ctx.card):
        s.add_damage(u, n, "VV-8.10")


@effect("exp", n=int)
def exp(s: VividzState, ctx: EffectCtx, n: int) -> None:
    """The top n cards of the deck go under this character as [EXP] (VV-12.16)."""
    seat, uid = _seat(ctx), ctx.card
    if uid is None or s.lane_of(uid) is None:
        return
    area = s.cards[uid].zone
    for _ in range(n):
        top = s.zones.top(f"{seat}.deck")
        if top is None:
            return
        s.zones.move(top, area, len(s.zones[area]) - 1)
        s.cards[top].face_up = True
        s.emit("exp", "exp", "VV-12.16", card=s.cards[top].cid, host=s.cards[uid].cid)


def check_effect_value(op: dict) -> str | None:
    """Checks the registry cannot express: a power change is a whole number (either sign)."""
    if op.get("op") == "power" and (not isinstance(op.get("n"), int) or isinstance(op.get("n"), bool)):
        return "n must be a whole number (negative lowers power)"
    return None
