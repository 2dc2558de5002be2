"""Character skills (XJ-8.1): named functions that characters.yaml refers to, by the step they act in.

``meta['hook']`` says when a skill acts: turn_start, turn_end, battle_start, battle_end,
draw_start, pet_gained (run there by the engine), skill_step / war_step (they list moves, and
refuse them when they do not apply), or passive (the engine asks for their numbers: power,
hand limit, pet power, draws).
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.checks import Why
from ...core.effects import EffectCtx
from ...core.moves import Refusal, refuse
from ...core.state import Choice
from ...core.texts import Say
from . import battle, cardplay, life, turn
from .book import BOOK, ELEMENTS, SKILLS, user
from .seats import not_your_turn

if TYPE_CHECKING:
    from .state import XianjianState


def hook(name: str, kind: str | None = None) -> dict[str, Any]:
    return {"hook": name, "kind": kind}


def skill_ctx(seat: int) -> EffectCtx:
    """The context a character skill is called with: its character's seat, citing XJ-8.1."""
    return EffectCtx(seat, clause="XJ-8.1")


def run_skills(s: XianjianState, hook_name: str, seat: int) -> None:
    """Run the seat's skills that act at this step (they queue what they do)."""
    pl = s.p[seat]
    if pl.in_game:
        for fn, args in pl.hooks.get(hook_name, ()):
            SKILLS[fn](s, skill_ctx(seat), **args)


@SKILLS("no_effect", meta=hook("none"))
def no_effect(s: XianjianState, ctx: EffectCtx) -> None:
    """Hit, support or admiration only: nothing in beginner mode (XJ-3.16)."""


@SKILLS("snatch_at_battle_start", meta=hook("battle_start"), evade_max=int)
def snatch_at_battle_start(s: XianjianState, ctx: EffectCtx, evade_max: int) -> None:
    seat = user(ctx)
    m = s.cards[battle.current(s)["monster"]].d
    if m.evade > evade_max:
        return
    enemies = [o for o in s.order_from(seat) if s.p[o].team != s.p[seat].team and s.p[o].hand]
    cardplay.pick_player(s, seat, enemies, snatch, {"taker": seat}, s.say("pick.snatch"), "XJ-8.1")


@SKILLS("weapon_mastery", meta=hook("passive"), n=int)
def weapon_mastery(s: XianjianState, ctx: EffectCtx, n: int) -> None:
    """Read by ``power`` (state.py)."""


@SKILLS("grudge", meta=hook("battle_end"), n=int)
def grudge(s: XianjianState, ctx: EffectCtx, n: int) -> None:
    seat = user(ctx)
    b = s.battle
    if b is None or b.get("result") is None:
        return
    tteam = s.p[b["trigger"]].team
    mine = "trigger" if s.p[seat].team == tteam else "monster"
    took_part = seat == b["trigger"] or seat in b["played"]
    lost = (b["result"] == "lose") == (mine == "trigger")
    if not took_part or not lost:
        return
    foes = [o for o in s.order_from(seat) if s.p[o].team != s.p[seat].team
            and (o == b["trigger"] or o in b["played"])]
    plain = {"by": seat, "target": None, "source": "skill", "clause": "XJ-8.1", "why": cardplay.why("why.hatred"),
           "damage": "effect"}
    s.emit("skill", "skill.hatred", "XJ-8.1", seat=seat, n=n)
    life.hurt(s, [(o, n) for o in foes], plain)


@SKILLS("give_cards", meta=hook("skill_step", "give"))
def give_cards(s: XianjianState, ctx: EffectCtx) -> Iterator[Action | Refusal]:
    seat = user(ctx)
    seen = set()
    others = [(o, s.p[o].label) for o in s.order_from(seat) if o != seat]
    cards, texts = s.cards, s.game.texts
    for u in s.p[seat].hand:
        d = cards[u].d
        if d.id in seen:
            continue
        seen.add(d.id)
        for o, label in others:
            yield Action("give", seat, {"card": u, "name": d.id, "to": o},
                         Say((texts, "give", {"card": d.id, "to": o, "label": label})), "XJ-8.1")


@SKILLS("gu_swarm", meta=hook("draw_start"), n=int)
def gu_swarm(s: XianjianState, ctx: EffectCtx, n: int) -> None:
    seat = user(ctx)
    if s.p[seat].hand:
        return
    s.emit("skill", "skill.gu_swarm", "XJ-8.1", seat=seat)
    for o in s.order_from(seat):
        if s.p[o].team == s.p[seat].team:
            s.draw(o, 1, "XJ-8.1")
    plain = {"by": seat, "target": None, "source": "skill", "clause": "XJ-8.1", "why": cardplay.why("why.gu_swarm"),
           "damage": "effect"}
    life.hurt(s, [(o, n) for o in s.order_from(seat) if o != seat], plain)


