"""The rule checks of the mirror slot and the action step, one per clause (core/checks.py).

Each check answers "why not?" for one rule: a constant ``(text key, clause)`` when the rule forbids
the candidate, None when it allows it. The listers (turn.py, play.py, effects.py) enumerate the
candidates and compose these checks (``no = acted(c) or ...``); they write the sentence's data
(the card, the side...) only while explaining. The checks of other clauses live beside the data
they read: points.py (MD-5.1 ``cannot_pay``, MD-5.6 ``overflow_waits``), board.py (MD-7.5
``twin_side``, MD-13.2 ``wrong_form``) and turn.py (MD-3.4 ``not_your_turn``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.checks import Why
from .book import BOOK
from .points import cannot_pay

if TYPE_CHECKING:
    from .state import MirrorDollsState as S


# ----- the mirror slot (MD-4.4, MD-4.5) ----------------------------------------------------------------
_FIRST_MIRROR: Why = ("why.first_mirror", "MD-4.4")
_MIRROR_ONCE: Why = ("why.mirror_once", "MD-4.5")
_KEEP_IN_DRAW: Why = ("why.keep_in_draw", "MD-4.5")
_REPLACE_ONLY: Why = ("why.replace_only", "MD-4.5")


@BOOK.rule("MD-4.4")
def first_mirror(s: S) -> Why | None:
    """In the draw step of the game's first turn the mirror slot may not stay empty (MD-4.4): keeping
    it is refused, a mirror card must be placed."""
    return _FIRST_MIRROR if s.turn == 1 and s.phase == "start.mirror" else None


@BOOK.rule("MD-4.5")
def mirror_step(s: S, kind: str) -> Why | None:
    """Keep or replace, once in each step (MD-4.5): keeping is the draw step's choice (in the action
    step a player who wants the card kept does nothing), and the action step allows one replacement."""
    if kind == "keep_mirror":
        if s.phase == "start.mirror":
            return None
        return _KEEP_IN_DRAW if s.mirror_done else _REPLACE_ONLY
    return _MIRROR_ONCE if s.mirror_done and s.phase == "action.main" else None


# ----- summons (MD-7.1, MD-7.2, MD-7.6) ---------------------------------------------------------------
_HAND_COST: Why = ("why.summon_cost", "MD-7.1")
_PILE_COST: Why = ("why.summon_cost", "MD-7.2")
_FULL: Why = ("why.summon_full", "MD-7.6")
_FULL_SPELL: Why = ("why.side_full", "MD-7.6")
#: The closing refusals of MD-7.1 / MD-7.2 by source: a slot off the side the summon enters.
SUMMON_SLOT: dict[str, Why] = {"hand": ("why.summon_slot", "MD-7.1"), "pile": ("why.summon_slot", "MD-7.2")}


@BOOK.rule("MD-7.1")
def hand_summon(s: S, seat: int, cost: int) -> Why | None:
    """A summon from the hand is paid in order points (MD-7.1): the payment rule itself is MD-5.1's."""
    return _HAND_COST if cannot_pay(s, seat, order=cost) else None


@BOOK.rule("MD-7.2")
def pile_summon(s: S, seat: int, cost: int) -> Why | None:
    """A summon from the mirror pile is paid in chaos points (MD-7.2)."""
    return _PILE_COST if cannot_pay(s, seat, chaos=cost) else None


@BOOK.rule("MD-7.6")
def side_full(empty: Any, by_spell: bool = False) -> Why | None:
    """No summon onto a side without an empty slot (MD-7.6): a paid summon is refused, a spell's fails.
    ``empty``: the side's empty slots."""
    if empty:
        return None
    return _FULL_SPELL if by_spell else _FULL


# ----- each doll's one action (MD-8.1) ----------------------------------------------------------------
_ACTED: Why = ("why.acted", "MD-8.1")


@BOOK.rule("MD-8.1")
def acted(c: Any) -> Why | None:
    """A doll that has acted this turn takes no further action (MD-8.1)."""
    return _ACTED if c.acted else None


# ----- attacks (MD-9.2, MD-9.3, MD-9.6, MD-13.5) ------------------------------------------------------
_NO_SIDE: Why = ("why.no_side", "MD-13.5")
_FOE_NO_SIDE: Why = ("why.foe_no_side", "MD-13.5")
_BLOCKED: Why = ("why.blocked", "MD-9.3")
_FOE_BLOCKED: Why = ("why.foe_blocked", "MD-9.3")
_REACH: Why = ("why.reach", "MD-9.6")
#: The closing refusal of MD-9.6: a target on a side the attacker does not count on.
REACH = _REACH
_MUST_TARGET: Why = ("why.must_target", "MD-9.2")


@BOOK.rule("MD-13.5")
def sideless(sides: tuple[str, ...], foe: bool = False) -> Why | None:
    """A doll on the threshold without its critical form counts on no side (MD-13.5): it neither
    attacks nor is attacked. ``sides``: the sides it counts on (board.sides_at)."""
    if sides:
        return None
    return _FOE_NO_SIDE if foe else _NO_SIDE


