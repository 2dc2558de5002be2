"""Named effect functions that card data refers to (``do: [{op: draw, n: 1}]``).

Each op takes ``(state, ctx, op)``: ``ctx`` says who uses the effect (``by``), from which card
(``card``) and at what (``target``, checked again on resolution: BF-7.4). Conditions are named
predicates ``(state, seat) -> bool``. Adding a card mechanic means adding a function here.
"""
from __future__ import annotations

OPS: dict = {}
CONDITIONS: dict = {}


def op(name):
    def deco(fn):
        OPS[name] = fn
        return fn
    return deco


def condition(name):
    def deco(fn):
        CONDITIONS[name] = fn
        return fn
    return deco


# ----- conditions --------------------------------------------------------------------------------
@condition("opponent_attacking")
def _opp_attacking(state, seat) -> bool:
    """An attack by the other fighter is under way."""
    b = state.battle
    return bool(b) and b["attacker"] != seat and not b["nullified"] and bool(b["attackers"])


@condition("own_center_empty")
def _own_center_empty(state, seat) -> bool:
    return state.fighters[seat].areas["center"] is None


@condition("opponent_center_empty")
def _opp_center_empty(state, seat) -> bool:
    return state.fighters[1 - seat].areas["center"] is None


@condition("attack_on_own_monster")
def _attack_on_monster(state, seat) -> bool:
    b = state.battle
    return _opp_attacking(state, seat) and b["target"] != "fighter"


# ----- ops ---------------------------------------------------------------------------------------------
@op("draw")
def _draw(state, ctx, o):
    state.draw(ctx["by"], o.n, clause="BF-5.6")


@op("gain_life")
def _gain_life(state, ctx, o):
    state.gain_life(ctx["by"], o.n, clause="BF-1.3")


@op("damage")
def _damage(state, ctx, o):
    state.deal_damage(1 - ctx["by"], o.n, clause="BF-8.1")


@op("charge")
def _charge(state, ctx, o):
    """Top cards of the user's deck go to the gauge face down."""
    state.deck_to_gauge(ctx["by"], o.n, clause="BF-5.10")


@op("destroy")
def _destroy(state, ctx, o):
    if ctx.get("target") is not None:
        state.later("destroy", uid=ctx["target"], clause="BF-6.7", why="by an effect")


@op("return_to_hand")
def _return(state, ctx, o):
    if ctx.get("target") is not None:
        state.later("bounce", uid=ctx["target"])


@op("buff")
def _buff(state, ctx, o):
    uid = ctx.get("target") if ctx.get("target") is not None else ctx["card"]
    state.add_mod(uid, power=o.power, defense=o.defense, critical=o.critical, grant=o.grant, until=o.until)


@op("nullify")
def _nullify(state, ctx, o):
    if state.battle:
        state.battle["nullified"] = True
        state.emit("nullify", "The attack is nullified.", "BF-6.11")


@op("soul_from_deck")
def _soul_from_deck(state, ctx, o):
    state.deck_to_soul(ctx["by"], ctx["card"], o.n)


@op("damage_each")
def _damage_each(state, ctx, o):
    """Both fighters take damage at the same moment: both at 0 is a draw (BF-1.6)."""
    for f in state.fighters:
        f.life -= o.n
        state.emit("damage", f"Seat {f.seat} takes {o.n} damage (life {f.life}).", "BF-8.1", seat=f.seat, amount=o.n)
    state.check_life()
