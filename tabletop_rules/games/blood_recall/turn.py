"""A player's turn, the same in both modes (BRD-3 / BRS-4): play a card, self-harm, the lineage
actions (recall, art enhancement), free enhancement by effects, Blood Recall, and ending the turn.
Also the parts of setup and of the blood battle both modes share: the Blood Recaller choice, the
play-area effects, the Blood Recall window and awakening.

Each rule about what a player may do lives in one lister: it yields the legal actions and, for the
candidates it rejects, the refusal that explains why (core.moves). ``turn_moves`` is the turn.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from ...core.actions import Action
from ...core.moves import Refusal, refuse
from ...core.state import Choice
from .book import SHARED, F
from .state import op

if TYPE_CHECKING:
    from .state import BloodRecallState, Player

Offer = Action | Refusal
TURN = ("why.turn", "BRD-3.1", "BRS-4.1")


# ----- the kinds of action ---------------------------------------------------------------------------------
# A kind's button word is the template ``kind.<name>`` of texts.yaml.
def _kind(name: str, no_such: tuple[str, str, str], label: str) -> Callable[[F], F]:
    return SHARED.kind(name, not_now=TURN, no_such=no_such, label=label)


SHARED.declare("pass", not_now=("why.no_decision", "BRD-4.3", "BRS-6.3"), label="kind.pass")
SHARED.declare("free_enhance", not_now=("why.no_decision", "BRD-3.8", "BRS-4.8"), label="kind.free_enhance")
SHARED.declare("decline", not_now=("why.no_decision", "BRD-3.8", "BRS-4.8"), label="kind.decline")
SHARED.declare("recaller", not_now=("why.setup_over", "BRD-1.4", "BRS-1.7"), label="kind.recaller")


# ----- what the turn player may do (BRD-3.1) ----------------------------------------------------------------
# The turn's listers build lists (they run before every action of a turn). While legal_actions()
# lists, nobody reads a refusal, so they skip building them; a refused action is explained by running
# the same listers with ``s.explaining`` True (core.moves ``Moves.explain``).
@SHARED.lister("play", "self_harm", "recall", "enhance", "blood_recall", "end_turn", name="turn")
def turn_moves(s: BloodRecallState, seat: int) -> list[Offer]:
    """Every action of the turn player, in this order: play each card of the hand, self-harm, recall
    each pile's top card (face up or face down), enhance, Blood Recall, end the turn. Labels come from
    tables made when the game loaded."""
    if seat != s.turn_player:
        # Duel mode only: story mode has one seat (BRS-8.2 refuses any other before this).
        return [refuse(s.say("why.not_your_turn", seat=s.turn_player), "BRD-2.4")]
    why = s.explaining
    p = s.seats[seat]
    out: list[Offer] = []
    counts = _plays(s, p, out)
    side = s.side(seat)
    if not p.rested:
        out.append(Action("self_harm", seat, {}, s.say("label.self_harm", n=side.self_harm),
                          s.cite("BRD-3.3", "BRS-4.3")))
    elif why:
        out.append(Refusal("why.rested", s.cite("BRD-3.3", "BRS-4.3"), {}, "self_harm"))
    lineage = p.lineage_used < side.lineage
    _piles(s, p, lineage, out)
    if lineage:
        enhancements(s, seat, counts, "enhance", s.cite("BRD-3.7", "BRS-4.7"), out)
    elif why:
        used = s.say("why.lineage_used", lineage=side.lineage)
        out.append(Refusal(used, s.cite("BRD-3.4", "BRS-4.4"), {}, "recall"))
        out.append(Refusal(used, s.cite("BRD-3.4", "BRS-4.4"), {}, "enhance"))
    recaller_offers(s, seat, None, out)
    if not p.hand:
        out.append(Action("end_turn", seat, {}, s.say("label.end_turn"), s.cite("BRD-3.9", "BRS-4.9")))
    elif why:
        out.append(Refusal(s.say("why.hand_left", n=len(p.hand), cards=list(counts)),
                           s.cite("BRD-3.9", "BRS-4.9"), {}, "end_turn"))
    return out


def _plays(s: BloodRecallState, p: Player, out: list[Offer]) -> dict[str, int]:
    """Any card of the hand, once per name (BRD-3.2); hindrance cards too (BRD-3.11). A card that is
    not in the hand has no candidate: the kind's ``no_such`` says so. Returns the hand's cards by id."""
    counts = hand_counts(s, p.seat)
    cards = s.game.cards
    label = s.tables.labels
    play, hindrance = s.cite("BRD-3.2", "BRS-4.2"), s.cite("BRD-3.11", "BRS-4.11")
    for cid in counts:
        clause = hindrance if cards[cid].type == "hindrance" else play
        out.append(Action("play", p.seat, {"card": cid}, label["play", cid], clause))
    return counts


def hand_counts(s: BloodRecallState, seat: int) -> dict[str, int]:
    """The seat's hand: card id -> copies, in the order the cards first appear in it."""
    cards = s.zones.cards
    counts: dict[str, int] = {}
    for u in s.seats[seat].hand:
        cid = cards[u].cid
        counts[cid] = counts.get(cid, 0) + 1
    return counts


