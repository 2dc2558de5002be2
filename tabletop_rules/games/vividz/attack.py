"""The attack, step by step (VV-8.1 .. VV-8.12): attack, interference, search, battle, attack end.
Each step is a node of the flow; the interference and the search are decisions."""
from __future__ import annotations

from ...core.actions import Action
from ...core.moves import Refusal, refuse
from ...core.state import Choice
from .book import BOOK
from .checks import cannot_slide, first_turn_forbids, not_interfering
from .main import act, act_abilities, play_event
from .state import DROP, ENERGY, LANES, PLAY, VividzState, mission_check

moves = BOOK.moves


# ----- 1 attack step ---------------------------------------------------------------------------------------------
@moves.kind("attack", not_now=("why.attack.not_now", "VV-8.1"),
            no_such=("why.attack.no_such", "VV-8.1"),
            label="kind.attack")
def attack(s: VividzState, action: Action) -> None:
    seat, lane = action.player, action.args["lane"]
    uid = s.character(seat, lane)
    assert uid is not None
    s.goto("attack.attack")
    s.cards[uid].rested = True
    s.check_retire()            # resting may change a power a [Valid] reads (VV-8.10)
    s.attack = {"seat": seat, "lane": lane, "uid": uid, "card": s.cards[uid].cid, "battle": False}
    opp = s.character(1 - seat, lane)
    if opp is None:
        s.emit("attack", "attack.empty", "VV-8.1", seat=seat, lane=lane, lane_no=lane + 1, card=s.cards[uid].cid)
    else:
        s.emit("attack", "attack", "VV-8.1", seat=seat, lane=lane, lane_no=lane + 1, card=s.cards[uid].cid,
               target=s.cards[opp].cid)
    s.then((interference_step, {}), (search_step, {}), (battle_step, {}), (attack_end, {}), (mission_check, {}))


# ----- 2 interference step (VV-8.3, VV-8.4) ---------------------------------------------------------------------
@BOOK.procedure
def interference_step(s: VividzState) -> None:
    s.goto("attack.interfere")
    defender = 1 - s.turn_player
    if not moves.legal(s, defender, (act_abilities, slides)):      # nothing but passing: no need to ask
        s.emit("interfere", "interfere.none", "VV-8.3", seat=defender)
        return
    s.ask(defender, "interfere", "prompt.interfere", "VV-8.3",
          listers=(interference_passes, act_abilities, slides))


@moves.lister("pass")
def interference_passes(s: VividzState, seat: int) -> list[Action]:
    """The defender may let the attack go on without interfering (VV-8.3)."""
    if s.pending("interfere", seat) is None:
        return []
    return [Action("pass", seat, {}, s.say("label.pass"), "VV-8.3")]


moves.declare("pass", None, not_now=("why.pass.not_now", "VV-8.3"), no_such=("why.pass.no_such", "VV-8.3"),
              label="kind.pass")


@BOOK.choice("interfere")
def interfere(s: VividzState, choice: Choice, action: Action) -> None:
    if action.kind == "pass":
        s.emit("interfere", "interfere.pass", "VV-8.3", seat=action.player)
    elif action.kind == "act":
        act(s, action)
    else:
        slide(s, action)


@moves.lister("slide")
def slides(s: VividzState, seat: int) -> list[Action | Refusal]:
    """The defender's slides when interfering (VV-8.3), each checked by ``cannot_slide`` (VV-8.4)."""
    why = s.explaining              # refusals are built only to explain one (core/moves.py)
    out: list[Action | Refusal] = []
    no = not_interfering(s, seat, "slide") or cannot_slide(s, seat)
    if no is not None:
        if why:
            out.append(refuse(no[0], no[1], kind="slide"))
        return out
    areas = s.areas[seat]
    for lane in LANES:
        if not areas[lane]:
            continue
        u = areas[lane][-1]
        for to in LANES:
            if to == lane:
                continue
            no = cannot_slide(s, seat, lane, to)
            if no is None:
                out.append(Action("slide", seat, {"card": u, "to": to},
                                  s.say("label.slide", card=s.cards[u].cid, from_no=lane + 1, to_no=to + 1), "VV-8.4"))
            elif why:
                out.append(refuse(s.say(no[0], to_no=to + 1, from_no=lane + 1), no[1], kind="slide", card=u, to=to))
    return out


