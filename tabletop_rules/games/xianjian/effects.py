"""Named effect functions for monsters and hand cards (events are in events.py).

Each op is ``fn(state, ctx, **args)``: ``ctx['by']`` is the effect's user ("you": the trigger of
a battle, the player of a card), ``ctx['target']`` a seat named when a card was played, ``ctx``
also carries the clause to cite and the kind of damage. Ops queue procedures (``later``), so a
choice or a death in the middle of a list of ops is dealt with before the next op runs.
"""
from __future__ import annotations

from .registry import OPS, PET, SIDES, TRAITS, WHO

MONSTER_EVENT = ("monster", "event")


def select(st, ctx: dict, who: str) -> list[int]:
    """The seats an effect touches, in seat order from its user (XJ-7.11, XJ-3.15)."""
    by = ctx["by"]
    order = st.order_from(by)
    team = st.p[by].team
    b = st.battle
    if who == "you":
        return [by] if st.p[by].in_game else []
    if who == "target":
        t = ctx.get("target")
        return [t] if t is not None and st.p[t].in_game else []
    if who == "our_team":
        return [s for s in order if st.p[s].team == team]
    if who == "enemy_team":
        return [s for s in order if st.p[s].team != team]
    if who == "all":
        return order
    if who == "others":
        return [s for s in order if s != by]
    played = b["played"] if b else []
    if who == "supporters":
        return [s for s in order if s in played and st.p[s].team == team and s != by]
    if who == "hinderers":
        return [s for s in order if s in played and st.p[s].team != team]
    if who == "you_and_supporters":
        return [s for s in order if s == by or s in played and st.p[s].team == team]
    if who == "non_participants":
        return [s for s in order if s != by and s not in played]
    raise ValueError(f"unknown selector {who!r}")


# ----- HP and cards, for monsters, events and cards -------------------------------------------------------
@OPS("hurt", meta={"where": MONSTER_EVENT, "at": ("skill_step",)}, who=WHO, n=int)
def hurt(st, ctx, who, n):
    st.hurt([(s, n) for s in select(st, ctx, who)], ctx)


@OPS("hurt_by_hand", meta={"where": MONSTER_EVENT}, who=WHO)
def hurt_by_hand(st, ctx, who):
    st.hurt([(s, len(st.p[s].hand)) for s in select(st, ctx, who)], ctx)


@OPS("hurt_by_pets", meta={"where": MONSTER_EVENT}, who=WHO)
def hurt_by_pets(st, ctx, who):
    st.hurt([(s, len(st.p[s].pets)) for s in select(st, ctx, who)], ctx)


@OPS("heal", meta={"where": MONSTER_EVENT, "at": ("skill_step",)}, who=WHO, n=int)
def heal(st, ctx, who, n):
    for s in select(st, ctx, who):
        st.heal(s, n, ctx["clause"], ctx.get("why", ""))


@OPS("draw", meta={"where": MONSTER_EVENT, "at": ("skill_step",)}, who=WHO, n=int)
def draw(st, ctx, who, n):
    for s in select(st, ctx, who):
        st.draw(s, n, ctx["clause"])


@OPS("hurt_chosen", meta={"where": MONSTER_EVENT}, pool=WHO, n=int)
def hurt_chosen(st, ctx, pool, n):
    st.pick_player(ctx["by"], select(st, ctx, pool), "hurt_one", {"n": n, "ctx": ctx},
                   f"Choose who takes {n} damage", ctx["clause"])


@OPS("heal_chosen", meta={"where": MONSTER_EVENT}, pool=WHO, n=int)
def heal_chosen(st, ctx, pool, n):
    st.pick_player(ctx["by"], select(st, ctx, pool), "heal_one", {"n": n, "ctx": ctx},
                   f"Choose who recovers {n} HP", ctx["clause"])


@OPS("pick_draw", meta={"where": MONSTER_EVENT}, pool=WHO, n=int)
def pick_draw(st, ctx, pool, n):
    st.pick_player(ctx["by"], select(st, ctx, pool), "draw_one", {"n": n, "ctx": ctx},
                   f"Choose who draws {n}", ctx["clause"])


@OPS("lose_equipment", meta={"where": MONSTER_EVENT}, who=WHO, n=int)
def lose_equipment(st, ctx, who, n):
    for s in select(st, ctx, who):
        for _ in range(n):
            st.lose_card(s, s, "discard_chosen", {"seat": s, "clause": ctx["clause"], "why": ctx.get("why", "")},
                         f"Seat {s}: choose a piece of equipment to lose", ctx["clause"], hand=False)


@OPS("strip_most_equipped", meta={"where": MONSTER_EVENT}, n=int)
def strip_most_equipped(st, ctx, n):
    st.later("strip_most", n=n, ctx=ctx)   # counted after the equipment lost before it


@OPS("discard_for_hp", meta={"where": MONSTER_EVENT}, n=int)
def discard_for_hp(st, ctx, n):
    st.later("discard_for_hp", seat=ctx["by"], n=n, ctx=ctx)


