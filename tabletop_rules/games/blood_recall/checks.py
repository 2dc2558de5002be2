"""The rule checks of a player's turn and of setup's choices (core/checks.py): one small function per
rule, answering "why not?" with a constant ``(text key, clause)`` or None when the rule allows.

The listers (turn.py, duel.py) enumerate candidates and ask these; the refusal a reader gets is
built from the answer only while explaining, so listing allocates nothing here. A rule both modes
share is registered in both Books under its clause in each (``SHARED.rule``) and answers with the
mode's constant (``X[s.STORY]``, see book.py ``why``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.checks import Why
from ...core.moves import Refusal
from .book import DUEL, SHARED, why

if TYPE_CHECKING:
    from .cards import VesselSide
    from .state import BloodRecallState, BRCard, Player

RESTED = why("why.rested", "BRD-3.3", "BRS-4.3")
LINEAGE_USED = why("why.lineage_used", "BRD-3.4", "BRS-4.4")
PILE_RANGE = why("why.pile_range", "BRD-3.5", "BRS-4.5")
PILE_EMPTY = why("why.pile_empty", "BRD-3.5", "BRS-4.5")
TOP_ONLY = why("why.top_only", "BRD-3.5", "BRS-4.5")
RECALL_COST = why("why.recall_cost", "BRD-3.5", "BRS-4.5")
FACE_DOWN_NAMED = why("why.face_down_named", "BRD-3.6", "BRS-4.6")
FACE_DOWN_COST = why("why.face_down_cost", "BRD-6.11", "BRS-8.10")
HAND_LEFT = why("why.hand_left", "BRD-3.9", "BRS-4.9")
NOT_YOUR_RECALLER = why("why.not_your_recaller", "BRD-4.1", "BRS-6.1")
RECALLER_COST = why("why.recaller_cost", "BRD-4.1", "BRS-6.1")
RECALLER_USED = why("why.recaller_used", "BRD-4.4", "BRS-6.4")
RECALLER_THIS_TURN = why("why.recaller_this_turn", "BRD-6.3", "BRS-8.5")
WRONG_CREST = why("why.crest", "BRD-1.4", "BRS-1.7")
NOT_DEALT: Why = ("why.dealt", "BRD-1.3")


def _enhancing(key: str) -> tuple[tuple[Why, Why], tuple[Why, Why]]:
    """Enhancement (BRD-3.7) and free enhancement (BRD-3.8, which follows the same rule, BRD-6.9):
    the same answers, each citing the rule the player is using. Index: ``[free][s.STORY]``."""
    return why(key, "BRD-3.7", "BRS-4.7"), why(key, "BRD-3.8", "BRS-4.8")


ARTS_ONLY = _enhancing("why.arts_only")
NEEDS_PAIR = _enhancing("why.needs_pair")
LAST_STAGE = _enhancing("why.last_stage")
NO_HIGHER = _enhancing("why.no_higher")
NOT_HIGHER = _enhancing("why.not_higher")
NONE_LEFT = _enhancing("why.none_left")


# ----- the turn (BRD-3 / BRS-4) ---------------------------------------------------------------------
@DUEL.rule("BRD-2.4")
def not_your_turn(s: BloodRecallState) -> Refusal:
    """The main phase is two turns, the token holder's first (BRD-2.4): the other seat waits. Duel
    mode only: story mode has one seat. What the turn lister's prologue tells the other seat."""
    return Refusal(s.say("why.not_your_turn", seat=s.turn_player), "BRD-2.4")


@SHARED.rule("BRD-3.3", "BRS-4.3")
def resting(s: BloodRecallState, p: Player) -> Why | None:
    """A vessel already resting cannot self-harm until cleanup stands it up (BRD-3.3)."""
    return RESTED[s.STORY] if p.rested else None


@SHARED.rule("BRD-3.4", "BRS-4.4")
def lineage_spent(s: BloodRecallState, p: Player, side: VesselSide) -> Why | None:
    """Recalls and enhancements together, as many per turn as the lineage of the vessel's side in
    force, ``s.side(seat)`` (BRD-3.4)."""
    return LINEAGE_USED[s.STORY] if p.lineage_used >= side.lineage else None


@SHARED.rule("BRD-3.5", "BRS-4.5")
def cannot_recall(s: BloodRecallState, p: Player, top: BRCard | None) -> Why | None:
    """A recall takes the face-up top card of a pile and is paid in blood from the pool (BRD-3.5):
    an empty pile has nothing to recall, and the pool must cover the card's cost."""
    if top is None:
        return PILE_EMPTY[s.STORY]
    if (top.d.cost or 0) > p.pool:
        return RECALL_COST[s.STORY]
    return None


