"""The main phase (VV-7.x): using characters (with level up and cost reduction), events and [Act]
abilities, declaring attacks, ending the phase. Each rule is written once, in a lister that both
lists the legal actions and says why a candidate is refused."""
from __future__ import annotations

from ...core.actions import Action
from ...core.moves import Refusal, refuse
from ...core.texts import Say
from .book import BOOK
from .cards import ability_word
from .checks import (
    cannot_attack,
    cannot_pay,
    cannot_pay_act,
    first_turn_forbids,
    never_attacks,
    not_a_character,
    not_an_event,
    not_interfering,
    used_up,
    wrong_turn,
)
from .effects import not_valid
from .state import DROP, LANES, PLAY, VividzState, cost_over, keeps_exp, mission_check

moves = BOOK.moves


# ----- characters and events (VV-7.3 .. VV-7.8) ---------------------------------------------------------------
@moves.kind("use_character", not_now=("why.use_character.not_now", "VV-7.1"),
            no_such=("why.use_character.no_such", "VV-7.3"),
            label="kind.use_character")
def use_character(s: VividzState, action: Action) -> None:
    seat, uid, lane = action.player, action.args["card"], action.args["lane"]
    cost = s.cost_to_use(uid, seat, lane)
    d = s.cards[uid].d
    s.move(uid, PLAY[seat])
    s.emit("use", "use.character", "VV-7.7" if cost != d.cost else "VV-7.3", seat=seat, card=d.id, lane=lane,
           lane_no=lane + 1, cost=cost, reduced="use.reduced" if cost != d.cost else "")
    s.later(mission_check)
    s.enter_area(uid, seat, lane, "VV-7.3")        # queued first, runs after the payment (VV-7.3 ③④)
    s.pay_energy(seat, cost)


@moves.kind("use_event", not_now=("why.use_event.not_now", "VV-7.1"),
            no_such=("why.use_event.no_such", "VV-7.8"),
            label="kind.use_event")
def use_event(s: VividzState, action: Action) -> None:
    seat, uid = action.player, action.args["card"]
    d = s.cards[uid].d
    s.move(uid, PLAY[seat])
    s.emit("use", "use.event", "VV-7.8", seat=seat, card=d.id, cost=d.cost)
    s.later(mission_check)
    play_event(s, seat, uid)                       # queued first, runs after the payment (VV-7.8 ②③)
    s.pay_energy(seat, d.cost, "VV-7.8")


def play_event(s: VividzState, seat: int, uid: int) -> None:
    """Queue the [Event] effect, then the card goes to the drop zone (VV-7.8, VV-12.4)."""
    s.later(event_done, uid=uid)
    s.later(event_used, seat=seat, uid=uid)


@BOOK.procedure
def event_used(s: VividzState, seat: int, uid: int) -> None:
    """The [Event] effect is carried out (VV-7.8 ③), once the cost is paid."""
    d = s.cards[uid].d
    s.turn_log.append({"kind": "event", "seat": seat, "card": d.id})
    for i, ab in reversed(list(enumerate(d.abilities))):
        if ab.kind == "event":
            s.run_ability(seat, uid, i)


@BOOK.procedure
def event_done(s: VividzState, uid: int) -> None:
    seat = s.cards[uid].owner
    s.move(uid, DROP[seat])
    s.emit("drop", "drop.event", "VV-12.4", seat=seat, card=s.cards[uid].cid)