moves.declare("slide", None, not_now=("why.slide.not_now", "VV-8.3"),
              no_such=("why.slide.no_such", "VV-8.4"),
              label="kind.slide")
moves.declare("discard", None, not_now=("why.discard.not_now", "VV-8.4"), no_such=("why.discard.no_such", "VV-8.4"),
              label="kind.discard")


def slide(s: VividzState, action: Action) -> None:
    s.later(mission_check)
    s.later(slide_move, card=action.args["card"], to=action.args["to"])
    s.later(slide_pay, seat=action.player, left=2)


@BOOK.procedure
def slide_pay(s: VividzState, seat: int, left: int) -> None:
    s.ask(seat, "discard", "prompt.discard", "VV-8.4", seat=seat, left=left)


@moves.lister("discard", name="discard")
def slide_discards(s: VividzState, seat: int) -> list[Action]:
    """A slide is paid by discarding cards from the own hand (VV-8.4)."""
    if s.pending("discard", seat) is None:
        return []
    return [Action("discard", seat, {"card": u}, s.say("label.discard", card=s.cards[u].cid), "VV-8.4")
            for u in s.hand(seat)]


@BOOK.choice("discard")
def discard(s: VividzState, choice: Choice, action: Action) -> None:
    seat = action.player
    uid = action.args["card"]
    s.move(uid, DROP[seat])
    s.emit("discard", "discard", "VV-8.4", seat=seat, card=s.cards[uid].cid)
    left = choice.ctx["left"] - 1
    if left:
        s.later(slide_pay, seat=seat, left=left)


@BOOK.procedure
def slide_move(s: VividzState, card: int, to: int) -> None:
    c = s.cards[card]
    seat, frm = c.owner, c.zone
    stack = list(s.zones.lists[frm])
    for u in stack:
        s.zones.move(u, f"{seat}.area{to}")
    s.emit("slide", "slide", "VV-8.4", seat=seat, card=c.cid, to=to, from_no=int(frm[-1]) + 1, to_no=to + 1,
           exp=len(stack) - 1)


# ----- 3 search step (VV-8.5 .. VV-8.8) ---------------------------------------------------------------------------
@BOOK.procedure
def search_step(s: VividzState) -> None:
    s.goto("attack.search")
    a = s.attack
    assert a is not None
    defended = s.character(1 - a["seat"], a["lane"]) is not None
    seats = [s.turn_player, 1 - s.turn_player] if defended else [a["seat"]]
    s.emit("search_step", "search_step.both" if defended else "search_step.attacker", "VV-8.6")
    s.later(search_reveal, seats=seats, clause="VV-8.7" if defended else "VV-8.6")


@BOOK.procedure
def search_reveal(s: VividzState, seats: list[int], clause: str) -> None:
    """Reveal together, then the turn player resolves first (VV-8.7)."""
    order = sorted(seats, key=lambda x: x != s.turn_player)
    for seat in order:
        top = s.zones.top(f"{seat}.deck")
        if top is None:
            s.emit("search", "search.empty", "VV-8.8", seat=seat)
            continue
        s.move(top, f"{seat}.reveal")
        s.emit("search", "search.reveal", clause, seat=seat, card=s.cards[top].cid,
               symbol=s.cards[top].d.has("search_symbol"))
    s.then(*[(search_resolve, {"seat": seat}) for seat in order])


@BOOK.procedure
def search_resolve(s: VividzState, seat: int) -> None:
    uid = s.zones.slot(f"{seat}.reveal")
    if uid is None:
        return
    d = s.cards[uid].d
    if not d.has("search_symbol"):
        s.move(uid, ENERGY[seat])
        s.emit("search", "search.no_symbol", "VV-8.5", seat=seat, card=d.id)
        return
    if d.type == "event" and first_turn_forbids(s, "use_event") is not None:
        # no event at all on the first player's first turn, a searched one included (VV-7.2)
        s.move(uid, ENERGY[seat])
        s.emit("search", "search.first_turn", "VV-7.2", seat=seat, card=d.id)
        return
    s.ask(seat, "search_use", "prompt.search_use", "VV-12.19", seat=seat, card=d.id, uid=uid)