def _piles(s: BloodRecallState, p: Player, lineage: bool, out: list[Offer]) -> None:
    """Recall the top card of a pile, paying its cost in blood (BRD-3.5); a lineage use each
    (BRD-3.4). With no lineage left, the lineage refusal (turn_moves) answers every recall.

    A face-down top card is turned up only as part of recalling it (BRD-3.6): the recall names the
    pile, not the unseen card. Its cost is unknown until then, so the recall is offered only when
    the pool could pay for any card still in that pile (which cards a pile holds is public, only
    their order is hidden): the card turned up is always recalled and paid, and the list of legal
    actions gives away nothing about it (BRD-6.11)."""
    if not lineage:
        return
    cards = s.zones.cards
    lists = s.zones.lists
    labels = s.tables.labels
    seat = p.seat
    why = s.explaining
    add = out.append
    face_down, recall = s.cite("BRD-3.6", "BRS-4.6"), s.cite("BRD-3.5", "BRS-4.5")
    if why:
        add(Refusal(s.say("why.pile_range", last=s.npiles - 1), recall, {}, "recall"))
    for i, z in enumerate(s.pile_zones):
        pile = lists[z]
        if not pile:
            if why:
                add(Refusal("why.pile_empty", recall, {"pile": i}, "recall"))
            continue
        c = cards[pile[-1]]
        if not c.face_up:
            worst = max(cards[u].d.cost or 0 for u in pile)
            if worst <= p.pool:
                add(Action("recall", seat, {"pile": i}, s.say("label.recall_face_down", number=i + 1, worst=worst),
                           face_down))
            elif why:
                add(Refusal(s.say("why.face_down_cost", number=i + 1, worst=worst, pool=p.pool),
                            s.cite("BRD-6.11", "BRS-8.10"), {"pile": i}, "recall"))
            if why:
                # Whatever card is named: naming the right one must not be answered differently.
                add(Refusal(s.say("why.face_down_named", number=i + 1), face_down, {"pile": i}, "recall"))
            continue
        d = c.d
        if (d.cost or 0) <= p.pool:
            add(Action("recall", seat, {"pile": i, "card": d.id}, labels["recall", d.id], recall))
        elif why:
            add(Refusal(s.say("why.recall_cost", card=d.id, cost=d.cost, pool=p.pool), recall,
                        {"pile": i, "card": d.id}, "recall"))
        if why:
            add(Refusal(s.say("why.top_only", number=i + 1, card=d.id), recall,
                        {"pile": i}, "recall"))