@moves.lister("use_character", "use_event", actor="turn_player", not_yours=("why.use.turn_player", "VV-7.1"))
def hand_cards(s: VividzState, seat: int) -> list[Action | Refusal]:
    """The hand's (and the keep zone's) cards, each checked by the rules that decide it: the card's
    type (VV-7.3, VV-7.8), the first turn (VV-7.2) and the cost (VV-7.4, lowered by VV-7.7)."""
    # Refusals are built only while a refused action is being explained (s.explaining); the
    # conditions that decide what is listed are the same either way.
    why = s.explaining
    out: list[Action | Refusal] = []
    energy = len(s.energies[seat])
    first = first_turn_forbids(s, "use_event")
    cards = s.cards
    areas = s.areas[seat]
    texts = s.game.texts
    # what each lane holds, worked out once per listing, not per candidate:
    # (lane, lane_no, cards there, the character's cost or None, its card id or None)
    lanes = []
    for lane in LANES:
        stack = areas[lane]
        old = cards[stack[-1]].d if stack else None
        lanes.append((lane, lane + 1, len(stack), old.cost if old else None, old.id if old else None))
    # the hand, then the keep zone: the kept card is used as if in hand (VV-10.2)
    for where, zone in (("hand", s.hands[seat]), ("keep", s.keeps[seat])):
        for uid in zone:
            d = cards[uid].d
            cid = d.id
            no = not_a_character(d)
            if no is not None:                  # an event
                if why:
                    out.append(refuse(s.say(no[0], card=cid), no[1], kind="use_character", card=uid))
                no = first or cannot_pay(d.cost, energy, "use_event")
                if no is None:
                    out.append(Action("use_event", seat, {"card": uid},
                                      Say((texts, "label.use_event", {"card": cid, "where": where, "cost": d.cost})),
                                      "VV-7.8"))
                elif why:
                    out.append(refuse(s.say(no[0], card=cid, cost=d.cost, energy=energy), no[1],
                                      kind="use_event", card=uid))
                continue
            if why:
                no = not_an_event(d)
                if no is not None:
                    out.append(refuse(s.say(no[0], card=cid), no[1], kind="use_event", card=uid))
            dcost = d.cost
            # the check's answer at the printed cost, asked once: a lane changes the cost only by
            # cost reduction (VV-7.7), and then the check is asked again at the lowered cost
            printed = cannot_pay(dcost, energy, "use_character")
            for lane, lane_no, there, old_cost, old_id in lanes:
                cost = cost_over(d, there, old_cost)
                no = printed if cost == dcost else cannot_pay(cost, energy, "use_character")
                if no is not None:
                    if why:
                        out.append(refuse(s.say(no[0], card=cid, cost=cost, lane_no=lane_no, energy=energy),
                                          no[1], kind="use_character", card=uid, lane=lane))
                    continue
                if old_cost is None:
                    out.append(Action("use_character", seat, {"card": uid, "lane": lane},
                                      Say((texts, "label.use", {"card": cid, "where": where, "lane_no": lane_no,
                                                               "cost": cost})), "VV-7.3"))
                else:
                    key = "label.use.exp" if keeps_exp(dcost, old_cost) else "label.use.drop"
                    out.append(Action("use_character", seat, {"card": uid, "lane": lane},
                                      Say((texts, key, {"card": cid, "where": where, "lane_no": lane_no,
                                                       "cost": cost, "old": old_id})), "VV-7.5"))
    return out


# ----- [Act] abilities (VV-7.9, VV-8.3) -----------------------------------------------------------------------
@moves.kind("act", not_now=("why.act.not_now", "VV-7.9"),
            no_such=("why.act.no_such", "VV-7.9"),
            label="kind.act")
def act(s: VividzState, action: Action) -> None:
    seat, uid, ab = action.player, action.args["card"], action.args["ability"]
    c = s.cards[uid]
    a = c.d.abilities[ab]
    s.used[f"{uid}:{ab}"] = s.uses(uid, ab) + 1
    s.emit("act", "act", "VV-7.9", seat=seat, card=c.cid, uid=uid)
    s.later(mission_check)
    if a.cost.rest:
        c.rested = True
        s.emit("rest", "rest.cost", "VV-12.6", card=c.cid, uid=uid)
    s.run_ability(seat, uid, ab)                  # queued first, runs after the payment (VV-12.6)
    s.pay_energy(seat, a.cost.energy, "VV-12.6")
    s.check_retire()                               # resting may change a power a [Valid] reads (VV-8.10)


