"""Setup and the turn outside battles: start phase (stand, draw, charge), main phase (call,
equip, buddy call; spells and [Act] are in chain.py), the move window at the start of the
attack phase, the final phase and the end of the turn.

Each lister yields the legal actions of its kinds and a refusal, with its clause, for every
candidate the rules reject; the same lister explains a refused action (core.moves).
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import partial
from typing import TYPE_CHECKING

from ...core.actions import Action
from ...core.checks import Why
from ...core.moves import Refusal, refuse
from ...core.state import Choice
from ...core.texts import Say
from .book import BOOK
from .cards import resolve_deck
from .chain import COUNTER_OFFERS, chain_add, passes, pay_cost, timing, window
from .checks import (
    cannot_charge,
    cannot_move,
    cannot_pay,
    main_phase_only,
    move_blocked,
    no_buddy_call,
    not_a_monster,
    not_an_item,
    other_world,
)
from .field import deck_to_gauge, deck_to_soul, draw, expire, gain_life, move, to_drop
from .zones import AREAS, PLAYING, ZONE, Card

if TYPE_CHECKING:
    from .cards import Deck
    from .state import BuddyfightState

Offers = Iterator[Action | Refusal]
MOVES = BOOK.moves
COPY: Why = ("why.copy", "BF-5.1")      # copies of a card are one choice: the first in hand is offered


# ----- setup (BF-3.1 .. BF-3.7) -------------------------------------------------------------------
def setup_game(s: BuddyfightState) -> None:
    decks = s.options["decks"]
    for seat in (0, 1):
        build_side(s, seat, resolve_deck(s.game, decks[seat], f"options.decks.{seat}"))
    s.goto("setup.flag")
    s.emit("setup", "setup.flag", "BF-3.1")
    s.goto("setup.buddy")
    s.emit("setup", "setup.buddy", "BF-3.2")
    s.goto("setup.shuffle")
    for f in s.fighters:
        s.rng.shuffle(f.deck)
        s.emit("shuffle", "shuffle", "BF-3.3", seat=f.seat, n=len(f.deck))
    s.goto("setup.hand")
    for f in s.fighters:
        draw(s, f.seat, 6, "BF-3.4")
    s.goto("setup.gauge")
    for f in s.fighters:
        deck_to_gauge(s, f.seat, 2, "BF-3.5")
    s.goto("setup.first")
    # A random draw decides; its winner must go first, there is no choice (BF-3.6).
    s.first_player = s.rng.randrange(2)
    s.emit("first", "first", "BF-3.6", seat=s.first_player)
    s.goto("setup.raise")
    raise_flags(s)
    start_turn(s, s.first_player)
    s.run()


def raise_flags(s: BuddyfightState) -> None:
    """Flags and buddies turn face up; each fighter's life is the flag's (BF-3.7, BF-1.2)."""
    for f in s.fighters:
        flag, buddy = s.cards[f.flag], s.cards[f.buddy]
        flag.face_up = buddy.face_up = True
        s.emit("raise", "raise", "BF-3.7", seat=f.seat, flag=flag.cid, buddy=buddy.cid)
        f.life = flag.d.life or 0
        s.emit("life", "life.start", "BF-1.2", seat=f.seat, amount=f.life, gauge=len(f.gauge))


def build_side(s: BuddyfightState, seat: int, deck: Deck, flag: str | None = None, buddy: str | None = None,
               cards: bool = True) -> None:
    """A fighter's flag and buddy (face down until the flag is raised) and, unless ``cards`` is
    False, the deck as built."""
    f = s.fighters[seat]
    f.deck_id = deck.id
    f.flag = s.new_card(flag or deck.flag, seat, "flag")
    f.world = s.cards[f.flag].d.world
    f.buddy = s.new_card(buddy or deck.buddy, seat, "buddy")
    s.cards[f.flag].face_up = s.cards[f.buddy].face_up = False
    if cards:
        # The whole deck at once, in deck-list order (core Zones.new_pile).
        zone = ZONE[seat, "deck"]
        defs = s.game.cards
        # partial, not a lambda: each card is one call of Card, not two (100+ cards a game).
        s.zones.new_pile(zone, ((defs[cid], n) for cid, n in deck.cards.items()),
                         partial(Card, owner=seat, zone=zone))


# ----- start phase (BF-4.1 .. BF-4.3) ----------------------------------------------------------------
def start_turn(s: BuddyfightState, seat: int) -> None:
    s.turn += 1
    s.turn_player = seat
    s.attacks = 0
    s.used_once = []
    f = s.fighters[seat]
    s.goto("start.stand")
    s.emit("turn", "turn", "BF-4.1", seat=seat, turn=s.turn)
    for lst in f.field.values():
        for u in lst:
            s.cards[u].rested = False
            s.cards[u].dbl_used = False
    s.emit("stand", "stand", "BF-4.1", seat=seat)
    if s.turn == 1:
        # The first player skips the draw of the first turn (BF-4.2).
        s.emit("no_draw", "no_draw", "BF-4.2", seat=seat)
    else:
        s.goto("start.draw")
        draw(s, seat, 1, "BF-4.2")
        if s.is_over:
            return
    s.goto("start.charge")


@MOVES.lister("charge", "skip_charge", actor="turn_player")
def charges(s: BuddyfightState, seat: int) -> list[Action | Refusal]:
    """Charge one card from hand (one per name) and draw, or not (BF-4.3)."""
    why = s.explaining
    cards = s.cards
    out: list[Action | Refusal] = []
    seen: set[str] = set()
    texts = s.game.texts
    for uid in s.fighters[seat].hand:
        cid = cards[uid].cid
        no = cannot_charge(s, seat, cid, seen)
        if no is not None:
            if why:
                out.append(refuse(no[0], no[1], kind="charge", card=uid))
            continue
        seen.add(cid)
        out.append(Action("charge", seat, {"card": uid, "name": cid},
                          Say((texts, "charge.label", {"card": cid})), "BF-4.3"))
    out.append(Action("skip_charge", seat, {}, Say((texts, "skip_charge.label", {})), "BF-4.3"))
    if why:
        out.append(refuse("why.not_in_hand", "BF-4.3", kind="charge"))
    return out


@MOVES.kind("charge", not_now=("why.charge.not_now", "BF-4.3"),
            no_such=("why.not_in_hand", "BF-4.3"), label="kind.charge")
def charge(s: BuddyfightState, action: Action) -> None:
    seat, uid = action.player, action.args["card"]
    move(s, uid, "gauge")
    s.zones.learn(seat, [uid])     # face down, but its player knows which card it charged
    s.emit("charge", "charge", "BF-4.3", seat=seat, card=s.cards[uid].cid, only=seat, public="charge.public")
    draw(s, seat, 1, "BF-4.3")
    if not s.is_over:
        s.goto("main.actions")


@MOVES.kind("skip_charge", not_now=("why.skip_charge.not_now", "BF-4.3"),
            label="kind.skip_charge")
def skip_charge(s: BuddyfightState, action: Action) -> None:
    s.goto("main.actions")


# ----- main phase: call and equip (BF-5.2 .. BF-5.5, BF-5.9) --------------------------------------------
@MOVES.lister("call", "equip", actor="turn_player")
def main_cards(s: BuddyfightState, seat: int) -> list[Action | Refusal]:
    """For each card name in hand, in hand order: calls to each area (and the buddy call), or
    the equip of an item; the card's refusal when it cannot be used now."""
    return card_offers(s, seat, timing(s, seat))