def enhancements(s: BloodRecallState, seat: int, counts: dict[str, int], kind: str,
                 clause: str | None, out: list[Offer]) -> list[Offer]:
    """Two same-name art cards of the hand for a card of the same art and a higher stage from the
    covenant area, any higher stage still there, the player choosing (BRD-3.7): the turn's
    enhancement (``kind`` enhance) and free enhancement (free_enhance, BRD-3.8) share this rule.
    ``counts``: the hand's cards by id, in hand order (the order the actions are listed in); the
    targets of one pair are listed lowest stage first."""
    t = s.tables
    higher = t.higher_stages
    labels = t.labels
    lists = s.zones.lists
    for cid, n in counts.items():
        if n >= 2:
            for to in higher.get(cid, ()):
                if lists[f"art.{to}"]:
                    out.append(Action(kind, seat, {"card": cid, "to": to}, labels[kind, cid, to], clause))
    if not s.explaining:
        return out
    out.append(Refusal("why.arts_only", clause, {}, kind))
    arts = t.by_type.get("art", ())
    for cid in arts:
        ups = higher[cid]
        if counts.get(cid, 0) < 2:
            out.append(Refusal("why.needs_pair", clause, {"card": cid}, kind))
            continue
        if not ups:
            out.append(Refusal("why.last_stage", clause, {"card": cid}, kind))
            continue
        if not any(lists[f"art.{to}"] for to in ups):
            out.append(Refusal(s.say("why.no_higher", card=cid, ups=list(ups)), clause, {"card": cid}, kind))
        for to in arts:
            if to not in ups:
                out.append(Refusal("why.not_higher", clause, {"card": cid, "to": to}, kind))
            elif not lists[f"art.{to}"]:
                out.append(Refusal("why.none_left", clause, {"card": cid, "to": to}, kind))
    return out


def recaller_offers(s: BloodRecallState, seat: int, window: str | None, out: list[Offer]) -> list[Offer]:
    """Blood Recall: pay the cost in recall points (BRD-4.1); once per game unless ongoing (BRD-4.4),
    an ongoing one once per turn and once per blood battle (BRD-6.3). In the turn (``window`` None)
    or in the blood battle's window (``window``: its clause; refusals then cite the window's rule)."""
    p = s.seats[seat]
    cards = s.zones.cards
    clause = s.cite("BRD-4.1", "BRS-6.1")
    why = s.explaining
    # In the window a refusal cites the window's rule (None: the decision's clause).
    if why:
        out.append(Refusal("why.not_your_recaller", None if window else clause, {}, "blood_recall"))
    for u in p.recaller:
        c = cards[u]
        d = c.d
        cost = d.cost or 0
        if c.used and not d.ongoing:
            if why:
                out.append(Refusal("why.recaller_used",
                                   None if window else s.cite("BRD-4.4", "BRS-6.4"), {"recaller": d.id},
                                   "blood_recall"))
        elif u in p.recalled:
            if why:
                out.append(Refusal("why.recaller_this_turn",
                                   None if window else s.cite("BRD-6.3", "BRS-8.5"), {"recaller": d.id},
                                   "blood_recall"))
        elif cost > p.recall_points:
            if why:
                out.append(Refusal(s.say("why.recaller_cost", recaller=d.id, cost=cost, points=p.recall_points),
                                   None if window else clause, {"recaller": d.id}, "blood_recall"))
        elif window:
            out.append(Action("blood_recall", seat, {"recaller": d.id},
                              s.say("label.blood_recall_window", card=d.id, cost=cost), window))
        else:
            out.append(Action("blood_recall", seat, {"recaller": d.id}, s.tables.labels["blood_recall", d.id],
                              clause))
    return out


# ----- the actions -----------------------------------------------------------------------------------
@_kind("play", ("why.not_in_hand", "BRD-3.2", "BRS-4.2"), "kind.play")
def play(s: BloodRecallState, action: Action) -> None:
    seat = action.player
    cid = action.args["card"]
    cards = s.zones.cards
    uid = next(u for u in s.seats[seat].hand if cards[u].cid == cid)
    s.zones.move(uid, f"{seat}.play")
    d = cards[uid].d
    hind = d.type == "hindrance"
    s.emit("play", "play.hindrance" if hind else "play",
           s.cite("BRD-3.11", "BRS-4.11") if hind else s.cite("BRD-3.2", "BRS-4.2"), seat=seat, card=cid)
    s.run_effect(seat, cid, "effect")


