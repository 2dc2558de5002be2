"""Cards moving between zones, life and damage, modifiers, and cards leaving the field.

Plain functions of the state (the rules modules and the card effects share them); destruction
and return to hand are procedures, because [Soulguard] may interrupt them with a decision.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import modifiers
from ...core.actions import Action
from ...core.modifiers import lasting
from ...core.state import Choice
from .book import BOOK
from .zones import ZONE, soul_zone

if TYPE_CHECKING:
    from .state import BuddyfightState


# ----- moving cards ---------------------------------------------------------------------------------
def move(s: BuddyfightState, uid: int, place: str) -> None:
    """Move a card to one of its owner's places ("hand", "drop", "center", "playing"...)."""
    c = s.cards[uid]
    s.zones.move(uid, ZONE[c.owner, place])
    c.host = None


def to_soul(s: BuddyfightState, uid: int, host: int) -> None:
    s.zones.move(uid, soul_zone(s, host))
    s.cards[uid].host = host


def to_drop(s: BuddyfightState, uid: int, place: str = "drop") -> None:
    """A card leaves the field (or is used up) for its owner's drop zone (or ``place``); its
    soul goes to the drop zone and its modifiers end (BF-9.2)."""
    c = s.cards[uid]
    for soul in list(c.soul):
        move(s, soul, "drop")
    c.rested = False
    c.mods = []
    c.dbl_used = False
    move(s, uid, place)


# ----- life, deck, damage --------------------------------------------------------------------------
def check_life(s: BuddyfightState) -> None:
    """0 life loses (BF-1.4); both at 0 together is a draw (BF-1.6)."""
    dead = [f.seat for f in s.fighters if f.life <= 0]
    if len(dead) == 2:
        s.goto("game-over")
        s.finish((), "result.draw", "BF-1.6")
    elif dead:
        s.goto("game-over")
        s.finish((1 - dead[0],), s.say("result.life", winner=1 - dead[0], loser=dead[0]), "BF-1.4")


def check_deck(s: BuddyfightState, seat: int) -> bool:
    """A fighter loses the moment the deck is empty (BF-1.5). True when the game ended."""
    if not s.fighters[seat].deck and not s.is_over:
        s.goto("game-over")
        s.finish((1 - seat,), s.say("result.deck", winner=1 - seat, loser=seat), "BF-1.5")
    return s.is_over


def deal_damage(s: BuddyfightState, seat: int, n: int, clause: str) -> None:
    f = s.fighters[seat]
    f.life -= n
    s.emit("damage", "damage", clause, seat=seat, amount=n, left=f.life)
    check_life(s)


def gain_life(s: BuddyfightState, seat: int, n: int, clause: str) -> None:
    f = s.fighters[seat]
    f.life += n                      # no upper limit (BF-1.3)
    s.emit("life", "life", clause, seat=seat, amount=n, left=f.life)


def pay_life(s: BuddyfightState, seat: int, n: int) -> None:
    f = s.fighters[seat]
    f.life -= n
    s.emit("pay", "pay.life", "BF-5.10", seat=seat, life=n, left=f.life)
    check_life(s)


def _top(s: BuddyfightState, seat: int) -> int | None:
    deck = s.fighters[seat].deck
    if s.is_over or not deck:
        return None
    return deck[-1]


def draw(s: BuddyfightState, seat: int, n: int = 1, clause: str = "BF-4.2") -> None:
    for _ in range(n):
        uid = _top(s, seat)
        if uid is None:
            return
        move(s, uid, "hand")
        s.emit("draw", "draw", clause, seat=seat, card=s.cards[uid].cid, only=seat, public="draw.public")
        if check_deck(s, seat):
            return


def deck_to_gauge(s: BuddyfightState, seat: int, n: int, clause: str) -> None:
    for _ in range(n):
        uid = _top(s, seat)
        if uid is None:
            return
        move(s, uid, "gauge")
        s.emit("gauge", "gauge", clause, seat=seat, n=len(s.fighters[seat].gauge))
        if check_deck(s, seat):
            return


def deck_to_soul(s: BuddyfightState, seat: int, host: int, n: int) -> None:
    if not s.on_field(host):
        return
    for _ in range(n):
        uid = _top(s, seat)
        if uid is None:
            return
        to_soul(s, uid, host)
        s.emit("soul", "soul", "BF-9.2", card=s.cards[uid].cid, host=s.cards[host].cid)
        if check_deck(s, seat):
            return


# ----- modifiers (core/modifiers.py; ``until`` is "turn", "battle" or "always") ---------------------------
SPAN = {"turn": "span.turn", "battle": "span.battle", "always": ""}
# The sentence of each changed number: the first one named, or one after another (", defense +3000").
FIRST = {"defense": "mod.defense", "critical": "mod.critical", "grant": "mod.grant"}
MORE = {"defense": "mod.defense.more", "critical": "mod.critical.more", "grant": "mod.grant.more"}


