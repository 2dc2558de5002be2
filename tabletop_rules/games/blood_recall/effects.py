"""Named effect functions that the card data refers to (``effect: [{op: draw, n: 1}]``).

Player ops take ``(state, seat, op)``: ``seat`` is whoever played, recalled, self-harmed or Blood
Recalled. Madness ops take ``(state, op, clause)`` and act on the story-mode player. Rule clauses are
cited through ``state.K`` (concept -> clause id of the mode being played), because the same
function serves duel mode (BRD-*) and story mode (BRS-*).
"""
from __future__ import annotations

OPS: dict = {}
MADNESS_OPS: dict = {}


def op(name, registry=OPS):
    def deco(fn):
        registry[name] = fn
        return fn
    return deco


# ----- player ops ---------------------------------------------------------------------------------------
@op("attack")
def _attack(state, seat, o):
    state.add_bonus(seat, o.n)


@op("attack_per")
def _attack_per(state, seat, o):
    """+n attack for each card of an art type in its owner's play area (a blood-battle effect)."""
    cards = state.cards
    count = sum(1 for u in state.seats[seat].play if cards[u].d.art == o.type)
    state.add_bonus(seat, o.n * count, f"{count} {o.type} art(s) in play")


@op("gain_blood")
def _gain_blood(state, seat, o):
    state.gain_blood(seat, o.n)


@op("draw")
def _draw(state, seat, o):
    state.draw(seat, o.n, state.K["effect_draw"])


@op("recall_points")
def _recall_points(state, seat, o):
    state.add_recall_points(seat, o.n)


@op("free_enhance")
def _free_enhance(state, seat, o):
    state.offer_free_enhance(seat)


@op("self_damage")
def _self_damage(state, seat, o):
    state.take_damage(seat, o.n, state.K["hindrance"], "from a hindrance")


@op("fog")
def _fog(state, seat, o):
    state.fog()


@op("hindrance")
def _hindrance(state, seat, o):
    target = seat if o.to == "self" else state.opponent(seat)
    if target is None:
        # Story mode: the Madness has no deck, so a hindrance aimed at it does nothing (BRS-8.4).
        state.emit("no_effect", "The Madness has no discard pile: the hindrance is not given.", state.K["no_opponent"])
        return
    state.give_hindrance(target, o.name, o.where)


# ----- Madness ops (story mode) ---------------------------------------------------------------------------------
# ``clause`` is the rule of the disaster card (end, special) or the stars effect being resolved.
@op("madness_attack", MADNESS_OPS)
def _madness_attack(state, o, clause):
    state.madness_bonus(o.n, clause)


@op("damage", MADNESS_OPS)
def _damage(state, o, clause):
    state.take_damage(0, o.n, clause, "from the Madness")


@op("hindrance", MADNESS_OPS)
def _m_hindrance(state, o, clause):
    state.give_hindrance(0, o.name, o.where)


@op("add_disaster", MADNESS_OPS)
def _add_disaster(state, o, clause):
    state.add_disaster(o.kind)
