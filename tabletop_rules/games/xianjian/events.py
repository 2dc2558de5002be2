"""Event effects (XJ-4.3, XJ-8.2): the event step, named ops for events.yaml and the procedures
behind them.

'You' is the turn player; where an event leaves a choice open the turn player makes it, except
where the event hands it to others (discarding from one's own hand, the Trial Cave's picks).
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, TypedDict

from ...core.actions import Action
from ...core.effects import EffectCtx
from ...core.moves import Refusal
from ...core.state import Choice
from ...core.texts import Say
from . import cardplay, effects, life, turn
from .book import BOOK, OPS, cite, effect_ctx, rules_word, stored, user

if TYPE_CHECKING:
    from .state import XianjianState

Ctx = dict[str, Any]
EV = {"where": ("event",)}


class Trial(TypedDict):
    """Braving the Trial Cave: the cards turned up, who picks, and whose pick is next."""

    cards: list[int]
    pickers: list[int]
    next: int


@OPS("island_encounter", meta=EV, n=int, damage=int)
def island_encounter(s: XianjianState, ctx: EffectCtx, n: int, damage: int) -> None:
    you = user(ctx)
    if s.cdef(you).gender == "male":
        plain = stored(ctx)
        s.then((turn.draw_one, {"seat": you, "n": n, "ctx": plain}),
               (turn.hurt_one, {"seat": you, "n": 1, "ctx": plain}))
        return
    armour = s.p[you].armour
    if armour is not None:
        cardplay.discard_chosen(s, armour, you, cite(ctx), ctx.get("why", ""))
    males = [o for o in s.order_from(you) if s.cdef(o).gender == "male"]
    cardplay.pick_player(s, you, males, island_thunder, {"n": damage, "ctx": stored(ctx)},
                         s.say("pick.thunder", n=damage), cite(ctx), optional=True)


@BOOK.procedure
def island_thunder(s: XianjianState, seat: int, n: int, ctx: Ctx) -> None:
    """As if Heaven Thunder Strike were played on ``seat``: skill-card damage (the Qiankun Robe
    blocks it), and it can be cancelled with the Ice Heart Mantra like the real card (XJ-7.5)."""
    thunder = dict(ctx, damage="skill_card", why=cardplay.why("why.as_card", inner=ctx["why"], card="heaven-thunder"))
    cardplay.play_as(s, ctx["by"], "heaven-thunder", turn.hurt_one, {"seat": seat, "n": n, "ctx": thunder},
                     ctx["clause"], cardplay.why("how.on", target=seat))


@OPS("draw_if_no_pets", meta=EV, n=int)
def draw_if_no_pets(s: XianjianState, ctx: EffectCtx, n: int) -> None:
    for o in s.order_from(user(ctx)):
        if not s.p[o].pets:
            s.draw(o, n, cite(ctx))


@OPS("draw_if_hp_at_most", meta=EV, hp=int, n=int)
def draw_if_hp_at_most(s: XianjianState, ctx: EffectCtx, hp: int, n: int) -> None:
    for o in s.order_from(user(ctx)):
        if s.p[o].hp <= hp:
            s.draw(o, n, cite(ctx))


@OPS("trial_cave", meta=EV, n=int)
def trial_cave(s: XianjianState, ctx: EffectCtx, n: int) -> None:
    s.later(trial_turn_up, n=n, ctx=stored(ctx))


@OPS("forbidden_space", meta=EV, hp=int, n=int)
def forbidden_space(s: XianjianState, ctx: EffectCtx, hp: int, n: int) -> None:
    """Pick a teammate with 2 HP or more, whose HP becomes ``hp``; *then* the whole team draws,
    whether or not anyone could be picked (the draw does not depend on the pick, XJ-8.6)."""
    ctx = EffectCtx(ctx.seat, ctx.card, ctx.target, "XJ-8.6", **ctx.data)
    s.later(team_draws, n=n, ctx=stored(ctx))
    ours = [o for o in effects.select(s, ctx, "our_team") if s.p[o].hp >= 2]
    if not ours:
        s.emit("no_effect", "no_effect.forbidden", cite(ctx))
        return
    cardplay.pick_player(s, user(ctx), ours, set_hp_to, {"hp": hp, "ctx": stored(ctx)},
                         s.say("pick.set_hp", hp=hp), cite(ctx))


@OPS("hands_to", meta=EV, n=int)
def hands_to(s: XianjianState, ctx: EffectCtx, n: int) -> None:
    for o in s.order_from(user(ctx)):
        have = len(s.p[o].hand)
        if have < n:
            s.draw(o, n - have, cite(ctx))
    for o in reversed(s.order_from(user(ctx))):      # queued: they run in seat order
        have = len(s.p[o].hand)
        if have > n:
            cardplay.discard_later(s, o, have - n, cite(ctx), ctx.get("why", ""))


@OPS("heal_lowest", meta=EV, n=int)
def heal_lowest(s: XianjianState, ctx: EffectCtx, n: int) -> None:
    order = s.order_from(user(ctx))
    low = min(s.p[o].hp for o in order)
    for o in order:
        if s.p[o].hp == low:
            life.heal(s, o, n, cite(ctx), ctx.get("why", ""))


def _discard_then_draw(s: XianjianState, ctx: EffectCtx, discard: int, n: int) -> None:
    you = user(ctx)
    s.then((cardplay.discard_some, {"seat": you, "n": discard, "clause": cite(ctx), "why": ctx.get("why", "")}),
           (turn.draw_one, {"seat": you, "n": n, "ctx": stored(ctx)}))


@OPS("discard_per_pet_then_draw", meta=EV, n=int)
def discard_per_pet_then_draw(s: XianjianState, ctx: EffectCtx, n: int) -> None:
    _discard_then_draw(s, ctx, len(s.p[user(ctx)].pets), n)


@OPS("army_siege", meta=EV, discard=int, n=int)
def army_siege(s: XianjianState, ctx: EffectCtx, discard: int, n: int) -> None:
    order = s.order_from(user(ctx))
    powers = {o: s.power(o) for o in order}
    hi, lo = max(powers.values()), min(powers.values())
    steps: list[tuple[Any, dict[str, Any]]] = [
        (cardplay.discard_some, {"seat": o, "n": discard, "clause": cite(ctx), "why": ctx.get("why", "")})
        for o in order if powers[o] == hi]
    steps += [(turn.draw_one, {"seat": o, "n": n, "ctx": stored(ctx)}) for o in order if powers[o] == lo]
    s.emit("army", "army", cite(ctx), hi=hi, lo=lo, discard=discard, n=n)
    s.then(*steps)


@OPS("heal_by_enemy_pets", meta=EV)
def heal_by_enemy_pets(s: XianjianState, ctx: EffectCtx) -> None:
    n = sum(len(s.p[o].pets) for o in effects.select(s, ctx, "enemy_team"))
    if n == 0:
        s.emit("no_effect", "no_effect.no_pets", cite(ctx))
        return
    cardplay.pick_player(s, user(ctx), effects.select(s, ctx, "our_team"), turn.heal_one, {"n": n, "ctx": stored(ctx)},
                         s.say("pick.team_heal", n=n), cite(ctx))


@OPS("discard_hand_then_draw", meta=EV, n=int)
def discard_hand_then_draw(s: XianjianState, ctx: EffectCtx, n: int) -> None:
    _discard_then_draw(s, ctx, len(s.p[user(ctx)].hand), n)


@OPS("turn_most_cards", meta=EV)
def turn_most_cards(s: XianjianState, ctx: EffectCtx) -> None:
    order = s.order_from(user(ctx))
    most = max(len(s.p[o].hand) for o in order)
    top = [o for o in order if len(s.p[o].hand) == most]
    if len(top) > 1:
        s.emit("no_effect", "no_effect.most_cards", cite(ctx), seats=top, n=most)
        return
    s.p[top[0]].turned = True
    s.emit("turned", "turned", "XJ-4.13", seat=top[0], n=most)


# ----- the event step (XJ-4.3) -------------------------------------------------------------------
@BOOK.procedure
def event_phase(s: XianjianState) -> None:
    s.goto("event")
    if not s.events:
        s.refill("events", "event_discard", "XJ-4.3")
    uid = s.events[-1]
    s.move(uid, "table")
    d = s.cards[uid].d
    s.emit("event", "event", "XJ-4.3", card=d.id, seat=s.turn_player, rules=rules_word(d.id))
    ctx = {"by": s.turn_player, "target": None, "source": "event", "card": d.id, "clause": "XJ-8.2",
           "why": cardplay.why("why.event", card=d.id), "damage": "effect"}
    s.then(*[(turn.op, {"call": op, "ctx": ctx}) for op in d.do], (event_done, {"uid": uid}))


@BOOK.procedure
def event_done(s: XianjianState, uid: int) -> None:
    if s.place(uid) == "table":
        s.move(uid, "event_discard")
    s.goto("skill")


@BOOK.procedure
def set_hp_to(s: XianjianState, seat: int, hp: int, ctx: Ctx) -> None:
    """The Forbidden Space: the chosen player's HP becomes ``hp`` (not damage, XJ-5.10)."""
    life.set_hp(s, seat, hp, ctx["clause"], ctx["why"])


