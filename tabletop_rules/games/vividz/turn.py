"""The turn around the main phase: setup's energy choice (VV-5.6), the draw phases (VV-6.x,
VV-11.1), the mission phase (VV-9.x) and the charge phase (VV-10.x)."""
from __future__ import annotations

from ...core.actions import Action
from ...core.modifiers import expire
from ...core.moves import Refusal, refuse
from ...core.texts import Say
from .book import BOOK
from .checks import not_second_player
from .state import DECK, DROP, ENERGY, VividzState, retire_check

moves = BOOK.moves


# ----- setup: the second player's two energy cards (VV-5.6) ----------------------------------------------
@moves.kind("setup_energy", not_now=("why.setup_energy.not_now", "VV-5.6"),
            no_such=("why.setup_energy.no_such", "VV-5.6"),
            label="kind.setup_energy")
def setup_energy(s: VividzState, action: Action) -> None:
    uid = action.args["card"]
    s.move(uid, ENERGY[action.player])
    s.energy_left -= 1
    s.emit("energy", "energy.setup", "VV-5.6", seat=action.player, card=s.cards[uid].cid)
    if s.energy_left == 0:
        s.begin()


@moves.lister("setup_energy")
def setup_cards(s: VividzState, seat: int) -> list[Action | Refusal]:
    no = not_second_player(s, seat)
    if no is not None:
        # refusals are built only to explain one (core/moves.py)
        return [refuse(no[0], no[1])] if s.explaining else []
    texts, cards, left = s.game.texts, s.cards, s.energy_left
    return [Action("setup_energy", seat, {"card": uid},
                   Say((texts, "label.setup_energy", {"card": cards[uid].cid, "left": left})), "VV-5.6")
            for uid in s.hands[seat]]



# ----- draw phases (VV-6.2 .. VV-6.4, VV-11.1, VV-1.4) ------------------------------------------------------
def deck_out(s: VividzState, seat: int) -> bool:
    """An empty deck as a draw phase begins loses (VV-1.4)."""
    if s.zones.lists[DECK[seat]]:
        return False
    s.goto("game-over")
    s.finish((1 - seat,), s.say("result.deck_out", winner=1 - seat, loser=seat), "VV-1.4")
    return True


def stand_account(s: VividzState, seat: int, clause: str) -> None:
    acc = s.cards[s.account(seat)]
    if acc.rested:
        acc.rested = False
        s.emit("stand", "stand.account", clause, seat=seat, card=acc.cid)


@BOOK.procedure
def start_turn(s: VividzState, seat: int) -> None:
    s.turn += 1
    s.turn_player = seat
    s.used = {}
    s.turn_log = []
    s.goto("start.stand")
    s.emit("turn", "turn", "VV-6.1", seat=seat, turn=s.turn)
    stand_account(s, seat, "VV-6.2")
    s.check_retire()            # a [Valid] of "own turn" or "opponent's turn" changes a power now (VV-8.10)
    if s.first_turn():
        s.emit("no_draw", "no_draw.first", "VV-6.4", seat=seat)
        s.goto("main.actions")
        return
    s.goto("start.draw")
    if deck_out(s, seat):
        return
    s.draw_up(seat, "VV-6.3")
    s.goto("main.actions")


@BOOK.procedure
def end_draw(s: VividzState) -> None:
    seat = s.turn_player
    s.goto("end.stand")
    stand_account(s, seat, "VV-11.1")
    s.goto("end.draw")
    if deck_out(s, seat):
        return
    s.draw_up(seat, "VV-11.1")
    s.later(start_turn, seat=1 - seat)


