"""The card effects the card data names (``effect: [{op: draw, n: 1}]``), registered with the
parameters each takes; the card loader checks every call against them (cards.py), so an unknown
effect or parameter is a DataError naming the file, the card and the field.

Player effects take ``(state, seat, **params)``: ``seat`` is whoever played, recalled, self-harmed
or Blood Recalled. Madness effects (story mode) take ``(state, clause, **params)`` and act on the
player; ``clause`` is the rule of the disaster card or the stars effect being resolved. An effect
shared by both modes cites both modes' clauses, duel first (``s.cite("BRD-3.12", "BRS-4.12")``).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...core.registry import Registry
from .madness import add_disaster, madness_bonus
from .turn import offer_free_enhance

if TYPE_CHECKING:
    from .state import BloodRecallState
    from .story import StoryState

DISASTER_KINDS = ("magic", "chant", "end", "seal", "special")
ARTS = ("slash", "blood")

PLAYER_EFFECTS: Registry[Callable[..., None]] = Registry("effect")
MADNESS_EFFECTS: Registry[Callable[..., None]] = Registry("Madness effect")


# ----- player effects -------------------------------------------------------------------------------------
# ``n`` may be negative for attack (a penalty); the loader checks it is a whole number.
@PLAYER_EFFECTS("attack", optional=("n",), n=None)
def attack(s: BloodRecallState, seat: int, n: int = 1) -> None:
    s.add_bonus(seat, n)


@PLAYER_EFFECTS("attack_per", optional=("n",), n=int, type=ARTS)
def attack_per(s: BloodRecallState, seat: int, type: str, n: int = 1) -> None:
    """+n attack for each card of an art type in its owner's play area (a blood-battle effect)."""
    cards = s.cards
    count = sum(1 for u in s.seats[seat].play if cards[u].d.art == type)
    s.add_bonus(seat, n * count, "why.attack_per", count=count, type=type)


@PLAYER_EFFECTS("gain_blood", optional=("n",), n=int)
def gain_blood(s: BloodRecallState, seat: int, n: int = 1) -> None:
    s.gain_blood(seat, n)


@PLAYER_EFFECTS("draw", optional=("n",), n=int)
def draw(s: BloodRecallState, seat: int, n: int = 1) -> None:
    s.draw(seat, n, s.cite("BRD-3.12", "BRS-4.12"))


@PLAYER_EFFECTS("recall_points", optional=("n",), n=int)
def recall_points(s: BloodRecallState, seat: int, n: int = 1) -> None:
    s.add_recall_points(seat, n)


@PLAYER_EFFECTS("free_enhance")
def free_enhance(s: BloodRecallState, seat: int) -> None:
    offer_free_enhance(s, seat)


@PLAYER_EFFECTS("self_damage", optional=("n",), n=int)
def self_damage(s: BloodRecallState, seat: int, n: int = 1) -> None:
    s.take_damage(seat, n, s.cite("BRD-3.11", "BRS-4.11"), "why.hindrance")


@PLAYER_EFFECTS("fog")
def fog(s: BloodRecallState, seat: int) -> None:
    s.fog()


@PLAYER_EFFECTS("hindrance", optional=("to", "where"), name=str, to=("opponent", "self"), where=("discard", "hand"))
def hindrance(s: BloodRecallState, seat: int, name: str, to: str = "opponent", where: str = "discard") -> None:
    target = seat if to == "self" else s.opponent(seat)
    if target is None:
        # Story mode: the Madness has no deck, so a hindrance aimed at it does nothing (BRS-8.4).
        s.emit("no_effect", "no_hindrance_target", "BRS-8.4")
        return
    s.give_hindrance(target, name, where)


@PLAYER_EFFECTS("take_recaller")
def take_recaller(s: BloodRecallState, seat: int) -> None:
    """Another Blood Recaller of the vessel's crest, from those left in the box, face down: a player
    may hold several, each Blood Recalled on its own (BRD-6.14, BRS-6.5). None left: no effect."""
    s.take_recaller(seat)


# ----- Madness effects (story mode) --------------------------------------------------------------------------
@MADNESS_EFFECTS("madness_attack", optional=("n",), n=int)
def madness_attack(s: StoryState, clause: str, n: int = 1) -> None:
    madness_bonus(s, n, clause)


@MADNESS_EFFECTS("damage", optional=("n",), n=int)
def damage(s: StoryState, clause: str, n: int = 1) -> None:
    s.take_damage(0, n, clause, "why.madness")


@MADNESS_EFFECTS("hindrance", optional=("where",), name=str, where=("discard", "hand"))
def m_hindrance(s: StoryState, clause: str, name: str, where: str = "discard") -> None:
    s.give_hindrance(0, name, where)


@MADNESS_EFFECTS("add_disaster", kind=DISASTER_KINDS)
def m_add_disaster(s: StoryState, clause: str, kind: str) -> None:
    add_disaster(s, kind)
