"""The two decisions the rule book leaves to a player outside the main moves: which energy cards
pay a cost (VV-7.4) and which mission goes to which lane at setup (VV-5.2). Each is asked only
when the choice can matter."""
from __future__ import annotations

from ...core.actions import Action
from ...core.state import Choice
from .book import BOOK
from .state import DROP, VividzState


# ----- paying energy (VV-7.4) -------------------------------------------------------------------------------
def _choices_of(s: VividzState, energy: list[int]) -> list[int]:
    """One energy card per card name, the latest of each (two cards of one name are the same choice)."""
    cards = s.cards
    seen: dict[str, int] = {}
    for u in energy:
        seen[cards[u].cid] = u
    return list(seen.values())


@BOOK.procedure
def pay_step(s: VividzState, seat: int, left: int, n: int, clause: str) -> None:
    """Pay the ``left`` energy cards still owed. The payer chooses each card (VV-7.4), but is asked
    only when the choice matters: when some cards are to stay and they differ in name."""
    energy, drop = s.energies[seat], DROP[seat]
    assert len(energy) >= left, "engine bug: paying energy that is not there"
    while left:
        if left < len(energy):
            picks = _choices_of(s, energy)
            if len(picks) > 1:
                s.ask(seat, "pay", "prompt.pay", "VV-7.4", seat=seat, left=left, n=n, pay_clause=clause)
                return
        s.move(energy[-1], drop)
        left -= 1
    s.emit("pay", "pay", clause, seat=seat, n=n, left=len(energy))


@BOOK.choice("pay")
def pay(s: VividzState, choice: Choice, action: Action) -> None:
    seat, uid = action.player, action.args["card"]
    s.move(uid, DROP[seat])
    s.emit("pay_card", "pay_card", "VV-7.4", seat=seat, card=s.cards[uid].cid)
    ctx = choice.ctx
    s.later(pay_step, seat=seat, left=ctx["left"] - 1, n=ctx["n"], clause=ctx["pay_clause"])


@BOOK.moves.lister("pay", name="pay")
def payments(s: VividzState, seat: int) -> list[Action]:
    """The payer's energy cards, one per card name (VV-7.4); "id" names the card in words a ruling
    can write (its uid changes with the deal)."""
    if s.pending("pay", seat) is None:
        return []
    cards = s.cards
    return [Action("pay", seat, {"card": u, "id": cards[u].cid}, s.say("label.pay", card=cards[u].cid), "VV-7.4")
            for u in reversed(_choices_of(s, s.energies[seat]))]


BOOK.moves.declare("pay", None, not_now=("why.pay.not_now", "VV-7.4"), no_such=("why.pay.no_such", "VV-7.4"),
                   label="kind.pay")


# ----- placing the missions (VV-5.2) ----------------------------------------------------------------------------
@BOOK.procedure
def place_mission(s: VividzState, seat: int, lane: int) -> None:
    """``seat`` puts one of its unplaced missions face down into the mission area of ``lane``; the
    last one goes to the last area without asking (no choice is left)."""
    pile = s.zones.lists[f"{seat}.missions"]
    left = pile[s.placed[seat]:]
    if len(left) == 1:
        s.placed[seat] += 1
        s.emit("place_mission", "place.last", "VV-5.2", seat=seat, lane_no=lane + 1, card=s.cards[left[0]].cid,
               only=seat, public="place.public")
        return
    s.ask(seat, "place_mission", "prompt.place", "VV-5.2", seat=seat, lane_no=lane + 1)


@BOOK.moves.lister("place_mission", name="place_mission")
def mission_places(s: VividzState, seat: int) -> list[Action]:
    """Each of the seat's missions not yet placed, into the lane being filled (VV-5.2)."""
    ctx = s.pending("place_mission", seat)
    if ctx is None:
        return []
    lane_no = ctx["lane_no"]
    cards = s.cards
    return [Action("place_mission", seat, {"card": u, "lane": lane_no - 1, "id": cards[u].cid},
                   s.say("label.place", card=cards[u].cid, lane_no=lane_no), "VV-5.2")
            for u in s.zones.lists[f"{seat}.missions"][s.placed[seat]:]]


@BOOK.choice("place_mission")
def place_chosen(s: VividzState, choice: Choice, action: Action) -> None:
    seat, uid, lane = action.player, action.args["card"], action.args["lane"]
    zone = f"{seat}.missions"
    s.zones.move(uid, zone, s.placed[seat])      # the placed ones first, in lane order
    s.placed[seat] += 1
    s.emit("place_mission", "place", "VV-5.2", seat=seat, lane_no=lane + 1, card=s.cards[uid].cid,
           only=seat, public="place.public")
    s.later(place_mission, seat=seat, lane=lane + 1)


BOOK.moves.declare("place_mission", None, not_now=("why.place_mission.not_now", "VV-5.2"),
                   no_such=("why.place_mission.no_such", "VV-5.2"),
                   label="kind.place_mission")


@BOOK.procedure
def setup_rest(s: VividzState) -> None:
    s.setup_rest()