@moves.lister("act")
def act_abilities(s: VividzState, seat: int) -> list[Action | Refusal]:
    """[Act] abilities of the account and the characters on the field (VV-7.9), each checked by the
    rules that decide it. Who may use them is two-sided (the turn player in the main phase, the
    defender when interfering, VV-8.3), so that prologue is the check ``not_interfering``."""
    why = s.explaining              # refusals are built only to explain one (core/moves.py)
    out: list[Action | Refusal] = []
    no = not_interfering(s, seat, "act")
    if no is not None:
        if why:
            out.append(refuse(no[0], no[1], kind="act"))
        return out
    cards = s.cards
    energy = len(s.energies[seat])
    for uid in [s.accounts[seat][0]] + [stack[-1] for stack in s.areas[seat] if stack]:
        c = cards[uid]
        acts = c.d.acts
        if not acts:
            continue
        for i, a in acts:
            args = {"card": uid, "ability": i}
            no = (wrong_turn(s, seat, a) or used_up(s, uid, i, a)
                  or not_valid(s, a.valid, seat, uid) or cannot_pay_act(c, a, energy))
            if no is None:
                out.append(Action("act", seat, args, Say((s.game.texts, "label.act",
                                                         {"card": c.cid, "ability": ability_word(c.cid, i, a)})),
                                  "VV-7.9"))
            elif why:
                out.append(refuse(s.say(no[0], card=c.cid, limit=a.limit, valid=list(a.valid), cost=a.cost.energy,
                                        energy=energy), no[1], kind="act", **args))
    return out


# ----- attacks and the end of the phase (VV-8.1, VV-8.2, VV-7.11) -------------------------------------------------
@moves.lister("attack", actor="turn_player", not_yours=("why.attack.turn_player", "VV-8.1"))
def attackers(s: VividzState, seat: int) -> list[Action | Refusal]:
    """Each lane's character, checked by the rules that decide an attack (VV-7.2, VV-8.1, VV-8.2)."""
    why = s.explaining              # refusals are built only to explain one (core/moves.py)
    out: list[Action | Refusal] = []
    no = first_turn_forbids(s, "attack")
    if no is not None:
        if why:
            out.append(refuse(no[0], no[1], kind="attack"))
        return out
    cards = s.cards
    texts = s.game.texts
    mine, theirs = s.areas[seat], s.areas[1 - seat]
    for lane in LANES:
        stack = mine[lane]
        no = never_attacks(s, stack) or cannot_attack(s, stack)
        if no is not None:
            if why:
                card = cards[stack[-1]].cid if stack else None
                out.append(refuse(s.say(no[0], lane_no=lane + 1, card=card), no[1], kind="attack", lane=lane))
            continue
        c = cards[stack[-1]]
        opp = theirs[lane]
        label = Say((texts, "label.attack", {"card": c.cid, "lane_no": lane + 1, "target": cards[opp[-1]].cid})) \
            if opp else Say((texts, "label.attack.empty", {"card": c.cid, "lane_no": lane + 1}))
        out.append(Action("attack", seat, {"lane": lane}, label, "VV-8.1"))
    return out


@moves.kind("end_main", not_now=("why.end_main.not_now", "VV-7.11"),
            label="kind.end_main")
def end_main(s: VividzState, action: Action) -> None:
    s.emit("end_main", "end_main", "VV-7.11", seat=action.player)
    s.later("mission_phase")            # turn.py's procedure, queued by its registered name: no import per call


@moves.lister("end_main", actor="turn_player", not_yours=("why.end_main.turn_player", "VV-7.11"))
def end_main_offer(s: VividzState, seat: int) -> list[Action | Refusal]:
    return [Action("end_main", seat, {}, Say((s.game.texts, "label.end_main", {})), "VV-7.11")]
