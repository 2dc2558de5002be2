"""The turn: turn start (draws, order income), the mirror slot, hand limits, the deck-out penalty,
the end of the turn and the score check (MD-1.2, MD-1.3, MD-4.x, MD-6.x)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Action
from ...core.moves import refuse
from . import board
from .book import BOOK, DECKOUT_PENALTY, HAND_DOLLS, HAND_SPELLS, ORDER_INCOME, WIN_SCORE
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
        s.emit("deck_out", f"Seat {seat} must draw a doll from an empty real-side doll deck: seat {other} scores "
                           f"{DECKOUT_PENALTY} ({s.ps[other].score}).", "MD-6.3", seat=seat, scorer=other,
               score=s.ps[other].score)
        pile = s.pile(seat, "mirror_pile")
        back = s.rng.sample(list(pile), len(pile) // 2)
        for uid in back:
            s.zones.move(uid, f"{seat}.real_deck")
        s.shuffle(seat, "real_deck")
        s.emit("refill", f"Half of seat {seat}'s mirror pile, {len(back)} of {len(back) + len(pile)} dolls picked "
                         f"at random, goes back into the real-side doll deck, which is shuffled.", "MD-6.3",
               seat=seat, returned=len(back))
        if not deck:
            s.emit("no_draw", f"Seat {seat}'s real-side doll deck is still empty: no doll is drawn.", "MD-6.3",
                   seat=seat)
            return
    uid = deck[-1]
    s.zones.move(uid, f"{seat}.dolls")
    s.emit("draw", f"Seat {seat} draws {s.name(uid)}.", clause, seat=seat, only=seat,
           public=f"Seat {seat} draws a doll.", what="doll")


def draw_spell(s: S, seat: int, clause: str) -> None:
    deck = s.pile(seat, "spell_deck")
    if not deck:
        s.emit("no_draw", f"Seat {seat}'s spell deck is empty: no spell is drawn.", "MD-6.4", seat=seat)
        return
    uid = deck[-1]
    s.zones.move(uid, f"{seat}.spells")
    s.emit("draw", f"Seat {seat} draws {s.name(uid)}.", clause, seat=seat, only=seat,
           public=f"Seat {seat} draws a spell.", what="spell")


def hand_limits(s: S, seat: int) -> None:
    """Over 10 dolls or 3 spells: the excess goes back to its deck at random, shuffled (MD-6.1, MD-6.2)."""
    for hand, deck, cap, clause, what in (("dolls", "real_deck", HAND_DOLLS, "MD-6.1", "dolls"),
                                          ("spells", "spell_deck", HAND_SPELLS, "MD-6.2", "spells")):
        cards = s.pile(seat, hand)
        extra = len(cards) - cap
        if extra <= 0:
            continue
        for uid in s.rng.sample(list(cards), extra):
            s.zones.move(uid, f"{seat}.{deck}")
        s.shuffle(seat, deck)
        s.emit("hand_limit", f"Seat {seat} holds {cap + extra} {what}, {extra} over the limit of {cap}: {extra} "
                             f"picked at random go back into the deck, which is shuffled.", clause, seat=seat,
               returned=extra)


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
    s.emit("turn", f"Turn {s.turn}: seat {seat}'s turn (own turn {p.own_turns}); seat {seat} attacks, seat "
                   f"{1 - seat} defends.", "MD-3.4", seat=seat, turn=s.turn)
    draw_doll(s, seat, "MD-4.1")
    draw_spell(s, seat, "MD-4.1")
    hand_limits(s, seat)
    gain_order(s, seat, ORDER_INCOME, "MD-4.2")
    if s.turn == 1 or s.pile(seat, "mirror_deck"):
        s.goto("start.mirror")
    else:
        s.goto("action.main")


def not_your_turn(s: S):
    """The defender takes no action (MD-3.4): one refusal covering every action of the lister's kinds."""
    return refuse(f"it is seat {s.turn_player}'s turn: only the attacker acts", "MD-3.4")