@COUNTER_OFFERS("calls")
def card_offers(s: BuddyfightState, seat: int, when: str | None) -> list[Action | Refusal]:
    """Calls and equips for ``when`` (chain.timing): everything in the turn player's main phase;
    at a counter timing (a window, a response, the own attack phase) only monsters with
    [Counter] may be called (BF-9.7), by either fighter. Each candidate is asked the checks of
    its rules in turn: its type, the timing, its world, the buddy call, the cost."""
    if when != "main" and when != "window":
        return []
    why = s.explaining
    f = s.fighters[seat]
    cards = s.cards
    out: list[Action | Refusal] = []
    notes: list[tuple[str, dict[str, str]]] | None = None
    seen: set[str] = set()
    for uid in f.hand:
        d = cards[uid].f
        if why:
            for k, no in (("call", not_a_monster(d)), ("equip", not_an_item(d))):
                if no is not None:
                    out.append(refuse(s.say(no[0], card=d.id), no[1], kind=k, card=uid))
        kind = d.hand_move          # "call" or "equip", as those two checks answer (cards.Facts)
        if kind is None:
            continue
        # main_phase_only's answer for this card is known at the timings in ``d.call_timings``
        # (worked out from it once per card, cards.py): it is asked again only where it refuses.
        no = (None if when in d.call_timings else main_phase_only(d, when)) or other_world(s, seat, d)
        if no is not None:
            if why:
                out.append(refuse(s.say(no[0], card=d.id, world=d.world, flag=f.world), no[1], kind=kind, card=uid))
            continue
        buddy_no: Why | None = None
        areas: tuple[str, ...] = ()
        if kind == "call":
            areas = AREAS
            buddy_no = no_buddy_call(s, seat, d)
            if why:
                out.append(refuse("why.call.areas", "BF-5.2", kind="call", card=uid))
                if buddy_no is not None:
                    for a in areas:
                        out.append(refuse(buddy_no[0], buddy_no[1], kind="call", card=uid, area=a, buddy=True))
        no = cannot_pay(s, seat, d.cost, uid)
        did = d.id
        if no is None and did in seen:
            no = COPY
        if no is not None:
            if why:
                reason = s.say(no[0], card=did)
                if kind == "equip":
                    out.append(refuse(reason, no[1], kind="equip", card=uid))
                for a in areas:
                    out.append(refuse(reason, no[1], kind="call", card=uid, area=a))
            continue
        seen.add(did)
        if kind == "equip":
            out.append(Action("equip", seat, {"card": uid, "name": did},
                              Say((s.game.texts, "equip.label", {"card": did})), "BF-5.5"))
            continue
        if notes is None:
            # What calling into each area would drop (BF-5.3), said in the action's label.
            # A loop, not a comprehension: no call of its own (most main-phase listings get here).
            notes = []
            for a, lst in zip(AREAS, f.area_lists):
                notes.append((a, {"drops": "call.drops", "old": cards[lst[0]].cid} if lst else {"drops": ""}))
        for area, note in notes:
            out.append(Action("call", seat, {"card": uid, "name": did, "area": area},
                              Say((s.game.texts, "call.label", {"card": did, "area": area, **note})), "BF-5.2"))
            if buddy_no is None:
                out.append(Action("call", seat, {"card": uid, "name": did, "area": area, "buddy": True},
                                  Say((s.game.texts, "call.label.buddy", {"card": did, "area": area, **note})),
                                  "BF-5.9"))
    return out