@SHARED.rule("BRD-3.6", "BRS-4.6")
def face_down(s: BloodRecallState, top: BRCard) -> Why | None:
    """A face-down top card is turned up only as part of recalling its pile (BRD-3.6): the recall
    names the pile, never the unseen card (whichever card is named, the answer is this one)."""
    return None if top.face_up else FACE_DOWN_NAMED[s.STORY]


@SHARED.rule("BRD-6.11", "BRS-8.10")
def unseen_cost(s: BloodRecallState, p: Player, worst: int) -> Why | None:
    """A face-down card is recalled only when the pool covers the dearest card still in its pile
    (BRD-6.11): the card turned up is then always recalled and paid, and the offer gives nothing away."""
    return FACE_DOWN_COST[s.STORY] if worst > p.pool else None


def dearest(s: BloodRecallState, pile: list[int]) -> int:
    """The most a card still in this pile costs (which cards a pile holds is public, BRD-6.11)."""
    cards = s.zones.cards
    return max(cards[u].d.cost or 0 for u in pile)


@SHARED.rule("BRD-3.7", "BRS-4.7")
@SHARED.rule("BRD-3.8", "BRS-4.8")
def cannot_enhance(s: BloodRecallState, counts: dict[str, int], cid: str, to: str | None,
                   free: bool) -> Why | None:
    """Two same-name art cards of the hand for a card of the same art and any higher stage still in
    the covenant area (BRD-3.7); a free enhancement follows the same rule (BRD-3.8, BRD-6.9).
    ``to`` None: whether ``cid`` can be enhanced into anything at all."""
    higher = s.game.tables.higher_stages
    ups = higher.get(cid)
    mode = s.STORY
    if ups is None:
        return ARTS_ONLY[free][mode]
    if counts.get(cid, 0) < 2:
        return NEEDS_PAIR[free][mode]
    if not ups:
        return LAST_STAGE[free][mode]
    lists = s.zones.lists
    if to is None:
        for up in ups:
            if lists[f"art.{up}"]:
                return None
        return NO_HIGHER[free][mode]
    if to not in ups:
        return NOT_HIGHER[free][mode]
    return None if lists[f"art.{to}"] else NONE_LEFT[free][mode]


@SHARED.rule("BRD-3.9", "BRS-4.9")
def hand_left(s: BloodRecallState, p: Player) -> Why | None:
    """The turn ends only with an empty hand: every card, hindrance cards too, is played first (BRD-3.9)."""
    return HAND_LEFT[s.STORY] if p.hand else None


# ----- Blood Recall (BRD-4 / BRS-6) -------------------------------------------------------------------
@SHARED.rule("BRD-4.4", "BRS-6.4")
def spent(s: BloodRecallState, c: BRCard) -> Why | None:
    """A Blood Recaller works once per game unless it is ongoing (BRD-4.4)."""
    return RECALLER_USED[s.STORY] if c.used and not c.d.ongoing else None


@SHARED.rule("BRD-6.3", "BRS-8.5")
def again_too_soon(s: BloodRecallState, p: Player, uid: int) -> Why | None:
    """An ongoing recaller once per turn and once per blood battle at most (BRD-6.3)."""
    return RECALLER_THIS_TURN[s.STORY] if uid in p.recalled else None


@SHARED.rule("BRD-4.1", "BRS-6.1")
def short_of_points(s: BloodRecallState, p: Player, c: BRCard) -> Why | None:
    """A Blood Recall is paid in recall points, the recaller's cost of them (BRD-4.1)."""
    return RECALLER_COST[s.STORY] if (c.d.cost or 0) > p.recall_points else None


# ----- setup's choices ----------------------------------------------------------------------------------
@SHARED.rule("BRD-1.4", "BRS-1.7")
def wrong_crest(s: BloodRecallState, seat: int, cid: str) -> Why | None:
    """The Blood Recaller is one of those carrying the vessel's crest (BRD-1.4)."""
    crest = s.zones.cards[s.seats[seat].vessel[0]].d.crest or ""
    return None if s.game.cards[cid].crest == crest else WRONG_CREST[s.STORY]


@DUEL.rule("BRD-1.3")
def not_dealt(s: BloodRecallState, seat: int, cid: str) -> Why | None:
    """Each player picks one of the three vessels dealt to them (BRD-1.3)."""
    cards = s.zones.cards
    return None if any(cards[u].cid == cid for u in s.seats[seat].dealt) else NOT_DEALT


@DUEL.rule("BRD-6.13")
def secret_choice(s: BloodRecallState) -> Refusal:
    """Setup's secret choices are asked seat by seat (BRD-6.13): the other seat waits its own time.
    What the setup choosers' prologue tells the seat not being asked."""
    choosing = s.choices[-1].player
    return Refusal(s.say("why.secret", choosing=choosing, seat=1 - choosing), "BRD-6.13")
