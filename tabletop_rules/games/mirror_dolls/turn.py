"""The turn: turn start (draws, order income), the mirror slot, hand limits, the deck-out penalty,
the end of the turn and the score check (MD-1.2, MD-1.3, MD-4.x, MD-6.x)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action
from ...core.moves import Refusal, refuse
from ...core.texts import Say
from . import board
from .book import BOOK, DECKOUT_PENALTY, HAND_DOLLS, HAND_SPELLS, ORDER_INCOME, WIN_SCORE, ZONE
from .checks import first_mirror, mirror_step
from .effects import expire
from .points import gain_order

if TYPE_CHECKING:
    from .state import MirrorDollsState as S


# ----- draws and hands ----------------------------------------------------------------------------------
def draw_doll(s: S, seat: int, clause: str) -> None:
    deck = s.pile(seat, "real_deck")
    if not deck:
        other = 1 - seat
        s.ps[other].score += DECKOUT_PENALTY
        s.emit("deck_out", "deck_out", "MD-6.3", seat=seat, scorer=other, score=s.ps[other].score,
               penalty=DECKOUT_PENALTY)
        pile = s.pile(seat, "mirror_pile")
        back = s.rng.sample(list(pile), len(pile) // 2)
        for uid in back:
            s.zones.move(uid, ZONE[seat]["real_deck"])
        s.shuffle(seat, "real_deck")
        s.emit("refill", "refill", "MD-6.3", seat=seat, returned=len(back), total=len(back) + len(pile))
        if not deck:
            s.emit("no_draw", "no_draw.dolls", "MD-6.3", seat=seat)
            return
    uid = deck[-1]
    s.zones.move(uid, ZONE[seat]["dolls"])
    s.emit("draw", "draw", clause, seat=seat, only=seat, public="draw.doll_public", what="doll",
           card=s.cards[uid].cid)


def draw_spell(s: S, seat: int, clause: str) -> None:
    deck = s.pile(seat, "spell_deck")
    if not deck:
        s.emit("no_draw", "no_draw.spells", "MD-6.4", seat=seat)
        return
    uid = deck[-1]
    s.zones.move(uid, ZONE[seat]["spells"])
    s.emit("draw", "draw", clause, seat=seat, only=seat, public="draw.spell_public", what="spell",
           card=s.cards[uid].cid)


def hand_limits(s: S, seat: int) -> None:
    """Over 10 dolls or 3 spells: the excess goes back to its deck at random, shuffled (MD-6.1, MD-6.2)."""
    for hand, deck, cap, clause, what in (("dolls", "real_deck", HAND_DOLLS, "MD-6.1", "dolls"),
                                          ("spells", "spell_deck", HAND_SPELLS, "MD-6.2", "spells")):
        cards = s.pile(seat, hand)
        extra = len(cards) - cap
        if extra <= 0:
            continue
        for uid in s.rng.sample(list(cards), extra):
            s.zones.move(uid, ZONE[seat][deck])
        s.shuffle(seat, deck)
        s.emit("hand_limit", "hand_limit", clause, seat=seat, returned=extra, held=cap + extra, cap=cap, what=what)


# ----- turn start (MD-4.1, MD-4.2) -------------------------------------------------------------------------
@BOOK.procedure
def turn_start(s: S, seat: int) -> None:
    s.turn += 1
    s.turn_player = seat
    p = s.ps[seat]
    p.own_turns += 1
    s.mirror_done = False
    for uid in board.field_dolls(s, seat):
        s.cards[uid].acted = False
    s.goto("start.draw")
    s.emit("turn", "turn", "MD-3.4", seat=seat, turn=s.turn, own=p.own_turns, defender=1 - seat)
    draw_doll(s, seat, "MD-4.1")
    draw_spell(s, seat, "MD-4.1")
    hand_limits(s, seat)
    gain_order(s, seat, ORDER_INCOME, "MD-4.2")
    if s.turn == 1 or s.pile(seat, "mirror_deck"):
        s.goto("start.mirror")
    else:
        s.goto("action.main")


@BOOK.rule("MD-3.4")
def not_your_turn(s: S) -> Refusal:
    """The defender takes no action (MD-3.4): the declared prologue of the turn player's listers
    (``actor="turn_player"``) tells the other seat so, one refusal covering every action of their kinds."""
    return refuse(s.say("why.not_your_turn", who=s.turn_player), "MD-3.4")


# ----- the mirror slot (MD-4.3 .. MD-4.5) ------------------------------------------------------------------
@BOOK.moves.lister("place_mirror", "keep_mirror", actor="turn_player", not_yours=not_your_turn)
def mirror_actions(s: S, seat: int) -> list:
    """Place a mirror card from your mirror deck, or keep the slot as it is (MD-4.4, MD-4.5)."""
    # A list, refusals only while explaining (State._refusal); the conditions stay the same either way.
    out: list = []
    ex = s.explaining
    cards = s.cards
    texts = s.game.texts
    no = mirror_step(s, "place_mirror")
    if no is None:
        clause = "MD-4.5" if first_mirror(s) is None else "MD-4.4"
        for uid in s.zones.lists[ZONE[seat]["mirror_deck"]]:
            cid = cards[uid].cid
            out.append(Action("place_mirror", seat, {"card": uid, "name": cid},
                              Say((texts, "act.place_mirror", {"card": cid})), clause))
    elif ex:
        out.append(refuse(no[0], no[1], "place_mirror"))
    no = mirror_step(s, "keep_mirror") or first_mirror(s)      # the first asks of the draw step only
    if no is None:
        cur = s.zones.lists["table.mirror"]
        label = s.say("act.keep_mirror", card=cards[cur[0]].cid) if cur else s.say("act.keep_empty")
        out.append(Action("keep_mirror", seat, {}, label, "MD-4.5"))
    elif ex:
        out.append(refuse(no[0], no[1], "keep_mirror"))
    return out


@BOOK.moves.kind("place_mirror", not_now=("why.not_now.place_mirror", "MD-4.5"),
                 no_such=("why.no_such.place_mirror", "MD-4.5"),
                 label="kind.place_mirror")
def place_mirror(s: S, action: Action) -> None:
    seat, uid = action.player, action.args["card"]
    slot = s.zones.lists["table.mirror"]
    if slot:
        old = slot[0]
        owner = s.cards[old].owner or 0
        s.zones.move(old, ZONE[owner]["mirror_deck"])
        s.emit("mirror_out", "mirror_out", "MD-4.3", card=s.cards[old].cid, owner=owner)
    s.zones.move(uid, "table.mirror")
    s.emit("mirror", "mirror", "MD-4.5" if first_mirror(s) is None else "MD-4.4", seat=seat,
           card=s.cards[uid].cid)
    if s.phase == "start.mirror":
        s.goto("action.main")
    else:
        s.mirror_done = True


@BOOK.moves.kind("keep_mirror", not_now=("why.keep_in_draw", "MD-4.5"),
                 label="kind.keep_mirror")
def keep_mirror(s: S, action: Action) -> None:
    s.emit("mirror_kept", "mirror_kept", "MD-4.5", seat=action.player)
    s.goto("action.main")


# ----- end of the turn (MD-4.7) ----------------------------------------------------------------------------
@BOOK.moves.lister("end_turn", actor="turn_player", not_yours=not_your_turn)
def end_actions(s: S, seat: int) -> list:
    return [Action("end_turn", seat, {}, Say((s.game.texts, "act.end_turn", {})), "MD-4.7")]


@BOOK.moves.kind("end_turn", not_now=("why.not_now.end_turn", "MD-4.6"),
                 label="kind.end_turn")
def end_turn(s: S, action: Action) -> None:
    seat = action.player
    s.goto("end.turn")
    s.emit("end_turn", "end_turn", "MD-4.7", seat=seat, turn=s.turn)
    expire(s)
    s.later(turn_start, seat=1 - seat)


# ----- winning (MD-1.2, MD-1.3) ----------------------------------------------------------------------------
def check_scores(s: S) -> None:
    ps = s.ps
    if ps[0].score < WIN_SCORE and ps[1].score < WIN_SCORE:
        return
    high = [seat for seat in (0, 1) if ps[seat].score >= WIN_SCORE]
    sc = {"score0": s.ps[0].score, "score1": s.ps[1].score, "target": WIN_SCORE}
    s.goto("game-over")
    if len(high) == 2:
        second = 1 - s.first_player
        s.finish((second,), s.say("result.together", winner=second, **sc), "MD-1.3")
    else:
        s.finish((high[0],), s.say("result.win", winner=high[0], score=s.ps[high[0]].score, **sc), "MD-1.2")