@_kind("self_harm", ("why.self_harm_args", "BRD-3.3", "BRS-4.3"), "kind.self_harm")
def self_harm(s: BloodRecallState, action: Action) -> None:
    seat = action.player
    p = s.seats[seat]
    side = s.side(seat)
    p.rested = True
    vessel = s.zones.cards[p.vessel[0]]
    s.emit("self_harm", "self_harm", s.cite("BRD-3.3", "BRS-4.3"), seat=seat, vessel=vessel.cid)
    s.take_damage(seat, side.self_harm, s.cite("BRD-3.3", "BRS-4.3"), "why.self_harm")
    if not s.is_over:
        s.run_effect(seat, vessel.cid, "awakened.effect" if p.awake else "front.effect")


@_kind("recall", ("why.no_pile", "BRD-3.5", "BRS-4.5"), "kind.recall")
def recall(s: BloodRecallState, action: Action) -> None:
    seat = action.player
    p = s.seats[seat]
    i = action.args["pile"]
    uid = s.zones[s.pile_zones[i]][-1]
    c = s.zones.cards[uid]
    d = c.d
    if not c.face_up:
        # Turning up is part of this recall (BRD-3.6); the lister made sure the pool pays for it.
        c.face_up = True
        s.emit("reveal", "reveal.pile", s.cite("BRD-3.6", "BRS-4.6"), seat=seat, pile=i, number=i + 1, card=d.id)
    p.pool -= d.cost or 0            # the blood goes back to the covenant area (BRD-3.5)
    p.lineage_used += 1
    s.zones.move(uid, f"{seat}.play")
    s.emit("recall", "recall", s.cite("BRD-3.5", "BRS-4.5"), seat=seat, card=d.id, pile=i, cost=d.cost or 0,
           pool=p.pool, used=p.lineage_used, lineage=s.side(seat).lineage)
    s.run_effect(seat, d.id, "effect")


# No action turns a face-down recall card up by itself: that happens only as part of recalling it
# (BRD-3.6). The kind stays declared, so that asking for it is answered with that rule.
SHARED.declare("reveal", not_now=("why.reveal", "BRD-3.6", "BRS-4.6"), label="kind.reveal")


@_kind("enhance", ("why.arts_only", "BRD-3.7", "BRS-4.7"), "kind.enhance")
def enhance_action(s: BloodRecallState, action: Action) -> None:
    s.seats[action.player].lineage_used += 1
    enhance(s, action.player, action.args["card"], action.args["to"], free=False)


def enhance(s: BloodRecallState, seat: int, cid: str, to: str, free: bool) -> None:
    """Two same-name arts to the recall-point area; the chosen higher stage from the supply to the hand."""
    p = s.seats[seat]
    cards = s.zones.cards
    pair = [u for u in p.hand if cards[u].cid == cid][:2]
    for u in pair:
        s.zones.move(u, f"{seat}.recall")
    s.zones.move(s.zones[f"art.{to}"][-1], f"{seat}.hand")
    s.emit("enhance", "enhance.free" if free else "enhance",
           s.cite("BRD-3.8", "BRS-4.8") if free else s.cite("BRD-3.7", "BRS-4.7"), seat=seat, card=cid, to=to,
           free=free, used=p.lineage_used, lineage=s.side(seat).lineage, points=p.recall_points)


@_kind("blood_recall", ("why.not_your_recaller", "BRD-4.1", "BRS-6.1"), "kind.blood_recall")
def blood_recall_action(s: BloodRecallState, action: Action) -> None:
    blood_recall(s, action.player, action.args["recaller"])


