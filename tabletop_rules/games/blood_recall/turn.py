"""A player's turn, the same in both modes (BRD-3 / BRS-4): play a card, self-harm, the lineage
actions (recall, art enhancement), free enhancement by effects, Blood Recall, and ending the turn.
Also the parts of setup and of the blood battle both modes share: the Blood Recaller choice, the
play-area effects, the Blood Recall window and awakening.

Each rule about what a player may do is one check (checks.py, registered by its clause); the listers
here enumerate the candidates, ask the checks, and yield the legal actions and, while a refusal is
being explained, the refusal the check gave (core.moves). ``turn_moves`` is the turn.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...core.actions import Action
from ...core.moves import Refusal
from ...core.state import Choice
from .book import SHARED, F
from .checks import (
    ARTS_ONLY,
    NOT_YOUR_RECALLER,
    PILE_RANGE,
    TOP_ONLY,
    again_too_soon,
    cannot_enhance,
    cannot_recall,
    dearest,
    face_down,
    hand_left,
    lineage_spent,
    not_your_turn,
    resting,
    secret_choice,
    short_of_points,
    spent,
    unseen_cost,
    wrong_crest,
)
from .state import op

if TYPE_CHECKING:
    from .state import BloodRecallState, Player

Offer = Action | Refusal
TURN = ("why.turn", "BRD-3.1", "BRS-4.1")


# ----- the kinds of action ---------------------------------------------------------------------------------
# A kind's button word is the template ``kind.<name>`` of texts.yaml.
def _kind(name: str, no_such: tuple[str, str, str], label: str) -> Callable[[F], F]:
    return SHARED.kind(name, not_now=TURN, no_such=no_such, label=label)


# The kinds that only answer decisions: each says, when no candidate fits, where its answers come from.
SHARED.declare("pass", not_now=("why.no_decision", "BRD-4.3", "BRS-6.3"),
               no_such=("why.pass_args", "BRD-4.3", "BRS-6.3"), label="kind.pass")
SHARED.declare("free_enhance", not_now=("why.no_decision", "BRD-3.8", "BRS-4.8"),
               no_such=("why.free_enhance.no_such", "BRD-3.8", "BRS-4.8"), label="kind.free_enhance")
SHARED.declare("decline", not_now=("why.no_decision", "BRD-3.8", "BRS-4.8"),
               no_such=("why.decline_args", "BRD-3.8", "BRS-4.8"), label="kind.decline")
SHARED.declare("recaller", not_now=("why.setup_over", "BRD-1.4", "BRS-1.7"),
               no_such=("why.recaller.no_such", "BRD-1.4", "BRS-1.7"), label="kind.recaller")


# ----- what the turn player may do (BRD-3.1) ----------------------------------------------------------------
# The turn's listers build lists (they run before every action of a turn). Each candidate is asked of
# the rule checks (checks.py); while legal_actions() lists, nobody reads a refusal, so a refusal is
# built only with ``s.explaining`` True (core.moves ``Moves.explain``). Only the turn player acts
# (BRD-2.4): the prologue is declared; story mode has one seat (BRS-8.2 refuses any other first).
@SHARED.lister("play", "self_harm", "recall", "enhance", "blood_recall", "end_turn", name="turn",
               actor="turn_player", not_yours=(not_your_turn, None))
def turn_moves(s: BloodRecallState, seat: int) -> list[Offer]:
    """Every action of the turn player, in this order: play each card of the hand, self-harm, recall
    each pile's top card (face up or face down), enhance, Blood Recall, end the turn. Labels come from
    tables made when the game loaded."""
    why = s.explaining
    p = s.seats[seat]
    labels = s.game.tables.labels
    out: list[Offer] = []
    counts = _plays(s, p, out)
    side = s.side(seat)
    no = resting(s, p)
    if no is None:
        vessel = s.zones.cards[p.vessel[0]].cid
        out.append(Action("self_harm", seat, {}, labels["self_harm", vessel, "awakened" if p.awake else "front"],
                          s.cite("BRD-3.3", "BRS-4.3")))
    elif why:
        out.append(Refusal(no[0], no[1], {}, "self_harm"))
    no = lineage_spent(s, p, side)
    if no is None:
        _piles(s, p, out)
        enhancements(s, seat, counts, False, out)
    elif why:
        used = s.say(no[0], lineage=side.lineage)
        out.append(Refusal(used, no[1], {}, "recall"))
        out.append(Refusal(used, no[1], {}, "enhance"))
    recaller_offers(s, seat, None, out)
    no = hand_left(s, p)
    if no is None:
        out.append(Action("end_turn", seat, {}, labels["end_turn",], s.cite("BRD-3.9", "BRS-4.9")))
    elif why:
        out.append(Refusal(s.say(no[0], n=len(p.hand), cards=list(counts)), no[1], {}, "end_turn"))
    return out


def _plays(s: BloodRecallState, p: Player, out: list[Offer]) -> dict[str, int]:
    """Any card of the hand, once per name (BRD-3.2); hindrance cards too (BRD-3.11). A card that is
    not in the hand has no candidate: the kind's ``no_such`` says so. Returns the hand's cards by id."""
    counts = hand_counts(s, p.seat)
    cards = s.game.cards
    label = s.game.tables.labels
    play = s.cite("BRD-3.2", "BRS-4.2")
    for cid in counts:
        # A hindrance card's clause only when one is in the hand (rarely): listing asks no more.
        clause = s.cite("BRD-3.11", "BRS-4.11") if cards[cid].type == "hindrance" else play
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


def _piles(s: BloodRecallState, p: Player, out: list[Offer]) -> None:
    """Recall the top card of a pile, paying its cost in blood (BRD-3.5); a lineage use each
    (BRD-3.4, checked by the caller). With no lineage left, the lineage refusal answers every recall.

    A face-down top card is turned up only as part of recalling it (BRD-3.6): the recall names the
    pile, not the unseen card. Its cost is unknown until then, so the recall is offered only when
    the pool could pay for any card still in that pile (BRD-6.11): the card turned up is always
    recalled and paid, and the list of legal actions gives away nothing about it."""
    cards = s.zones.cards
    lists = s.zones.lists
    labels = s.game.tables.labels
    seat = p.seat
    why = s.explaining
    add = out.append
    recall_clause = s.cite("BRD-3.5", "BRS-4.5")
    if why:
        # A pile that is not one of the table's: the recall rule names the piles there are.
        rng = PILE_RANGE[s.STORY]
        add(Refusal(s.say(rng[0], last=s.npiles - 1), rng[1], {}, "recall"))
    for i, z in enumerate(s.pile_zones):
        pile = lists[z]
        c = cards[pile[-1]] if pile else None
        if c is None:
            if why:
                no = cannot_recall(s, p, None)
                assert no is not None
                add(Refusal(no[0], no[1], {"pile": i}, "recall"))
            continue
        if not c.face_up:
            # The candidate is the pile, not the unseen card (BRD-3.6, ``face_down`` says so to
            # whoever names a card).
            worst = dearest(s, pile)
            no = unseen_cost(s, p, worst)
            if no is None:
                add(Action("recall", seat, {"pile": i}, s.say("label.recall_face_down", number=i + 1, worst=worst),
                           s.cite("BRD-3.6", "BRS-4.6")))
            elif why:
                add(Refusal(s.say(no[0], number=i + 1, worst=worst, pool=p.pool), no[1], {"pile": i}, "recall"))
            hidden = face_down(s, c) if why else None
            if hidden is not None:
                # Whatever card is named: naming the right one must not be answered differently.
                add(Refusal(s.say(hidden[0], number=i + 1), hidden[1], {"pile": i}, "recall"))
            continue
        d = c.d
        no = cannot_recall(s, p, c)
        if no is None:
            add(Action("recall", seat, {"pile": i, "card": d.id}, labels["recall", d.id], recall_clause))
        elif why:
            add(Refusal(s.say(no[0], card=d.id, cost=d.cost, pool=p.pool), no[1],
                        {"pile": i, "card": d.id}, "recall"))
        if why:
            # Any other card named on this pile: only the top one is recalled (BRD-3.5).
            top = TOP_ONLY[s.STORY]
            add(Refusal(s.say(top[0], number=i + 1, card=d.id), top[1], {"pile": i}, "recall"))


def enhancements(s: BloodRecallState, seat: int, counts: dict[str, int], free: bool,
                 out: list[Offer]) -> list[Offer]:
    """Two same-name art cards of the hand for a card of the same art and a higher stage from the
    covenant area, any higher stage still there, the player choosing (BRD-3.7): the turn's
    enhancement (``free`` False, kind enhance) and free enhancement (free_enhance, BRD-3.8) share
    this rule, ``cannot_enhance``. ``counts``: the hand's cards by id, in hand order (the order the
    actions are listed in); the targets of one card are listed lowest stage first."""
    t = s.game.tables
    higher = t.higher_stages
    labels = t.labels
    kind = "free_enhance" if free else "enhance"
    for cid in counts:
        # The card first (a pair, a higher stage left), then each higher stage it could become.
        if cid in higher and cannot_enhance(s, counts, cid, None, free) is None:
            clause = s.cite("BRD-3.8", "BRS-4.8") if free else s.cite("BRD-3.7", "BRS-4.7")
            for to in higher[cid]:
                if cannot_enhance(s, counts, cid, to, free) is None:
                    out.append(Action(kind, seat, {"card": cid, "to": to}, labels[kind, cid, to], clause))
    if not s.explaining:
        return out
    # A card that is no art (or none named): only art cards are enhanced.
    arts_only = ARTS_ONLY[free][s.STORY]
    out.append(Refusal(arts_only[0], arts_only[1], {}, kind))
    arts = t.by_type.get("art", ())
    for cid in arts:
        ups = higher[cid]
        no = cannot_enhance(s, counts, cid, None, free)
        if no is not None:
            out.append(Refusal(s.say(no[0], card=cid, ups=list(ups)), no[1], {"card": cid}, kind))
            if not ups or counts.get(cid, 0) < 2:
                continue
        for to in arts:
            no = cannot_enhance(s, counts, cid, to, free)
            if no is not None:
                out.append(Refusal(s.say(no[0], card=cid, to=to), no[1], {"card": cid, "to": to}, kind))
    return out


def recaller_offers(s: BloodRecallState, seat: int, window: str | None, out: list[Offer]) -> list[Offer]:
    """Blood Recall: pay the cost in recall points (BRD-4.1); once per game unless ongoing (BRD-4.4),
    an ongoing one once per turn and once per blood battle (BRD-6.3). In the turn (``window`` None)
    or in the blood battle's window (``window``: its clause, which the legal actions cite)."""
    p = s.seats[seat]
    cards = s.zones.cards
    why = s.explaining
    if why:
        # Any recaller the seat does not hold: the Blood Recall rule uses one's own.
        mine = NOT_YOUR_RECALLER[s.STORY]
        out.append(Refusal(mine[0], mine[1], {}, "blood_recall"))
    for u in p.recaller:
        c = cards[u]
        d = c.d
        no = spent(s, c) or again_too_soon(s, p, u) or short_of_points(s, p, c)
        if no is None:
            label = (s.say("label.blood_recall_window", card=d.id, cost=d.cost or 0) if window
                     else s.game.tables.labels["blood_recall", d.id])
            out.append(Action("blood_recall", seat, {"recaller": d.id}, label, window or s.cite("BRD-4.1", "BRS-6.1")))
        elif why:
            out.append(Refusal(s.say(no[0], recaller=d.id, cost=d.cost or 0, points=p.recall_points), no[1],
                               {"recaller": d.id}, "blood_recall"))
    return out