@MOVES.kind("call", not_now=("why.call.not_now", "BF-5.1"),
            no_such=("why.not_in_hand", "BF-5.2"), label="kind.call")
def call(s: BuddyfightState, action: Action) -> None:
    a, seat = action.args, action.player
    uid = a["card"]
    d = s.cards[uid].d
    move(s, uid, PLAYING)
    buddy = bool(a.get("buddy"))
    s.emit("call", "call.buddy" if buddy else "call",
           "BF-5.9" if buddy else "BF-5.2", seat=seat, card=d.id, area=a["area"])
    s.later(place, uid=uid, area=a["area"], buddy=buddy)
    pay_cost(s, seat, d.cost, uid)


@BOOK.procedure
def place(s: BuddyfightState, uid: int, area: str, buddy: bool) -> None:
    c = s.cards[uid]
    seat = c.owner
    f = s.fighters[seat]
    old = f.at(area)
    if old is not None:
        # Calling over a monster drops it, soul and all (BF-5.3); it is not destroyed.
        s.emit("drop", "drop.room", "BF-5.3", card=s.cards[old].cid)
        to_drop(s, old)
    move(s, uid, area)
    if buddy:
        f.buddy_called = True
        s.cards[f.buddy].rested = True
        s.emit("buddy_gift", "buddy_gift", "BF-5.9", seat=seat)
        gain_life(s, seat, 1, "BF-5.9")
    from_deck = c.f.cost.soul_from_deck
    if from_deck:
        deck_to_soul(s, seat, uid, from_deck)
        if s.is_over:
            return
    s.then((size_check, {"seat": seat, "new": uid}),
           *[(enter, {"uid": uid, "ability": i}) for i in c.f.enters])


