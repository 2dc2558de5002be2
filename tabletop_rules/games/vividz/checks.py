"""Vividz's rule checks: one small function per rule, answering "why not?".

Each check returns ``(text key, clause)`` when its rule forbids the candidate and ``None`` when it
allows it (core/checks.py). The pairs are constants, so listing allocates nothing; a lister builds
the sentence (``s.say(key, ...)``) only while a refused action is being explained. Each check is
registered with the clause it decides (``@BOOK.rule``), and every place that needs the rule calls
it: the listers of main.py and attack.py, the search of attack.py (VV-7.2) and the [Auto] abilities
of state.py (VV-12.11 .. VV-12.13); [Valid] (VV-12.5) is
checked by effects.py's ``not_valid``, beside its conditions, so a rule is written once.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.checks import Why
from .book import BOOK

if TYPE_CHECKING:
    from .cards import Ability, CardDef
    from .state import VCard, VividzState

rule = BOOK.rule


# ----- setup ------------------------------------------------------------------------------------------------
_SETUP_FIRST: Why = ("why.setup_energy.first", "VV-5.6")


@rule("VV-5.6")
def not_second_player(s: VividzState, seat: int) -> Why | None:
    """Only the second player puts cards from the hand into energy at setup (VV-5.6)."""
    return _SETUP_FIRST if seat == s.first_player else None


# ----- the main phase: characters and events (VV-7.2 .. VV-7.8) ----------------------------------------------
_FIRST_TURN: dict[str, Why] = {"use_event": ("why.use.first_event", "VV-7.2"),
                               "attack": ("why.attack.first_turn", "VV-7.2")}


@rule("VV-7.2")
def first_turn_forbids(s: VividzState, kind: str) -> Why | None:
    """On the first player's first turn no event is used at all (a searched one included) and no
    attack is made (VV-7.2). ``kind``: "use_event" or "attack"."""
    return _FIRST_TURN[kind] if s.turn == 1 else None


_IS_EVENT: Why = ("why.use.is_event", "VV-7.3")
_IS_CHARACTER: Why = ("why.use.is_character", "VV-7.8")


@rule("VV-7.3")
def not_a_character(d: CardDef) -> Why | None:
    """Only a character is used into a character area (VV-7.3): an event is not."""
    return _IS_EVENT if d.type == "event" else None


@rule("VV-7.8")
def not_an_event(d: CardDef) -> Why | None:
    """Only an event is used for its [Event] effect (VV-7.8)."""
    return None if d.type == "event" else _IS_CHARACTER


_SHORT: dict[str, Why] = {"use_character": ("why.use.cost", "VV-7.4"),
                          "use_event": ("why.use.event_cost", "VV-7.4")}


@rule("VV-7.4")
def cannot_pay(cost: int, energy: int, kind: str) -> Why | None:
    """A cost that cannot be paid in full cannot be paid at all (VV-7.4): ``cost`` energy of the
    ``energy`` cards there are. ``kind``: what is being paid for ("use_character" / "use_event")."""
    return _SHORT[kind] if cost > energy else None


# ----- [Act] abilities and the interference (VV-8.3, VV-12.5 .. VV-12.13) ---------------------------------------
_ACT_DEFENDER: Why = ("why.act.defender", "VV-8.3")
_ACT_OPP_MAIN: Why = ("why.act.opp_main", "VV-8.3")
_SLIDE_DEFENDER: Why = ("why.slide.defender", "VV-8.3")


@rule("VV-8.3")
def not_interfering(s: VividzState, seat: int, kind: str) -> Why | None:
    """Who may act with ``kind`` ("act" or "slide") now: in the interference step only the defender,
    by one [Act] ability or one slide (VV-8.3); outside it [Act] abilities are the turn player's
    (VV-7.1), so the opponent uses them only when interfering, and there is no slide."""
    interfering = s.phase == "attack.interfere"
    defender = seat != s.turn_player
    if kind == "slide":
        return None if interfering and defender else _SLIDE_DEFENDER
    if interfering:
        return None if defender else _ACT_DEFENDER
    return _ACT_OPP_MAIN if defender else None


_OWN_TURN: Why = ("why.act.own_turn", "VV-12.12")
_OPP_TURN: Why = ("why.act.opp_turn", "VV-12.13")
_LIMIT: Why = ("why.act.limit", "VV-12.11")
_RESTED: Why = ("why.act.rested", "VV-12.6")
_ACT_COST: Why = ("why.act.cost", "VV-12.6")


@rule("VV-12.12")
@rule("VV-12.13")
def wrong_turn(s: VividzState, seat: int, a: Ability) -> Why | None:
    """An [Own turn] ability is used or works only in its owner's (``seat``'s) turn (VV-12.12), an
    [Opponent's turn] one only in the opponent's turn (VV-12.13): the two halves of one symbol
    pair, decided together (one test of the ability's timing, asked for every [Act] listed)."""
    timing = a.timing
    if timing == "any":
        return None
    if timing == "own":
        return _OWN_TURN if s.turn_player != seat else None
    return _OPP_TURN if s.turn_player == seat else None


@rule("VV-12.11")
def used_up(s: VividzState, uid: int, i: int, a: Ability) -> Why | None:
    """[Turn N]: ability ``i`` of card ``uid`` is used or works at most N times a turn (VV-12.11)."""
    return _LIMIT if a.limit is not None and s.uses(uid, i) >= a.limit else None


@rule("VV-12.6")
def cannot_pay_act(c: VCard, a: Ability, energy: int) -> Why | None:
    """All of an [Act] ability's [Cost] must be payable (VV-12.6): resting the card needs it
    standing, and its energy must be there in full."""
    if a.cost.rest and c.rested:
        return _RESTED
    return _ACT_COST if a.cost.energy > energy else None


# ----- attacks and slides (VV-8.1, VV-8.2, VV-8.4) -----------------------------------------------------------------
_EMPTY: Why = ("why.attack.empty", "VV-8.1")
_ATTACKER_RESTED: Why = ("why.attack.rested", "VV-8.1")
_NO_ATTACK: Why = ("why.attack.no_attack", "VV-8.2")


@rule("VV-8.1")
def cannot_attack(s: VividzState, stack: list[int]) -> Why | None:
    """An attack needs a standing character of yours in the lane (``stack``, its area) (VV-8.1)."""
    if not stack:
        return _EMPTY
    return _ATTACKER_RESTED if s.cards[stack[-1]].rested else None


@rule("VV-8.2")
def never_attacks(s: VividzState, stack: list[int]) -> Why | None:
    """A character with the no-attack symbol can never attack (VV-8.2)."""
    return _NO_ATTACK if stack and "no_attack" in s.cards[stack[-1]].d.symbols else None


_SLIDE_COST: Why = ("why.slide.cost", "VV-8.4")
_NOT_NEXT: Why = ("why.slide.not_next", "VV-8.4")
_OCCUPIED: Why = ("why.slide.occupied", "VV-8.4")


@rule("VV-8.4")
def cannot_slide(s: VividzState, seat: int, lane: int | None = None, to: int | None = None) -> Why | None:
    """A slide costs 2 cards from the hand and moves a character into the adjacent empty area of
    its own side (VV-8.4). Without ``lane`` and ``to`` only the cost is asked."""
    if len(s.hands[seat]) < 2:
        return _SLIDE_COST
    if lane is None or to is None:
        return None
    if abs(to - lane) != 1:
        return _NOT_NEXT
    return _OCCUPIED if s.areas[seat][to] else None