@BOOK.procedure
def team_draws(s: XianjianState, n: int, ctx: Ctx) -> None:
    for o in effects.select(s, effect_ctx(ctx), "our_team"):
        s.draw(o, n, ctx["clause"])


# ----- Braving the Trial Cave (XJ-8.3) -------------------------------------------------------------
BOOK.moves.declare("trial_pick", None, not_now=("why.trial_pick.not_now", "XJ-8.3"),
                   no_such=("why.trial_pick", "XJ-8.3"), label="kind.trial_pick")


@BOOK.procedure
def trial_turn_up(s: XianjianState, n: int, ctx: Ctx) -> None:
    shown = []
    for _ in range(n):
        if not s.deck and not s.refill("deck", "discard", "XJ-4.10"):
            break
        uid = s.deck[-1]
        s.move(uid, "table")
        shown.append(uid)
    if not shown:
        return
    s.emit("trial", "trial", "XJ-8.3", cards=[s.cards[u].cid for u in shown])
    you = ctx["by"]
    enemies = [o for o in s.order_from(you) if s.p[o].team != s.p[you].team]
    s.trial = {"cards": shown, "pickers": [enemies[0], you], "next": 0}
    s.later(trial_pick)


def _trial(s: XianjianState) -> Trial:
    if s.trial is None:
        raise RuntimeError("engine bug: no Trial Cave is being braved")
    return s.trial