@moves.lister("search_pass", "search_use", name="search_use")
def searched_uses(s: VividzState, seat: int) -> list[Action]:
    """The searched card: to energy, or used for free (an event), or into any lane (VV-8.5, VV-12.19)."""
    ctx = s.pending("search_use", seat)
    if ctx is None:
        return []
    uid, cid = ctx["uid"], ctx["card"]
    out = [Action("search_pass", seat, {"card": uid}, s.say("label.search_pass", card=cid), "VV-8.5")]
    if s.cards[uid].d.type == "event":
        out.append(Action("search_use", seat, {"card": uid}, s.say("label.search_event", card=cid), "VV-12.19"))
        return out
    for lane in LANES:
        old = s.character(seat, lane)
        over = {"over": "label.search_over", "old": s.cards[old].cid} if old is not None else {"over": ""}
        out.append(Action("search_use", seat, {"card": uid, "lane": lane},
                          s.say("label.search_use", card=cid, lane_no=lane + 1, **over), "VV-12.19"))
    return out


moves.declare("search_use", None, not_now=("why.search_use.not_now", "VV-12.19"),
              no_such=("why.search_use.no_such", "VV-12.19"), label="kind.search_use")
moves.declare("search_pass", None, not_now=("why.search_pass.not_now", "VV-8.5"),
              no_such=("why.search_pass.no_such", "VV-8.5"), label="kind.search_pass")


@BOOK.choice("search_use")
def search_use(s: VividzState, choice: Choice, action: Action) -> None:
    seat, uid = action.player, action.args["card"]
    d = s.cards[uid].d
    if action.kind == "search_pass":
        s.move(uid, ENERGY[seat])
        s.emit("search", "search.pass", "VV-8.5", seat=seat, card=d.id)
        return
    s.emit("search_use", "search_use", "VV-12.19", seat=seat, card=d.id)
    s.move(uid, PLAY[seat])
    if d.type == "event":
        play_event(s, seat, uid)
    else:
        s.enter(uid, seat, action.args["lane"], "VV-8.5")


# ----- 4 battle step, 5 attack end step (VV-8.9 .. VV-8.12) ---------------------------------------------------------
@BOOK.procedure
def battle_step(s: VividzState) -> None:
    a = s.attack
    assert a is not None
    target = s.character(1 - a["seat"], a["lane"])
    if target is None:
        s.emit("battle", "battle.none", "VV-8.9")
        return
    s.goto("attack.battle")
    if s.lane_of(a["uid"]) is None:
        s.emit("battle", "battle.gone", "VV-8.9")
        return
    a["battle"] = True
    p = s.power(a["uid"])
    s.emit("battle", "battle", "VV-8.9", attacker=a["card"], target=s.cards[target].cid, power=p)
    s.add_damage(target, p, "VV-8.10")
    s.check_retire()


@BOOK.procedure
def attack_end(s: VividzState) -> None:
    a = s.attack
    assert a is not None
    s.goto("attack.end")
    on_field = s.lane_of(a["uid"]) is not None
    success = on_field
    p_success = on_field and not a["battle"]
    s.turn_log.append({"kind": "attack", "by": a["seat"], "lane": a["lane"], "card": a["card"],
                       "battle": a["battle"], "success": success, "p_success": p_success})
    if success:
        s.emit("attack_success", "attack_success", "VV-8.12", seat=a["seat"], card=a["card"])
    if p_success:
        s.emit("p_attack_success", "p_attack_success", "VV-8.12", seat=a["seat"], card=a["card"])
    if not success:
        s.emit("attack_failed", "attack_failed", "VV-8.12")
    s.later(back_to_main)
    triggers = (["attack_success"] if success else []) + (["p_attack_success"] if p_success else [])
    if triggers:
        s.fire(triggers, [a["uid"]])


@BOOK.procedure
def back_to_main(s: VividzState) -> None:
    s.attack = None
    s.goto("main.actions")