def blood_recall(s: BloodRecallState, seat: int, cid: str) -> None:
    """Pay the cost from the recall-point area, turn the recaller up, resolve it (BRD-4.1)."""
    p = s.seats[seat]
    cards = s.zones.cards
    uid = next(u for u in p.recaller if cards[u].cid == cid)
    c = cards[uid]
    cost = c.d.cost or 0
    # Every recall point paid goes to the removed area (BRD-4.1): blood cards used as recall points
    # first, then art cards oldest first (BRD-6.6). Removed blood never returns to the covenant area.
    from_blood = min(cost, p.rp_blood)
    p.rp_blood -= from_blood
    p.removed_blood += from_blood
    arts = p.recall[:cost - from_blood]
    for u in arts:
        s.zones.move(u, f"{seat}.removed")
    again = c.used
    c.face_up = True
    c.used = True
    if c.d.ongoing:
        p.recalled.append(uid)
    paid = ("paid.both" if arts else "paid.blood") if from_blood else ("paid.arts" if arts else "paid.none")
    s.emit("blood_recall", "blood_recall.again" if again else "blood_recall",
           s.cite("BRD-6.3", "BRS-8.5") if again else s.cite("BRD-4.1", "BRS-6.1"), seat=seat, card=cid,
           removed_blood=from_blood, removed_arts=len(arts), cost=cost, paid=paid)
    s.run_effect(seat, cid, "effect")


@_kind("end_turn", ("why.end_turn_args", "BRD-3.9", "BRS-4.9"), "kind.end_turn")
def end_turn(s: BloodRecallState, action: Action) -> None:
    seat = action.player
    p = s.seats[seat]
    s.goto(s.END_NODE)
    back, p.pool = p.pool, 0
    s.emit("end_turn", "end_turn", s.cite("BRD-3.10", "BRS-4.10"), seat=seat, returned=back)
    s.turn_ended(seat)


def begin_turn(s: BloodRecallState, seat: int) -> None:
    s.goto(s.TURN_NODE)
    s.turn_player = seat
    p = s.seats[seat]
    p.lineage_used = 0
    p.recalled = []
    s.emit("turn", "turn", s.cite("BRD-3.1", "BRS-4.1"), seat=seat, round=s.round)


# ----- free enhancement (BRD-3.8, BRD-6.9) -----------------------------------------------------------------
def offer_free_enhance(s: BloodRecallState, seat: int) -> None:
    offers = enhancements(s, seat, hand_counts(s, seat), "free_enhance", None, [])
    if not any(type(o) is Action for o in offers):
        s.emit("no_effect", "no_free_pair", s.cite("BRD-6.9", "BRS-8.8"), seat=seat)
        return
    s.ask(seat, "free_enhance", "prompt.free_enhance", None, s.cite("BRD-3.8", "BRS-4.8"))


@SHARED.lister("free_enhance", "decline", name="free_enhance")
def free_enhance_answers(s: BloodRecallState, seat: int) -> list[Offer]:
    ch = s.choices[-1]
    if seat != ch.player:
        return []
    out = enhancements(s, seat, hand_counts(s, seat), "free_enhance", ch.clause, [])
    out.append(Action("decline", seat, {}, s.say("label.decline"), ch.clause))
    return out


@SHARED.choice("free_enhance")
def free_enhance_answer(s: BloodRecallState, choice: Choice, action: Action) -> None:
    if action.kind == "decline":
        s.emit("decline", "decline", s.cite("BRD-6.9", "BRS-8.8"),
               seat=action.player)
    else:
        enhance(s, action.player, action.args["card"], action.args["to"], free=True)


# ----- the Blood Recaller (BRD-1.4 / BRS-1.7) --------------------------------------------------------------------
@SHARED.procedure
def ask_recaller(s: BloodRecallState, seat: int) -> None:
    s.goto("setup.recaller")
    s.ask(seat, "recaller", "prompt.recaller", None, s.cite("BRD-1.4", "BRS-1.7"))


def secret_choice(s: BloodRecallState, choosing: int, seat: int) -> Refusal:
    """Duel mode's setup choices are made seat by seat, in secret (BRD-6.13)."""
    return refuse(s.say("why.secret", choosing=choosing, seat=seat), "BRD-6.13")


