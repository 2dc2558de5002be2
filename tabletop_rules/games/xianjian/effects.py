"""Named effect functions for monsters and hand cards (events are in events.py).

Each op is ``fn(state, ctx, **args)`` with core's EffectCtx: ``ctx.seat`` is the effect's user
("you": the trigger of a battle, the player of a card; ``user(ctx)``), ``ctx.target`` a seat named
when a card was played, ``ctx.clause`` the clause to cite (``cite(ctx)``), ``ctx.get("why")`` and
``ctx.get("damage")`` why it happens and the kind of damage (book.py ``effect_ctx``). Ops queue
procedures (``later``), so a choice or a death in the middle of a list of ops is dealt with before
the next op runs.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.effects import EffectCtx
from . import battle, cardplay, life, turn
from .book import OPS, PET, SIDES, TRAITS, WHO, cite, stored, user

if TYPE_CHECKING:
    from .state import XianjianState

MONSTER_EVENT = ("monster", "event")


def select(s: XianjianState, ctx: EffectCtx, who: str) -> list[int]:
    """The seats an effect touches, in seat order from its user (XJ-7.11, XJ-3.15)."""
    by = user(ctx)
    order = s.order_from(by)
    team = s.p[by].team
    b = s.battle
    if who == "you":
        return [by] if s.p[by].in_game else []
    if who == "target":
        t = ctx.target
        return [t] if t is not None and s.p[t].in_game else []
    if who == "our_team":
        return [o for o in order if s.p[o].team == team]
    if who == "enemy_team":
        return [o for o in order if s.p[o].team != team]
    if who == "all":
        return list(order)
    if who == "others":
        return [o for o in order if o != by]
    played = b["played"] if b else []
    if who == "supporters":
        return [o for o in order if o in played and s.p[o].team == team and o != by]
    if who == "hinderers":
        return [o for o in order if o in played and s.p[o].team != team]
    if who == "you_and_supporters":
        return [o for o in order if o == by or o in played and s.p[o].team == team]
    if who == "non_participants":
        return [o for o in order if o != by and o not in played]
    raise ValueError(f"unknown selector {who!r}")


# ----- HP and cards, for monsters, events and cards -------------------------------------------------------
@OPS("hurt", meta={"where": MONSTER_EVENT, "at": ("skill_step",)}, who=WHO, n=int)
def hurt(s: XianjianState, ctx: EffectCtx, who: str, n: int) -> None:
    life.hurt(s, [(o, n) for o in select(s, ctx, who)], stored(ctx))


@OPS("hurt_by_hand", meta={"where": MONSTER_EVENT}, who=WHO)
def hurt_by_hand(s: XianjianState, ctx: EffectCtx, who: str) -> None:
    life.hurt(s, [(o, len(s.p[o].hand)) for o in select(s, ctx, who)], stored(ctx))


@OPS("hurt_by_pets", meta={"where": MONSTER_EVENT}, who=WHO)
def hurt_by_pets(s: XianjianState, ctx: EffectCtx, who: str) -> None:
    life.hurt(s, [(o, len(s.p[o].pets)) for o in select(s, ctx, who)], stored(ctx))


@OPS("heal", meta={"where": MONSTER_EVENT, "at": ("skill_step",)}, who=WHO, n=int)
def heal(s: XianjianState, ctx: EffectCtx, who: str, n: int) -> None:
    for o in select(s, ctx, who):
        life.heal(s, o, n, cite(ctx), ctx.get("why", ""))


@OPS("draw", meta={"where": MONSTER_EVENT, "at": ("skill_step",)}, who=WHO, n=int)
def draw(s: XianjianState, ctx: EffectCtx, who: str, n: int) -> None:
    for o in select(s, ctx, who):
        s.draw(o, n, cite(ctx))


@OPS("hurt_chosen", meta={"where": MONSTER_EVENT}, pool=WHO, n=int)
def hurt_chosen(s: XianjianState, ctx: EffectCtx, pool: str, n: int) -> None:
    cardplay.pick_player(s, user(ctx), select(s, ctx, pool), turn.hurt_one, {"n": n, "ctx": stored(ctx)},
                         s.say("pick.hurt", n=n), cite(ctx))


@OPS("heal_chosen", meta={"where": MONSTER_EVENT}, pool=WHO, n=int)
def heal_chosen(s: XianjianState, ctx: EffectCtx, pool: str, n: int) -> None:
    cardplay.pick_player(s, user(ctx), select(s, ctx, pool), turn.heal_one, {"n": n, "ctx": stored(ctx)},
                         s.say("pick.heal", n=n), cite(ctx))


@OPS("pick_draw", meta={"where": MONSTER_EVENT}, pool=WHO, n=int)
def pick_draw(s: XianjianState, ctx: EffectCtx, pool: str, n: int) -> None:
    cardplay.pick_player(s, user(ctx), select(s, ctx, pool), turn.draw_one, {"n": n, "ctx": stored(ctx)},
                         s.say("pick.draw", n=n), cite(ctx))


@OPS("lose_equipment", meta={"where": MONSTER_EVENT}, who=WHO, n=int)
def lose_equipment(s: XianjianState, ctx: EffectCtx, who: str, n: int) -> None:
    for o in select(s, ctx, who):
        for _ in range(n):
            cardplay.lose_card(s, o, o, cardplay.discard_chosen,
                               {"seat": o, "clause": cite(ctx), "why": ctx.get("why", "")},
                               s.say("lose_equipment.ask", seat=o), cite(ctx), hand=False)


@OPS("strip_most_equipped", meta={"where": MONSTER_EVENT}, n=int)
def strip_most_equipped(s: XianjianState, ctx: EffectCtx, n: int) -> None:
    s.later(battle.strip_most, n=n, ctx=stored(ctx))   # counted after the equipment lost before it


@OPS("discard_for_hp", meta={"where": MONSTER_EVENT}, n=int)
def discard_for_hp(s: XianjianState, ctx: EffectCtx, n: int) -> None:
    s.later(battle.discard_for_hp, seat=user(ctx), n=n, ctx=stored(ctx))


@OPS("take_card_from", meta={"where": MONSTER_EVENT}, pool=WHO)
def take_card_from(s: XianjianState, ctx: EffectCtx, pool: str) -> None:
    cardplay.pick_player(s, user(ctx), select(s, ctx, pool), battle.take_from, {"ctx": stored(ctx)},
                         s.say("pick.take_from"), cite(ctx))


@OPS("taken_by", meta={"where": MONSTER_EVENT}, pool=WHO)
def taken_by(s: XianjianState, ctx: EffectCtx, pool: str) -> None:
    # The first of them in seat order after you takes it (XJ-8.5).
    takers = select(s, ctx, pool)
    you = user(ctx)
    if takers and s.p[you].in_game:
        cardplay.lose_card(s, you, takers[0], cardplay.take_chosen,
                           {"seat": takers[0], "clause": cite(ctx), "why": ctx.get("why", "")},
                           s.say("taken_by.ask", seat=takers[0], owner=you), cite(ctx))


@OPS("draw_per_equipment", meta={"where": MONSTER_EVENT}, who=WHO)
def draw_per_equipment(s: XianjianState, ctx: EffectCtx, who: str) -> None:
    for o in select(s, ctx, who):
        s.draw(o, len(s.p[o].equipment()), cite(ctx))


@OPS("monster_power", meta={"where": ("monster",)}, n=int)
def monster_power(s: XianjianState, ctx: EffectCtx, n: int) -> None:
    if s.battle:
        s.battle["bonus"]["monster"] += n
        s.emit("monster_power", "monster_power", cite(ctx), amount=n, card=s.cards[s.battle["monster"]].cid)


@OPS("earth_swap", meta={"where": ("monster",)})
def earth_swap(s: XianjianState, ctx: EffectCtx) -> None:
    s.later(battle.earth_swap, seats=select(s, ctx, "enemy_team"), ctx=stored(ctx))


# ----- hand-card uses ------------------------------------------------------------------------------------------
@OPS("steal", meta={"at": ("skill_step",)})
def steal(s: XianjianState, ctx: EffectCtx) -> None:
    t = ctx.target
    if s.p[t].in_game and s.p[t].hand:
        cardplay.take_chosen(s, s.rng.choice(s.p[t].hand), user(ctx), "XJ-7.8", ctx.get("why", ""))


@OPS("peek_monsters", meta={"at": ("skill_step",)}, n=int)
def peek_monsters(s: XianjianState, ctx: EffectCtx, n: int) -> None:
    s.later(turn.peek_monsters, seat=user(ctx), n=n)


@OPS("dart", meta={"at": ("skill_step",)})
def dart(s: XianjianState, ctx: EffectCtx) -> None:
    t = ctx.target
    if s.p[t].in_game:
        cardplay.lose_card(s, t, user(ctx), cardplay.discard_chosen,
                           {"seat": t, "clause": "XJ-7.8", "why": ctx.get("why", "")},
                           s.say("pick.discard_of", owner=t), "XJ-7.2")


@OPS("escape", meta={"at": ("war_step",)})
def escape(s: XianjianState, ctx: EffectCtx) -> None:
    if s.battle:
        s.battle["escaped"] = True
        s.emit("escape", "escape", "XJ-3.17")


@OPS("double_base", meta={"at": ("war_step",)})
def double_base(s: XianjianState, ctx: EffectCtx) -> None:
    if s.battle:
        s.battle["double"] = True
        s.emit("double", "double", "XJ-7.9", power=s.power(s.battle["trigger"]))


@OPS("side_power", meta={"at": ("war_step",)}, n=int, side=SIDES)
def side_power(s: XianjianState, ctx: EffectCtx, n: int, side: str) -> None:
    if s.battle:
        chosen = ctx.get("side")
        s.battle["bonus"][chosen] += n
        s.emit("side_power", "side_power", "XJ-7.3", side=chosen, amount=n)


@OPS("nullify", meta={"at": ("respond",)})
def nullify(s: XianjianState, ctx: EffectCtx) -> None:
    cardplay.nullify(s, ctx.get("pid"))


@OPS("revive", meta={"at": ("revive",)}, n=int)
def revive(s: XianjianState, ctx: EffectCtx, n: int) -> None:
    life.revive(s, ctx.target, n)         # the dying character is the Elixir's target


@OPS("cancel_damage", meta={"at": ("damage",)})
def cancel_damage(s: XianjianState, ctx: EffectCtx) -> None:
    life.cancel_damage(s, ctx.get("i"))


@OPS("peek_top", meta={"at": ("before_fight",)})
def peek_top(s: XianjianState, ctx: EffectCtx) -> None:
    t = ctx.target
    if s.monsters and s.p[t].in_game:
        top = s.monsters[-1]
        s.emit("peek", "peek.mirror", "XJ-7.10", seat=t, card=s.cards[top].cid, only=t, public="peek.mirror.public")
        s.zones.learn(t, [top])


# ----- what pets and equipment do ----------------------------------------------------------------------------------
# These are read by the engine where they matter (power, damage, revival, final comparison), so
# they register only their names and parameters, for the data check.
def _read_by_the_engine(s: Any, ctx: EffectCtx, **params: Any) -> None:
    """A pet effect or equipment trait: the engine reads its parameters where they matter."""


for _name, _params in (("owner_power", {"n": int}), ("final_power", {"n": int}), ("void_enemy_weapons", {}),
                       ("burst_side_power", {"n": int}), ("burst_revive", {})):
    PET.add(_name, _read_by_the_engine, **_params)
for _name, _params in (("heal_bonus", {"n": int}), ("revive_burst", {"n": int}), ("any_card_as_gu", {}),
                       ("reduce_damage", {"n": int}), ("immune_skill_card_damage", {})):
    TRAITS.add(_name, _read_by_the_engine, **_params)
