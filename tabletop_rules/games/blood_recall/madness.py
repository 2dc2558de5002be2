"""The Mythic Madness's turn in story mode: it plays its play count of disaster cards by itself,
one visible step (one event) per card, and runs its stars effect when its deck runs out.

The Madness is not a seat (BRS-8.2): nothing here waits for a decision, so after the player's
last action of a round ``State.run`` carries the game through the Madness's whole turn.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.effects import EffectCtx
from ...core.state import Procedure
from .book import STORY
from .turn import begin_turn

if TYPE_CHECKING:
    from .story import StoryState

# Disaster kind -> the clause that says what it does (BRS-3.4 .. BRS-3.8).
CLAUSE_OF_KIND = {"magic": "BRS-3.4", "chant": "BRS-3.5", "end": "BRS-3.6", "seal": "BRS-3.7", "special": "BRS-3.8"}


# ----- the Madness's turn (BRS-3.2, BRS-3.3) ---------------------------------------------------------
@STORY.procedure
def madness_turn(s: StoryState) -> None:
    s.goto("madness.start")
    s.round += 1
    side = s.m_side()
    extra, s.chant_next = s.chant_next, 0
    s.m_left = side.play + extra
    s.emit("madness_turn", "madness_turn.chants" if extra else "madness_turn", "BRS-3.3",
           plays=s.m_left, chant=extra, round=s.round, madness=s.m_card().cid, count=side.play)
    s.then((madness_play, {}))


@STORY.procedure
def madness_play(s: StoryState) -> None:
    if s.m_left <= 0:
        begin_turn(s, 0)
        return
    deck = s.zones["m.deck"]
    if not deck:
        s.emit("no_card", "no_card", "BRS-8.13", missed=s.m_left)
        s.m_left = 0
        begin_turn(s, 0)
        return
    s.goto("madness.play")
    uid = deck[-1]
    s.zones.move(uid, "m.play")
    s.m_left -= 1
    kind = s.cards[uid].d.kind or ""
    s.emit("madness_play", "madness_play", CLAUSE_OF_KIND[kind], disaster=kind, left=s.m_left, card=s.cards[uid].cid)
    steps: list[tuple[Procedure, dict]] = [(disaster, {"kind": kind})]
    if not deck:
        steps.append((madness_stars, {}))
    steps.append((madness_play, {}))
    s.then(*steps)


@STORY.procedure
def disaster(s: StoryState, kind: str) -> None:
    side = s.m_side()
    clause = CLAUSE_OF_KIND[kind]
    if kind == "magic":
        s.emit("magic", "magic", clause, amount=side.magic)
    elif kind == "chant":
        s.chant_next += side.chant
        s.emit("chant", "chant", clause, amount=side.chant, total=s.chant_next)
    elif kind == "seal":
        s.emit("seal", "seal", clause)
    else:
        s.emit(kind, "madness.end" if kind == "end" else "madness.special", clause, madness=s.m_card().cid)
        run_madness(s, kind, clause)


def run_madness(s: StoryState, what: str, clause: str) -> None:
    """Queue the effects of the Madness's ``what`` (end, special, stars) on the side in play."""
    cid, part = s.m_card().cid, f"{'deified' if s.deified else 'front'}.{what}"
    ops = s.tables.ops.get((cid, part), ())
    if ops:
        s.then(*[(mop, {"cid": cid, "part": part, "i": i, "clause": clause}) for i in range(len(ops))])


@STORY.procedure
def mop(s: StoryState, cid: str, part: str, i: int, clause: str) -> None:
    """One effect of the Madness, resolved under ``clause``; the Madness is no seat (BRS-8.2)."""
    fn, params = s.tables.ops[(cid, part)][i]
    fn(s, EffectCtx(None, cid, clause=clause), **params)


# ----- stars and the Madness deck (BRS-3.9 .. BRS-3.11) ----------------------------------------------------
@STORY.procedure
def madness_stars(s: StoryState) -> None:
    s.goto("madness.stars")
    s.emit("stars", "stars", "BRS-3.9", madness=s.m_card().cid)
    s.then((madness_stars_effect, {}), (madness_rebuild, {}))


@STORY.procedure
def madness_stars_effect(s: StoryState) -> None:
    run_madness(s, "stars", "BRS-3.9")


@STORY.procedure
def madness_rebuild(s: StoryState) -> None:
    if s.zones["m.discard"]:
        rebuild_madness(s, "BRS-3.9")
    else:
        # Every disaster card is in the play area: the new deck is made after cleanup (BRS-3.10).
        s.m_pending = True
        s.emit("rebuild_waits", "rebuild_waits", "BRS-3.10")


def rebuild_madness(s: StoryState, clause: str) -> None:
    deck = s.zones["m.deck"]
    for u in list(s.zones["m.discard"]):
        s.zones.move(u, "m.deck")
    s.rng.shuffle(deck)
    s.m_pending = False
    s.emit("madness_rebuild", "madness_rebuild", clause, size=len(deck))


def add_disaster(s: StoryState, kind: str) -> None:
    """A disaster card from the covenant area into the Madness's discard pile; none left: ignored."""
    cards = s.cards
    for u in s.zones["supply.disaster"]:
        if cards[u].d.kind == kind:
            s.zones.move(u, "m.discard")
            s.emit("add_disaster", "add_disaster", "BRS-3.9", disaster=kind, card=cards[u].cid)
            return
    s.emit("no_effect", "no_disaster", "BRS-3.11", disaster=kind, card=s.tables.disaster_of[kind])


def madness_bonus(s: StoryState, n: int, clause: str) -> None:
    s.m_bonus += n
    s.emit("madness_attack", "madness_attack", clause, amount=n)