# ----- the mirror slot (MD-4.3 .. MD-4.5) ------------------------------------------------------------------
@BOOK.moves.lister("place_mirror", "keep_mirror")
def mirror_actions(s: S, seat: int):
    # Refusals are built only while explaining (State._refusal); the conditions stay the same either way.
    ex = s.explaining
    if seat != s.turn_player:
        if ex:
            yield not_your_turn(s)
        return
    first = s.turn == 1 and s.phase == "start.mirror"
    if s.phase == "action.main" and s.mirror_done:
        if ex:
            yield refuse("the mirror card may be replaced once in the action step, and it has been this turn",
                         "MD-4.5", "place_mirror")
            yield refuse("keeping the mirror card is a choice of your draw step", "MD-4.5", "keep_mirror")
        return
    for uid in s.pile(seat, "mirror_deck"):
        yield Action("place_mirror", seat, {"card": uid, "name": s.cards[uid].cid},
                     f"Place {s.name(uid)} in the mirror slot", "MD-4.4" if first else "MD-4.5")
    if s.phase == "start.mirror":
        if first:
            if ex:
                yield refuse("in the first turn's draw step a mirror card must be placed", "MD-4.4",
                             "keep_mirror")
        else:
            cur = s.zones.lists["table.mirror"]
            label = f"Keep {s.name(cur[0])} in the mirror slot" if cur else "Leave the mirror slot as it is"
            yield Action("keep_mirror", seat, {}, label, "MD-4.5")
    elif ex:
        yield refuse("the mirror card is kept or replaced in the draw step; in the action step just replace it",
                     "MD-4.5", "keep_mirror")


@BOOK.moves.kind("place_mirror", not_now=("a mirror card is placed only in your own draw and action steps",
                                          "MD-4.5"),
                 no_such=("that mirror card is not in your mirror deck", "MD-4.5"),
                 label={"en": "Place mirror", "zh": "放置镜牌"})
def place_mirror(s: S, action: Action) -> None:
    seat, uid = action.player, action.args["card"]
    slot = s.zones.lists["table.mirror"]
    if slot:
        old = slot[0]
        owner = s.cards[old].owner or 0
        s.zones.move(old, f"{owner}.mirror_deck")
        s.emit("mirror_out", f"{s.name(old)} is pushed out of the mirror slot and returns to seat {owner}'s "
                             f"mirror deck.", "MD-4.3", card=s.cards[old].cid, owner=owner)
    s.zones.move(uid, "table.mirror")
    s.emit("mirror", f"Seat {seat} places {s.name(uid)} face up in the mirror slot.",
           "MD-4.4" if s.turn == 1 and s.phase == "start.mirror" else "MD-4.5", seat=seat, card=s.cards[uid].cid)
    if s.phase == "start.mirror":
        s.goto("action.main")
    else:
        s.mirror_done = True


@BOOK.moves.kind("keep_mirror", not_now=("keeping the mirror card is a choice of your draw step", "MD-4.5"),
                 label={"en": "Keep mirror", "zh": "保留镜牌"})
def keep_mirror(s: S, action: Action) -> None:
    s.emit("mirror_kept", f"Seat {action.player} keeps the mirror slot as it is.", "MD-4.5", seat=action.player)
    s.goto("action.main")


# ----- end of the turn (MD-4.7) ----------------------------------------------------------------------------
@BOOK.moves.lister("end_turn")
def end_actions(s: S, seat: int):
    if seat != s.turn_player:
        if s.explaining:
            yield not_your_turn(s)
        return
    yield Action("end_turn", seat, {}, "End the turn", "MD-4.7")


@BOOK.moves.kind("end_turn", not_now=("the turn is ended from the action step", "MD-4.6"),
                 label={"en": "End turn", "zh": "结束回合"})
def end_turn(s: S, action: Action) -> None:
    seat = action.player
    s.goto("end.turn")
    s.emit("end_turn", f"Seat {seat} ends turn {s.turn}.", "MD-4.7", seat=seat, turn=s.turn)
    expire(s)
    s.later(turn_start, seat=1 - seat)


# ----- winning (MD-1.2, MD-1.3) ----------------------------------------------------------------------------
def check_scores(s: S) -> None:
    high = [seat for seat in (0, 1) if s.ps[seat].score >= WIN_SCORE]
    if not high:
        return
    sc = f"{s.ps[0].score} to {s.ps[1].score}"
    s.goto("game-over")
    if len(high) == 2:
        second = 1 - s.first_player
        s.finish((second,), f"Seat {second} wins: both players reached {WIN_SCORE} together ({sc}), and seat "
                            f"{second} moved second", "MD-1.3")
    else:
        s.finish((high[0],), f"Seat {high[0]} wins: score {s.ps[high[0]].score} reached {WIN_SCORE} ({sc})",
                 "MD-1.2")


BOOK.moves.phase("start.mirror", mirror_actions)