def add_mod(s: BuddyfightState, uid: int, power: int = 0, defense: int = 0, critical: int = 0,
            grant: tuple[str, ...] = (), until: str = "turn") -> None:
    c = s.cards[uid]
    if not s.on_field(uid):
        return
    lasting(c.mods, until, power=power, defense=defense, critical=critical, grant=list(grant))
    parts = {"p": "mod.power" if power else ""}
    said = bool(power)
    for k, slot, v in (("defense", "d", defense), ("critical", "c", critical), ("grant", "g", grant)):
        parts[slot] = (MORE if said else FIRST)[k] if v else ""
        said = said or bool(v)
    s.emit("modify", "modify", {"turn": "BF-8.2", "battle": "BF-6.14"}.get(until, "BF-5.7"), card=c.cid, uid=uid,
           power=power, defense=defense, critical=critical, grant=list(grant), span=SPAN[until], **parts)


def expire(s: BuddyfightState, until: str) -> None:
    """End the modifiers of the cards on the field that last "until end of turn" (BF-8.2) or
    "for this battle" (BF-6.14); a card leaving the field loses its modifiers (``to_drop``)."""
    cards = s.cards
    changing = []               # a loop, not a comprehension: no call of its own (every turn's end)
    for f in s.fighters:
        for lst in f.field_lists:
            if lst and (c := cards[lst[0]]).mods:
                changing.append(c)
    if changing:
        modifiers.expire(changing, until)


# ----- leaving the field: destruction, return to hand, Soulguard ----------------------------------------
@BOOK.procedure
def destroy(s: BuddyfightState, uid: int, clause: str, why: str) -> None:
    if not s.on_field(uid):
        return
    c = s.cards[uid]
    if c.place != "item" and s.has_kw(uid, "soulguard") and c.soul:
        s.ask(c.owner, "soulguard", "soulguard.destroy", "BF-9.3", uid=uid, dclause=clause,
              leave="destroyed", card=c.cid, why=why)
        return
    _destroyed(s, uid, clause)


def _destroyed(s: BuddyfightState, uid: int, clause: str) -> None:
    c = s.cards[uid]
    s.emit("destroy", "destroy", clause, card=c.cid, seat=c.owner)
    to_drop(s, uid)


@BOOK.choice("soulguard")
def soulguard_answered(s: BuddyfightState, choice: Choice, action: Action) -> None:
    uid = choice.ctx["uid"]
    c = s.cards[uid]
    if action.args["use"]:
        move(s, c.soul[-1], "drop")
        s.emit("soulguard", "soulguard", "BF-9.3", card=c.cid)
        return
    if choice.ctx["leave"] == "destroyed":
        _destroyed(s, uid, choice.ctx["dclause"])
    else:
        _bounced(s, uid, choice.ctx["leave"], choice.ctx["dclause"])


@BOOK.procedure
def bounce(s: BuddyfightState, uid: int, to: str = "hand", clause: str = "BF-7.4") -> None:
    """Returned to hand (or to the bottom of the deck, ``to="deck"``) by an effect; Soulguard
    protects against both (decision 4, BF-9.3)."""
    if not s.on_field(uid):
        return
    c = s.cards[uid]
    if s.has_kw(uid, "soulguard") and c.soul:
        s.ask(c.owner, "soulguard", "soulguard.hand" if to == "hand" else "soulguard.deck",
              "BF-9.3", uid=uid, dclause=clause, leave=to, card=c.cid)
        return
    _bounced(s, uid, to, clause)


def _bounced(s: BuddyfightState, uid: int, to: str = "hand", clause: str = "BF-7.4") -> None:
    c = s.cards[uid]
    to_drop(s, uid, to)
    if to == "deck":
        # The top of a deck is the end of its list: index 0 is the bottom.
        s.zones.move(uid, ZONE[c.owner, "deck"], 0)
        s.emit("bounce", "bounce.deck", clause, card=c.cid, to="deck")
        return
    s.emit("bounce", "bounce.hand", clause, card=c.cid, to="hand")


# The answer that lets the card go, by where it is going.
LET_LEAVE = {"destroyed": "soulguard.let.destroy", "hand": "soulguard.let.hand", "deck": "soulguard.let.deck"}


@BOOK.moves.lister("soulguard", name="soulguard")
def soulguard_answers(s: BuddyfightState, seat: int) -> list[Action]:
    """Use [Soulguard] (one soul card goes instead) or let the card leave (BF-9.3)."""
    ctx = s.pending("soulguard", seat)
    if ctx is None:
        return []
    let = LET_LEAVE[ctx["leave"]]
    return [Action("soulguard", seat, {"use": True}, s.say("soulguard.use"), "BF-9.3"),
            Action("soulguard", seat, {"use": False}, s.say(let), "BF-9.3")]


BOOK.moves.declare("soulguard", None, not_now=("why.soulguard.not_now", "BF-9.3"),
                   no_such=("why.soulguard.no_such", "BF-9.3"),
                   label="kind.soulguard")