@BOOK.procedure
def trial_pick(s: XianjianState) -> None:
    t = s.trial
    if not t or not t["cards"]:
        s.trial = None
        return
    picker = t["pickers"][t["next"]]
    if not s.p[picker].in_game:
        t["next"] = 1 - t["next"]
        picker = t["pickers"][t["next"]]
    s.ask(picker, "trial_pick", "trial_pick.ask", "XJ-8.3", seat=picker)


@BOOK.moves.lister("trial_pick", name="trial_pick", actor="chooser")
def trial_pick_answers(s: XianjianState, picker: int) -> Iterator[Action | Refusal]:
    seen = set()
    cards, texts = s.cards, s.game.texts
    to = [(o, s.p[o].label) for o in s.order_from(picker)]
    for u in _trial(s)["cards"]:
        cid = cards[u].cid
        if cid in seen:
            continue
        seen.add(cid)
        for o, label in to:
            yield Action("trial_pick", picker, {"card": u, "name": cid, "to": o},
                         Say((texts, "trial_pick", {"card": cid, "to": o, "label": label})), "XJ-8.3")


@BOOK.choice("trial_pick")
def answer_trial_pick(s: XianjianState, choice: Choice, action: Action) -> None:
    t = _trial(s)
    uid, to = action.args["card"], action.args["to"]
    t["cards"].remove(uid)
    s.move(uid, "hand", to)
    s.emit("trial_pick", "trial_pick.done", "XJ-8.3", seat=action.player, to=to, card=s.cards[uid].cid)
    t["next"] = 1 - t["next"]
    s.later(trial_pick)