@BOOK.procedure
def size_check(s: BuddyfightState, seat: int, new: int) -> None:
    """Over size 3 after a call: the caller drops earlier monsters of its choice (BF-5.4)."""
    if s.size_total(seat) <= 3:
        return
    s.ask(seat, "size_drop", "size_drop", "BF-5.4", seat=seat, new=new, total=s.size_total(seat))


@BOOK.rule("BF-5.4")
def kept_for_size(s: BuddyfightState, new: int, uid: int) -> Why | None:
    """Which monster may go to make room (BF-5.4): never the one just called, and a size-0
    monster frees no room, so dropping it would not bring the total down."""
    if uid == new:
        return ("why.size_drop.new", "BF-5.4")
    if not s.cards[uid].d.size:
        return ("why.size_drop.no_size", "BF-5.4")
    return None


@MOVES.lister("size_drop", name="size_drop")
def size_drops(s: BuddyfightState, seat: int) -> list[Action | Refusal]:
    """The monsters the caller may drop for size, each checked by ``kept_for_size`` (BF-5.4)."""
    ctx = s.pending("size_drop", seat)
    if ctx is None:
        return []
    new = ctx["new"]
    out: list[Action | Refusal] = []
    for u in s.monsters(seat):
        c = s.cards[u]
        no = kept_for_size(s, new, u)
        if no is None:
            out.append(Action("size_drop", seat, {"card": u, "name": c.cid, "area": c.place},
                              s.say("size_drop.option", card=c.cid, area=c.place, size=c.d.size), "BF-5.4"))
        elif s.explaining:
            out.append(refuse(s.say(no[0], card=c.cid), no[1], card=u))
    return out


@BOOK.choice("size_drop")
def dropped_for_size(s: BuddyfightState, choice: Choice, action: Action) -> None:
    uid = action.args["card"]
    s.emit("drop", "drop.size", "BF-5.4", card=s.cards[uid].cid)
    to_drop(s, uid)
    s.later(size_check, seat=choice.ctx["seat"], new=choice.ctx["new"])


MOVES.declare("size_drop", None, not_now=("why.size_drop.not_now", "BF-5.4"),
              no_such=("why.size_drop.no_such", "BF-5.4"),
              label="kind.size_drop")


@BOOK.procedure
def enter(s: BuddyfightState, uid: int, ability: int) -> None:
    """A "when this card enters" ability: on the chain once per entry (BF-5.13)."""
    if s.on_field(uid):
        s.later(chain_add, item={"kind": "enter", "by": s.cards[uid].owner, "card": uid, "ability": ability,
                                 "target": None})


@MOVES.kind("equip", not_now=("why.equip.not_now", "BF-5.1"),
            no_such=("why.not_in_hand", "BF-5.5"), label="kind.equip")
def equip(s: BuddyfightState, action: Action) -> None:
    seat, uid = action.player, action.args["card"]
    d = s.cards[uid].d
    move(s, uid, PLAYING)
    s.emit("equip", "equip", "BF-5.5", seat=seat, card=d.id)
    s.later(place_item, uid=uid)
    pay_cost(s, seat, d.cost, uid)


@BOOK.procedure
def place_item(s: BuddyfightState, uid: int) -> None:
    f = s.fighters[s.cards[uid].owner]
    old = f.at("item")
    if old is not None:
        s.emit("drop", "drop.item", "BF-5.5", card=s.cards[old].cid)
        to_drop(s, old)
    move(s, uid, "item")


@MOVES.lister("end_main", actor="turn_player")
def main_end(s: BuddyfightState, seat: int) -> Iterable[Action | Refusal]:
    return (Action("end_main", seat, {}, Say((s.game.texts, "end_main.label", {})), "BF-5.1"),)


@MOVES.kind("end_main", not_now=("why.end_main.not_now", "BF-5.1"),
            label="kind.end_main")
def end_main(s: BuddyfightState, action: Action) -> None:
    s.emit("end_main", "end_main", "BF-5.1", seat=action.player)
    s.then((window, {"owner": 1 - action.player, "node": "main.end"}), (attack_start, {}))