@BOOK.rule("MD-9.3")
def back_row(blocked: bool, foe: bool = False) -> Why | None:
    """A back-row doll behind a doll of its player neither attacks nor is attacked (MD-9.3).
    ``blocked``: board.behind for its slot."""
    if not blocked:
        return None
    return _FOE_BLOCKED if foe else _BLOCKED


@BOOK.rule("MD-9.6")
def out_of_reach(sides: tuple[str, ...], foe_sides: tuple[str, ...]) -> Why | None:
    """An attacker reaches only the opposing dolls on a side it counts on (MD-9.6, MD-9.7: a critical
    doll on the threshold counts on both). Both ``sides`` are non-empty (``sideless`` comes first)."""
    return None if foe_sides[0] in sides or foe_sides[-1] in sides else _REACH


@BOOK.rule("MD-9.2")
def must_target(facing: bool) -> Why | None:
    """An attacker facing opposing dolls on its side must aim at one of them (MD-9.2); ``facing``:
    whether any opposing doll is within its reach."""
    return _MUST_TARGET if facing else None


# ----- casting (MD-11.1, MD-11.4, MD-11.5) ------------------------------------------------------------
_NO_TARGET: Why = ("why.no_target", "MD-11.1")
_TARGET: Why = ("why.target", "MD-11.1")
_NO_ONGOING: Why = ("why.no_ongoing", "MD-11.4")
_NO_CAST: Why = ("why.no_cast", "MD-11.5")


@BOOK.rule("MD-11.1")
def aim(found: Any) -> Why | None:
    """A cast that names a target needs one of the kind it names on the field (MD-11.1), for spell
    cards and dolls' casts alike; ``found``: the dolls it may aim at. Any other target: ``TARGET``."""
    return None if found else _NO_TARGET


#: The closing refusal of MD-11.1: a target the cast does not take.
TARGET = _TARGET


@BOOK.rule("MD-11.4")
def no_ongoing(slot: Any) -> Why | None:
    """Only the spell in your own spell slot is ended at will (MD-11.4, MD-11.8). ``slot``: its cards."""
    return None if slot else _NO_ONGOING


@BOOK.rule("MD-11.5")
def no_cast(form: Any) -> Why | None:
    """A doll casts only if its current form has a cast (MD-11.5); ``form``: that form (board.form_of)."""
    return _NO_CAST if form.cast is None else None


# ----- moves (MD-12.1, MD-12.2, MD-12.5) --------------------------------------------------------------
_SLOT_TAKEN: Why = ("why.slot_taken", "MD-12.1")
_MOVE_WHERE: Why = ("why.move_where", "MD-12.1")
_THRESHOLD_TAKEN: Why = ("why.threshold_taken", "MD-12.2")
_NEED_OVERFLOW: Why = ("why.need_overflow", "MD-12.2")
_FROM_THRESHOLD: Why = ("why.from_threshold", "MD-12.2")
_FORCED_SLOT: Why = ("why.forced_slot", "MD-12.5")


@BOOK.rule("MD-12.1")
def other_side(to: str, taken: dict[str, int]) -> Why | None:
    """A doll's own move goes to the same slot on its other side (``to``, board.MATCHING), and only
    if that slot is empty (MD-12.1). Any other slot: ``MOVE_WHERE``, the rule's closing refusal."""
    return _SLOT_TAKEN if to in taken else None


@BOOK.rule("MD-12.2")
def onto_threshold(s: S, seat: int, taken: dict[str, int]) -> Why | None:
    """Onto the threshold only while it is empty and by spending the overflow point (MD-12.2; the
    wait of MD-5.6 applies, its own check ``points.overflow_waits``). Off it, a doll goes to any empty
    slot of either side, free: the listers offer those, and ``FROM_THRESHOLD`` refuses the rest."""
    if "threshold" in taken:
        return _THRESHOLD_TAKEN
    no = cannot_pay(s, seat, overflow=1)
    if no is None or no[1] != "MD-5.1":
        return no               # None, or the wait of MD-5.6
    return _NEED_OVERFLOW


#: The closing refusals of MD-12.1 and MD-12.2 (a slot those rules never offer).
MOVE_WHERE = _MOVE_WHERE
FROM_THRESHOLD = _FROM_THRESHOLD


@BOOK.rule("MD-12.5")
def forced_slot(to: str, taken: dict[str, int]) -> Why | None:
    """A doll forced to its other side, when its owner has a slot to pick, goes to an empty slot of
    that side (MD-12.5): ``to`` a slot of that side, ``taken`` its owner's occupied slots."""
    return _FORCED_SLOT if to in taken else None


#: The closing refusal of MD-12.5 (a slot not on the side the doll is forced to).
FORCED_SLOT = _FORCED_SLOT