# ----- mission phase (VV-9.1 .. VV-9.5) --------------------------------------------------------------------------
@BOOK.procedure
def mission_phase(s: VividzState) -> None:
    s.goto("mission.clear")
    tp = s.turn_player
    for seat in (tp, 1 - tp):
        for u in s.missions(seat):
            c = s.cards[u]
            if not (c.face_up and c.rested):
                continue
            c.rested = False
            if s.holds(c.d.clear, seat):
                c.face_up = False
                s.emit("mission_clear", "mission_clear", "VV-9.1", seat=seat, card=c.cid)
            else:
                s.emit("mission_reset", "mission_reset", "VV-9.2", seat=seat, card=c.cid)
    done = [seat for seat in (0, 1) if all(not s.cards[u].face_up for u in s.missions(seat))]
    if done:
        s.goto("game-over")
        if len(done) == 2:
            s.finish((tp,), s.say("result.both", winner=tp), "VV-1.3")
        else:
            s.finish((done[0],), s.say("result.missions", winner=done[0]), "VV-1.2")
        return
    s.goto("mission.cleanup")
    cards = s.cards
    for seat in (0, 1):
        chars = [cards[u] for u in s.characters(seat)]
        for c in chars:
            c.damage = 0
        # power changes "until the end of the mission phase" end now; "always" ones stay (VV-9.5)
        expire(chars, "mission")
    s.emit("cleanup", "cleanup.damage", "VV-9.4")
    s.emit("cleanup", "cleanup.effects", "VV-9.5")
    s.then((retire_check, {}), (charge_phase, {}))


# ----- charge phase (VV-10.1 .. VV-10.3) ---------------------------------------------------------------------------
@BOOK.procedure
def charge_phase(s: VividzState) -> None:
    s.goto("charge.keep")
    if not s.hand(s.turn_player):
        s.emit("charge", "charge.none", "VV-10.1", seat=s.turn_player)
        s.goto("charge.energy")
        s.later(end_draw)


@moves.kind("keep", not_now=("why.keep.not_now", "VV-10.1"),
            no_such=("why.keep.no_such", "VV-10.1"), label="kind.keep")
def keep(s: VividzState, action: Action) -> None:
    seat, uid = action.player, action.args["card"]
    zone = f"{seat}.keep"
    old = s.zones.slot(zone)
    if old is not None:
        s.move(old, DROP[seat])
        s.emit("keep", "keep.drop", "VV-10.1", seat=seat, card=s.cards[old].cid)
    s.move(uid, zone)
    s.emit("keep", "keep", "VV-10.1", seat=seat, card=s.cards[uid].cid)
    s.goto("charge.energy")


@moves.kind("skip_keep", not_now=("why.skip_keep.not_now", "VV-10.1"),
            label="kind.skip_keep")
def skip_keep(s: VividzState, action: Action) -> None:
    s.goto("charge.energy")


@moves.lister("keep", "skip_keep", actor="turn_player", not_yours=("why.keep.turn_player", "VV-10.1"))
def keep_cards(s: VividzState, seat: int) -> list[Action | Refusal]:
    texts, cards = s.game.texts, s.cards
    out: list[Action | Refusal] = [Action("keep", seat, {"card": uid},
                                          Say((texts, "label.keep", {"card": cards[uid].cid})), "VV-10.1")
                                   for uid in s.hands[seat]]
    out.append(Action("skip_keep", seat, {}, Say((texts, "label.skip_keep", {})), "VV-10.1"))
    return out


@moves.kind("charge", not_now=("why.charge.not_now", "VV-10.3"),
            no_such=("why.charge.no_such", "VV-10.3"), label="kind.charge")
def charge(s: VividzState, action: Action) -> None:
    seat, uid = action.player, action.args["card"]
    s.move(uid, ENERGY[seat])
    s.emit("charge", "charge", "VV-10.3", seat=seat, card=s.cards[uid].cid, energy=s.energy(seat))


@moves.kind("end_charge", not_now=("why.end_charge.not_now", "VV-10.3"),
            label="kind.end_charge")
def end_charge(s: VividzState, action: Action) -> None:
    s.later(end_draw)


@moves.lister("charge", "end_charge", actor="turn_player", not_yours=("why.charge.turn_player", "VV-10.3"))
def charge_cards(s: VividzState, seat: int) -> list[Action | Refusal]:
    texts, cards = s.game.texts, s.cards
    out: list[Action | Refusal] = [Action("charge", seat, {"card": uid},
                                          Say((texts, "label.charge", {"card": cards[uid].cid})), "VV-10.3")
                                   for uid in s.hands[seat]]
    out.append(Action("end_charge", seat, {}, Say((texts, "label.end_charge", {})), "VV-10.3"))
    return out
