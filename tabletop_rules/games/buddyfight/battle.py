"""The attack phase: declaring attacks and link attacks, the battle result, Penetrate,
Counterattack and Double Attack (Soulguard and destruction are in field.py).

An attack is a small sequence of procedures: windows (BF-6.6) -> result (BF-6.7 / BF-6.9) ->
Penetrate (BF-9.1) -> Counterattack (BF-9.6) -> end of battle (BF-9.5, BF-6.3).
"""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from ...core.actions import Action
from ...core.checks import Why
from ...core.moves import Refusal, refuse
from ...core.state import Choice
from ...core.texts import Say
from .book import BOOK
from .chain import window
from .checks import ITEM_CENTER, NOT_OPP_MONSTER, STANDING, first_turn_attack, not_a_target, not_ready
from .field import deal_damage, destroy, expire
from .zones import AREAS, FIELD

if TYPE_CHECKING:
    from .state import BuddyfightState

MOVES = BOOK.moves
# Every group of attackers a player could name, as lists (a link attack has no order).
GROUPS = [(list(g), frozenset(g)) for k in range(1, len(FIELD) + 1) for g in combinations(FIELD, k)]
# The groups made of given standing cards only, in the same order (listing needs no others).
WITHIN = {frozenset(r): [(g, m) for g, m in GROUPS if m <= frozenset(r)]
          for k in range(len(FIELD) + 1) for r in combinations(FIELD, k)}
TARGETS = (*AREAS, "fighter")         # what an attack may name as its target (BF-6.5)
ATTACK_NOT_NOW: Why = ("why.attack.not_now", "BF-6.2")


def _cid_at(s: BuddyfightState, seat: int, area: str) -> str:
    return s.cards[s.fighters[seat].field[area][0]].cid


def _against(s: BuddyfightState, seat: int, target: str) -> dict[str, str]:
    """What a target reads as in a label or an event: the fighter, or a monster and its area."""
    if target == "fighter":
        return {"against": "target.fighter"}
    return {"against": "target.monster", "tcard": _cid_at(s, 1 - seat, target), "area": target}


# ----- declaring -------------------------------------------------------------------------------------
@MOVES.lister("attack", "end_attack", actor="turn_player")
def attacks(s: BuddyfightState, seat: int) -> list[Action | Refusal]:
    """Every group of standing attackers against every target, smaller groups first (BF-6.2,
    BF-6.4, BF-6.5), then the end of the attack phase; the reason a group or target is refused."""
    why = s.explaining
    out: list[Action | Refusal] = []
    texts = s.game.texts
    no = first_turn_attack(s, 1)
    if no is not None:
        if why:
            out.append(refuse(no[0], no[1], kind="attack"))
        out.append(Action("end_attack", seat, {}, Say((texts, "end_attack.label", {})), "BF-6.12"))
        return out
    # Why each area cannot attack (BF-6.2) is kept only while explaining; listing needs the ready ones.
    unready = {a: not_ready(s, seat, a) for a in FIELD} if why else None
    # Loops, not comprehensions: no call of their own (asked at every declaration).
    ready: list[str] = []
    for a in FIELD:
        if (unready[a] if unready is not None else not_ready(s, seat, a)) is None:
            ready.append(a)
    targets: list[str] = []
    for t in TARGETS:
        if not_a_target(s, seat, t) is None:
            targets.append(t)
    # BF-6.3 answers alike for every group of two or more: asked once for them all.
    link_no = first_turn_attack(s, 2) if why or len(ready) > 1 else None
    names: dict[str, str] | None = None
    tdata: dict[str, dict[str, str]] = {}
    where = ""                              # two copies of a card: the labels name the areas too
    # Explaining asks about every group; listing only needs those of standing cards.
    for group, _ in GROUPS if why else WITHIN[frozenset(ready)]:
        no = None
        if unready is not None:
            for a in group:                 # the item's own rule first, else the first unready card
                w = unready[a]
                if w is not None and (no is None or w is ITEM_CENTER):
                    no = w
        if no is None and len(group) > 1:
            no = link_no
        if no is not None:
            if why:
                out.append(refuse(no[0], no[1], kind="attack", attackers=group))
            continue
        if names is None:
            # Loops, not comprehensions: no call of their own (asked at every declaration).
            names = {}
            own = s.fighters[seat].field
            for g in ready:
                names[g] = s.cards[own[g][0]].cid
            for t in targets:
                tdata[t] = _against(s, seat, t)
            where = "attack.from" if len(set(names.values())) < len(names) else ""
        key, clause = ("attack.label.link", "BF-6.4") if len(group) > 1 else ("attack.label", "BF-6.2")
        cards = [names[g] for g in group]
        for t in targets:
            out.append(Action("attack", seat, {"attackers": list(group), "target": t},
                              Say((texts, key, {"cards": cards, "where": where, "areas": list(group),
                                                **tdata[t]})), clause))
        if why:
            no = not_a_target(s, seat, "fighter")
            if no is not None:
                out.append(refuse(no[0], no[1], kind="attack", attackers=group, target="fighter"))
            out.append(refuse(NOT_OPP_MONSTER[0], NOT_OPP_MONSTER[1], kind="attack", attackers=group))
    out.append(Action("end_attack", seat, {}, Say((texts, "end_attack.label", {})), "BF-6.12"))
    if why:
        out.append(refuse(STANDING[0], STANDING[1], kind="attack"))
    return out