@SKILLS("two_battles", meta=hook("passive"), n=int)
def two_battles(s: XianjianState, ctx: EffectCtx, n: int) -> None:
    """Read by the battle step (a second fight) and the draw step (1 more after exactly one)."""


@SKILLS("element_bonus", meta=hook("passive"), n=int, elements=("list", ELEMENTS))
def element_bonus(s: XianjianState, ctx: EffectCtx, n: int, elements: list[str]) -> None:
    """Read by ``trigger_power`` (battle.py)."""


_SUMMON_NEEDS: Why = ("why.summon.needs", "XJ-8.1")
_GIFT_TWICE: Why = ("why.gift.twice", "XJ-8.1")


@BOOK.rule("XJ-8.1")
def skill_not_now(s: XianjianState, seat: int, skill: str, args: dict[str, Any], to: int | None = None) -> Why | None:
    """Why a character skill that offers a move cannot be used now (XJ-8.1: each skill as the card
    data words it). Summon the Water Beast needs ``discard`` hand cards and no war card of its user
    in this battle (it counts as one, XJ-3.7); Gift of Swords goes to each player once a turn."""
    if skill == "summon_beast":
        if seat in battle.current(s)["war_cards"] or len(s.p[seat].hand) < args["discard"]:
            return _SUMMON_NEEDS
    elif skill == "give_equipment" and ["gift", to] in s.used:
        return _GIFT_TWICE
    return None


@SKILLS("summon_beast", meta=hook("war_step", "summon"), discard=int, n=int)
def summon_beast(s: XianjianState, ctx: EffectCtx, discard: int, n: int) -> Iterator[Action | Refusal]:
    seat = user(ctx)
    no = skill_not_now(s, seat, "summon_beast", {"discard": discard})
    if no is not None:
        if s.explaining:            # refusals are built only when they are asked for
            yield refuse(s.say(no[0], discard=discard), no[1], kind="summon")
        return
    yield Action("summon", seat, {}, Say((s.game.texts, "summon", {"discard": discard, "n": n})), "XJ-8.1")


@SKILLS("tiger_roll", meta=hook("battle_start"))
def tiger_roll(s: XianjianState, ctx: EffectCtx) -> None:
    seat = user(ctx)
    s.later(roll_dice, seat=seat)


@SKILLS("reroll_for_card", meta=hook("passive"))
def reroll_for_card(s: XianjianState, ctx: EffectCtx) -> None:
    """Offered after each roll of Tiger Fiend Strength."""


@SKILLS("draw_at_turn_start", meta=hook("turn_start"), n=int)
def draw_at_turn_start(s: XianjianState, ctx: EffectCtx, n: int) -> None:
    seat = user(ctx)
    s.emit("skill", "skill.gathering", "XJ-4.2", seat=seat, n=n)
    s.draw(seat, n, "XJ-4.2")


@SKILLS("lose_hp_at_turn_end", meta=hook("turn_end"), n=int)
def lose_hp_at_turn_end(s: XianjianState, ctx: EffectCtx, n: int) -> None:
    seat = user(ctx)
    life.lose_hp(s, seat, n, "XJ-4.9", cardplay.why("why.collapse"))


@SKILLS("care_on_pet", meta=hook("pet_gained"), n=int)
def care_on_pet(s: XianjianState, ctx: EffectCtx, n: int) -> None:
    seat = user(ctx)
    plain = {"by": seat, "target": None, "source": "skill", "clause": "XJ-8.1", "why": cardplay.why("why.loving_care"),
           "damage": "effect"}
    cardplay.pick_player(s, seat, s.order_from(seat), turn.draw_one, {"n": n, "ctx": plain},
                         s.say("pick.loving_care", n=n), "XJ-8.1")


@SKILLS("pet_power_bonus", meta=hook("passive"), n=int)
def pet_power_bonus(s: XianjianState, ctx: EffectCtx, n: int) -> None:
    """Read by ``pet_power`` (state.py)."""


@SKILLS("give_equipment", meta=hook("skill_step", "gift"), n=int)
def give_equipment(s: XianjianState, ctx: EffectCtx, n: int) -> Iterator[Action | Refusal]:
    seat = user(ctx)
    pl = s.p[seat]
    for o in s.order_from(seat):
        if o == seat:
            continue
        no = skill_not_now(s, seat, "give_equipment", {"n": n}, o)
        if no is not None:
            if s.explaining:        # refusals are built only when they are asked for
                yield refuse(no[0], no[1], kind="gift", to=o)
            continue
        for u in pl.equipment():
            yield Action("gift", seat, {"card": u, "name": s.cards[u].cid, "to": o},
                         Say((s.game.texts, "gift", {"card": s.cards[u].cid, "to": o, "label": s.p[o].label, "n": n})),
                         "XJ-8.1")


