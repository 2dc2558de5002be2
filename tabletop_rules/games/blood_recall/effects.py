"""The card effects the card data names (``effect: [{op: draw, n: 1}]``), registered in the Books
with the parameters each takes; the card loader checks every call against them (cards.py), so an
unknown effect or parameter is a DataError naming the file, the card and the field.

Every effect is called the one way (core/effects.py): ``fn(state, ctx, **params)``.

- Player effects live in each mode's ``Book.effects`` (both modes, ``SHARED.effect``): ``ctx.seat`` is
  whoever played, recalled, self-harmed or Blood Recalled, ``ctx.card`` the card. An effect shared
  by both modes cites both modes' clauses, duel first (``s.cite("BRD-3.12", "BRS-4.12")``).
- Madness effects (story mode) live in ``STORY.registry("madness")`` and act on the player: the
  Madness is no seat (``ctx.seat`` None, BRS-8.2), and ``ctx.clause`` is the rule of the disaster
  card or the stars effect being resolved.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core.effects import EffectCtx
from ...core.registry import Registry
from .book import SHARED, STORY
from .madness import add_disaster, madness_bonus
from .turn import offer_free_enhance

if TYPE_CHECKING:
    from ...core.state import Book
    from .state import BloodRecallState
    from .story import StoryState

DISASTER_KINDS = ("magic", "chant", "end", "seal", "special")
ARTS = ("slash", "blood")
MADNESS = STORY.registry("madness")


def effect_tables(book: Book) -> tuple[Registry[Callable[..., Any]], Registry[Callable[..., Any]]]:
    """The tables card data names effects from: the mode's player effects and story mode's Madness
    effects (the shared card file is checked whole in either mode)."""
    return book.effects, MADNESS


if TYPE_CHECKING:
    class PlayerCtx(EffectCtx):
        """A player effect's context: ``seat`` is always set (a player played, recalled, self-harmed
        or Blood Recalled: state.py ``op``)."""
        seat: int

    class MadnessCtx(EffectCtx):
        """A Madness effect's context: no seat, and ``clause`` always set (madness.py ``mop``)."""
        clause: str
else:
    PlayerCtx = MadnessCtx = EffectCtx


# ----- player effects -------------------------------------------------------------------------------------
# ``n`` may be negative for attack (a penalty); the loader checks it is a whole number.
@SHARED.effect("attack", optional=("n",), n=None)
def attack(s: BloodRecallState, ctx: PlayerCtx, n: int = 1) -> None:
    s.add_bonus(ctx.seat, n)


@SHARED.effect("attack_per", optional=("n",), n=int, type=ARTS)
def attack_per(s: BloodRecallState, ctx: PlayerCtx, type: str, n: int = 1) -> None:
    """+n attack for each card of an art type in its owner's play area (a blood-battle effect)."""
    cards = s.cards
    seat = ctx.seat
    count = sum(1 for u in s.seats[seat].play if cards[u].d.art == type)
    s.add_bonus(seat, n * count, "why.attack_per", count=count, type=type)


@SHARED.effect("gain_blood", optional=("n",), n=int)
def gain_blood(s: BloodRecallState, ctx: PlayerCtx, n: int = 1) -> None:
    s.gain_blood(ctx.seat, n)


@SHARED.effect("draw", optional=("n",), n=int)
def draw(s: BloodRecallState, ctx: PlayerCtx, n: int = 1) -> None:
    s.draw(ctx.seat, n, s.cite("BRD-3.12", "BRS-4.12"))


@SHARED.effect("recall_points", optional=("n",), n=int)
def recall_points(s: BloodRecallState, ctx: PlayerCtx, n: int = 1) -> None:
    s.add_recall_points(ctx.seat, n)


@SHARED.effect("free_enhance")
def free_enhance(s: BloodRecallState, ctx: PlayerCtx) -> None:
    offer_free_enhance(s, ctx.seat)


@SHARED.effect("self_damage", optional=("n",), n=int)
def self_damage(s: BloodRecallState, ctx: PlayerCtx, n: int = 1) -> None:
    s.take_damage(ctx.seat, n, s.cite("BRD-3.11", "BRS-4.11"), "why.hindrance")


@SHARED.effect("fog")
def fog(s: BloodRecallState, ctx: PlayerCtx) -> None:
    s.fog()


@SHARED.effect("hindrance", optional=("to", "where"), name=str, to=("opponent", "self"), where=("discard", "hand"))
def hindrance(s: BloodRecallState, ctx: PlayerCtx, name: str, to: str = "opponent", where: str = "discard") -> None:
    seat = ctx.seat
    target = seat if to == "self" else s.opponent(seat)
    if target is None:
        # Story mode: the Madness has no deck, so a hindrance aimed at it does nothing (BRS-8.4).
        s.emit("no_effect", "no_hindrance_target", "BRS-8.4")
        return
    s.give_hindrance(target, name, where)


@SHARED.effect("take_recaller")
def take_recaller(s: BloodRecallState, ctx: PlayerCtx) -> None:
    """Another Blood Recaller of the vessel's crest, from those left in the box, face down: a player
    may hold several, each Blood Recalled on its own (BRD-6.14, BRS-6.5). None left: no effect."""
    s.take_recaller(ctx.seat)


# ----- Madness effects (story mode) --------------------------------------------------------------------------
@MADNESS("madness_attack", optional=("n",), n=int)
def madness_attack(s: StoryState, ctx: MadnessCtx, n: int = 1) -> None:
    madness_bonus(s, n, ctx.clause)


@MADNESS("damage", optional=("n",), n=int)
def damage(s: StoryState, ctx: MadnessCtx, n: int = 1) -> None:
    s.take_damage(0, n, ctx.clause, "why.madness")


@MADNESS("hindrance", optional=("where",), name=str, where=("discard", "hand"))
def m_hindrance(s: StoryState, ctx: MadnessCtx, name: str, where: str = "discard") -> None:
    s.give_hindrance(0, name, where)


@MADNESS("add_disaster", kind=DISASTER_KINDS)
def m_add_disaster(s: StoryState, ctx: MadnessCtx, kind: str) -> None:
    add_disaster(s, kind)
