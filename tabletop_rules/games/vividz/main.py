"""The main phase (VV-7.x): using characters (with level up and cost reduction), events and [Act]
abilities, declaring attacks, ending the phase. Each rule is written once, in a lister that both
lists the legal actions and says why a candidate is refused."""
from __future__ import annotations

from ...core.actions import Action
from ...core.moves import Refusal, refuse
from ...core.texts import Say
from .book import BOOK
from .cards import ability_word
from .effects import valid
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


@moves.lister("use_character", "use_event")
def hand_cards(s: VividzState, seat: int) -> list[Action | Refusal]:
    # Refusals are built only while a refused action is being explained (s.explaining); the
    # conditions that decide what is listed are the same either way.
    why = s.explaining
    out: list[Action | Refusal] = []
    if seat != s.turn_player:
        if why:
            out.append(refuse("why.use.turn_player", "VV-7.1"))
        return out
    energy = len(s.energies[seat])
    first = s.first_turn()
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
            if d.type == "event":
                if why:
                    out.append(refuse(s.say("why.use.is_event", card=cid), "VV-7.3", kind="use_character", card=uid))
                if first:
                    if why:
                        out.append(refuse("why.use.first_event", "VV-7.2", kind="use_event", card=uid))
                elif d.cost > energy:
                    if why:
                        out.append(refuse(s.say("why.use.event_cost", card=cid, cost=d.cost, energy=energy),
                                          "VV-7.4", kind="use_event", card=uid))
                else:
                    out.append(Action("use_event", seat, {"card": uid},
                                      Say((texts, "label.use_event", {"card": cid, "where": where, "cost": d.cost})),
                                      "VV-7.8"))
                continue
            if why:
                out.append(refuse(s.say("why.use.is_character", card=cid), "VV-7.8", kind="use_event", card=uid))
            dcost = d.cost
            for lane, lane_no, there, old_cost, old_id in lanes:
                cost = cost_over(d, there, old_cost)
                if cost > energy:
                    if why:
                        out.append(refuse(s.say("why.use.cost", card=cid, cost=cost, lane_no=lane_no, energy=energy),
                                          "VV-7.4", kind="use_character", card=uid, lane=lane))
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


def act_window(s: VividzState) -> str:
    """In the interference step [Act] abilities are the defender's; otherwise the turn player's."""
    return "interfere" if s.phase == "attack.interfere" else "main"


@moves.lister("act")
def act_abilities(s: VividzState, seat: int) -> list[Action | Refusal]:
    why = s.explaining              # refusals are built only to explain one (core/moves.py)
    out: list[Action | Refusal] = []
    tp = s.turn_player
    if act_window(s) == "interfere":
        if seat == tp:
            if why:
                out.append(refuse("why.act.defender", "VV-8.3", kind="act"))
            return out
    elif seat != tp:
        if why:
            out.append(refuse("why.act.opp_main", "VV-8.3", kind="act"))
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
            if a.timing == "own" and tp != seat:
                if why:
                    out.append(refuse(s.say("why.act.own_turn", card=c.cid), "VV-12.12", kind="act", **args))
            elif a.timing == "opp" and tp == seat:
                if why:
                    out.append(refuse(s.say("why.act.opp_turn", card=c.cid), "VV-12.13", kind="act", **args))
            elif a.limit is not None and s.uses(uid, i) >= a.limit:
                if why:
                    out.append(refuse(s.say("why.act.limit", card=c.cid, limit=a.limit), "VV-12.11", kind="act",
                                      **args))
            elif not valid(s, a.valid, seat, uid):
                if why:
                    out.append(refuse(s.say("why.act.valid", card=c.cid, valid=list(a.valid)), "VV-12.5",
                                      kind="act", **args))
            elif a.cost.rest and c.rested:
                if why:
                    out.append(refuse(s.say("why.act.rested", card=c.cid), "VV-12.6", kind="act", **args))
            elif a.cost.energy > energy:
                if why:
                    out.append(refuse(s.say("why.act.cost", cost=a.cost.energy, energy=energy), "VV-12.6",
                                      kind="act", **args))
            else:
                out.append(Action("act", seat, args, Say((s.game.texts, "label.act",
                                                         {"card": c.cid, "ability": ability_word(c.cid, i, a)})),
                                  "VV-7.9"))
    return out


# ----- attacks and the end of the phase (VV-8.1, VV-8.2, VV-7.11) -------------------------------------------------
@moves.lister("attack")
def attackers(s: VividzState, seat: int) -> list[Action | Refusal]:
    why = s.explaining              # refusals are built only to explain one (core/moves.py)
    out: list[Action | Refusal] = []
    if seat != s.turn_player:
        if why:
            out.append(refuse("why.attack.turn_player", "VV-8.1", kind="attack"))
        return out
    if s.first_turn():
        if why:
            out.append(refuse("why.attack.first_turn", "VV-7.2", kind="attack"))
        return out
    cards = s.cards
    texts = s.game.texts
    mine, theirs = s.areas[seat], s.areas[1 - seat]
    for lane in LANES:
        stack = mine[lane]
        if not stack:
            if why:
                out.append(refuse(s.say("why.attack.empty", lane_no=lane + 1), "VV-8.1", kind="attack", lane=lane))
            continue
        c = cards[stack[-1]]
        if "no_attack" in c.d.symbols:
            if why:
                out.append(refuse(s.say("why.attack.no_attack", card=c.cid), "VV-8.2", kind="attack", lane=lane))
        elif c.rested:
            if why:
                out.append(refuse(s.say("why.attack.rested", card=c.cid), "VV-8.1", kind="attack", lane=lane))
        else:
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


@moves.lister("end_main")
def end_main_offer(s: VividzState, seat: int) -> list[Action | Refusal]:
    if seat != s.turn_player:
        return [refuse("why.end_main.turn_player", "VV-7.11", kind="end_main")] if s.explaining else []
    return [Action("end_main", seat, {}, Say((s.game.texts, "label.end_main", {})), "VV-7.11")]