# ----- attack phase start: move (BF-6.1, BF-9.4) ------------------------------------------------------------
def move_offers(s: BuddyfightState, seat: int, window_open: bool) -> list[Action | Refusal]:
    why = s.explaining
    field = s.fighters[seat].field
    cards = s.cards
    out: list[Action | Refusal] = []
    empty: list[str] | None = None
    for a in AREAS:
        lst = field[a]
        if not lst:
            continue
        u = lst[0]
        c = cards[u]
        no = cannot_move(s, u) or move_blocked(s, u, window_open)
        if no is not None:
            if why:
                out.append(refuse(s.say(no[0], card=c.cid), no[1], kind="move", card=u))
            continue
        if empty is None:
            empty = [x for x in AREAS if not field[x]]
        for to in empty:
            out.append(Action("move", seat, {"card": u, "name": c.cid, "from": a, "to": to},
                              Say((s.game.texts, "move.label", {"card": c.cid, "src": a, "dst": to})), "BF-9.4"))
        if why:
            out.append(refuse("why.move.empty", "BF-9.4", kind="move", card=u))
    if why:
        out.append(refuse("why.move.own", "BF-5.11", kind="move"))
    return out


def can_move(s: BuddyfightState, seat: int) -> bool:
    for o in move_offers(s, seat, True):
        if type(o) is Action:
            return True
    return False


@MOVES.lister("move", actor="chooser")
def window_moves(s: BuddyfightState, seat: int) -> Iterable[Action | Refusal]:
    """In the move window (BF-6.1), its owner's [Move] monsters to empty areas (BF-9.4)."""
    return move_offers(s, seat, True) if s.choices[-1].kind == "move" else ()


@MOVES.lister("move", actor="turn_player")
def moves(s: BuddyfightState, seat: int) -> Iterable[Action | Refusal]:
    """At the turn player's other moments (refusals only; flow.yaml names it at those nodes): why
    a monster does not move now."""
    return move_offers(s, seat, False) if s.explaining else ()


MOVES.declare("move", None, not_now=("why.move.timing", "BF-9.4"),
              no_such=("why.move.own", "BF-5.11"), label="kind.move")


@BOOK.procedure
def attack_start(s: BuddyfightState) -> None:
    s.moved = []
    tp = s.turn_player
    if can_move(s, tp) or can_move(s, 1 - tp):
        s.goto("attack.move")
        # The turn player moves first, then the opponent (decision 8).
        s.then((move_window, {"seat": tp}), (move_window, {"seat": 1 - tp}), (enter_declare, {}))
    else:
        s.goto("attack.declare")


@BOOK.procedure
def move_window(s: BuddyfightState, seat: int) -> None:
    if can_move(s, seat):
        s.ask(seat, "move", "move", "BF-6.1", listers=(window_moves, passes),
              seat=seat)


@BOOK.choice("move")
def moved_in_window(s: BuddyfightState, choice: Choice, action: Action) -> None:
    if action.kind == "pass":
        return
    a = action.args
    move(s, a["card"], a["to"])
    s.moved.append(a["card"])
    s.emit("move", "moved", "BF-9.4", card=s.cards[a["card"]].cid, src=a["from"], dst=a["to"])
    s.later(move_window, seat=choice.player)


@BOOK.procedure
def enter_declare(s: BuddyfightState) -> None:
    s.goto("attack.declare")


# ----- final phase and end of turn (BF-8.1, BF-8.2) ------------------------------------------------------
@MOVES.lister("end_turn", actor="turn_player")
def turn_end(s: BuddyfightState, seat: int) -> Iterable[Action | Refusal]:
    return (Action("end_turn", seat, {}, Say((s.game.texts, "end_turn.label", {})), "BF-8.2"),)


@MOVES.kind("end_turn", not_now=("why.end_turn.not_now", "BF-8.2"),
            label="kind.end_turn")
def end_turn(s: BuddyfightState, action: Action) -> None:
    seat = action.player
    s.goto("end.turn")
    expire(s, "turn")
    s.emit("end_turn", "end_turn", "BF-8.2", seat=seat)
    start_turn(s, 1 - seat)
