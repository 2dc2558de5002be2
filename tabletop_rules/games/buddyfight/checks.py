"""Buddyfight's rule checks: one small function per clause that answers "why not?" (core/checks.py).

Each check returns ``(text key, clause)`` when its rule forbids the candidate and ``None`` when it
allows it; the tuples are constants, so listing allocates nothing. Listers (turn.py, chain.py,
battle.py) enumerate candidates and compose these checks (``no = a(...) or b(...)``), and build a
Refusal from the answer only while explaining; the functions that apply or predict an effect ask
the same checks. ``@BOOK.rule(CLAUSE)`` records each under the clause it decides (metadata only:
``tabletop-rules rules buddyfight CLAUSE`` prints where it is). Two more checks live beside the
decisions they answer: BF-5.4 ``turn.kept_for_size`` and BF-9.6 ``battle.out_of_reach``.

Timings (``when``) are chain.timing's: "main", "final", "window", "closed" (the own turn, no window
open) and "opponent" (the other fighter's turn, no window open).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.checks import Why
from .book import BOOK
from .zones import AREAS

if TYPE_CHECKING:
    from .cards import CardDef, Cost, Effect, Facts
    from .state import BuddyfightState

rule = BOOK.rule

OTHER_WORLD: Why = ("why.other_world", "BF-1.7")
CHARGE_DECK_EMPTY: Why = ("why.charge.deck_empty", "BF-4.3")
CHARGE_COPY: Why = ("why.copy", "BF-4.3")
COUNTER_CALL: Why = ("why.counter_call", "BF-5.1")
NOT_MONSTER: Why = ("why.not_monster", "BF-5.2")
NOT_ITEM: Why = ("why.not_item", "BF-5.5")
NOT_SPELL: Why = ("why.not_spell", "BF-5.6")
ONCE_PER_TURN: Why = ("why.once_per_turn", "BF-5.8")
CANNOT_PAY: dict[str, Why] = {"card": ("why.cannot_pay", "BF-5.10"), "act": ("why.cannot_pay_that", "BF-5.10")}
BUDDY_ONCE: Why = ("why.buddy.once", "BF-5.9")
BUDDY_NAME: Why = ("why.buddy.name", "BF-5.9")
NO_MOVE: Why = ("why.no_move", "BF-5.11")
UNMET: dict[str, Why] = {"cast": ("why.no_target", "BF-5.12"), "act": ("why.condition", "BF-5.12")}
STANDING: Why = ("why.standing", "BF-6.2")
ITEM_CENTER: Why = ("why.item_center", "BF-6.2")
FIRST_TURN: Why = ("why.first_turn", "BF-6.3")
FIRST_TURN_LINK: Why = ("why.first_turn_link", "BF-6.3")
FIGHTER_CENTER: Why = ("why.fighter_center", "BF-6.5")
NOT_OPP_MONSTER: Why = ("why.not_opp_monster", "BF-6.5")
OPPONENT_TURN: Why = ("why.opponent_turn", "BF-7.1")
# What needs a [Counter] outside the main phase, by what is used and whether by the opponent.
NEEDS_COUNTER: dict[tuple[str, bool], Why] = {
    ("cast", False): ("why.outside_main", "BF-7.1"), ("cast", True): ("why.opponent_counter", "BF-7.1"),
    ("act", False): ("why.counter_ability", "BF-7.1"), ("act", True): ("why.counter_ability", "BF-7.1")}
COUNTER_TIMING: Why = ("why.counter_timing", "BF-7.2")
IMPACT_FINAL: Why = ("why.impact_final", "BF-8.1")
MOVE_TIMING: Why = ("why.move.timing", "BF-9.4")
MOVE_AGAIN: Why = ("why.move.again", "BF-9.4")


# ----- cards and worlds --------------------------------------------------------------------------------
@rule("BF-1.7")
def other_world(s: BuddyfightState, seat: int, d: Facts) -> Why | None:
    """Only cards of the flag's world, or Generic cards, may be used (BF-1.7); a card of
    another world may sit in the deck. Calls, equips, casts and [Act] all ask this one check."""
    w = d.world
    if w != "generic" and w != s.fighters[seat].world:
        return OTHER_WORLD
    return None


# ----- the start phase ------------------------------------------------------------------------------------
@rule("BF-4.3")
def cannot_charge(s: BuddyfightState, seat: int, cid: str, seen: set[str]) -> Why | None:
    """Charging draws a card afterwards, so an empty deck offers no charge; copies of one card
    are one choice, the first copy in hand (BF-4.3)."""
    if not s.fighters[seat].deck:
        return CHARGE_DECK_EMPTY
    if cid in seen:
        return CHARGE_COPY
    return None


# ----- the main phase ---------------------------------------------------------------------------------------
@rule("BF-5.1")
def main_phase_only(d: Facts | CardDef, when: str | None) -> Why | None:
    """Calling and equipping are main-phase actions (BF-5.1); at a counter timing only a monster
    with [Counter] may be called (BF-9.7), and no item equipped."""
    if when != "main" and not d.counter_call:
        return COUNTER_CALL
    return None


@rule("BF-5.2")
def not_a_monster(d: Facts | CardDef) -> Why | None:
    """Only a monster card is called (BF-5.2)."""
    return None if d.type == "monster" else NOT_MONSTER


@rule("BF-5.5")
def not_an_item(d: Facts | CardDef) -> Why | None:
    """Only an item card is equipped (BF-5.5)."""
    return None if d.type == "item" else NOT_ITEM


@rule("BF-5.6")
def not_a_spell(card_type: str) -> Why | None:
    """Only spells (and, in the final phase, impacts) are cast (BF-5.6)."""
    return None if card_type == "spell" or card_type == "impact" else NOT_SPELL


@rule("BF-5.8")
def used_up(s: BuddyfightState, uid: int, i: int, ab: Effect) -> Why | None:
    """An [Act] ability may be used again and again unless its card limits it (BF-5.8)."""
    if ab.limit == "once_per_turn" and [uid, i] in s.used_once:
        return ONCE_PER_TURN
    return None


@rule("BF-5.9")
def no_buddy_call(s: BuddyfightState, seat: int, d: Facts) -> Why | None:
    """A buddy call: once per game, of a card with the buddy's name (BF-5.9)."""
    f = s.fighters[seat]
    if f.buddy_called:
        return BUDDY_ONCE
    if d.name_en != s.cards[f.buddy].f.name_en:
        return BUDDY_NAME
    return None