@OPS("take_card_from", meta={"where": MONSTER_EVENT}, pool=WHO)
def take_card_from(st, ctx, pool):
    st.pick_player(ctx["by"], select(st, ctx, pool), "take_from", {"ctx": ctx},
                   "Choose whom to take a card from", ctx["clause"])


@OPS("taken_by", meta={"where": MONSTER_EVENT}, pool=WHO)
def taken_by(st, ctx, pool):
    # The first of them in seat order after you takes it (XJ-8.5).
    takers = select(st, ctx, pool)
    if takers and st.p[ctx["by"]].in_game:
        you = ctx["by"]
        st.lose_card(you, takers[0], "take_chosen", {"seat": takers[0], "clause": ctx["clause"], "why": ctx.get("why", "")},
                     f"Seat {takers[0]}: take a card from seat {you}", ctx["clause"])


@OPS("draw_per_equipment", meta={"where": MONSTER_EVENT}, who=WHO)
def draw_per_equipment(st, ctx, who):
    for s in select(st, ctx, who):
        pl = st.p[s]
        st.draw(s, (pl.weapon is not None) + (pl.armour is not None), ctx["clause"])


@OPS("monster_power", meta={"where": ("monster",)}, n=int)
def monster_power(st, ctx, n):
    if st.battle:
        st.battle["bonus"]["monster"] += n
        st.emit("monster_power", f"{st.name(st.battle['monster'])} has {n} more power in this battle.", ctx["clause"],
                amount=n)


@OPS("earth_swap", meta={"where": ("monster",)})
def earth_swap(st, ctx):
    st.later("earth_swap", seats=[s for s in select(st, ctx, "enemy_team")], ctx=ctx)


# ----- hand-card uses ------------------------------------------------------------------------------------------
@OPS("steal", meta={"at": ("skill_step",)})
def steal(st, ctx):
    t = ctx["target"]
    if st.p[t].in_game and st.p[t].hand:
        st.do_take_chosen(st.rng.choice(st.p[t].hand), ctx["by"], "XJ-7.8", ctx["why"])


@OPS("peek_monsters", meta={"at": ("skill_step",)}, n=int)
def peek_monsters(st, ctx, n):
    st.later("peek_monsters", seat=ctx["by"], n=n)


@OPS("dart", meta={"at": ("skill_step",)})
def dart(st, ctx):
    t = ctx["target"]
    if st.p[t].in_game:
        st.lose_card(t, ctx["by"], "discard_chosen", {"seat": t, "clause": "XJ-7.8", "why": ctx["why"]},
                     f"Choose what seat {t} discards", "XJ-7.2")


@OPS("escape", meta={"at": ("war_step",)})
def escape(st, ctx):
    if st.battle:
        st.battle["escaped"] = True
        st.emit("escape", "The battle ends at once: no result, no win or lose effect.", "XJ-3.17")


@OPS("double_base", meta={"at": ("war_step",)})
def double_base(st, ctx):
    if st.battle:
        st.battle["double"] = True
        st.emit("double", f"The trigger's base power ({st.power(st.battle['trigger'])}) counts twice in this battle.",
                "XJ-7.9")


@OPS("side_power", meta={"at": ("war_step",)}, n=int, side=SIDES)
def side_power(st, ctx, n, side):
    if st.battle:
        s = ctx["side"]
        st.battle["bonus"][s] += n
        st.emit("side_power", f"The {s} side has {n} more power in this battle.", "XJ-7.3", side=s, amount=n)


@OPS("nullify", meta={"at": ("respond",)})
def nullify(st, ctx):
    st.do_nullify(ctx["pid"])


@OPS("revive", meta={"at": ("revive",)}, n=int)
def revive(st, ctx, n):
    st.do_revive(ctx["seat"], n)


@OPS("cancel_damage", meta={"at": ("damage",)})
def cancel_damage(st, ctx):
    st.do_cancel_damage(ctx["i"])


@OPS("peek_top", meta={"at": ("before_fight",)})
def peek_top(st, ctx):
    t = ctx["target"]
    if st.monsters and st.p[t].in_game:
        top = st.monsters[-1]
        st.emit("peek", f"Seat {t} looks at the top monster: {st.name(top)}.", "XJ-7.10", seat=t, only=t,
                public=f"Seat {t} looks at the top monster.")


# ----- what pets and equipment do ----------------------------------------------------------------------------------
# These are read by the engine where they matter (power, damage, revival, final comparison), so
# they register only their names and parameters, for the data check.
for _name, _params in (("owner_power", {"n": int}), ("final_power", {"n": int}), ("void_enemy_weapons", {}),
                       ("burst_side_power", {"n": int}), ("burst_revive", {})):
    PET(_name, **_params)(lambda *a, **k: None)
for _name, _params in (("heal_bonus", {"n": int}), ("revive_burst", {"n": int}), ("any_card_as_gu", {}),
                       ("reduce_damage", {"n": int}), ("immune_skill_card_damage", {})):
    TRAITS(_name, **_params)(lambda *a, **k: None)