@MOVES.lister("attack", actor="turn_player")
def attacks_over(s: BuddyfightState, seat: int) -> list[Refusal]:
    """In the final phase (refusals only): the attack phase is over, after the first turn's
    single attack (BF-6.3) or because it was ended."""
    if not s.explaining:
        return []
    no = first_turn_attack(s, 1) or ATTACK_NOT_NOW
    return [refuse(no[0], no[1], kind="attack")]


@MOVES.kind("attack", not_now=("why.attack.not_now", "BF-6.2"),
            no_such=STANDING, label="kind.attack")
def attack(s: BuddyfightState, action: Action) -> None:
    seat = action.player
    group, target = action.args["attackers"], action.args["target"]
    f = s.fighters[seat]
    uids = [u for a in group if (u := f.at(a)) is not None]
    for u in uids:
        s.cards[u].rested = True
    tuid: int | str = "fighter"
    if target != "fighter":
        tuid = s.fighters[1 - seat].field[target][0]
    s.attacks += 1
    s.battle = {"attacker": seat, "defender": 1 - seat, "attackers": uids, "target": tuid,
                "target_area": target, "nullified": False, "link": len(uids) > 1}
    link = len(uids) > 1
    s.emit("attack", "attack.link" if link else "attack", "BF-6.4" if link else "BF-6.2", seat=seat,
           attackers=group, target=target, cards=[s.cards[u].cid for u in uids], **_against(s, seat, target))
    s.then((window, {"owner": 1 - seat, "node": "attack.counter"}),
           (window, {"owner": seat, "node": "attack.counter"}),
           (battle_result, {}), (battle_end, {}))


@MOVES.kind("end_attack", not_now=("why.end_attack.not_now", "BF-6.12"),
            label="kind.end_attack")
def end_attack(s: BuddyfightState, action: Action) -> None:
    s.emit("end_attack", "end_attack", "BF-6.12", seat=action.player)
    s.goto("final.impacts")


# ----- the battle --------------------------------------------------------------------------------------
@BOOK.procedure
def battle_result(s: BuddyfightState) -> None:
    # The step cites the rule that decides it: damage to the fighter (BF-6.9), else the
    # comparison of power and defense (the edge's own clause).
    at_fighter = s.battle is not None and s.battle["target"] == "fighter"
    s.goto("attack.battle", "BF-6.9" if at_fighter else None)
    b = s.battle
    assert b is not None
    if b["nullified"]:
        return
    if not s.battle_live():
        gone = not b["attackers"]
        s.emit("attack_ends", "attack_ends.gone" if gone else "attack_ends.target", "BF-6.10" if gone else "BF-6.13")
        b["nullified"] = True
        return
    total = sum(s.power(u) for u in b["attackers"])
    if b["target"] == "fighter":
        crits = [s.critical(u) for u in b["attackers"]]
        if len(crits) > 1 and s.options["link_critical"] == "one":
            s.ask(b["attacker"], "link_critical", "link_critical", "BF-6.9")
            return
        deal_damage(s, b["defender"], sum(crits), "BF-6.9")
        return
    t = b["target"]
    dfn = s.defense(t)
    if total >= dfn:
        s.emit("battle", "battle.destroyed", "BF-6.7", power=total, defense=dfn, card=s.cards[t].cid)
        b["center_hit"] = s.cards[t].place == "center"
        s.then((destroy, {"uid": t, "clause": "BF-6.7", "why": "why.battle"}), (penetrate, {}),
               (counterattack, {}))
    else:
        s.emit("battle", "battle.survives", "BF-6.8", power=total, defense=dfn, card=s.cards[t].cid)
        s.later(counterattack)


@BOOK.choice("link_critical")
def link_critical_chosen(s: BuddyfightState, choice: Choice, action: Action) -> None:
    assert s.battle is not None
    deal_damage(s, s.battle["defender"], s.critical(action.args["card"]), "BF-6.9")


