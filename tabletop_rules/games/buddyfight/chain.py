"""Costs, spells and [Act] abilities, the chain of responses, and counter windows.

- Costs (BF-5.10): every part must be payable before a card is offered; gauge, discards and
  soul are paid one card at a time by the payer's choice (decision 15), life at once.
- Using a spell or ability puts it on the chain; the other fighter may respond with a
  [Counter] (BF-7.2). When a fighter declines, the chain resolves newest first and each
  item's target and condition are checked again (BF-7.4).
- Counter windows (BF-6.6, BF-7.2): after an attack is declared (defender, then attacker) and
  at the end of the turn player's main phase (the opponent). A fighter with nothing playable
  is not asked: the window passes by itself.

The spell and [Act] listers are the one place that asks "may this be used now": the main phase,
the final phase and every window list through them, and a refused cast or [Act] is explained by
them. They compose the rule checks of checks.py (the card's world, its type, [Counter] timing,
the cost, the condition and target), each the one home of its clause.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.checks import Why
from ...core.effects import EffectCtx
from ...core.moves import Refusal, refuse
from ...core.state import Choice
from ...core.texts import Say
from .book import BOOK
from .checks import cannot_pay, cast_timing, needs_counter, other_world, unmet, used_up, window_closed
from .field import move, pay_life
from .zones import PLAYING

if TYPE_CHECKING:
    from .cards import Cost, Effect
    from .state import BuddyfightState

Offers = Iterator[Action | Refusal]
MOVES = BOOK.moves
WINDOWS = ("window", "respond")             # the decisions a [Counter] answers
# Where a response is made, by where the chain started (flow.yaml nodes).
RESPONSE_NODE = {"main.actions": "main.counter", "main.counter": "main.counter", "main.end": "main.end",
                 "attack.declare": "attack.declare",
                 "attack.counter": "attack.counter", "final.impacts": "final.counter",
                 "final.counter": "final.counter"}


# ----- costs -----------------------------------------------------------------------------------
def pay_cost(s: BuddyfightState, seat: int, cost: Cost, uid: int | None = None) -> None:
    """Queue the payment of a cost (runs before whatever is queued after it)."""
    if cost.life:
        pay_life(s, seat, cost.life)
    s.later(pay, seat=seat, gauge=cost.gauge, discard=cost.discard, soul=cost.soul, uid=uid)


@BOOK.procedure
def pay(s: BuddyfightState, seat: int, gauge: int, discard: int, soul: int, uid: int | None) -> None:
    f = s.fighters[seat]
    ctx: dict[str, Any] = {"seat": seat, "gauge": gauge, "discard": discard, "soul": soul, "uid": uid}
    # The prompt names the card being paid for (issue 12: prompts name their reason).
    if uid is not None:
        ctx.update(for_card="pay.for", card=s.cards[uid].cid)
    else:
        ctx.update(for_card="")
    if gauge:
        if gauge >= len(f.gauge):
            for g in list(f.gauge):
                _drop_paid(s, seat, g, "gauge")
        else:
            s.ask(seat, "pay_gauge", "pay_gauge", "BF-5.10", **ctx)
            return
    if discard:
        if discard >= len(f.hand):
            for h in list(f.hand):
                _drop_paid(s, seat, h, "discard")
        else:
            s.ask(seat, "pay_discard", "pay_discard", "BF-5.10", **dict(ctx, gauge=0))
            return
    if soul and uid is not None:
        souls = s.cards[uid].soul
        if soul >= len(souls):
            for x in list(souls):
                _drop_paid(s, seat, x, "soul")
        else:
            s.ask(seat, "pay_soul", "pay_soul", "BF-5.10", **dict(ctx, gauge=0, discard=0))


def _drop_paid(s: BuddyfightState, seat: int, uid: int, how: str) -> None:
    move(s, uid, "drop")
    if how == "gauge":          # a gauge card lies face down: which one it was stays unsaid
        s.emit("pay", "pay.gauge", "BF-5.10", seat=seat, how=how)
    else:
        s.emit("pay", "pay.discard" if how == "discard" else "pay.soul", "BF-5.10", seat=seat, how=how,
               card=s.cards[uid].cid)


@BOOK.choice("pay_gauge")
def gauge_paid(s: BuddyfightState, choice: Choice, action: Action) -> None:
    c = choice.ctx
    _drop_paid(s, c["seat"], s.fighters[c["seat"]].gauge[action.args["slot"]], "gauge")
    s.later(pay, seat=c["seat"], gauge=c["gauge"] - 1, discard=c["discard"], soul=c["soul"], uid=c["uid"])


@BOOK.choice("pay_discard")
def discard_paid(s: BuddyfightState, choice: Choice, action: Action) -> None:
    c = choice.ctx
    _drop_paid(s, c["seat"], action.args["card"], "discard")
    s.later(pay, seat=c["seat"], gauge=0, discard=c["discard"] - 1, soul=c["soul"], uid=c["uid"])


@BOOK.choice("pay_soul")
def soul_paid(s: BuddyfightState, choice: Choice, action: Action) -> None:
    c = choice.ctx
    _drop_paid(s, c["seat"], action.args["card"], "soul")
    s.later(pay, seat=c["seat"], gauge=0, discard=0, soul=c["soul"] - 1, uid=c["uid"])


for _kind, _no_such, _label in (("pay_gauge", "why.pay_gauge.no_such", "kind.pay_gauge"),
                                ("pay_discard", "why.pay_discard.no_such", "kind.pay_discard"),
                                ("pay_soul", "why.pay_soul.no_such", "kind.pay_soul")):
    MOVES.declare(_kind, None, not_now=("why.pay.not_now", "BF-5.10"), no_such=(_no_such, "BF-5.10"), label=_label)


# Each payment decision lists the cards that can pay it (BF-5.10); anything else is refused with
# the kind's own sentence: where that part of the cost is paid from.
@MOVES.lister("pay_gauge", name="pay_gauge")
def gauge_payments(s: BuddyfightState, seat: int) -> list[Action]:
    """Any own gauge card pays; face down, they are told apart by position only (decision 15)."""
    if s.pending("pay_gauge", seat) is None:
        return []
    return [Action("pay_gauge", seat, {"slot": i}, s.say("pay_gauge.option", n=i + 1), "BF-5.10")
            for i in range(len(s.fighters[seat].gauge))]


@MOVES.lister("pay_discard", name="pay_discard")
def discard_payments(s: BuddyfightState, seat: int) -> list[Action]:
    if s.pending("pay_discard", seat) is None:
        return []
    return [Action("pay_discard", seat, {"card": h, "name": s.cards[h].cid},
                   s.say("pay_discard.option", card=s.cards[h].cid), "BF-5.10") for h in s.fighters[seat].hand]


@MOVES.lister("pay_soul", name="pay_soul")
def soul_payments(s: BuddyfightState, seat: int) -> list[Action]:
    ctx = s.pending("pay_soul", seat)
    if ctx is None:
        return []
    return [Action("pay_soul", seat, {"card": x, "name": s.cards[x].cid},
                   s.say("pay_soul.option", card=s.cards[x].cid), "BF-5.10") for x in s.cards[ctx["uid"]].soul]


# ----- when a card may be used ------------------------------------------------------------------------
# The turn player's own moments to play. In their attack phase, at its start and between attacks
# (attack.declare, no attack under way), [Counter] cards and abilities may be used as in a window:
# the rule book lets them be used "at any moment" (BF-7.2, R §五 魔法卡能力 Q4).
TIMING = {"main.actions": "main", "final.impacts": "final", "attack.declare": "window"}


def timing(s: BuddyfightState, seat: int) -> str | None:
    """How ``seat`` may use cards now: "main" (its main phase), "final" (its final phase),
    "window" (its counter window or response), "closed" (its turn, no window open),
    "opponent" (the other fighter's turn, no window open); None: a decision of someone else."""
    if s.choices:
        ch = s.choices[-1]
        return "window" if ch.kind in WINDOWS and seat == ch.player else None
    if seat != s.turn_player:
        return "opponent"
    return TIMING.get(s.phase, "closed")


def _out_of_turn(s: BuddyfightState, uid: int, kind: str) -> Refusal:
    """A card used in the opponent's turn with no window open (BF-7.1, BF-7.2)."""
    no = needs_counter(kind, s.cards[uid].f.counterish, "opponent", True) or window_closed("opponent")
    assert no is not None
    return refuse(no[0], no[1], kind=kind, card=uid)


def _at(s: BuddyfightState, uid: int) -> str:
    c = s.cards[uid]
    return f"{c.owner}:{c.place}"


def _target_label(s: BuddyfightState, uid: int) -> dict[str, Any]:
    """The data of a label's target part (" on Name (Seat 1 left)")."""
    c = s.cards[uid]
    return {"on": "target.on", "tcard": c.cid, "owner": c.owner, "place": c.place}


def spell_offers(s: BuddyfightState, seat: int, when: str) -> list[Action | Refusal]:
    """Spells (and impacts in the final phase) castable from hand (BF-5.6, BF-7.1, BF-8.1):
    one choice per card name and target, in hand order."""
    why = s.explaining
    hand = s.fighters[seat].hand
    if when == "opponent" or when == "closed":
        if not why:
            return []            # nothing is castable: only the reasons are asked for
        if when == "opponent":
            return [_out_of_turn(s, uid, "cast") for uid in hand]
    out: list[Action | Refusal] = []
    cards = s.cards
    seen: set[str] = set()
    for uid in hand:
        d = cards[uid].f
        if not why and when not in d.cast_timings:
            continue             # never castable now (cards.py: the timings the timing checks leave
            #                      open to it); the reason, when asked, is theirs
        eff = d.effect
        # Why it cannot be cast now as far as its world, timing and cost go (BF-1.7, BF-5.6,
        # BF-8.1, BF-7.1, BF-7.2, BF-5.10); its condition and target come next. The timing checks'
        # answer for this card is known (``d.cast_timings``, worked out from them once per card,
        # the same for either fighter): they are asked again only for the reason.
        no = other_world(s, seat, d)
        if no is None and when not in d.cast_timings:
            no = cast_timing(d.type, "counter" in d.keywords, when, seat != s.turn_player)
        if no is None:
            no = cannot_pay(s, seat, d.cost, uid)
        targets: list[int | None] = []
        if no is None:
            if eff is not None:
                targets = s.target_options(seat, eff)
            no = unmet(s, seat, eff, targets, "cast")
        if no is not None:
            if why:
                reason = s.say(no[0], card=d.id, world=d.world, flag=s.fighters[seat].world)
                out.append(refuse(reason, no[1], kind="cast", card=uid))
            continue
        did = d.id
        # Copies of one card are the same choice (the first in hand), under the cast's own clause.
        clause = "BF-8.1" if d.type == "impact" else "BF-5.6"
        if did in seen:
            if why:
                out.append(refuse("why.copy", clause, kind="cast", card=uid))
            continue
        seen.add(did)
        for tgt in targets:
            if tgt is None:
                out.append(Action("cast", seat, {"card": uid, "name": did},
                                  Say((s.game.texts, "cast.label", {"card": did, "on": ""})), clause))
            else:
                c = cards[tgt]
                place = c.place
                out.append(Action("cast", seat, {"card": uid, "name": did, "target": tgt,
                                                 "at": f"{c.owner}:{place}"},
                                  Say((s.game.texts, "cast.label", {"card": did, "on": "target.on", "tcard": c.cid,
                                                                   "owner": c.owner, "place": place})), clause))
        if why:
            out.append(refuse("why.bad_target", "BF-5.12", kind="cast", card=uid))
    if why:
        out.append(refuse("why.not_in_hand", "BF-5.6", kind="cast"))
    return out


def _act_refusal(s: BuddyfightState, seat: int, uid: int, i: int, ab: Effect, when: str) -> Why | None:
    """Why [Act] ability ``i`` of ``uid`` cannot be used now, its target aside (BF-5.8, BF-7.1,
    BF-7.2, BF-5.10)."""
    return (used_up(s, uid, i, ab) or needs_counter("act", ab.counter, when, seat != s.turn_player)
            or window_closed(when) or cannot_pay(s, seat, ab.cost, uid, "act"))


def _sources(s: BuddyfightState, seat: int) -> list[int]:
    """The cards whose [Act] abilities a fighter may use: on the field, then the set area."""
    f = s.fighters[seat]
    out = []                 # a loop, not a comprehension: no call of its own (asked every listing)
    for lst in f.field_lists:
        if lst:
            out.append(lst[0])
    if f.set:
        out += f.set
    return out


def ability_offers(s: BuddyfightState, seat: int, when: str) -> list[Action | Refusal]:
    """[Act] abilities of the seat's cards on the field and in the set area (BF-5.8)."""
    why = s.explaining
    if when == "opponent" or when == "closed":
        if not why:
            return []            # nothing is usable: only the reasons are asked for
        if when == "opponent":
            return [_out_of_turn(s, uid, "act") for uid in _sources(s, seat)]
    out: list[Action | Refusal] = []
    cards = s.cards
    main = when == "main"
    for uid in _sources(s, seat):
        d = cards[uid].f
        # Listing outside the main phase needs only the [Counter] abilities: needs_counter
        # refuses the others there (BF-7.1).
        for i, ab in (d.acts if why or main else d.counter_acts):
            no = _act_refusal(s, seat, uid, i, ab, when)
            targets: list[int | None] = []
            if no is None:
                targets = s.target_options(seat, ab, uid)
                no = unmet(s, seat, ab, targets, "act")
            if no is not None:
                if why:
                    out.append(refuse(no[0], no[1], kind="act", card=uid, ability=i))
                continue
            for tgt in targets:
                args: dict[str, Any] = {"card": uid, "name": d.id, "ability": i}
                data = {"card": d.id, "on": "", "what": ""}
                if ab.text is not None:
                    data.update(what="act.what", ability_en=ab.text.en, ability_zh=ab.text.zh or ab.text.en)
                if tgt is not None and tgt != uid:
                    args.update(target=tgt, at=_at(s, tgt))
                    data.update(_target_label(s, tgt))
                out.append(Action("act", seat, args, Say((s.game.texts, "act.label", data)), "BF-5.8"))
            if why:
                out.append(refuse("why.condition", "BF-5.12", kind="act", card=uid, ability=i))
        if why:
            out.append(refuse(s.say("why.no_such_act", card=d.id), "BF-5.8", kind="act", card=uid))
    if why:
        out.append(refuse("why.act_in_play", "BF-5.8", kind="act"))
    return out


@MOVES.lister("cast", "act")
def plays(s: BuddyfightState, seat: int) -> Iterable[Action | Refusal]:
    """Spells from hand, then [Act] abilities: all a fighter may use now (its main phase, its
    final phase, a counter window or response it owns), and why the others may not."""
    when = timing(s, seat)
    if when is None or not s.explaining and (when == "opponent" or when == "closed"):
        return ()
    return spell_offers(s, seat, when) + ability_offers(s, seat, when)


# The game's further offers at a counter timing, by name (``fn(state, seat, when) -> offers``):
# turn.py registers its calls of [Counter] monsters here (turn imports chain, so chain finds
# them through the Book, never through a list other modules append to).
COUNTER_OFFERS = BOOK.registry("counter offer")


@MOVES.lister("call", "equip")
def counter_calls(s: BuddyfightState, seat: int) -> Iterable[Action | Refusal]:
    """Calls of [Counter] monsters in a counter window or response (BF-9.7), and why not others."""
    when = timing(s, seat)
    if when != "window":
        return ()
    return [o for f in COUNTER_OFFERS.fns.values() for o in f(s, seat, when)]


def _has_action(offers: list[Action | Refusal]) -> bool:
    for o in offers:
        if type(o) is Action:
            return True
    return False


def counter_playable(s: BuddyfightState, seat: int) -> bool:
    """Has ``seat`` a [Counter] it could play if a window opened for it now?"""
    f = s.fighters[seat]
    cards = s.cards
    # Quick check first: most of the time a fighter holds no counter at all. Only a [Counter]
    # spell or monster can be used from the hand, only an [Act] marked counter from the field or
    # the set area (cards.py: hand_counter, counter_acts); the listers below decide the rest.
    for u in f.hand:
        if cards[u].f.hand_counter:
            break
    else:
        for u in _sources(s, seat):
            if cards[u].f.counter_acts:
                break
        else:
            return False
    return _has_action(spell_offers(s, seat, "window")) or _has_action(ability_offers(s, seat, "window")) or any(
        _has_action(g(s, seat, "window")) for g in COUNTER_OFFERS.fns.values())


PASS = {"window": ("pass.window", "BF-7.2"), "respond": ("pass.respond", "BF-7.4"), "move": ("pass.move", "BF-6.1")}


@MOVES.lister("pass", actor="chooser")
def passes(s: BuddyfightState, seat: int) -> Iterable[Action | Refusal]:
    """Declining a counter window, a response or the move window: only its owner may."""
    got = PASS.get(s.choices[-1].kind)
    if got is None:
        return ()
    return (Action("pass", seat, {}, Say((s.game.texts, got[0], {})), got[1]),)


MOVES.declare("pass", None, not_now=("why.pass.not_now", "BF-7.2"),
              label="kind.pass")


# ----- using a card puts it on the chain --------------------------------------------------------------
@MOVES.kind("cast", not_now=("why.cast.not_now", "BF-7.1"),
            no_such=("why.not_in_hand", "BF-5.6"), label="kind.cast")
def cast(s: BuddyfightState, action: Action) -> None:
    a = action.args
    uid, seat = a["card"], action.player
    d = s.cards[uid].d
    move(s, uid, PLAYING)
    s.emit("cast", "cast",
           "BF-8.1" if d.type == "impact" else "BF-5.6", seat=seat, card=d.id)
    s.later(chain_add, item={"kind": d.type, "by": seat, "card": uid, "target": a.get("target")})
    pay_cost(s, seat, d.cost, uid)


@MOVES.kind("act", not_now=("why.act.not_now", "BF-7.1"),
            no_such=("why.act_in_play", "BF-5.8"), label="kind.act")
def act(s: BuddyfightState, action: Action) -> None:
    a = action.args
    uid, seat, i = a["card"], action.player, a["ability"]
    d = s.cards[uid].d
    ab = d.abilities[i]
    if ab.limit == "once_per_turn":
        s.used_once.append([uid, i])
    s.emit("act", "act", "BF-5.8", seat=seat, card=d.id)
    s.later(chain_add, item={"kind": "ability", "by": seat, "card": uid, "ability": i, "target": a.get("target")})
    pay_cost(s, seat, ab.cost, uid)


@BOOK.procedure
def chain_add(s: BuddyfightState, item: dict[str, Any]) -> None:
    if not s.chain:
        s.chain_home = s.phase
    s.chain.append(item)
    s.later(respond, seat=1 - item["by"])


@BOOK.procedure
def respond(s: BuddyfightState, seat: int) -> None:
    if counter_playable(s, seat):
        s.goto(RESPONSE_NODE.get(s.phase, s.phase))
        s.ask(seat, "respond", "respond", "BF-7.4",
              listers=(plays, counter_calls, passes))
    else:
        s.later(resolve_chain)


@BOOK.choice("respond")
def responded(s: BuddyfightState, choice: Choice, action: Action) -> None:
    if action.kind == "pass":
        s.later(resolve_chain)
        return
    if action.kind == "call":
        # A called [Counter] monster is not on the chain: the same fighter may respond again.
        s.later(respond, seat=action.player)
    s._apply(action)


@BOOK.procedure
def resolve_chain(s: BuddyfightState) -> None:
    if not s.chain:
        home, s.chain_home = s.chain_home, None
        if home:
            s.goto(home)
        return
    item = s.chain.pop()
    s.later(resolve_chain)
    _resolve_item(s, item)


def _resolve_item(s: BuddyfightState, item: dict[str, Any]) -> None:
    uid, seat = item["card"], item["by"]
    d = s.cards[uid].d
    if item["kind"] == "enter":
        eff = d.abilities[item["ability"]]
        if eff.optional and not eff.cost.is_free():
            if cannot_pay(s, seat, eff.cost, uid) is None:
                s.ask(seat, "enter_pay", "enter_pay", "BF-5.13", item=item, card=d.id)
            return
        run_effect(s, eff, item)
        return
    if item["kind"] in ("spell", "impact"):
        if "set" in d.keywords:
            move(s, uid, "set")
            s.emit("set", "set", "BF-5.7", card=d.id)
        else:
            move(s, uid, "drop")
        assert d.effect is not None
        run_effect(s, d.effect, item)
        return
    run_effect(s, d.abilities[item["ability"]], item)


@MOVES.lister("enter_pay", name="enter_pay")
def enter_payments(s: BuddyfightState, seat: int) -> list[Action]:
    """An optional cost of an entering ability: pay it or not (BF-5.13)."""
    if s.pending("enter_pay", seat) is None:
        return []
    return [Action("enter_pay", seat, {"pay": True}, s.say("enter_pay.yes"), "BF-5.13"),
            Action("enter_pay", seat, {"pay": False}, s.say("enter_pay.no"), "BF-5.13")]


@BOOK.choice("enter_pay")
def enter_paid(s: BuddyfightState, choice: Choice, action: Action) -> None:
    item = choice.ctx["item"]
    eff = s.cards[item["card"]].d.abilities[item["ability"]]
    if action.args["pay"]:
        s.later(run_effect_item, item=item)
        pay_cost(s, item["by"], eff.cost, item["card"])
    else:
        s.emit("decline", "decline", "BF-5.13")


MOVES.declare("enter_pay", None, not_now=("why.enter_pay.not_now", "BF-5.13"),
              no_such=("why.enter_pay.no_such", "BF-5.13"),
              label="kind.enter_pay")


@BOOK.procedure
def run_effect_item(s: BuddyfightState, item: dict[str, Any]) -> None:
    run_effect(s, s.cards[item["card"]].d.abilities[item["ability"]], item, recheck=False)


def run_effect(s: BuddyfightState, eff: Effect, item: dict[str, Any], recheck: bool = True) -> None:
    """Carry out an effect, checking its condition and target again first (BF-7.4)."""
    seat, d = item["by"], s.cards[item["card"]].d
    tgt = item.get("target")
    if recheck and not s.conditions_hold(seat, eff):
        s.emit("fizzle", "fizzle.condition", "BF-7.4", card=d.id)
        return
    if eff.target is not None and eff.target.who != "self":
        if tgt is None or not s.matches(eff.target, s.cards[tgt].owner, tgt, seat):
            s.emit("fizzle", "fizzle.target", "BF-7.4", card=d.id)
            return
    # What the effect does cites the rule it resolves under (an entering card's ability or a
    # resolving chain item), never the rule of a keyword that may answer it (BF-9.3 Soulguard).
    clause = "BF-5.13" if item["kind"] == "enter" else "BF-7.4"
    ctx = EffectCtx(seat, card=item["card"], target=tgt, clause=clause)
    s.emit("resolve", "resolve", clause, card=d.id)
    fns = BOOK.effects.fns
    for o in eff.do:
        if s.is_over:
            return
        fns[o.op](s, ctx, **o.params)      # names checked when the cards were loaded


# ----- counter windows -----------------------------------------------------------------------
@BOOK.procedure
def window(s: BuddyfightState, owner: int, node: str) -> None:
    if node == "attack.counter" and not s.battle_live():
        return
    if not counter_playable(s, owner):
        return
    s.goto(node)
    s.ask(owner, "window", "window", "BF-7.2", listers=(plays, counter_calls, passes),
          owner=owner, node=node)


@BOOK.choice("window")
def window_answered(s: BuddyfightState, choice: Choice, action: Action) -> None:
    if action.kind == "pass":
        return
    # Play the counter, then reopen the same window once the chain has resolved.
    s.later(window, owner=choice.ctx["owner"], node=choice.ctx["node"])
    s._apply(action)