@rule("BF-5.10")
def cannot_pay(s: BuddyfightState, seat: int, cost: Cost, uid: int | None = None, what: str = "card") -> Why | None:
    """Every part of a cost must be payable before a card or ability is offered (BF-5.10); a
    card's discard cost is paid from the rest of the hand, a soul cost from its own soul.
    ``what``: "card" (a call, equip or cast) or "act" (an ability), for the words."""
    f = s.fighters[seat]
    gauge, life, discard, soul, from_deck = cost.need
    # A part of 0 is always payable: its count is not asked (most costs are 0 or 1 gauge).
    if gauge and gauge > len(f.gauge) or life > f.life:
        return CANNOT_PAY[what]
    if discard and discard > len(f.hand) - (1 if uid is not None and uid in f.hand else 0):
        return CANNOT_PAY[what]
    if soul and (uid is None or len(s.cards[uid].soul) < soul):
        return CANNOT_PAY[what]
    return CANNOT_PAY[what] if from_deck and from_deck > len(f.deck) else None


@rule("BF-5.11")
def cannot_move(s: BuddyfightState, uid: int) -> Why | None:
    """A monster changes area only by [Move], printed or given (BF-5.11)."""
    return None if s.has_kw(uid, "move") else NO_MOVE


@rule("BF-5.12")
def unmet(s: BuddyfightState, seat: int, eff: Effect | None, targets: list[int | None], what: str) -> Why | None:
    """A spell or ability is used only while its condition holds and it has a legal target
    (``targets``: ``State.target_options``); otherwise it cannot be used at all (BF-5.12)."""
    if eff is None or not targets or not s.conditions_hold(seat, eff):
        return UNMET[what]
    return None


@rule("BF-9.4")
def move_blocked(s: BuddyfightState, uid: int, window_open: bool) -> Why | None:
    """[Move] is used in the move window at the start of an attack phase, once per monster in
    that window (BF-9.4, BF-6.1)."""
    if not window_open:
        return MOVE_TIMING
    if uid in s.moved:
        return MOVE_AGAIN
    return None


# ----- the attack phase -------------------------------------------------------------------------------------
@rule("BF-6.2")
def not_ready(s: BuddyfightState, seat: int, area: str) -> Why | None:
    """An attacker is a standing card of one's own field; the item attacks only while the own
    center is empty (BF-6.2)."""
    field = s.fighters[seat].field
    lst = field[area]
    if area == "item" and field["center"]:
        return ITEM_CENTER
    if not lst or s.cards[lst[0]].rested:
        return STANDING
    return None


@rule("BF-6.3")
def first_turn_attack(s: BuddyfightState, n: int) -> Why | None:
    """On the first turn the first player attacks once, and a link attack of ``n`` > 1 cards
    only if the game's options allow it (BF-6.3)."""
    if s.turn != 1:
        return None
    if s.attacks >= 1:
        return FIRST_TURN
    if n > 1 and not s.options["first_turn_link_attack"]:
        return FIRST_TURN_LINK
    return None


@rule("BF-6.5")
def not_a_target(s: BuddyfightState, seat: int, target: str) -> Why | None:
    """Any monster of the opponent's field may be attacked; the fighter only while the
    opponent's center is empty (BF-6.5)."""
    ofield = s.fighters[1 - seat].field
    if target == "fighter":
        return FIGHTER_CENTER if ofield["center"] else None
    return None if target in AREAS and ofield[target] else NOT_OPP_MONSTER


# ----- timing: [Counter] and impacts ---------------------------------------------------------------------------
@rule("BF-7.1")
def needs_counter(what: str, counter: bool, when: str | None, opponent: bool) -> Why | None:
    """Outside the own main phase, and in the opponent's turn, only [Counter] cards and
    abilities are used (BF-7.1). ``what``: "cast" or "act"; ``counter``: it has [Counter]."""
    if counter or when == "main":
        return None
    if when == "opponent":
        return OPPONENT_TURN
    return NEEDS_COUNTER[what, opponent]


@rule("BF-7.2")
def window_closed(when: str | None) -> Why | None:
    """A [Counter] is used when a counter window opens, or in the own attack phase between
    attacks; not while no window is open (BF-7.2)."""
    if when == "closed" or when == "opponent":
        return COUNTER_TIMING
    return None


@rule("BF-8.1")
def impact_timing(card_type: str, when: str | None) -> Why | None:
    """Impacts are cast in the own final phase only (BF-8.1)."""
    if card_type == "impact" and when != "final":
        return IMPACT_FINAL
    return None


def cast_timing(card_type: str, counter: bool, when: str | None, opponent: bool = False) -> Why | None:
    """Whether a card may be cast at timing ``when`` (``opponent``: by the fighter whose turn it
    is not): the checks of BF-5.6, BF-8.1, BF-7.1 and BF-7.2 composed. An impact needs no
    [Counter] in its final phase."""
    return (not_a_spell(card_type) or impact_timing(card_type, when)
            or needs_counter("cast", counter or card_type == "impact", when, opponent) or window_closed(when))