# ----- the actions -----------------------------------------------------------------------------------
@_kind("play", ("why.not_in_hand", "BRD-3.2", "BRS-4.2"), "kind.play")
def play(s: BloodRecallState, action: Action) -> None:
    seat = action.player
    cid = action.args["card"]
    cards = s.zones.cards
    for uid in s.seats[seat].hand:          # the first copy in the hand (the action was listed from it)
        if cards[uid].cid == cid:
            break
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
    offers = enhancements(s, seat, hand_counts(s, seat), True, [])
    if not any(type(o) is Action for o in offers):
        s.emit("no_effect", "no_free_pair", s.cite("BRD-6.9", "BRS-8.8"), seat=seat)
        return
    s.ask(seat, "free_enhance", "prompt.free_enhance", s.cite("BRD-3.8", "BRS-4.8"))


@SHARED.lister("free_enhance", "decline", name="free_enhance", actor="chooser")
def free_enhance_answers(s: BloodRecallState, seat: int) -> list[Offer]:
    """The free enhancements the hand allows (``cannot_enhance``, BRD-3.8), or declining (BRD-6.9)."""
    ch = s.choices[-1]
    out = enhancements(s, seat, hand_counts(s, seat), True, [])
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
    s.ask(seat, "recaller", "prompt.recaller", s.cite("BRD-1.4", "BRS-1.7"))