@MOVES.lister("link_critical", name="link_critical")
def link_criticals(s: BuddyfightState, seat: int) -> list[Action]:
    """With the "one critical" option a link attack deals the critical of one attacker (BF-6.9)."""
    if s.pending("link_critical", seat) is None or s.battle is None:
        return []
    return [Action("link_critical", seat, {"card": u, "name": s.cards[u].cid},
                   s.say("link_critical.option", card=s.cards[u].cid, critical=s.critical(u)), "BF-6.9")
            for u in s.battle["attackers"]]


MOVES.declare("link_critical", None, not_now=("why.link_critical.not_now", "BF-6.9"),
              no_such=("why.link_critical.no_such", "BF-6.9"),
              label="kind.link_critical")


@BOOK.procedure
def penetrate(s: BuddyfightState) -> None:
    """Destroying the center monster lets [Penetrate] attackers hit the fighter (BF-9.1)."""
    b = s.battle
    assert b is not None
    t = b["target"]
    if not b.get("center_hit") or s.cards[t].place != "drop":
        return
    pens = [u for u in b["attackers"] if s.on_field(u) and s.has_kw(u, "penetrate")]
    if pens:
        deal_damage(s, b["defender"], sum(s.critical(u) for u in pens), "BF-9.1")


@BOOK.procedure
def counterattack(s: BuddyfightState) -> None:
    """A surviving attacked monster with [Counterattack] destroys an attacking monster whose
    defense its power reaches; never an item; once per battle (BF-9.6, BF-7.3)."""
    b = s.battle
    assert b is not None
    t = b["target"]
    if t == "fighter" or not s.on_field(t) or not s.has_kw(t, "counterattack"):
        return
    hits = [u for u in b["attackers"] if s.on_field(u) and out_of_reach(s, t, u) is None]
    if not hits:
        s.emit("counterattack", "counterattack.none", "BF-9.6", card=s.cards[t].cid, power=s.power(t))
        return
    if len(hits) == 1:
        _counterattack(s, t, hits[0])
        return
    s.ask(b["defender"], "counterattack", "counterattack", "BF-9.6", source=t)


@BOOK.rule("BF-9.6")
def out_of_reach(s: BuddyfightState, source: int, uid: int) -> Why | None:
    """Which attacker [Counterattack] may destroy (BF-9.6): a monster, never an item, whose
    defense the surviving monster's power reaches."""
    if s.cards[uid].place == "item":
        return ("why.counterattack.item", "BF-9.6")
    if s.defense(uid) > s.power(source):
        return ("why.counterattack.defense", "BF-9.6")
    return None


@MOVES.lister("counterattack", name="counterattack")
def counterattack_targets(s: BuddyfightState, seat: int) -> list[Action | Refusal]:
    ctx = s.pending("counterattack", seat)
    if ctx is None or s.battle is None:
        return []
    t = ctx["source"]
    out: list[Action | Refusal] = []
    for u in s.battle["attackers"]:
        if not s.on_field(u):
            continue
        c = s.cards[u]
        no = out_of_reach(s, t, u)
        if no is None:
            # Two copies of one monster can link attack: the label names each one's area (BF-9.6).
            out.append(Action("counterattack", seat, {"card": u, "name": c.cid, "area": c.place},
                              s.say("counterattack.option", card=c.cid, area=c.place, defense=s.defense(u)), "BF-9.6"))
        elif s.explaining:
            out.append(refuse(s.say(no[0], card=c.cid, defense=s.defense(u), power=s.power(t),
                                    source=s.cards[t].cid), no[1], card=u))
    return out


@BOOK.choice("counterattack")
def counterattack_chosen(s: BuddyfightState, choice: Choice, action: Action) -> None:
    _counterattack(s, choice.ctx["source"], action.args["card"])


MOVES.declare("counterattack", None, not_now=("why.counterattack.not_now", "BF-9.6"),
              no_such=("why.counterattack.no_such", "BF-9.6"),
              label="kind.counterattack")


def _counterattack(s: BuddyfightState, src: int, victim: int) -> None:
    s.emit("counterattack", "counterattack.hit", "BF-9.6", card=s.cards[src].cid, victim=s.cards[victim].cid)
    s.later(destroy, uid=victim, clause="BF-9.6", why="why.counterattack")


@BOOK.procedure
def battle_end(s: BuddyfightState) -> None:
    b = s.battle
    assert b is not None
    s.goto("attack.end")
    expire(s, "battle")            # "for this battle" effects end (BF-6.14)
    for u in b["attackers"]:
        c = s.cards[u]
        if s.on_field(u) and s.has_kw(u, "double_attack") and not c.dbl_used and c.rested:
            c.rested = False
            c.dbl_used = True
            s.emit("double_attack", "double_attack", "BF-9.5", card=c.cid)
    s.battle = None
    if first_turn_attack(s, 1) is not None:      # the first turn's one attack is made (BF-6.3)
        s.emit("first_turn", "first_turn", "BF-6.3")
        s.goto("final.impacts")
    else:
        s.goto("attack.declare")