@SHARED.lister("recaller", name="recaller")
def recaller_answers(s: BloodRecallState, seat: int) -> Iterator[Offer]:
    ch = s.choices[-1]
    if seat != ch.player:            # duel mode only: story mode has one seat
        yield secret_choice(s, ch.player, seat)
        return
    crest = s.zones.cards[s.seats[seat].vessel[0]].d.crest or ""
    cards = s.game.cards
    yield refuse("why.crest", None)
    for cid in s.tables.recallers_of[crest]:
        d = cards[cid]
        yield Action("recaller", seat, {"recaller": cid},
                     s.say("label.recaller_ongoing" if d.ongoing else "label.recaller", card=cid, cost=d.cost),
                     ch.clause)


@SHARED.choice("recaller")
def recaller_answer(s: BloodRecallState, choice: Choice, action: Action) -> None:
    seat = action.player
    uid = s.from_box(action.args["recaller"], f"{seat}.recaller")
    s.emit("choose", "choose.recaller", s.cite("BRD-1.4", "BRS-1.7"), seat=seat, card=s.cards[uid].cid, only=seat,
           public="choose.recaller.public")


# ----- shared blood-battle steps ---------------------------------------------------------------------------
def start_battle(s: BloodRecallState, result: Callable[..., None], cleanup: Callable[..., None]) -> None:
    """The blood battle's steps, in order (the mode's damage and cleanup); the Blood Recall window
    may stop for decisions."""
    s.then((battle_effects, {}), (battle_window, {}), (result, {}), (awaken, {}), (cleanup, {}))


@SHARED.procedure
def battle_effects(s: BloodRecallState) -> None:
    """Cards in the play area with a blood-battle effect resolve (BRD-2.5)."""
    s.goto("battle.effects")
    steps = []
    ops = s.tables.ops
    cards = s.zones.cards
    for seat in s.effect_order():
        for u in s.seats[seat].play:
            cid = cards[u].cid
            if (cid, "battle") in ops:
                steps += [(op, {"seat": seat, "cid": cid, "part": "battle", "i": i})
                          for i in range(len(ops[(cid, "battle")]))]
    if steps:
        s.then(*steps)


def _can_recall(s: BloodRecallState, seat: int) -> bool:
    return any(type(o) is Action for o in recaller_offers(s, seat, s.cite("BRD-4.3", "BRS-6.3"), []))


@SHARED.procedure
def battle_window(s: BloodRecallState) -> None:
    """Blood Recall in the blood battle: the second player first, then the first (BRD-4.3)."""
    order = s.battle_order()
    for seat in order:
        s.seats[seat].recalled = []
    if any(_can_recall(s, seat) for seat in order):
        s.goto("battle.recall")
        s.then(*[(recall_ask, {"seat": seat}) for seat in order])


@SHARED.procedure
def recall_ask(s: BloodRecallState, seat: int) -> None:
    if _can_recall(s, seat):
        s.ask(seat, "battle_recall", "prompt.battle_recall", None, s.cite("BRD-4.3", "BRS-6.3"))


@SHARED.lister("blood_recall", "pass", name="battle_recall")
def battle_recall_answers(s: BloodRecallState, seat: int) -> list[Offer]:
    ch = s.choices[-1]
    if seat != ch.player:
        return []
    clause = ch.clause or ""
    out = recaller_offers(s, seat, clause, [])
    out.append(Action("pass", seat, {}, s.say("label.pass"), clause))
    return out


@SHARED.choice("battle_recall")
def battle_recall_answer(s: BloodRecallState, choice: Choice, action: Action) -> None:
    if action.kind == "pass":
        s.emit("pass", "pass", s.cite("BRD-4.3", "BRS-6.3"),
               seat=action.player)
    else:
        blood_recall(s, action.player, action.args["recaller"])


@SHARED.procedure
def awaken(s: BloodRecallState) -> None:
    """Life 10 or less at the end of the blood battle: the vessel awakens, for good (BRD-2.10)."""
    s.goto("battle.awaken")
    for seat in s.effect_order():
        p = s.seats[seat]
        if p.life <= 10 and not p.awake:
            p.awake = True
            side = s.side(seat)
            s.emit("awaken", "awaken", s.cite("BRD-2.10", "BRS-5.5"), seat=seat, vessel=s.cards[p.vessel[0]].cid,
                   hand=side.hand, self_harm=side.self_harm, lineage=side.lineage)