@SHARED.lister("recaller", name="recaller", actor="chooser", not_yours=(secret_choice, None))
def recaller_answers(s: BloodRecallState, seat: int) -> list[Offer]:
    """The Blood Recallers carrying the vessel's crest (``wrong_crest``, BRD-1.4 / BRS-1.7); duel
    mode's other seat waits its turn to choose in secret (BRD-6.13, the declared prologue)."""
    ch = s.choices[-1]
    cards = s.game.cards
    why = s.explaining
    out: list[Offer] = []
    for cid in s.tables.by_type["recaller"]:
        no = wrong_crest(s, seat, cid)
        if no is None:
            d = cards[cid]
            out.append(Action("recaller", seat, {"recaller": cid},
                              s.say("label.recaller_ongoing" if d.ongoing else "label.recaller", card=cid,
                                    cost=d.cost), ch.clause))
        elif why:
            out.append(Refusal(no[0], no[1], {"recaller": cid}, "recaller"))
    return out


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
    ops = s.game.tables.ops
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
        s.ask(seat, "battle_recall", "prompt.battle_recall", s.cite("BRD-4.3", "BRS-6.3"))


@SHARED.lister("blood_recall", "pass", name="battle_recall", actor="chooser")
def battle_recall_answers(s: BloodRecallState, seat: int) -> list[Offer]:
    ch = s.choices[-1]
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