@SKILLS("hand_limit_bonus", meta=hook("passive"), n=int)
def hand_limit_bonus(s: XianjianState, ctx: EffectCtx, n: int) -> None:
    """Read by ``hand_limit`` (state.py)."""


# ----- skill moves in the skill step ------------------------------------------------------------------
@BOOK.moves.lister("give", "gift", actor="turn_player", not_yours=not_your_turn)
def skill_moves(s: XianjianState, seat: int) -> list[Action | Refusal]:
    """The skill-step skills of the turn player's character (Clever Imp, Gift of Swords); a
    character without the skill is refused by the kind's own words (``no_such``). A list: the
    skill step lists it at every decision, and most characters have no such skill."""
    out: list[Action | Refusal] = []
    for fn, args in s.p[seat].hooks.get("skill_step", ()):
        out += SKILLS[fn](s, skill_ctx(seat), **args)
    return out


@BOOK.moves.kind("give", not_now=("why.give.not_now", "XJ-8.1"), no_such=("why.give.no_such", "XJ-8.1"),
                 label="kind.give")
def give(s: XianjianState, action: Action) -> None:
    seat, uid, to = action.player, action.args["card"], action.args["to"]
    s.move(uid, "hand", to)
    s.emit("give", "give.done", "XJ-8.1", seat=seat, to=to, card=s.cards[uid].cid, only=seat, public="give.public")
    s.zones.learn(seat, [uid])     # the giver knows where it is


@BOOK.moves.kind("gift", not_now=("why.gift.not_now", "XJ-8.1"), no_such=("why.gift.no_such", "XJ-8.1"),
                 label="kind.gift")
def gift(s: XianjianState, action: Action) -> None:
    seat, uid, to = action.player, action.args["card"], action.args["to"]
    args = s.skill(seat, "give_equipment")
    assert args is not None
    slot = s.cards[uid].d.type
    old = s.p[to].in_slot(slot)
    if old is not None:
        s.emit("replace", "replace", "XJ-4.5", seat=to, card=s.cards[old].cid)
        s.discard_card(old)
    s.move(uid, slot, to)
    s.used.append(["gift", to])
    s.emit("gift_equipment", "gift.done", "XJ-8.1", seat=seat, to=to, card=s.cards[uid].cid)
    s.draw(seat, args["n"], "XJ-8.1")


# ----- procedures of skills ------------------------------------------------------------------------------
@BOOK.procedure
def snatch(s: XianjianState, seat: int, taker: int) -> None:
    if s.p[seat].hand and s.p[taker].in_game:
        cardplay.take_chosen(s, s.rng.choice(s.p[seat].hand), taker, "XJ-7.8", cardplay.why("why.snatch"))


BOOK.moves.declare("reroll", None, not_now=("why.reroll.not_now", "XJ-8.1"), no_such=("why.reroll", "XJ-8.1"),
                   label="kind.reroll")
BOOK.moves.declare("keep_roll", None, not_now=("why.keep_roll.not_now", "XJ-8.1"),
                   label="kind.keep_roll")


@BOOK.procedure
def roll_dice(s: XianjianState, seat: int) -> None:
    if s.battle is None:
        return
    roll = s.rng.randint(1, 6)
    value = 0 if roll in (1, 6) else roll
    s.battle["dice"] = value
    s.emit("dice", "dice.zero" if value == 0 else "dice", "XJ-8.4", seat=seat, roll=roll, value=value)
    if s.skill(seat, "reroll_for_card") is not None and s.p[seat].hand:
        s.ask(seat, "reroll", "reroll.ask", "XJ-8.1", seat=seat, value=value)


@BOOK.moves.lister("keep_roll", "reroll", name="reroll", actor="chooser")
def reroll_answers(s: XianjianState, seat: int) -> Iterator[Action | Refusal]:
    yield Action("keep_roll", seat, {}, Say((s.game.texts, "keep_roll", {"value": battle.current(s)["dice"]})),
                 "XJ-8.1")
    seen = set()
    for u in s.p[seat].hand:
        c = s.cards[u]
        if c.cid not in seen:
            seen.add(c.cid)
            yield Action("reroll", seat, {"card": u, "name": c.cid},
                         Say((s.game.texts, "reroll", {"card": c.cid})), "XJ-8.1")


@BOOK.choice("reroll")
def reroll(s: XianjianState, choice: Choice, action: Action) -> None:
    if action.kind == "reroll":
        uid = action.args["card"]
        s.emit("discard", "discard.reroll", "XJ-8.1", seat=action.player, card=s.cards[uid].cid)
        s.discard_card(uid)
        s.later(roll_dice, seat=action.player)
